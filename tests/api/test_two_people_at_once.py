"""Two people of one organization changing the same things at the same moment (walk, 2026-11-27): whoever
comes second meets what the first did, and nothing comes back that was removed. Each race is played in the order
that lost a change before: the second request read what was there before the first one's write."""
from __future__ import annotations

import uuid

import pytest

from tests.api.imports_support import fresh_project
from tests.api.test_imports import TEMPLATE, _queued_log
from tests.api.test_invitations import emailed_token, invite
from tests.support.people import Person


@pytest.fixture
def org(demo):
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"Two at once {uuid.uuid4().hex[:8]}"})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    return organization.id


def _member(api, org: str, role: str = "simple-user") -> Person:
    """Someone who joined the organization by accepting an invitation."""
    from chalicelib.organizations import service as organizations

    person = Person()
    user_id = api.get("/auth/profile", headers=person.headers()).json["id"]
    organizations.set_member_role(org, user_id, role)
    person.id = user_id
    return person


def test_a_role_change_meeting_a_removal_does_not_bring_the_member_back(api, org, monkeypatch):
    from chalicelib.organizations import service as organizations

    person = _member(api, org)
    seen = organizations.membership(org, person.id)  # what the role change read before the removal
    assert api.as_("admin").delete(f"/organization/{org}/members/{person.id}").status_code == 200
    read = organizations.membership
    monkeypatch.setattr(organizations, "membership", lambda o, u: seen if u == person.id else read(o, u))
    refused = api.as_("orgadmin").put(f"/organization/{org}/members/{person.id}", {"roleName": "data-contributor"})
    assert (refused.status_code, refused.json["message"]) == (404, "Member not found.")
    monkeypatch.undo()
    assert organizations.membership(org, person.id) is None
    assert person.id not in [m["userId"] for m in api.as_("orgadmin").get(f"/organization/{org}/members").json]


def test_a_group_admins_demotion_meeting_their_removal_is_not_found_not_a_missing_group_admin(api, org, monkeypatch):
    from chalicelib.organizations import service as organizations

    person = _member(api, org, "group-admin")
    stale = iter([organizations.membership(org, person.id)])  # the demotion's first read; later reads are fresh
    assert api.as_("admin").delete(f"/organization/{org}/members/{person.id}").status_code == 200
    read = organizations.membership
    monkeypatch.setattr(organizations, "membership",
                        lambda o, u: next(stale, None) if u == person.id else read(o, u))
    refused = api.as_("orgadmin").put(f"/organization/{org}/members/{person.id}", {"roleName": "simple-user"})
    assert (refused.status_code, refused.json["message"]) == (404, "Member not found.")


def test_a_revoke_meeting_an_accept_says_it_was_accepted_and_leaves_it_so(api, org, aws_url, monkeypatch):
    from chalicelib.invitations import service as invitations

    person = Person()
    made = invite(api, org, person.email).json
    stale = invitations.get(made["id"])  # the revoke read it while it was still pending
    accepted = api.post("/Invitation/accept", {"token": emailed_token(aws_url, person.email)}, headers=person.headers())
    assert accepted.status_code == 200, accepted.json
    monkeypatch.setattr(invitations, "get", lambda _id: stale)
    refused = api.as_("orgadmin").delete(f"/Invitation/{made['id']}")
    assert (refused.status_code, refused.json["message"]) == (409, "This invitation has already been accepted.")
    monkeypatch.undo()
    assert invitations.get(made["id"]).status == "accepted"


def test_someone_removed_after_accepting_is_told_so_by_their_old_link(api, org, aws_url):
    person = Person()
    invite(api, org, person.email)
    token = emailed_token(aws_url, person.email)
    joined = api.post("/Invitation/accept", {"token": token}, headers=person.headers()).json
    user_id = api.get("/auth/profile", headers=person.headers()).json["id"]
    assert joined["status"] == "accepted"
    assert api.as_("orgadmin").delete(f"/organization/{org}/members/{user_id}").status_code == 200
    again = api.post("/Invitation/accept", {"token": token}, headers={**person.headers(), "Accept-Language": "zh-CN"})
    assert again.status_code == 410
    assert again.json["message"] == "您已接受此邀请，但您已不再是该组织的成员。请向其组管理员索取新的邀请。"
    shown = api.get(f"/Invitation/pending?token={token}", headers=person.headers())
    assert (shown.status_code, shown.json["message"]) == (410, (
        "You accepted this invitation, but you are no longer a member of this organization. Ask its group "
        "administrators for a new invitation."))


