"""Two administrators at once on a system role, a user, or an organization's WQX account: each answers its version
as its ETag, and a change sent with If-Match is made only while it still has that version (412 otherwise, in the
reader's language), checked on the read and again as the write's condition. Without If-Match a change is made as
before (docs/decisions/0016)."""
from __future__ import annotations

import base64
import json
import urllib.parse
import uuid

import pytest

ZH = {"Accept-Language": "zh-CN"}
WQX_KEY = base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
OTHER_KEY = base64.b64encode(b"fedcba9876543210fedcba9876543210").decode()
MASK = "••••••••"
LATER = "2099-01-01T00:00:00.000Z"


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def _etag(response) -> str:
    return {name.lower(): value for name, value in response.headers.items()}["etag"]


def _changed_meanwhile(thing: str) -> str:
    return f"Someone else changed this {thing} after you loaded it: load it again to see their change."


def _someone_saves_right_after_the_check(monkeypatch, module, name: str, save) -> None:
    """The check of the version read passes, then someone else's change lands before this change is written."""
    checked = getattr(module, name)

    def check_then_someone_saves(*args):
        checked(*args)
        if args[1] is not None and not check_then_someone_saves.done:
            check_then_someone_saves.done = True
            save()

    check_then_someone_saves.done = False
    monkeypatch.setattr(module, name, check_then_someone_saves)


# ---------------------------------------------------------------- system roles


@pytest.fixture
def role(api) -> dict:
    created = api.as_("admin").post("/roles", {"roleName": _unique("versions"), "description": "As made",
                                               "permissions": ["manage-users"]})
    assert created.status_code == 201, created.json
    return created.json


def _by_id(item_id: str) -> str:
    """The query that reads one role or user from its list, as the screens do (there is no GET of one)."""
    return urllib.parse.urlencode({"s": json.dumps({"id": {"$eq": item_id}})})


def _role(api, role_id: str) -> dict:
    (found,) = api.as_("admin").get(f"/roles?{_by_id(role_id)}").json
    return found


def test_a_role_answers_its_version_and_a_change_for_it_answers_the_next(api, role):
    admin = api.as_("admin")
    read = admin.get(f"/roles/{role['id']}/permissions")
    assert [p["key"] for p in read.json] == ["manage-users"]
    assert _etag(read) == f'"{role["createdAt"]}"'
    changed = admin.patch(f"/roles/{role['id']}", {"description": "Changed"}, headers={"If-Match": _etag(read)})
    assert changed.status_code == 200, changed.json
    assert _etag(changed) == f'"{changed.json["updatedAt"]}"' != _etag(read)
    assert _etag(admin.get(f"/roles/{role['id']}/permissions")) == _etag(changed)
    granted = admin.put(f"/roles/{role['id']}/permissions", ["manage-users", "manage-roles"],
                        headers={"If-Match": _etag(changed)})
    assert granted.status_code == 200, granted.json
    assert {p["key"] for p in granted.json} == {"manage-users", "manage-roles"}
    assert _etag(granted) == f'"{_role(api, role["id"])["updatedAt"]}"' != _etag(changed)


def test_a_role_someone_else_changed_meanwhile_is_not_overwritten(api, role):
    admin = api.as_("admin")
    seen = _etag(admin.get(f"/roles/{role['id']}/permissions"))
    assert admin.patch(f"/roles/{role['id']}", {"description": "First"}, headers={"If-Match": seen}).status_code == 200
    new_name = _unique("renamed")
    for path, method, body in ((f"/roles/{role['id']}", "PATCH", {"description": "Second"}),
                               (f"/roles/{role['id']}", "PATCH", {"roleName": new_name}),  # the rename's transaction
                               (f"/roles/{role['id']}/permissions", "PUT", ["manage-roles"])):
        late = admin.request(method, path, body, headers={"If-Match": seen})
        assert late.status_code == 412, (method, body, late.json)
        assert late.json["message"] == _changed_meanwhile("role")
    in_chinese = admin.patch(f"/roles/{role['id']}", {"description": "x"}, headers={"If-Match": seen, **ZH})
    assert in_chinese.json["message"] == "您加载此角色后，其他人更改了它：请重新加载以查看其更改。"
    stored = _role(api, role["id"])
    assert (stored["roleName"], stored["description"], stored["permissions"]) == (role["roleName"], "First",
                                                                                   ["manage-users"])
    # The refused rename holds no claim on the name: another role may take it.
    taken = admin.post("/roles", {"roleName": new_name})
    assert taken.status_code == 201, taken.json
    admin.delete(f"/roles/{taken.json['id']}")


