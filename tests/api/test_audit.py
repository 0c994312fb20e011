"""The audit trail: each kind of change leaves one entry saying who, what, when and from where, which
system administrators (only) read with the collection query language at GET /system/audit."""
from __future__ import annotations

import base64
import json
import urllib.parse
import uuid

import pytest

CLIENT = {"User-Agent": "AuditTest/1.0 (pytest)", "CloudFront-Viewer-Address": "203.0.113.7:50123"}
WQX_KEY = base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()


def entries_for(api, target_id: str) -> list[dict]:
    query = urllib.parse.urlencode({"filter": f"targetId||$eq||{target_id}", "sort": "at,ASC"})
    response = api.as_("admin").get(f"/system/audit?{query}")
    assert response.status_code == 200, response.json
    return response.json


@pytest.fixture(scope="module")
def changes(api, demo) -> dict:
    """One change of each kind, made through the API from one client; their targets' ids."""
    from chalicelib.organizations import service as organizations
    from chalicelib.parameters import service as parameters

    admin, orgadmin = api.as_("admin"), api.as_("orgadmin")
    org = organizations.create({"name": f"Audit test {uuid.uuid4().hex[:6]}"}).id
    organizations.set_member_role(org, demo["users"]["orgadmin"], "group-admin")
    target = demo["users"]["contributor"]

    def ok(response, status=200):
        assert response.status_code == status, response.json
        return response.json

    role = ok(admin.post("/roles", {"roleName": f"auditor-{uuid.uuid4().hex[:6]}"}, headers=CLIENT), 201)["id"]
    ok(admin.put(f"/roles/{role}/permissions", ["manage-system-settings"], headers=CLIENT))
    ok(admin.delete(f"/roles/{role}", headers=CLIENT))
    ok(admin.put(f"/user/{target}/roles", [], headers=CLIENT))
    ok(admin.put(f"/organization/{org}/members/{target}", {"roleName": "simple-user"}, headers=CLIENT))
    ok(orgadmin.delete(f"/organization/{org}/members/{target}", headers=CLIENT))
    invitation = ok(orgadmin.post("/Invitation", {"email": f"audit-{uuid.uuid4().hex[:6]}@example.com",
                                                  "organizationId": org, "roleName": "simple-user",
                                                  "isSystemAdmin": False}, headers=CLIENT), 201)["id"]
    ok(orgadmin.delete(f"/Invitation/{invitation}", headers=CLIENT))
    ok(orgadmin.put(f"/organization/{org}/settings/map-service",
                    {"value": {"styleUrl": "https://tiles.example.org/style.json"}}, headers=CLIENT))
    ok(orgadmin.put(f"/organization/{org}/wqx-account", {"wqxOrganizationId": "AUDIT", "userId": "audit",
                                                         "privateKey": WQX_KEY}, headers=CLIENT))
    page_text = f"## Audit {uuid.uuid4().hex[:6]}"
    ok(admin.put("/pages/glossary/en", {"text": page_text}, headers=CLIENT))
    parameter = parameters.create({"label": f"Audit parameter {uuid.uuid4().hex[:6]}", "organizationId": org})["id"]
    ok(api.as_("admin").delete(f"/parameter/{parameter}", headers=CLIENT))
    return {"org": org, "role": role, "target": target, "invitation": invitation, "parameter": parameter,
            "page_text": page_text, "admin": demo["users"]["admin"], "orgadmin": demo["users"]["orgadmin"]}


def test_role_changes_say_who_what_when_and_from_where(api, changes):
    created, updated, deleted = entries_for(api, changes["role"])
    assert [e["action"] for e in (created, updated, deleted)] == ["create", "update", "delete"]
    assert {e["targetType"] for e in (created, updated, deleted)} == {"role"}
    assert updated["before"]["permissions"] == [] and updated["after"]["permissions"] == ["manage-system-settings"]
    assert deleted["before"]["roleName"] == created["after"]["roleName"]
    for entry in (created, updated, deleted):
        assert entry["actorId"] == changes["admin"] and entry["actorName"]
        assert (entry["sourceIp"], entry["userAgent"]) == ("203.0.113.7", "AuditTest/1.0 (pytest)")
        assert entry["at"].endswith("Z")


