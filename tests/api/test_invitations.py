"""Invitations (spec section 7): create, list, resend, revoke, accept, pending; the email through SES.

Each test works in a fresh organization whose group-admin is `orgadmin`, and invites fresh people who
sign in with tokens signed by the running identity provider's own key (as the provider would issue
them for a newly provisioned account)."""
from __future__ import annotations

import uuid

import pytest

from devtools import mailbox
from tests.support.people import Person


@pytest.fixture
def org(demo):
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"Invitations test {uuid.uuid4().hex[:6]}"})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    return organization.id


def invite(api, org, email, role="simple-user", identity="orgadmin", **extra):
    return api.as_(identity).post("/Invitation", {"email": email, "isSystemAdmin": False, "organizationId": org,
                                                  "roleName": role, **extra})


def emailed_token(aws_url: str, email: str) -> str:
    """The token of the newest invitation email to this address, from the link in the message."""
    sent = [m for m in mailbox.messages(aws_url) if email in m.to]
    assert sent, f"no email to {email}"
    link = next(link for link in sent[-1].links if "#/sts/invitation/" in link)
    return link.rsplit("/", 1)[-1]


def test_a_group_admin_invites_and_the_invitee_gets_a_bilingual_email_with_the_accept_link(api, org, aws_url):
    person = Person()
    response = invite(api, org, person.email.upper(), role="data-contributor")
    assert response.status_code == 201, response.json
    body = response.json
    assert body["email"] == person.email
    assert body["status"] == "pending"
    assert body["roleName"] == "data-contributor"
    assert body["organizationName"].startswith("Invitations test")
    assert "token" not in body
    assert body["expiresAt"][:10] > body["createdAt"][:10]
    mail = [m for m in mailbox.messages(aws_url) if person.email in m.to][-1]
    assert "Invitation to join Invitations test" in mail.subject
    assert "You have been invited to join" in mail.body and "as data contributor" in mail.body
    assert "您被邀请以数据贡献者身份加入" in mail.body
    token = emailed_token(aws_url, person.email)
    assert len(token) >= 43  # 32 random bytes, URL-safe base64
    assert any(link.startswith("http://127.0.0.1:8000/#/sts/invitation/") for link in mail.links)


def test_the_table_keeps_only_a_hash_of_the_token(api, org, aws_url):
    from chalicelib.invitations.models import Invitation
    from chalicelib.invitations.service import hash_token

    person = Person()
    invitation_id = invite(api, org, person.email).json["id"]
    token = emailed_token(aws_url, person.email)
    stored = Invitation.get(invitation_id)
    assert stored.token == hash_token(token)
    assert token not in str(stored.to_dict())