def test_a_role_changes_without_if_match_as_before(api, role):
    admin = api.as_("admin")
    renamed = admin.patch(f"/roles/{role['id']}", {"roleName": _unique("no-precondition")})
    assert renamed.status_code == 200 and renamed.json["description"] == "As made"
    granted = admin.put(f"/roles/{role['id']}/permissions", {"permissions": ["manage-roles"]}, headers={"If-Match": "*"})
    assert granted.status_code == 200 and [p["key"] for p in granted.json] == ["manage-roles"]


@pytest.mark.parametrize("rename", [False, True], ids=["description", "rename"])
def test_a_role_change_saved_between_the_check_and_the_write_is_not_overwritten(api, role, monkeypatch, rename):
    from chalicelib.core import versions
    from chalicelib.roles.models import Role

    seen = _etag(api.as_("admin").get(f"/roles/{role['id']}/permissions"))
    _someone_saves_right_after_the_check(monkeypatch, versions, "require", lambda: Role.get(role["id"]).update(
        actions=[Role.description.set("Saved in between"), Role.updatedAt.set(LATER)]))
    change = {"roleName": _unique("mine")} if rename else {"description": "Mine"}
    response = api.as_("admin").patch(f"/roles/{role['id']}", change, headers={"If-Match": seen})
    assert response.status_code == 412, response.json
    stored = _role(api, role["id"])
    assert (stored["roleName"], stored["description"]) == (role["roleName"], "Saved in between")


# ---------------------------------------------------------------- users


@pytest.fixture
def person(api) -> dict:
    created = api.as_("admin").post("/user", {"email": f"{_unique('versions')}@example.com", "name": "As made"})
    assert created.status_code == 201, created.json
    return created.json


def _user(api, user_id: str) -> dict:
    (found,) = api.as_("admin").get(f"/user?{_by_id(user_id)}").json
    return found


def test_a_user_someone_else_changed_meanwhile_is_not_overwritten(api, person):
    admin = api.as_("admin")
    seen = f'"{_user(api, person["id"])["createdAt"]}"'
    first = admin.patch(f"/user/{person['id']}", {"name": "First"}, headers={"If-Match": seen})
    assert first.status_code == 200, first.json
    assert _etag(first) == f'"{first.json["updatedAt"]}"' == f'"{_user(api, person["id"])["updatedAt"]}"'
    editor = admin.post("/roles", {"roleName": _unique("editor")}).json["id"]
    for change in ({"name": "Second"}, {"email": f"{_unique('second')}@example.com"}, {"roles": [editor]}):
        late = admin.patch(f"/user/{person['id']}", change, headers={"If-Match": seen})
        assert late.status_code == 412, (change, late.json)
        assert late.json["message"] == _changed_meanwhile("user")
    in_chinese = admin.patch(f"/user/{person['id']}", {"name": "x"}, headers={"If-Match": seen, **ZH})
    assert in_chinese.json["message"] == "您加载此用户后，其他人更改了它：请重新加载以查看其更改。"
    stored = _user(api, person["id"])
    assert (stored["name"], stored["email"], stored["roles"]) == ("First", person["email"], [])
    # Loaded again, the change goes through, roles with the rest in one write.
    again = admin.patch(f"/user/{person['id']}", {"name": "Second", "roles": [editor]},
                        headers={"If-Match": _etag(first)})
    assert again.status_code == 200, again.json
    assert (again.json["name"], again.json["roles"]) == ("Second", [editor])
    assert admin.get(f"/user/{person['id']}/roles").json == [{"id": editor, "roleName": _role(api, editor)["roleName"]}]
    admin.delete(f"/roles/{editor}")