def test_a_double_click_on_accept_answers_accepted_twice(api, org, aws_url, monkeypatch):
    """The second click arrives while the first one's accept is between marking the invitation accepted and
    making the person a member: it answers accepted too, not "you are no longer a member"."""
    from chalicelib.invitations import service as invitations

    person = Person()
    invite(api, org, person.email)
    token = emailed_token(aws_url, person.email)
    grant, answers = invitations._grant, []

    def second_click_meanwhile(invitation, user_id):
        monkeypatch.setattr(invitations, "_grant", grant)
        answers.append(api.post("/Invitation/accept", {"token": token}, headers=person.headers()))
        grant(invitation, user_id)

    monkeypatch.setattr(invitations, "_grant", second_click_meanwhile)
    first = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert [(r.status_code, r.json["status"]) for r in (first, *answers)] == [(200, "accepted"), (200, "accepted")]
    members = api.as_("orgadmin").get(f"/organization/{org}/members").json
    user_id = api.get("/auth/profile", headers=person.headers()).json["id"]
    assert any(m.get("userId", m.get("id")) == user_id for m in members)


def test_stations_added_to_a_project_being_deleted_do_not_name_it(api, demo, monkeypatch):
    from chalicelib.stations import service as stations

    org, project = fresh_project(api)
    admin = api.as_("admin")
    station = admin.post("/station", {"organizationId": org, "identifier": f"RACE-{uuid.uuid4().hex[:6]}",
                                      "name": "Race creek", "latitude": 40.1, "longitude": -75.2}).json
    checked = stations.require_in_organization

    def deleted_while_checking(ids, organization_id):  # the project is deleted after the add read it
        found = checked(ids, organization_id)
        assert admin.delete(f"/project/{project}").status_code == 200
        return found

    monkeypatch.setattr(stations, "require_in_organization", deleted_while_checking)
    refused = admin.put(f"/organization/{org}/projects/{project}/stations", {"add": [station["id"]], "remove": []})
    assert (refused.status_code, refused.json["message"]) == (404, "Project not found.")
    monkeypatch.undo()
    assert project not in (api.get(f"/station/{station['id']}").json.get("projectIds") or [])


def test_an_import_into_a_project_deleted_meanwhile_stops_and_says_why(api, demo):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    lines = [f"GONE-{n % 3},2020-01-{1 + n // 100:02d},{n % 24:02d}:{n % 60:02d},UTC,pH,7.{n % 10},std units,,,,,"
             f"40.5,-75.{n % 3},Deleted meanwhile" for n in range(2100)]
    content = TEMPLATE.split(b"\n")[0] + b"\n" + "\n".join(lines).encode() + b"\n"
    log_id = _queued_log(org, project, content, demo["users"]["admin"])

    def remaining() -> int:  # asked before each chunk after the first: a group admin deletes the project meanwhile
        api.as_("admin").delete(f"/project/{project}")
        return 900_000

    assert worker.run_import({"logId": log_id}, remaining) == "cancelled"
    log = service.public(service.get(log_id))
    assert (log["status"], log["rowsDone"]) == ("cancelled", 1000)
    assert log["message"] == ("The project was deleted, so the import stopped after 1,000 rows; the values imported "
                              "before stay with the organization's stations.")
    assert log["settled"] is True
    in_history = api.as_("admin").get(f"/organization/{org}/import-history").json
    assert [(i["logId"], i["status"]) for i in in_history] == [(log_id, "cancelled")]
    made = api.get(f"/station?filter=organizationId||$eq||{org}").json
    assert made and all(project not in (s.get("projectIds") or []) for s in made)