def test_a_second_open_invitation_for_the_same_email_and_organization_is_409_naming_it(api, org):
    person = Person()
    first = invite(api, org, person.email).json
    second = invite(api, org, person.email)
    assert second.status_code == 409
    assert second.json["message"] == (f"An invitation to {person.email} is already open (sent "
                                      f"{first['createdAt'][:10]}): resend it from the list of invitations instead.")
    # Another role: a resend would keep the open one's, so it says how to offer the new one (a walk had resent).
    other = invite(api, org, person.email, role="group-admin")
    assert (other.status_code, other.json["message"]) == (409, (
        f"An invitation to {person.email} is already open (sent {first['createdAt'][:10]}) with the role simple-user: "
        "to offer group-admin instead, revoke it in the list of invitations and invite again."))
    chinese = api.as_("orgadmin").post("/Invitation", {"email": person.email, "isSystemAdmin": False,
                                                       "organizationId": org, "roleName": "group-admin"},
                                       headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == (f"已有发给 {person.email} 的邀请尚未处理（发送于 {first['createdAt'][:10]}），角色为 "
                                       "simple-user：如需改为 group-admin，请在邀请列表中撤销该邀请后重新邀请。")


def test_after_a_revoke_the_same_email_can_be_invited_again(api, org):
    person = Person()
    first = invite(api, org, person.email).json
    assert api.as_("orgadmin").delete(f"/Invitation/{first['id']}").json["status"] == "revoked"
    assert invite(api, org, person.email).status_code == 201


@pytest.mark.parametrize("body, message", [
    ({"email": "not-an-email", "roleName": "simple-user"}, "A valid email address is required."),
    ({"email": "a@example.com", "roleName": "boss"},
     "Unknown role name 'boss'. Expected one of: simple-user, data-contributor, group-admin."),
    ({"email": "a@example.com", "roleName": "simple-user", "organizationId": None}, "organizationId is required."),
    ({"email": "a@example.com", "roleName": "simple-user", "colour": "red"}, "Unknown field 'colour'. Fields: email, id, isSystemAdmin, organizationId, roleName."),
    ({"email": "a@example.com", "roleName": "simple-user", "isSystemAdmin": "yes"},
     "isSystemAdmin must be true or false."),
])
def test_bad_invitations_are_400_saying_what_is_wrong(api, org, body, message):
    response = api.as_("orgadmin").post("/Invitation", {"organizationId": org, **body})
    assert response.status_code == 400
    assert response.json["message"] == message


def test_an_unknown_organization_is_404(api):
    response = invite(api, str(uuid.uuid4()), "a@example.com")
    assert response.status_code == 404
    assert response.json["message"] == "Organization not found."


def test_a_group_admin_cannot_invite_into_another_organization(api, org):
    response = invite(api, org, Person().email, identity="other_orgadmin")
    assert response.status_code == 403
    assert response.json["message"] == "Only group administrators of this organization can invite to it."


def test_only_a_system_admin_may_invite_a_system_admin(api, org):
    person = Person()
    refused = invite(api, org, person.email, isSystemAdmin=True)
    assert refused.status_code == 403
    assert refused.json["message"] == "Only system administrators can invite system administrators."
    allowed = api.as_("admin").post("/Invitation", {"email": person.email, "isSystemAdmin": True})
    assert allowed.status_code == 201, allowed.json
    accepted = api.post("/Invitation/accept", {"token": allowed.json["id"]}, headers=person.headers())
    assert accepted.status_code == 200, accepted.json
    profile = api.get("/auth/profile", headers=person.headers()).json
    assert "system-admin" in [role["roleName"] for role in profile["systemRoles"]]


def test_the_invitee_accepts_and_becomes_a_member_with_the_invited_role(api, org, aws_url):
    person = Person()
    invite(api, org, person.email, role="data-contributor")
    token = emailed_token(aws_url, person.email)
    pending = api.get(f"/Invitation/pending?token={token}", headers=person.headers())
    assert pending.status_code == 200
    assert [(p["organizationId"], p["roleName"], p["status"]) for p in pending.json] == [
        (org, "data-contributor", "pending")]
    accepted = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert accepted.status_code == 200, accepted.json
    assert accepted.json["status"] == "accepted"
    members = api.as_("orgadmin").get(f"/organization/{org}/members").json
    assert {"userId": person.id, "roleName": "data-contributor"} in [
        {"userId": m["userId"], "roleName": m["roleName"]} for m in members]
    # A double click answers the same and changes nothing.
    again = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert again.status_code == 200
    assert again.json["status"] == "accepted"
    assert api.get("/Invitation/pending", headers=person.headers()).json == []
    # A member is not invited again (accepting would change nothing): their role changes in the members list.
    again = invite(api, org, person.email.upper(), role="group-admin")
    assert again.status_code == 409
    assert again.json["message"] == f"{person.email} is already a member of this organization."


def test_a_group_admin_cannot_invite_themselves_nor_a_system_admin_be_invited_twice(api, org, demo):
    from chalicelib.users import service as users

    own_email = users.get(demo["users"]["orgadmin"]).email
    response = invite(api, org, own_email)
    assert response.status_code == 409
    assert response.json["message"] == f"{own_email} is already a member of this organization."
    admin_email = users.get(demo["users"]["admin"]).email
    response = api.as_("admin").post("/Invitation", {"email": admin_email, "isSystemAdmin": True})
    assert response.status_code == 409
    assert response.json["message"] == f"{admin_email} is already a system administrator."


def test_a_used_token_is_refused_for_anyone_else(api, org, aws_url):
    person = Person()
    invite(api, org, person.email)
    token = emailed_token(aws_url, person.email)
    api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    same_email_other_account = Person(email=person.email)
    response = api.post("/Invitation/accept", {"token": token}, headers=same_email_other_account.headers())
    assert response.status_code == 409
    assert response.json["message"] == "This invitation has already been accepted."


def test_a_foreign_token_is_403(api, org, aws_url):
    person = Person()
    invite(api, org, person.email)
    token = emailed_token(aws_url, person.email)
    response = api.post("/Invitation/accept", {"token": token}, headers=Person().headers())
    assert response.status_code == 403
    assert response.json["message"] == "This invitation was sent to another email address."


def test_an_invitee_whose_email_is_not_verified_cannot_see_or_accept_it(api, org, aws_url):
    person = Person()
    invite(api, org, person.email)
    token = emailed_token(aws_url, person.email)
    unverified = "Your email address is not verified by your sign-in provider. Verify it there, sign in again, " \
                 "then open the invitation."
    # The address in the token is the invited one, but the identity provider does not vouch for it
    # (no claim at all, false, or Cognito's string "false").
    for claim in (None, False, "false"):
        same_address = Person(email=person.email, email_verified=claim)
        accepted = api.post("/Invitation/accept", {"token": token}, headers=same_address.headers())
        assert accepted.status_code == 403
        assert accepted.json["message"] == unverified
        pending = api.get(f"/Invitation/pending?token={token}", headers=same_address.headers())
        assert pending.status_code == 403 and pending.json["message"] == unverified
        assert api.get("/Invitation/pending", headers=same_address.headers()).json == []
    assert api.as_("orgadmin").get(f"/Invitation?organizationId={org}").json[0]["status"] == "pending"
    # Cognito's string "true" counts as verified.
    verified = api.post("/Invitation/accept", {"token": token}, headers=Person(email=person.email,
                                                                                email_verified="true").headers())
    assert verified.status_code == 200 and verified.json["status"] == "accepted"


def test_an_unknown_or_missing_token_says_which(api):
    unknown = api.post("/Invitation/accept", {"token": "nonsense"}, headers=Person().headers())
    assert unknown.status_code == 404
    assert unknown.json["message"] == "This invitation link is not valid (it may have been replaced by a newer one)."
    missing = api.post("/Invitation/accept", {}, headers=Person().headers())
    assert missing.status_code == 400
    assert missing.json["message"] == "token is required."


def test_accepting_needs_a_signed_in_user(api):
    response = api.post("/Invitation/accept", {"token": "whatever"})
    assert response.status_code == 401


def test_a_revoked_invitation_cannot_be_accepted(api, org, aws_url):
    person = Person()
    invitation = invite(api, org, person.email).json
    token = emailed_token(aws_url, person.email)
    api.as_("orgadmin").delete(f"/Invitation/{invitation['id']}")
    response = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert response.status_code == 410
    assert response.json["message"] == "This invitation was revoked."


def test_an_expired_invitation_cannot_be_accepted_and_lists_as_expired(api, org, aws_url):
    from chalicelib.invitations.models import Invitation

    person = Person()
    invitation = invite(api, org, person.email).json
    token = emailed_token(aws_url, person.email)
    Invitation.get(invitation["id"]).update(actions=[Invitation.expiresAt.set("2020-01-01T00:00:00.000Z")])
    response = api.post("/Invitation/accept", {"token": token}, headers=person.headers())
    assert response.status_code == 410
    assert response.json["message"] == "This invitation has expired. Ask a group administrator to send it again."
    listed = api.as_("orgadmin").get(f"/Invitation?status=expired&organizationId={org}").json
    assert [i["id"] for i in listed] == [invitation["id"]]
    # An expired invitation no longer blocks a new one for the same address.
    assert invite(api, org, person.email).status_code == 201


def test_resend_sends_a_new_token_and_the_old_link_stops_working(api, org, aws_url):
    person = Person()
    invitation = invite(api, org, person.email).json
    old = emailed_token(aws_url, person.email)
    resent = api.as_("orgadmin").post(f"/Invitation/{invitation['id']}/resend")
    assert resent.status_code == 200
    assert resent.json["resendCount"] == 1
    new = emailed_token(aws_url, person.email)
    assert new != old
    dead = api.post("/Invitation/accept", {"token": old}, headers=person.headers())
    assert dead.status_code == 404
    assert api.post("/Invitation/accept", {"token": new}, headers=person.headers()).status_code == 200


def test_at_most_five_resends_a_day(api, org):
    invitation = invite(api, org, Person().email).json
    for _ in range(5):
        assert api.as_("orgadmin").post(f"/Invitation/{invitation['id']}/resend").status_code == 200
    sixth = api.as_("orgadmin").post(f"/Invitation/{invitation['id']}/resend")
    assert sixth.status_code == 429
    assert sixth.json["message"] == "This invitation was already resent 5 times today. Try again tomorrow."


def test_an_accepted_or_revoked_invitation_cannot_be_resent(api, org):
    person = Person()
    accepted = invite(api, org, person.email).json
    api.post("/Invitation/accept", {"token": accepted["id"]}, headers=person.headers())
    response = api.as_("orgadmin").post(f"/Invitation/{accepted['id']}/resend")
    assert response.status_code == 409
    assert response.json["message"] == "This invitation has already been accepted; it cannot be resent."
    revoked = invite(api, org, Person().email).json
    api.as_("orgadmin").delete(f"/Invitation/{revoked['id']}")
    response = api.as_("orgadmin").post(f"/Invitation/{revoked['id']}/resend")
    assert response.status_code == 409
    assert response.json["message"] == "This invitation was revoked; send a new one instead."
    assert api.as_("orgadmin").delete(f"/Invitation/{accepted['id']}").json["message"] == (
        "This invitation has already been accepted.")


def test_the_invitee_may_decline_and_a_stranger_may_not_revoke(api, org, aws_url):
    person = Person()
    invitation = invite(api, org, person.email).json
    stranger = api.delete(f"/Invitation/{invitation['id']}", headers=Person().headers())
    assert stranger.status_code == 403
    assert stranger.json["message"] == (
        "Only group administrators of its organization (or the invitee) can revoke an invitation.")
    declined = api.delete(f"/Invitation/{invitation['id']}", headers=person.headers())
    assert declined.status_code == 200
    assert declined.json["status"] == "declined"
    # The administrators see it declined (not revoked); the link tells the invitee they declined it.
    assert [i["status"] for i in api.as_("orgadmin").get("/Invitation?status=declined").json
            if i["id"] == invitation["id"]] == ["declined"]
    token = emailed_token(aws_url, person.email)
    reopened = api.get(f"/Invitation/pending?token={token}", headers=person.headers())
    assert (reopened.status_code, reopened.json["message"]) == (410, "You declined this invitation.")
    resent = api.as_("orgadmin").post(f"/Invitation/{invitation['id']}/resend")
    assert (resent.status_code, resent.json["message"]) == (409, "This invitation was declined; send a new one instead.")
    assert invite(api, org, person.email).status_code == 201  # asked again later: a new invitation
    missing = api.as_("orgadmin").delete(f"/Invitation/{uuid.uuid4()}")
    assert missing.status_code == 404
    assert missing.json["message"] == "Invitation not found."


def test_the_list_shows_the_organizations_i_administer_and_filters_by_status(api, org, demo):
    mine = invite(api, org, Person().email).json
    theirs = invite(api, demo["other_org"], Person().email, identity="other_orgadmin").json
    listed = {i["id"] for i in api.as_("orgadmin").get("/Invitation").json}
    assert mine["id"] in listed and theirs["id"] not in listed
    everything = {i["id"] for i in api.as_("admin").get("/Invitation").json}
    assert {mine["id"], theirs["id"]} <= everything
    revoked = api.as_("orgadmin").get("/Invitation?status=revoked").json
    assert mine["id"] not in {i["id"] for i in revoked}
    bad = api.as_("orgadmin").get("/Invitation?status=lost")
    assert bad.status_code == 400
    assert bad.json["message"] == "Unknown status 'lost'. Expected one of: pending, accepted, revoked, declined, expired."
    foreign = api.as_("orgadmin").get(f"/Invitation?organizationId={demo['other_org']}")
    assert foreign.status_code == 403
    assert foreign.json["message"] == "You are not a group administrator of this organization."
    assert api.as_("viewer").get("/Invitation").json["message"] == "Only group administrators can see invitations."


def test_pending_lists_the_signed_in_users_open_invitations_only(api, org, demo):
    person = Person()
    first = invite(api, org, person.email).json
    second = invite(api, demo["other_org"], person.email, identity="other_orgadmin").json
    invite(api, org, Person().email)
    pending = api.get("/Invitation/pending", headers=person.headers()).json
    assert {p["id"] for p in pending} == {first["id"], second["id"]}
    api.as_("orgadmin").delete(f"/Invitation/{first['id']}")
    assert [p["id"] for p in api.get("/Invitation/pending", headers=person.headers()).json] == [second["id"]]


def test_joining_never_lowers_a_role_already_held(api, org, demo):
    from chalicelib.organizations import service as organizations

    person = Person()
    api.get("/auth/profile", headers=person.headers())
    invitation = invite(api, org, person.email, role="simple-user").json
    organizations.set_member_role(org, person.id, "group-admin")  # made group-admin while the invitation was open
    api.post("/Invitation/accept", {"token": invitation["id"]}, headers=person.headers())
    assert organizations.membership(org, person.id).roleName == "group-admin"


def test_when_ses_refuses_the_invitation_is_taken_back_with_503(api, org, monkeypatch):
    from botocore.exceptions import ClientError

    from chalicelib.core import aws

    class RefusingSes:
        def send_email(self, **kwargs):
            raise ClientError({"Error": {"Code": "Throttling", "Message": "Maximum sending rate exceeded."}},
                              "SendEmail")

    monkeypatch.setattr(aws, "client", lambda service: RefusingSes())
    person = Person()
    response = invite(api, org, person.email)
    assert response.status_code == 503
    assert response.json["message"] == "The email could not be sent. Please try again later."
    monkeypatch.undo()
    assert invite(api, org, person.email).status_code == 201


def test_an_unverified_sender_is_verified_once_and_the_email_goes_out(api, org, aws_url):
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    ses = aws.client("ses")
    ses.delete_identity(Identity="no-reply@openwater.example")
    assert "no-reply@openwater.example" not in ses.list_identities()["Identities"]
    person = Person()
    assert invite(api, org, person.email).status_code == 201
    assert "no-reply@openwater.example" in ses.list_identities()["Identities"]
    assert get_settings().mail_sender.endswith("<no-reply@openwater.example>")
    assert emailed_token(aws_url, person.email)


def test_an_invitation_subject_is_one_line_whatever_the_organization_was_named_before(api, org, aws_url):
    """An organization named with a line break before names had to be one line: the email's subject stays one
    line (security walk, 2026-11-27)."""
    from chalicelib.organizations.models import Organization

    stored = Organization.get(org)
    stored.update(actions=[Organization.name.set(f"{stored.name}\r\nBcc: x@evil.example")])
    person = Person()
    assert invite(api, org, person.email).status_code == 201
    mail = [m for m in mailbox.messages(aws_url) if person.email in m.to][-1]
    assert "\r" not in mail.subject and "\n" not in mail.subject
    assert f"Invitation to join {stored.name.splitlines()[0]} Bcc: x@evil.example on" in mail.subject