def test_a_user_changes_without_if_match_as_before(api, person):
    admin = api.as_("admin")
    changed = admin.patch(f"/user/{person['id']}", {"name": "No precondition"})
    assert changed.status_code == 200 and changed.json["name"] == "No precondition"
    star = admin.patch(f"/user/{person['id']}", {**changed.json, "name": "Any version"}, headers={"If-Match": "*"})
    assert star.status_code == 200 and star.json["name"] == "Any version"


def test_a_user_change_saved_between_the_check_and_the_write_is_not_overwritten(api, person, monkeypatch):
    from chalicelib.core import versions
    from chalicelib.users.models import User

    seen = f'"{_user(api, person["id"])["createdAt"]}"'
    _someone_saves_right_after_the_check(monkeypatch, versions, "require", lambda: User.get(person["id"]).update(
        actions=[*User.name_set("Saved in between"), User.updatedAt.set(LATER)]))
    response = api.as_("admin").patch(f"/user/{person['id']}", {"name": "Mine"}, headers={"If-Match": seen})
    assert response.status_code == 412, response.json
    assert _user(api, person["id"])["name"] == "Saved in between"


# ---------------------------------------------------------------- an organization's WQX account


@pytest.fixture
def org(demo):
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"WQX versions {uuid.uuid4().hex[:6]}"})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    return organization.id


def _account(org: str, user_id: str = "olga", key: str | None = WQX_KEY) -> dict:
    return {"wqxOrganizationId": f"VERSIONS_{org[:8]}", "userId": user_id, **({"privateKey": key} if key else {})}


def test_a_wqx_account_answers_its_version_and_a_save_for_it_answers_the_next(api, org):
    from chalicelib.organizations import wqx

    orgadmin = api.as_("orgadmin")
    empty = orgadmin.get(f"/organization/{org}/wqx-account")
    assert _etag(empty) == '"unset"' and empty.json["updatedAt"] is None
    saved = orgadmin.put(f"/organization/{org}/wqx-account", _account(org), headers={"If-Match": _etag(empty)})
    assert saved.status_code == 200, saved.json
    assert _etag(saved) == f'"{saved.json["updatedAt"]}"' == _etag(orgadmin.get(f"/organization/{org}/wqx-account"))
    assert saved.json["privateKey"] == MASK and WQX_KEY not in saved.body.decode()
    # The account as GET answers it, sent back whole for its version: the key is kept.
    again = orgadmin.put(f"/organization/{org}/wqx-account", {**saved.json, "userId": "olga2"},
                         headers={"If-Match": _etag(saved)})
    assert again.status_code == 200, again.json
    assert again.json["userId"] == "olga2" and _etag(again) != _etag(saved)
    assert wqx.private_key(org) == WQX_KEY


def test_a_wqx_account_someone_else_saved_meanwhile_is_not_overwritten_nor_its_key(api, org):
    from chalicelib.organizations import wqx

    orgadmin, admin = api.as_("orgadmin"), api.as_("admin")
    seen = _etag(orgadmin.get(f"/organization/{org}/wqx-account"))
    assert admin.put(f"/organization/{org}/wqx-account", _account(org), headers={"If-Match": seen}).status_code == 200
    late = orgadmin.put(f"/organization/{org}/wqx-account", _account(org, "someone", OTHER_KEY),
                        headers={"If-Match": seen})
    assert late.status_code == 412, late.json
    assert late.json["message"] == _changed_meanwhile("WQX account")
    in_chinese = orgadmin.put(f"/organization/{org}/wqx-account", _account(org, "someone", OTHER_KEY),
                              headers={"If-Match": seen, **ZH})
    assert in_chinese.json["message"] == "您加载此 WQX 账户后，其他人更改了它：请重新加载以查看其更改。"
    assert OTHER_KEY not in late.body.decode()
    assert orgadmin.get(f"/organization/{org}/wqx-account").json["userId"] == "olga"
    assert wqx.private_key(org) == WQX_KEY  # the refused save's key was not stored


