"""Managing users without escalation or loss: a user manager grants only what they hold, never touches a
system administrator, and cannot delete themselves from the list; emails stay unique; a refused user leaves
no record; names have the profile's limit."""
from __future__ import annotations

import uuid

import pytest

from tests.support.people import Person


def _unique() -> str:
    return uuid.uuid4().hex[:8]


@pytest.fixture(scope="module")
def manager(api) -> dict:
    """Someone whose one role grants manage-users only, signed in; the role's id."""
    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"user-manager-{_unique()}"}).json["id"]
    assert admin.put(f"/roles/{role}/permissions", ["manage-users"]).status_code == 200
    person = Person(email=f"manager-{_unique()}@example.com")
    assert admin.post("/user", {"email": person.email, "roles": [role]}).status_code == 201
    profile = api.get("/auth/profile", headers=person.headers()).json
    assert profile["permissions"] == ["manage-users"], profile
    return {"person": person, "id": profile["id"], "role": role}


def _as(api, person: Person, method: str, path: str, body=None):
    return api.request(method, path, body, headers=person.headers())


def _new_user(api) -> str:
    return api.as_("admin").post("/user", {"email": f"someone-{_unique()}@example.com"}).json["id"]


def test_a_user_manager_reads_the_roles_to_give_but_does_not_change_them(api, manager):
    """manage-users is "Manage users and their roles": the screen that gives a user roles lists them (a walk found
    the Roles button hidden from user managers, whom the server let give roles)."""
    listed = _as(api, manager["person"], "GET", "/roles")
    assert listed.status_code == 200, listed.json
    rows = listed.json["data"] if isinstance(listed.json, dict) else listed.json
    assert manager["role"] in {role["id"] for role in rows}
    assert _as(api, manager["person"], "POST", "/roles", {"roleName": f"not-mine-{_unique()}"}).status_code == 403
    assert _as(api, manager["person"], "PUT", f"/roles/{manager['role']}/permissions", []).status_code == 403


def test_a_user_manager_cannot_make_anyone_a_system_administrator(api, manager):
    target = _new_user(api)
    granted = _as(api, manager["person"], "PUT", f"/user/{target}/roles", ["system-admin"])
    assert granted.status_code == 403
    assert granted.json["message"] == ("You cannot grant or take away a role with permissions you do not hold: "
                                       "system-admin.")
    assert api.as_("admin").get(f"/user/{target}/roles").json == []
    created = _as(api, manager["person"], "POST", "/user", {"email": f"new-{_unique()}@example.com",
                                                             "roles": ["system-admin"]})
    assert created.status_code == 403
    patched = _as(api, manager["person"], "PATCH", f"/user/{target}", {"roles": ["system-admin"]})
    assert patched.status_code == 403
    # What they hold themselves they may grant.
    assert _as(api, manager["person"], "PUT", f"/user/{target}/roles", [manager["role"]]).status_code == 200


def test_a_user_manager_cannot_change_or_delete_a_system_administrator(api, manager, demo):
    admin_id = demo["users"]["admin"]
    message = "You cannot change or delete a user who holds permissions you do not hold."
    for method, path, body in (("DELETE", f"/user/{admin_id}", None), ("PUT", f"/user/{admin_id}/roles", []),
                               ("PATCH", f"/user/{admin_id}", {"email": "mine@example.com"})):
        response = _as(api, manager["person"], method, path, body)
        assert response.status_code == 403, (method, path)
        assert response.json["message"] == message
    assert api.as_("admin").get("/auth/profile").json["email"] != "mine@example.com"


def test_nobody_deletes_their_own_account_from_the_list_of_users(api, demo):
    me = demo["users"]["admin"]
    response = api.as_("admin").delete(f"/user/{me}")
    assert response.status_code == 403
    assert response.json["message"] == "Delete your own account from your profile, not from the list of users."
    assert api.as_("admin").get("/auth/profile").json["id"] == me


def test_two_users_cannot_share_an_email(api):
    first, second = _new_user(api), _new_user(api)
    taken = api.as_("admin").get(f"/user?filter=id||$eq||{first}").json
    email = (taken["data"] if isinstance(taken, dict) else taken)[0]["email"]
    response = api.as_("admin").patch(f"/user/{second}", {"email": email.upper()})
    assert response.status_code == 409
    assert response.json["message"] == f"A user with email {email} already exists."
    # Sending one's own email back (the whole user object) is no clash.
    assert api.as_("admin").patch(f"/user/{first}", {"email": email, "name": "Same Email"}).status_code == 200


