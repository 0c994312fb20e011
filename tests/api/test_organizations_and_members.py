"""Organizations and their members: what users see, bad input, and role escalation."""
from __future__ import annotations

import uuid


def _new_user(name: str) -> str:
    from chalicelib.core.models import utc_now
    from chalicelib.users.models import User

    user = User(id=str(uuid.uuid4()), email=f"{name.lower()}@example.com", name=name, createdAt=utc_now())
    user.save()
    return user.id


def test_anyone_sees_the_organization_list_sorted_by_name(api, demo):
    response = api.get("/organization")
    assert response.status_code == 200
    names = [o["name"] for o in response.json]
    assert "Demo Watershed Council" in names
    assert names == sorted(names, key=str.lower)


def test_admin_creates_edits_and_deletes_an_organization(api):
    admin = api.as_("admin")
    created = admin.post("/organization", {"name": "  River Keepers  ", "description": "Volunteers"})
    assert created.status_code == 201
    assert created.json["name"] == "River Keepers"
    org_id = created.json["id"]
    edited = admin.patch(f"/organization/{org_id}", {"website": "https://riverkeepers.example"})
    assert edited.json["website"] == "https://riverkeepers.example"
    assert admin.delete(f"/organization/{org_id}").status_code == 200
    gone = api.get(f"/organization/{org_id}")
    assert gone.status_code == 404
    assert gone.json == {"statusCode": 404, "message": "Organization not found.", "error": "Not Found"}
    assert org_id not in [o["id"] for o in api.get("/organization").json]


def test_organization_without_a_name_is_refused(api):
    response = api.as_("admin").post("/organization", {"description": "no name"})
    assert response.status_code == 400
    assert response.json["message"] == "Organization name is required."


def test_unknown_organization_fields_are_refused(api, demo):
    response = api.as_("orgadmin").patch(f"/organization/{demo['org']}", {"owner": "me"})
    assert response.status_code == 400
    assert response.json["message"] == "Unknown field 'owner'. Fields: contact, description, id, name, website."


def test_a_body_that_is_not_json_is_refused(api, demo):
    response = api.client.http.request("PATCH", f"/api/v1/organization/{demo['org']}", body="{not json",
                                       headers=api.as_("orgadmin").headers())
    assert response.status_code == 400
    assert b"Request body must be valid JSON." in response.body


def test_members_list_shows_names_and_roles(api, demo):
    response = api.as_("viewer").get(f"/organization/{demo['org']}/members")
    assert response.status_code == 200
    roles = {m["email"]: m["roleName"] for m in response.json}
    assert roles["orgadmin@demo.openwater.example"] == "group-admin"
    assert roles["contributor@demo.openwater.example"] == "data-contributor"
    assert roles["viewer@demo.openwater.example"] == "simple-user"


def test_group_admin_changes_and_removes_a_member_a_system_admin_added(api, demo):
    newcomer = _new_user("Newcomer")
    orgadmin = api.as_("orgadmin")
    added = api.as_("admin").put(f"/organization/{demo['org']}/members/{newcomer}", {"roleName": "simple-user"})
    assert added.status_code == 200
    assert added.json["roleName"] == "simple-user"
    orgadmin.put(f"/organization/{demo['org']}/members/{newcomer}", {"roleName": "data-contributor"})
    members = {m["userId"]: m["roleName"] for m in orgadmin.get(f"/organization/{demo['org']}/members").json}
    assert members[newcomer] == "data-contributor"
    assert orgadmin.delete(f"/organization/{demo['org']}/members/{newcomer}").status_code == 200
    members = {m["userId"] for m in orgadmin.get(f"/organization/{demo['org']}/members").json}
    assert newcomer not in members


def test_unknown_role_name_is_400_with_the_allowed_names(api, demo):
    response = api.as_("orgadmin").put(f"/organization/{demo['org']}/members/{demo['users']['viewer']}",
                                       {"roleName": "owner"})
    assert response.status_code == 400
    assert response.json["message"] == ("Unknown role name 'owner'. Expected one of: "
                                        "simple-user, data-contributor, group-admin.")


def test_member_of_an_unknown_user_is_404(api, demo):
    response = api.as_("orgadmin").put(f"/organization/{demo['org']}/members/{uuid.uuid4()}",
                                       {"roleName": "simple-user"})
    assert response.status_code == 404
    assert response.json["message"] == "User not found."


def test_group_admin_cannot_manage_members_of_another_organization(api, demo):
    response = api.as_("orgadmin").put(f"/organization/{demo['other_org']}/members/{demo['users']['viewer']}",
                                       {"roleName": "group-admin"})
    assert response.status_code == 403
    assert response.json["message"] == "You need to be a group administrator of this organization."


def test_a_member_cannot_raise_their_own_role(api, demo):
    contributor = demo["users"]["contributor"]
    response = api.as_("contributor").put(f"/organization/{demo['org']}/members/{contributor}",
                                          {"roleName": "group-admin"})
    assert response.status_code == 403


def test_a_group_admin_cannot_make_themselves_admin_elsewhere(api, demo):
    me = demo["users"]["orgadmin"]
    response = api.as_("orgadmin").put(f"/organization/{demo['other_org']}/members/{me}", {"roleName": "group-admin"})
    assert response.status_code == 403


def test_a_member_may_leave_but_not_remove_others(api, demo):
    leaver = _new_user("Leaver")
    from chalicelib.organizations import service as organizations

    organizations.set_member_role(demo["org"], leaver, "simple-user")
    response = api.as_("viewer").delete(f"/organization/{demo['org']}/members/{leaver}")
    assert response.status_code == 403
    assert response.json["message"] == "Only group administrators can remove other members."


def test_an_organization_name_is_one_line(api, demo):
    """Security walk, 2026-11-27: a name with a line break went into the invitation email's subject as it was."""
    one_line = "Organization name must be one line of text, without tabs or line breaks."
    created = api.as_("admin").post("/organization", {"name": "River\r\nBcc: x@evil.example"})
    assert (created.status_code, created.json["message"]) == (400, one_line)
    renamed = api.as_("orgadmin").patch(f"/organization/{demo['org']}", {"name": "Demo\tWatershed"})
    assert (renamed.status_code, renamed.json["message"]) == (400, one_line)
    chinese = api.as_("orgadmin").patch(f"/organization/{demo['org']}", {"name": "Demo\nWatershed"},
                                        headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "组织名称必须是一行文本，不能包含制表符或换行。"