def test_a_queued_import_of_a_deleted_project_never_starts(api, demo):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    log_id = _queued_log(org, project, TEMPLATE, demo["users"]["admin"])
    assert api.as_("admin").delete(f"/project/{project}").status_code == 200
    assert service.get(log_id).message == ("The project was deleted, so the import stopped after 0 rows; the values "
                                           "imported before stay with the organization's stations.")
    assert worker.run_import({"logId": log_id}, lambda: 900_000) is None
    assert api.get(f"/station?filter=organizationId||$eq||{org}").json == []


def test_two_people_adding_a_column_name_each_keep_both(api, org):
    contributor, orgadmin = api.as_("admin"), api.as_("orgadmin")
    assert contributor.patch(f"/organization/{org}/header-map", {"Site ID": "station"}).json == {"Site ID": "station"}
    both = orgadmin.patch(f"/organization/{org}/header-map", {"Sample Date": "date"})
    assert both.json == {"Site ID": "station", "Sample Date": "date"}
    taken_out = contributor.patch(f"/organization/{org}/header-map",
                                  {"Site ID": None, "Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"}})
    assert taken_out.json == {"Sample Date": "date", "Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"}}
    assert api.as_("admin").get(f"/organization/{org}/header-map").json == taken_out.json
    bad = contributor.patch(f"/organization/{org}/header-map", {"Site": "colour"})
    assert bad.status_code == 400 and bad.json["message"].startswith("Column 'Site': unknown field 'colour'.")
    assert contributor.patch(f"/organization/{org}/header-map", ["Site"]).status_code == 400


def test_a_setting_saved_over_another_persons_save_is_refused(api, org):
    first, second = api.as_("admin"), api.as_("orgadmin")
    path = f"/organization/{org}/settings/map-service"
    opened = api.get(path)
    etag = {name.lower(): value for name, value in opened.headers.items()}["etag"]
    assert etag == '"inherited"'
    style = {"value": {"styleUrl": "https://tiles.example.org/style.json"}}
    saved = first.put(path, style, headers={"If-Match": etag})
    assert saved.status_code == 200, saved.json
    late = second.put(path, {"value": {"attribution": "© Example"}}, headers={"If-Match": etag})
    assert late.status_code == 412
    assert late.json["message"] == ("Someone else changed this setting after you loaded it: load it again to see their "
                                    "change.")
    in_chinese = second.put(path, {"value": None}, headers={"If-Match": etag, "Accept-Language": "zh-CN"})
    assert in_chinese.json["message"] == "您加载此设置后，其他人更改了它：请重新加载以查看其更改。"
    assert api.get(path).json["value"] == style["value"]
    again = second.put(path, {"value": {**style["value"], "attribution": "© Example"}},
                       headers={"If-Match": f'"{saved.json["updatedAt"]}"'})
    assert again.status_code == 200 and again.json["value"]["attribution"] == "© Example"


def test_two_projects_made_at_the_same_moment_cannot_share_a_name(api, org, monkeypatch):
    from chalicelib.projects import service as projects

    admin = api.as_("admin")
    monkeypatch.setattr(projects, "_require_unique_name", lambda *_a, **_k: None)  # both looked before either wrote
    first = admin.post("/project", {"organizationId": org, "name": "Same Name", "projectKey": "same-1"})
    assert first.status_code == 201, first.json
    second = admin.post("/project", {"organizationId": org, "name": "same name", "projectKey": "same-2"})
    assert (second.status_code, second.json["message"]) == (
        409, "A project named 'same name' already exists in this organization: choose another name.")
    plain = admin.post("/project", {"organizationId": org, "name": "Plain"}).json
    renamed = admin.patch(f"/project/{plain['id']}", {"name": "SAME NAME"})
    assert (renamed.status_code, renamed.json["message"]) == (
        409, "A project named 'SAME NAME' already exists in this organization: choose another name.")
    # A name let go (renamed, deleted) is free again.
    assert admin.patch(f"/project/{first.json['id']}", {"name": "Renamed"}).status_code == 200
    assert admin.patch(f"/project/{plain['id']}", {"name": "Same Name"}).status_code == 200
    assert admin.delete(f"/project/{plain['id']}").status_code == 200
    again = admin.post("/project", {"organizationId": org, "name": "Same Name", "projectKey": "same-3"})
    assert again.status_code == 201, again.json