def test_system_roles_of_a_user_and_organization_members(api, changes):
    user_roles = [e for e in entries_for(api, changes["target"]) if e["targetType"] == "user-roles"][-1]
    assert user_roles["after"] == {"roles": []}
    member = [e for e in entries_for(api, changes["target"]) if e.get("organizationId") == changes["org"]]
    assert [(e["targetType"], e["action"]) for e in member] == [("member", "create"), ("member", "delete")]
    assert member[0]["after"] == {"roleName": "simple-user"} and member[1]["before"] == {"roleName": "simple-user"}
    # A system administrator adds a member (group administrators invite), the group administrator removes them.
    assert (member[0]["actorId"], member[1]["actorId"]) == (changes["admin"], changes["orgadmin"])
    # Named as a person calls them: the user's name, not only their id.
    from chalicelib.users import service as users

    assert {e["targetName"] for e in member + [user_roles]} == {users.get(changes["target"]).name}


def test_a_deleted_users_role_changes_still_name_them_and_their_roles(api):
    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"reviewer-{uuid.uuid4().hex[:6]}"}).json
    user = admin.post("/user", {"email": f"gone-{uuid.uuid4().hex[:6]}@example.com", "name": "Gone Later"}).json
    assert admin.put(f"/user/{user['id']}/roles", [role["id"]]).status_code == 200
    assert admin.delete(f"/user/{user['id']}").status_code == 200
    (entry,) = [e for e in entries_for(api, user["id"]) if e["targetType"] == "user-roles"]
    assert entry["targetName"] == "Gone Later"
    assert entry["after"] == {"roles": [role["roleName"]]}


def test_a_deleted_roles_name_stays_in_the_entries_that_gave_or_took_it(api):
    """Admin walk, 2026-11-27: after a role's deletion, the trail showed its id where its name had been."""
    admin = api.as_("admin")
    role = admin.post("/roles", {"roleName": f"seasonal-{uuid.uuid4().hex[:6]}"}).json
    user = admin.post("/user", {"email": f"season-{uuid.uuid4().hex[:6]}@example.com", "name": "Season Helper"}).json
    assert admin.put(f"/user/{user['id']}/roles", [role["id"]]).status_code == 200
    assert admin.put(f"/user/{user['id']}/roles", []).status_code == 200
    assert admin.delete(f"/roles/{role['id']}").status_code == 200
    given, taken = [e for e in entries_for(api, user["id"]) if e["targetType"] == "user-roles"]
    assert (given["before"], given["after"]) == ({"roles": []}, {"roles": [role["roleName"]]})
    assert (taken["before"], taken["after"]) == ({"roles": [role["roleName"]]}, {"roles": []})


def test_invitations_settings_and_the_wqx_account_without_its_key(api, changes):
    invitation = entries_for(api, changes["invitation"])
    assert [e["action"] for e in invitation] == ["create", "revoke"]
    assert invitation[1]["after"]["status"] == "revoked" and "token" not in json.dumps(invitation)
    assert invitation[0]["targetName"] == invitation[0]["after"]["email"]
    (setting,) = [e for e in entries_for(api, "map-service") if e["targetType"] == "organization-setting"][-1:]
    assert setting["organizationId"] == changes["org"] and setting["targetType"] == "organization-setting"
    assert setting["before"] == {"value": None}
    assert setting["after"] == {"value": {"styleUrl": "https://tiles.example.org/style.json"}}
    (account,) = [e for e in entries_for(api, changes["org"]) if e["targetType"] == "wqx-account"]
    assert account["after"]["wqxOrganizationId"] == "AUDIT" and account["after"]["configured"] is True
    assert WQX_KEY not in json.dumps(account) and "privateKey" not in account["after"]


def test_a_page_edit_and_a_deleted_record(api, changes):
    page = entries_for(api, "glossary#en")[-1]
    assert (page["targetType"], page["action"], page["after"]["text"]) == ("page", "update", changes["page_text"])
    assert "restoredFrom" not in page["after"]  # said only of a restore
    (deleted,) = entries_for(api, changes["parameter"])
    assert (deleted["targetType"], deleted["action"], deleted["organizationId"]) == ("parameter", "delete", changes["org"])


def test_the_trail_pages_and_filters_with_the_collection_query_language(api, changes):
    query = urllib.parse.urlencode({"filter": ["action||$eq||delete", f"organizationId||$eq||{changes['org']}"],
                                    "limit": 1, "page": 1}, doseq=True)
    page = api.as_("admin").get(f"/system/audit?{query}").json
    assert page["total"] == 2 and page["count"] == 1 and page["pageCount"] == 2
    newest_first = api.as_("admin").get("/system/audit?limit=5").json
    assert [e["at"] for e in newest_first] == sorted((e["at"] for e in newest_first), reverse=True)
    bad = api.as_("admin").get("/system/audit?filter=password||$eq||x")
    assert bad.status_code == 400 and "password" in bad.json["message"]


