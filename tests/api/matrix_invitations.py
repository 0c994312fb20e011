"""Authorization-matrix cases of the invitation routes (/Invitation ...). Joined into MATRIX by
tests/api/authorization_matrix.py."""
from __future__ import annotations

import uuid

from tests.api.authorization_matrix import DEMO_ORG_ADMINS, SIGNED_IN, Case

# Group-admins see the invitations of the organizations they administer: other_orgadmin has its own.
GROUP_ADMINS = dict(anonymous=401, viewer=403, contributor=403, orgadmin=200, other_orgadmin=200, admin=200)
INVITED_BY_DEMO_ORG_ADMINS = {**DEMO_ORG_ADMINS, "orgadmin": 201, "admin": 201}
# Only the invitee (viewer) may accept; to everyone else the token is foreign.
ONLY_THE_INVITEE = dict(anonymous=401, viewer=200, contributor=403, orgadmin=403, other_orgadmin=403, admin=403)
VIEWER_EMAIL = "viewer@demo.openwater.example"
_latest: dict = {}


def _fresh_email() -> str:
    return f"matrix-{uuid.uuid4().hex[:10]}@example.com"


def _demo_org() -> str:
    from devtools.seed import DEMO_ORGANIZATION_ID

    return DEMO_ORGANIZATION_ID


def _fresh_invitation(ids: dict) -> dict:
    from chalicelib.invitations.models import PENDING, Invitation
    from chalicelib.invitations.service import hash_token
    from chalicelib.core.models import utc_now

    invitation = Invitation(id=str(uuid.uuid4()), email=_fresh_email(), organizationId=ids["org"],
                            roleName="simple-user", status=PENDING, token=hash_token(uuid.uuid4().hex),
                            expiresAt="2999-01-01T00:00:00.000Z", createdAt=utc_now(), createdBy=ids["orgadmin"])
    invitation.save()
    return {"invitation": invitation.id}


def _invitation_for_the_viewer(ids: dict) -> dict:
    """An open invitation for the viewer into a throwaway organization; its token is the request body."""
    from chalicelib.invitations.models import PENDING, Invitation
    from chalicelib.invitations.service import hash_token
    from chalicelib.core.models import utc_now
    from chalicelib.organizations import service as organizations

    token = uuid.uuid4().hex
    organization = organizations.create({"name": f"Matrix invitation target {uuid.uuid4().hex[:8]}"})
    Invitation(id=str(uuid.uuid4()), email=VIEWER_EMAIL, organizationId=organization.id, roleName="simple-user",
               status=PENDING, token=hash_token(token), expiresAt="2999-01-01T00:00:00.000Z", createdAt=utc_now(),
               createdBy=ids["admin"]).save()
    _latest["token"] = token
    return {}


CASES = [
    Case("POST", "/Invitation", INVITED_BY_DEMO_ORG_ADMINS,
         body=lambda: {"email": _fresh_email(), "isSystemAdmin": False, "organizationId": _demo_org(),
                       "roleName": "simple-user"}),
    Case("GET", "/Invitation", GROUP_ADMINS),
    Case("GET", "/Invitation/pending", SIGNED_IN),
    Case("DELETE", "/Invitation/{invitation}", DEMO_ORG_ADMINS, setup=_fresh_invitation),
    Case("POST", "/Invitation/{invitation}/resend", DEMO_ORG_ADMINS, setup=_fresh_invitation),
    Case("POST", "/Invitation/accept", ONLY_THE_INVITEE, setup=_invitation_for_the_viewer,
         body=lambda: {"token": _latest["token"]}),
]
