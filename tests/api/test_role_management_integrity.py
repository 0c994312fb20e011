"""Managing roles without escalation: a role manager gives and takes away only the permissions they hold, and
changes or deletes no role granting one they lack (a walk: someone holding manage-roles ticked
manage-system-settings and manage-organizations on their own role, and held them)."""
from __future__ import annotations

import uuid

import pytest

from chalicelib.roles.service import forget_cached_roles
from tests.support.people import Person


def _unique() -> str:
    return uuid.uuid4().hex[:8]


@pytest.fixture(scope="module")
def role_manager(api) -> dict:
    """Someone whose one role grants manage-roles and manage-users, signed in; that role's id."""
    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"role-manager-{_unique()}",
                                 "permissions": ["manage-roles", "manage-users"]}).json["id"]
    person = Person(email=f"role-manager-{_unique()}@example.com")
    assert admin.post("/user", {"email": person.email, "roles": [role]}).status_code == 201
    forget_cached_roles()
    assert api.get("/auth/profile", headers=person.headers()).json["permissions"] == ["manage-roles", "manage-users"]
    return {"person": person, "role": role}


def _as(api, person: Person, method: str, path: str, body=None, **headers):
    return api.request(method, path, body, headers={**person.headers(), **headers})


def test_a_role_manager_cannot_give_their_own_role_a_permission_they_lack(api, role_manager):
    me, role = role_manager["person"], role_manager["role"]
    refused = _as(api, me, "PUT", f"/roles/{role}/permissions",
                  ["manage-roles", "manage-users", "manage-system-settings", "manage-organizations"])
    assert (refused.status_code, refused.json["message"]) == (
        403, "You cannot grant or take away permissions you do not hold: manage-organizations, manage-system-settings.")
    patched = _as(api, me, "PATCH", f"/roles/{role}", {"permissions": ["manage-roles", "manage-system-settings"]})
    assert patched.status_code == 403
    chinese = _as(api, me, "PUT", f"/roles/{role}/permissions", ["manage-roles", "manage-users", "manage-organizations"],
                  **{"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "您不能授予或收回您自己没有的权限：manage-organizations。"
    forget_cached_roles()
    assert api.get("/auth/profile", headers=me.headers()).json["permissions"] == ["manage-roles", "manage-users"]
    assert {p["key"] for p in api.as_("admin").get(f"/roles/{role}/permissions").json} == {"manage-roles",
                                                                                           "manage-users"}


def test_a_role_manager_makes_and_changes_roles_within_what_they_hold(api, role_manager):
    me = role_manager["person"]
    created = _as(api, me, "POST", "/roles", {"roleName": f"helpers-{_unique()}", "permissions": ["manage-users"]})
    assert created.status_code == 201, created.json
    role = created.json["id"]
    assert _as(api, me, "PUT", f"/roles/{role}/permissions", ["manage-users", "manage-roles"]).status_code == 200
    assert _as(api, me, "PATCH", f"/roles/{role}", {"description": "Helpers"}).status_code == 200
    beyond = _as(api, me, "POST", "/roles", {"roleName": f"settings-{_unique()}",
                                             "permissions": ["manage-system-settings"]})
    assert (beyond.status_code, beyond.json["message"]) == (
        403, "You cannot grant or take away permissions you do not hold: manage-system-settings.")
    assert _as(api, me, "DELETE", f"/roles/{role}").status_code == 200


def test_a_role_manager_cannot_change_or_delete_a_role_granting_more_than_they_hold(api, role_manager):
    me = role_manager["person"]
    admin = api.as_("admin")
    name = f"settings-keepers-{_unique()}"
    role = admin.post("/roles", {"roleName": name, "permissions": ["manage-system-settings", "manage-users"]}).json["id"]
    message = f"You cannot change or delete a role with permissions you do not hold: {name}."
    # Taking away a permission they lack, even while keeping one they hold, renaming, deleting: all refused.
    for method, path, body in (("PUT", f"/roles/{role}/permissions", ["manage-users"]),
                               ("PATCH", f"/roles/{role}", {"roleName": f"renamed-{_unique()}"}),
                               ("DELETE", f"/roles/{role}", None)):
        refused = _as(api, me, method, path, body)
        assert (refused.status_code, refused.json["message"]) == (403, message), (method, path)
    chinese = _as(api, me, "DELETE", f"/roles/{role}", **{"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == f"您不能更改或删除含有您自己没有的权限的角色：{name}。"
    assert {p["key"] for p in admin.get(f"/roles/{role}/permissions").json} == {"manage-system-settings",
                                                                                "manage-users"}
    assert admin.delete(f"/roles/{role}").status_code == 200  # a system administrator may


def test_a_deleted_role_leaves_its_users_and_a_dialog_still_listing_it_saves(api):
    from chalicelib.users.models import User

    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"short-lived-{_unique()}"}).json["id"]
    kept_name = f"kept-{_unique()}"
    kept = admin.post("/roles", {"roleName": kept_name}).json["id"]
    user = admin.post("/user", {"email": f"holder-{_unique()}@example.com", "roles": [role, kept]}).json["id"]
    assert admin.delete(f"/roles/{role}").status_code == 200
    assert admin.get(f"/user/{user}/roles").json == [{"id": kept, "roleName": kept_name}]
    # A user whose list still holds a deleted role's id (deleted before roles left their users): the Roles
    # dialog sends it back, and saving drops it instead of refusing "Unknown role".
    User.get(user).update(actions=[User.roles.set(sorted([kept, "deleted-role-id"]))])
    saved = admin.put(f"/user/{user}/roles", ["deleted-role-id", kept])
    assert saved.status_code == 200, saved.json
    assert [r["id"] for r in admin.get(f"/user/{user}/roles").json] == [kept]
    unknown = admin.put(f"/user/{user}/roles", ["never-a-role", kept])  # one never held stays refused
    assert (unknown.status_code, unknown.json["message"]) == (400, "Unknown role: never-a-role.")