def test_a_wqx_account_saves_without_if_match_as_before(api, org):
    orgadmin = api.as_("orgadmin")
    assert orgadmin.put(f"/organization/{org}/wqx-account", _account(org)).status_code == 200
    kept = orgadmin.put(f"/organization/{org}/wqx-account", {**_account(org, "olga3", None), "privateKey": MASK})
    assert kept.status_code == 200 and kept.json["userId"] == "olga3" and kept.json["configured"] is True
    unknown = orgadmin.put(f"/organization/{org}/wqx-account", {**_account(org), "password": "x"})
    assert (unknown.status_code, unknown.json["message"]) == (400, (
        "Unknown field 'password'. Fields: configured, organizationId, privateKey, privateKeySetAt, updatedAt, "
        "userId, wqxOrganizationId."))


def test_a_wqx_account_saved_before_saves_were_dated_has_its_key_time_as_version(api, org):
    from chalicelib.organizations.models import Organization

    Organization.get(org).update(actions=[Organization.wqxAccount.set({
        "wqxOrganizationId": f"VERSIONS_{org[:8]}", "userId": "olga", "privateKeySetAt": "2025-05-05T05:05:05.000Z"})])
    orgadmin = api.as_("orgadmin")
    read = orgadmin.get(f"/organization/{org}/wqx-account")
    assert _etag(read) == '"2025-05-05T05:05:05.000Z"'
    assert orgadmin.put(f"/organization/{org}/wqx-account", _account(org, "olga", None),
                        headers={"If-Match": '"unset"'}).status_code == 412
    saved = orgadmin.put(f"/organization/{org}/wqx-account", _account(org, "olga4", None),
                         headers={"If-Match": _etag(read)})
    assert saved.status_code == 200, saved.json
    assert saved.json["privateKeySetAt"] == "2025-05-05T05:05:05.000Z" != saved.json["updatedAt"]


def test_a_wqx_account_saved_between_the_check_and_the_write_is_not_overwritten(api, org, monkeypatch):
    from chalicelib.organizations import wqx
    from chalicelib.organizations.models import Organization

    orgadmin = api.as_("orgadmin")
    seen = orgadmin.put(f"/organization/{org}/wqx-account", _account(org))
    assert seen.status_code == 200, seen.json
    theirs = {**Organization.get(org).wqxAccount.as_dict(), "userId": "saved-in-between", "updatedAt": LATER}
    _someone_saves_right_after_the_check(monkeypatch, wqx, "_require_version", lambda: Organization.get(org).update(
        actions=[Organization.wqxAccount.set(theirs)]))
    response = orgadmin.put(f"/organization/{org}/wqx-account", _account(org, "mine", OTHER_KEY),
                            headers={"If-Match": _etag(seen)})
    assert response.status_code == 412, response.json
    assert orgadmin.get(f"/organization/{org}/wqx-account").json["userId"] == "saved-in-between"
    assert wqx.private_key(org) == WQX_KEY


def test_the_document_says_these_changes_take_a_version(api):
    document = api.get("/openapi.json").json
    for path, method in (("/api/v1/roles/{id}", "patch"), ("/api/v1/roles/{id}/permissions", "put"),
                         ("/api/v1/user/{id}", "patch"), ("/api/v1/organization/{organizationId}/wqx-account", "put")):
        operation = document["paths"][path][method]
        assert "If-Match" in [p["name"] for p in operation["parameters"] if p["in"] == "header"], path
        assert "ETag" in operation["responses"]["200"]["headers"], path
