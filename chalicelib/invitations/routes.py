"""Invitations to join an organization, as the spec names them (/Invitation ...)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import FLAG, INSTANT, NULLABLE_INSTANT, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.invitations import service
from chalicelib.invitations.models import STATUSES
from chalicelib.organizations.models import MEMBER_ROLE

routes = Routes(__name__)
# service.public: an invitation as every invitation route answers it (never its token).
INVITATION = {"type": "object", "required": [
    "id", "email", "organizationId", "organizationName", "roleName", "isSystemAdmin", "status", "createdAt",
    "createdBy", "expiresAt", "resendCount", "acceptedAt"], "properties": {
    "id": TEXT, "email": {**TEXT, "description": "lower-case"},
    "organizationId": {**NULLABLE_TEXT, "description": "null for an invitation to be a system administrator alone"},
    "organizationName": {**NULLABLE_TEXT, "description": "null without an organization, or when it is gone"},
    "roleName": {"anyOf": [MEMBER_ROLE, {"type": "null"}], "description": "the role offered in the organization"},
    "isSystemAdmin": {**FLAG, "description": "also makes the invitee a system administrator"},
    "status": {"enum": list(STATUSES), "description": "expired: still pending past expiresAt"},
    "createdAt": INSTANT, "createdBy": {**TEXT, "description": "the inviting user's id"},
    "expiresAt": {**INSTANT, "description": "the link works until then (ISO 8601 in UTC); a resend moves it"},
    "resendCount": {"type": "integer", "minimum": 0, "description": "resends on the day of the last one"},
    "acceptedAt": NULLABLE_INSTANT}}
INVITATIONS = {"type": "array", "items": INVITATION, "description": "newest first"}


@routes.route("/Invitation", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=fields_body({"email": TEXT, "organizationId": NULLABLE_TEXT, "roleName": NULLABLE_TEXT,
                                        "isSystemAdmin": FLAG, "id": NULLABLE_TEXT}, required=("email",)),
          returns=INVITATION)
def create_invitation():
    """Invite an email address into an organization (its group-admins; isSystemAdmin: system-admins only)."""
    return created(service.create(routes.json_body(), require_principal()))


@routes.route("/Invitation", auth=rules.signed_in)
@describe(query={"status": {"enum": list(STATUSES)}, "organizationId": TEXT}, returns=INVITATIONS)
def list_invitations():
    """Invitations of the organizations the caller administers (?status=&organizationId=)."""
    params = routes.current_request.query_params or {}
    return service.list_for(require_principal(), status=params.get("status") or None,
                            organization_id=params.get("organizationId") or None)


@routes.route("/Invitation/pending", auth=rules.signed_in)
@describe(query={"token": {**TEXT, "description": "the token of an emailed link"}}, returns=INVITATIONS)
def pending_invitations():
    """The signed-in user's open invitations (?token= for the one an emailed link names)."""
    params = routes.current_request.query_params or {}
    return service.pending_for(require_principal(), token=params.get("token"))


@routes.route("/Invitation/accept", methods=["POST"], auth=rules.signed_in)
@describe(body=fields_body({"token": TEXT}, required=("token",)), returns=INVITATION)
def accept_invitation():
    """Accept an invitation ({token}) as the invited, signed-in user."""
    body = routes.json_body()
    return service.accept(body.get("token") if isinstance(body, dict) else None, require_principal())


@routes.route("/Invitation/{id}", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=INVITATION)
def revoke_invitation(id):
    """Revoke an invitation (its organization's group-admins), or decline it (the invitee)."""
    return service.revoke(id, require_principal())


@routes.route("/Invitation/{id}/resend", methods=["POST"], auth=rules.signed_in)
@describe(returns=INVITATION)
def resend_invitation(id):
    """Send an invitation again with a new token (its organization's group-admins)."""
    return service.resend(id, require_principal())
