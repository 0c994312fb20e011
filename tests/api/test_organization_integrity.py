"""What an organization is and keeps, as its users and the public see it: what anyone may read of it, unique
names, checked texts, who may join it, at least one group administrator even under concurrent changes, and
what its deletion takes with it (members, invitations, projects, stations, new data)."""
from __future__ import annotations

import threading
import time
import uuid

import pytest

from tests.api.imports_support import run_worker
from tests.support.people import Person

PUBLIC = {"id", "name", "description", "website", "contact", "createdAt", "updatedAt"}


def _unique(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


@pytest.fixture
def org(demo):
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": _unique("Integrity test")})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    return organization.id


def _signed_in(api, person: Person) -> str:
    """The user id of someone who has signed in once."""
    return api.get("/auth/profile", headers=person.headers()).json["id"]


def test_anyone_reads_an_organization_but_not_its_wqx_account_or_settings_details(api, org):
    from chalicelib.organizations.models import Organization

    api.as_("orgadmin").put(f"/organization/{org}/settings/map-service",
                            {"value": {"styleUrl": "https://tiles.example.org/style.json"}})
    Organization(id=org).update(actions=[Organization.wqxAccount.set(
        {"wqxOrganizationId": "SECRETORG", "userId": "wqx-user", "secretId": "owd/wqx/secret"})])
    one = api.get(f"/organization/{org}")
    assert one.status_code == 200
    assert set(one.json) <= PUBLIC and "wqxAccount" not in one.json and "settings" not in one.json
    listed = next(o for o in api.get("/organization").json if o["id"] == org)
    assert set(listed) <= PUBLIC
    assert "SECRETORG" not in str(api.get("/organization").json)
    # The map service stays public (the explorer draws it for everyone); who saved it does not.
    setting = api.get(f"/organization/{org}/settings/map-service").json
    assert setting["value"] == {"styleUrl": "https://tiles.example.org/style.json"}
    assert "updatedBy" not in setting


def test_an_organization_stores_only_the_settings_the_portal_knows(api, org):
    response = api.as_("orgadmin").put(f"/organization/{org}/settings/anything-goes", {"value": {"a": 1}})
    assert response.status_code == 404
    assert response.json["message"] == "Unknown setting 'anything-goes'. Known settings: map-service."
    read = api.get(f"/organization/{org}/settings/anything-goes")
    assert (read.status_code, read.json["message"]) == (404, response.json["message"])


def test_two_organizations_cannot_share_a_name(api, org):
    name = api.get(f"/organization/{org}").json["name"]
    again = api.as_("admin").post("/organization", {"name": name.upper()})
    assert again.status_code == 409
    assert again.json["message"] == "An organization with this name already exists."
    renamed = api.as_("orgadmin").patch(f"/organization/{org}", {"name": "Demo Watershed Council"})
    assert renamed.status_code == 409
    assert renamed.json["message"] == "An organization with this name already exists."
    # Its own name in other letters is no clash.
    assert api.as_("orgadmin").patch(f"/organization/{org}", {"name": name.lower()}).status_code == 200


def test_two_requests_at_the_same_moment_cannot_give_two_organizations_one_name(api, org, monkeypatch):
    """Both requests looked and found the name free (the look is skipped here, as when they ran side by side):
    the name each claims with its write settles it."""
    from chalicelib.organizations import service as organizations

    monkeypatch.setattr(organizations, "_require_unique_name", lambda name, organization_id=None: None)
    name = _unique("Same moment")
    first = api.as_("admin").post("/organization", {"name": name})
    assert first.status_code == 201
    second = api.as_("admin").post("/organization", {"name": f"  {name.upper()} "})
    assert second.status_code == 409
    assert second.json["message"] == "An organization with this name already exists."
    renamed = api.as_("orgadmin").patch(f"/organization/{org}", {"name": name.lower()})
    assert renamed.status_code == 409
    assert renamed.json["message"] == "An organization with this name already exists."
    assert api.get(f"/organization/{org}").json["name"] != name.lower()
    # A rename lets its old name go; a deletion too.
    old_name = api.get(f"/organization/{org}").json["name"]
    assert api.as_("orgadmin").patch(f"/organization/{org}", {"name": _unique("Renamed")}).status_code == 200
    assert api.as_("admin").post("/organization", {"name": old_name}).status_code == 201
    assert api.as_("admin").delete(f"/organization/{first.json['id']}").status_code in (200, 204)
    assert api.as_("admin").post("/organization", {"name": name}).status_code == 201


def test_an_organization_id_is_given_once(demo):
    from chalicelib.core.errors import Conflict
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": _unique("Seeded")})
    with pytest.raises(Conflict, match="^An organization with this id already exists.$"):
        organizations.create({"name": _unique("Another")}, organization_id=organization.id)


@pytest.mark.parametrize("fields, message", [
    ({"description": "x" * 5_001}, "The description must be at most 5,000 characters."),
    ({"description": "x" * 450_000}, "The description must be at most 5,000 characters."),
    ({"contact": "x" * 501}, "The contact must be at most 500 characters."),
    ({"website": "https://example.org/" + "x" * 500}, "The website address must be at most 500 characters."),
    ({"website": "not a url"}, "The website must be an http(s) address, such as https://example.org."),
    ({"website": "javascript:alert(1)"}, "The website must be an http(s) address, such as https://example.org."),
])
def test_an_organizations_texts_are_checked(api, org, fields, message):
    response = api.as_("orgadmin").patch(f"/organization/{org}", fields)
    assert response.status_code == 400
    assert response.json["message"] == message


def test_a_website_and_an_emptied_text_are_kept_as_given(api, org):
    saved = api.as_("orgadmin").patch(f"/organization/{org}", {"website": " https://riverkeepers.example/about ",
                                                               "description": "   "})
    assert saved.status_code == 200
    assert saved.json["website"] == "https://riverkeepers.example/about"
    assert saved.json.get("description") is None


def test_a_group_admin_changes_members_roles_but_adds_nobody_without_an_invitation(api, org):
    outsider = _signed_in(api, Person())
    added = api.as_("orgadmin").put(f"/organization/{org}/members/{outsider}", {"roleName": "simple-user"})
    assert added.status_code == 404
    assert added.json["message"] == "This person is not a member of the organization: invite them instead."
    assert outsider not in {m["userId"] for m in api.as_("orgadmin").get(f"/organization/{org}/members").json}
    # A system administrator may (to mend an organization left without a group administrator, say).
    assert api.as_("admin").put(f"/organization/{org}/members/{outsider}", {"roleName": "simple-user"}).status_code == 200
    raised = api.as_("orgadmin").put(f"/organization/{org}/members/{outsider}", {"roleName": "data-contributor"})
    assert raised.status_code == 200 and raised.json["roleName"] == "data-contributor"


def test_two_group_admins_demoting_each_other_at_once_leave_one_group_admin(api):
    from chalicelib.organizations import service as organizations

    for _ in range(3):
        org = organizations.create({"name": _unique("Two admins")}).id
        first, second = Person(), Person()
        ids = [_signed_in(api, first), _signed_in(api, second)]
        for user_id in ids:
            organizations.set_member_role(org, user_id, "group-admin")
        start = threading.Barrier(2)
        answers: list = [None, None]

        def demote(k: int, me: Person, other: str) -> None:
            start.wait()
            answers[k] = api.put(f"/organization/{org}/members/{other}", {"roleName": "simple-user"},
                                 headers=me.headers())

        threads = [threading.Thread(target=demote, args=(0, first, ids[1])),
                   threading.Thread(target=demote, args=(1, second, ids[0]))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # One is demoted; the other's change is refused (the last group-admin, or no longer one).
        assert sorted(a.status_code for a in answers) in ([200, 403], [200, 409])
        assert sorted(m.roleName for m in organizations.members(org)) == ["group-admin", "simple-user"]


def test_the_last_of_two_group_admins_cannot_be_removed_when_the_other_steps_down_meanwhile(api, org, demo):
    """Two group-admins (orgadmin and someone new): each leaving alone is fine, never both."""
    from chalicelib.organizations import service as organizations

    person = Person()
    newcomer = _signed_in(api, person)
    organizations.set_member_role(org, newcomer, "group-admin")
    start = threading.Barrier(2)
    answers: list = [None, None]
    me = demo["users"]["orgadmin"]

    def leave(k: int) -> None:
        start.wait()
        if k == 0:
            answers[k] = api.as_("orgadmin").delete(f"/organization/{org}/members/{me}")
        else:
            answers[k] = api.delete(f"/organization/{org}/members/{newcomer}", headers=person.headers())

    threads = [threading.Thread(target=leave, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 409]
    refused = next(a for a in answers if a.status_code == 409)
    assert refused.json["message"] == ("An organization needs at least one group administrator: "
                                       "make someone else a group administrator first.")
    assert [m.roleName for m in organizations.members(org)] == ["group-admin"]


def test_deleting_an_organization_takes_its_members_invitations_projects_and_stations_off_the_portal(api, demo):
    admin = api.as_("admin")
    org = admin.post("/organization", {"name": _unique("Closing down")}).json["id"]
    member = Person()
    member_id = _signed_in(api, member)
    admin.put(f"/organization/{org}/members/{member_id}", {"roleName": "group-admin"})
    station = api.post("/station", {"organizationId": org, "identifier": f"CLOSE-{uuid.uuid4().hex[:6]}",
                                    "name": "Closing station", "latitude": 40.1, "longitude": -75.1},
                       headers=member.headers())
    assert station.status_code == 201, station.json
    project = api.post("/project", {"organizationId": org, "name": "Last project"}, headers=member.headers()).json
    invitee = Person()
    invitation = api.post("/Invitation", {"email": invitee.email, "isSystemAdmin": False, "organizationId": org,
                                          "roleName": "simple-user"}, headers=member.headers()).json

    assert admin.delete(f"/organization/{org}").status_code == 200
    assert api.get(f"/organization/{org}").status_code == 404
    assert api.get(f"/project/{project['id']}").status_code == 404
    assert api.get(f"/project/getIdsByOrganizationIds?organizationId={org}").json == []
    profile = api.get("/auth/profile", headers=member.headers()).json
    assert org not in [role["organizationId"] for role in profile["organizationRoles"]]
    from chalicelib.invitations.models import Invitation

    assert Invitation.get(invitation["id"]).status == "revoked"
    # Its stations go with it (the queue worker deletes them: an organization may hold many).
    deadline = time.monotonic() + 30
    while api.get(f"/station/{station.json['id']}").status_code != 404 and time.monotonic() < deadline:
        run_worker()
    assert api.get(f"/station/{station.json['id']}").status_code == 404
    explorer = api.post("/statistic", {"organizationIds": [org]}).json
    assert not explorer.get("data") and not explorer.get("total"), explorer
    # Nobody adds data to it any more: its former members are not members, and a system administrator gets 404.
    again = api.post("/station", {"organizationId": org, "identifier": "LATE-1", "name": "Late", "latitude": 40.1,
                                  "longitude": -75.1}, headers=member.headers())
    assert again.status_code == 403
    late = admin.post("/project", {"organizationId": org, "name": "Late project"})
    assert late.status_code == 404
    assert late.json["message"] == "Organization not found."


def test_an_invitation_to_an_organization_gone_meanwhile_is_refused_and_stays_open(api, org, aws_url):
    from chalicelib.invitations.models import Invitation
    from chalicelib.organizations.models import Organization
    from tests.api.test_invitations import emailed_token, invite

    person = Person()
    invitation_id = invite(api, org, person.email).json["id"]
    token = emailed_token(aws_url, person.email)
    # Deleted by a path that did not revoke it (data from before deletions revoked invitations).
    Organization(id=org).update(actions=[Organization.deletedAt.set("2026-01-01T00:00:00.000Z")])
    accepted = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert accepted.status_code == 410
    assert accepted.json["message"] == "The organization of this invitation no longer exists."
    assert Invitation.get(invitation_id).status == "pending"
