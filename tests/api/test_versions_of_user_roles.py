"""Two administrators at once on a user's system roles: `PUT /user/{id}/roles` takes If-Match as `PATCH /user/{id}`
does (the user's version, checked on the read and again as the write's condition; 412 otherwise, in the reader's
language), and its answer, as GET's, carries the user's version as the ETag. Without If-Match, or with `*`, the
roles are replaced as before (docs/decisions/0016)."""
from __future__ import annotations

import json
import urllib.parse
import uuid

import pytest

ZH = {"Accept-Language": "zh-CN"}
LATER = "2099-01-01T00:00:00.000Z"
CHANGED_MEANWHILE = "Someone else changed this user after you loaded it: load it again to see their change."


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def _etag(response) -> str:
    return {name.lower(): value for name, value in response.headers.items()}["etag"]


def _user(api, user_id: str) -> dict:
    query = urllib.parse.urlencode({"s": json.dumps({"id": {"$eq": user_id}})})
    (found,) = api.as_("admin").get(f"/user?{query}").json
    return found


@pytest.fixture
def person(api) -> dict:
    created = api.as_("admin").post("/user", {"email": f"{_unique('roles')}@example.com", "name": "As made"})
    assert created.status_code == 201, created.json
    return created.json


@pytest.fixture
def editor(api):
    role = api.as_("admin").post("/roles", {"roleName": _unique("editor")})
    assert role.status_code == 201, role.json
    yield role.json
    api.as_("admin").delete(f"/roles/{role.json['id']}")


def test_a_users_roles_answer_the_users_version_and_a_change_for_it_answers_the_next(api, person, editor):
    admin = api.as_("admin")
    read = admin.get(f"/user/{person['id']}/roles")
    assert read.json == [] and _etag(read) == f'"{_user(api, person["id"])["createdAt"]}"'
    granted = admin.put(f"/user/{person['id']}/roles", [editor["id"]], headers={"If-Match": _etag(read)})
    assert granted.status_code == 200, granted.json
    assert granted.json == [{"id": editor["id"], "roleName": editor["roleName"]}]
    stored = _user(api, person["id"])
    assert stored["roles"] == [editor["id"]]
    assert _etag(granted) == f'"{stored["updatedAt"]}"' != _etag(read)  # the user's version moved
    assert _etag(admin.get(f"/user/{person['id']}/roles")) == _etag(granted)
    # The new version is good for the user's other changes too, and theirs for the roles.
    renamed = admin.patch(f"/user/{person['id']}", {"name": "Renamed"}, headers={"If-Match": _etag(granted)})
    assert renamed.status_code == 200, renamed.json
    emptied = admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": _etag(renamed)})
    assert emptied.status_code == 200 and emptied.json == [], emptied.json


def test_roles_someone_else_changed_meanwhile_are_not_overwritten(api, person, editor):
    admin = api.as_("admin")
    seen = _etag(admin.get(f"/user/{person['id']}/roles"))
    first = admin.put(f"/user/{person['id']}/roles", [editor["id"]], headers={"If-Match": seen})
    assert first.status_code == 200, first.json
    late = admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": seen})
    assert (late.status_code, late.json["message"]) == (412, CHANGED_MEANWHILE)
    in_chinese = admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": seen, **ZH})
    assert (in_chinese.status_code, in_chinese.json["message"]) == (
        412, "您加载此用户后，其他人更改了它：请重新加载以查看其更改。")
    assert _user(api, person["id"])["roles"] == [editor["id"]]
    # A change of the user's name moves the version the roles are changed for, as it would for a name.
    renamed = admin.patch(f"/user/{person['id']}", {"name": "Renamed"})
    late_after_rename = admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": _etag(first)})
    assert late_after_rename.status_code == 412, late_after_rename.json
    assert admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": _etag(renamed)}).status_code == 200
    assert _user(api, person["id"])["roles"] == []


def test_a_users_roles_change_without_if_match_as_before(api, person, editor):
    admin = api.as_("admin")
    plain = admin.put(f"/user/{person['id']}/roles", [editor["id"]])
    assert plain.status_code == 200 and [r["id"] for r in plain.json] == [editor["id"]]
    star = admin.put(f"/user/{person['id']}/roles", {"roles": []}, headers={"If-Match": "*"})
    assert star.status_code == 200 and star.json == []
    assert _etag(star) == f'"{_user(api, person["id"])["updatedAt"]}"'
    garbage = admin.put(f"/user/{person['id']}/roles", [], headers={"If-Match": "garbage"})
    assert garbage.status_code == 400, garbage.json


def test_a_stale_version_is_refused_before_the_roles_are_judged(api, person):
    """412 rather than a 400 about a role: the client's first task is to load the user again."""
    admin = api.as_("admin")
    seen = _etag(admin.get(f"/user/{person['id']}/roles"))
    assert admin.patch(f"/user/{person['id']}", {"name": "Moved on"}).status_code == 200
    late = admin.put(f"/user/{person['id']}/roles", ["never-a-role"], headers={"If-Match": seen})
    assert late.status_code == 412, late.json


def test_roles_changed_between_the_check_and_the_write_are_not_overwritten(api, person, editor, monkeypatch):
    from chalicelib.core import versions
    from chalicelib.users.models import User

    seen = _etag(api.as_("admin").get(f"/user/{person['id']}/roles"))
    checked = versions.require

    def check_then_someone_saves(*args):
        checked(*args)
        if args[1] is not None and not check_then_someone_saves.done:
            check_then_someone_saves.done = True
            User.get(person["id"]).update(actions=[User.roles.set([editor["id"]]), User.updatedAt.set(LATER)])

    check_then_someone_saves.done = False
    monkeypatch.setattr(versions, "require", check_then_someone_saves)
    response = api.as_("admin").put(f"/user/{person['id']}/roles", [], headers={"If-Match": seen})
    assert (response.status_code, response.json["message"]) == (412, CHANGED_MEANWHILE)
    assert _user(api, person["id"])["roles"] == [editor["id"]]


def test_the_document_says_a_users_roles_take_a_version(api):
    operation = api.get("/openapi.json").json["paths"]["/api/v1/user/{id}/roles"]["put"]
    assert "If-Match" in [p["name"] for p in operation["parameters"] if p["in"] == "header"]
    assert "ETag" in operation["responses"]["200"]["headers"]
