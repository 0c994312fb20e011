"""Invitations to join an organization, as the spec names them (/Invitation ...)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import FLAG, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.invitations import service

routes = Routes(__name__)


@routes.route("/Invitation", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=fields_body({"email": TEXT, "organizationId": NULLABLE_TEXT, "roleName": NULLABLE_TEXT,
                                        "isSystemAdmin": FLAG, "id": NULLABLE_TEXT}, required=("email",)))
def create_invitation():
    """Invite an email address into an organization (its group-admins; isSystemAdmin: system-admins only)."""
    return created(service.create(routes.json_body(), require_principal()))


@routes.route("/Invitation", auth=rules.signed_in)
def list_invitations():
    """Invitations of the organizations the caller administers (?status=&organizationId=)."""
    params = routes.current_request.query_params or {}
    return service.list_for(require_principal(), status=params.get("status") or None,
                            organization_id=params.get("organizationId") or None)


@routes.route("/Invitation/pending", auth=rules.signed_in)
def pending_invitations():
    """The signed-in user's open invitations (?token= for the one an emailed link names)."""
    params = routes.current_request.query_params or {}
    return service.pending_for(require_principal(), token=params.get("token"))


@routes.route("/Invitation/accept", methods=["POST"], auth=rules.signed_in)
@describe(body=fields_body({"token": TEXT}, required=("token",)))
def accept_invitation():
    """Accept an invitation ({token}) as the invited, signed-in user."""
    body = routes.json_body()
    return service.accept(body.get("token") if isinstance(body, dict) else None, require_principal())


@routes.route("/Invitation/{id}", methods=["DELETE"], auth=rules.signed_in)
def revoke_invitation(id):
    """Revoke an invitation (its organization's group-admins), or decline it (the invitee)."""
    return service.revoke(id, require_principal())


@routes.route("/Invitation/{id}/resend", methods=["POST"], auth=rules.signed_in)
def resend_invitation(id):
    """Send an invitation again with a new token (its organization's group-admins)."""
    return service.resend(id, require_principal())