def test_a_refused_new_user_leaves_no_record(api):
    email = f"refused-{_unique()}@example.com"
    response = api.as_("admin").post("/user", {"email": email, "roles": ["nonexistent-role"]})
    assert response.status_code == 400
    assert response.json["message"] == "Unknown role: nonexistent-role."
    listed = api.as_("admin").get(f"/user?filter=email||$eq||{email}").json
    assert (listed["data"] if isinstance(listed, dict) else listed) == []
    assert api.as_("admin").post("/user", {"email": email}).status_code == 201


@pytest.mark.parametrize("method", ["POST", "PATCH"])
def test_a_users_name_has_the_profiles_limit(api, method):
    path = "/user" if method == "POST" else f"/user/{_new_user(api)}"
    body = {"name": "n" * 201} | ({"email": f"long-{_unique()}@example.com"} if method == "POST" else {})
    response = api.as_("admin").request(method, path, body)
    assert response.status_code == 400
    assert response.json["message"] == "Name must be between 1 and 200 characters."


@pytest.mark.parametrize("roles, message", [
    ([{}], "Every role must have an id."),
    ([5], "Every role must have an id."),
    ("system-admin", "Roles must be a list of role ids or role objects."),
])
def test_roles_that_are_not_a_list_of_ids_are_a_400_and_leave_no_user(api, roles, message):
    email = f"malformed-{_unique()}@example.com"
    response = api.as_("admin").post("/user", {"email": email, "roles": roles})
    assert (response.status_code, response.json["message"]) == (400, message)
    listed = api.as_("admin").get(f"/user?filter=email||$eq||{email}").json
    assert (listed["data"] if isinstance(listed, dict) else listed) == []
    edited = api.as_("admin").patch(f"/user/{_new_user(api)}", {"roles": roles})
    assert (edited.status_code, edited.json["message"]) == (400, message)


def test_deleting_a_signed_in_user_ends_their_session_and_a_new_sign_in_starts_a_new_account(api):
    """Their next request would otherwise create the account again, with what they were doing."""
    import time

    person = Person(email=f"deleted-{_unique()}@example.com")
    signed_in_at = int(time.time())
    user_id = api.get("/auth/profile", headers=person.headers(signed_in_at)).json["id"]
    admin = api.as_("admin")
    assert api.post("/dashboards", {"label": f"Board {_unique()}"}, headers=person.headers(signed_in_at)).status_code == 201
    assert admin.delete(f"/user/{user_id}").status_code in (200, 204)

    refused = api.get("/auth/profile", headers=person.headers(signed_in_at))
    assert refused.status_code == 401
    assert refused.json["message"] == "This account has been deleted. Sign in again to start a new account."
    assert refused.json["error"] == "Account Deleted"
    chinese = api.get("/auth/profile", headers={**person.headers(signed_in_at), "Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "此账户已被删除。重新登录即可开始一个新账户。"
    # Nothing of theirs came back, and the token refreshed since (a later iat, the same sign-in) is refused too.
    time.sleep(1.1)
    assert api.post("/dashboards", {"label": "After"}, headers=person.headers(signed_in_at)).status_code == 401

    renewed = api.get("/auth/profile", headers=person.headers(int(time.time()) + 1))
    assert renewed.status_code == 200
    assert renewed.json["id"] == user_id and renewed.json["systemRoles"] == []
    assert api.get("/dashboards", headers=person.headers(int(time.time()) + 1)).json == []


def test_the_users_holding_a_role_are_counted_for_the_delete_confirmation(api):
    """The Roles screen's "Delete the role? 2 users hold it..." asks GET /user for the holders' total."""
    import json
    from urllib.parse import quote

    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"counted-{_unique()}"}).json["id"]
    holders = {admin.post("/user", {"email": f"holder-{_unique()}@example.com", "roles": [role]}).json["id"]
               for _ in range(2)}
    _new_user(api)  # one who does not hold it
    search = quote(json.dumps({"roles": {"$contArr": [role]}}))
    counted = admin.get(f"/user?s={search}&limit=1&page=1").json
    assert (counted["total"], len(counted["data"])) == (2, 1), counted
    assert {u["id"] for u in counted["data"]} <= holders