@pytest.mark.parametrize("identity, status", [("anonymous", 401), ("viewer", 403), ("orgadmin", 403)])
def test_only_system_administrators_read_the_trail(api, identity, status):
    response = api.as_(identity).get("/system/audit")
    assert response.status_code == status
    assert response.json["message"]


def test_api_keys_and_import_sources_leave_entries_without_the_secret(api, changes):
    from chalicelib.projects import service as projects

    org, orgadmin = changes["org"], api.as_("orgadmin")
    key = orgadmin.post(f"/organization/{org}/api-keys", {"name": "River logger"}, headers=CLIENT).json
    assert orgadmin.delete(f"/organization/{org}/api-keys/{key['id']}", headers=CLIENT).status_code == 200
    created, revoked = entries_for(api, key["id"])
    assert [(e["targetType"], e["action"]) for e in (created, revoked)] == [("api-key", "create"), ("api-key", "revoke")]
    assert created["after"] == {"name": "River logger"} and key["key"] not in json.dumps([created, revoked])

    project = projects.ensure(org, f"AUDIT-{uuid.uuid4().hex[:6]}", "Audit project").id
    sources = f"/organization/{org}/projects/{project}/import-sources"
    source = orgadmin.post(sources, {"name": "Gage", "url": "https://waterservices.usgs.gov/nwis/iv/?sites=01646500",
                                     "format": "usgs-json", "schedule": "daily"}, headers=CLIENT).json
    orgadmin.patch(f"{sources}/{source['id']}", {"schedule": "weekly"}, headers=CLIENT)
    orgadmin.delete(f"{sources}/{source['id']}", headers=CLIENT)
    trail = entries_for(api, source["id"])
    assert [(e["targetType"], e["action"]) for e in trail] == [("import-source", "create"), ("import-source", "update"),
                                                               ("import-source", "delete")]
    assert (trail[1]["before"]["schedule"], trail[1]["after"]["schedule"]) == ("daily", "weekly")
    assert trail[2]["before"]["url"].startswith("https://waterservices.usgs.gov/") and trail[2]["actorId"] == changes["orgadmin"]


def test_a_user_made_or_renamed_or_given_another_email_by_an_administrator_leaves_an_entry(api):
    """A walk: only role changes and deletions of users were recorded, so an email changed left no trace."""
    admin = api.as_("admin")
    tag = uuid.uuid4().hex[:6]
    user = admin.post("/user", {"email": f"audited-{tag}@example.org", "name": f"Audited {tag}"},
                      headers=CLIENT).json["id"]
    assert admin.patch(f"/user/{user}", {"email": f"moved-{tag}@example.org"}, headers=CLIENT).status_code == 200
    assert admin.patch(f"/user/{user}", {"name": f"Audited {tag}"}, headers=CLIENT).status_code == 200  # no change
    created, changed = [e for e in entries_for(api, user) if e["targetType"] == "user"]
    assert (created["action"], created["after"], created["targetName"]) == (
        "create", {"name": f"Audited {tag}", "email": f"audited-{tag}@example.org"}, f"Audited {tag}")
    assert (changed["action"], changed["before"], changed["after"]) == (
        "update", {"email": f"audited-{tag}@example.org"}, {"email": f"moved-{tag}@example.org"})
    assert (changed["sourceIp"], changed["userAgent"]) == ("203.0.113.7", "AuditTest/1.0 (pytest)")


def test_the_trail_is_searched_by_the_changed_things_name_and_the_actors_email(api, demo):
    """Admin walk, 2026-11-27: "Person or changed item" found neither a deleted project by its name nor anyone by
    their email."""
    admin = api.as_("admin")
    name = f"Searched project {uuid.uuid4().hex[:6]}"
    project = admin.post("/project", {"organizationId": demo["org"], "name": name}).json
    assert admin.delete(f"/project/{project['id']}").status_code == 200

    def search(field: str, term: str) -> list[dict]:
        query = urllib.parse.urlencode({"s": json.dumps({field: {"$contL": term}})})
        return admin.get(f"/system/audit?{query}").json

    (deleted,) = [e for e in search("targetLabel", name.lower()) if e["targetId"] == project["id"]]
    assert (deleted["action"], deleted["targetName"]) == ("delete", name)
    email = api.as_("admin").get("/auth/profile").json["email"]
    assert any(e["targetId"] == project["id"] for e in search("actorEmail", email))
