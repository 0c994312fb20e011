"""The signed-in user's own profile (the spec's auth service)."""
from chalicelib.auth import rules
from chalicelib.auth import service as auth
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes
from chalicelib.core.openapi import EMPTY, NULLABLE_TEXT, TEXT, describe
from chalicelib.organizations.models import MEMBER_ROLE
from chalicelib.users import service as users

routes = Routes(__name__)
_ORGANIZATION_ROLE = {"type": "object", "required": ["organizationId", "roleName", "organizationName"], "properties": {
    "organizationId": TEXT, "roleName": MEMBER_ROLE,
    "organizationName": {**NULLABLE_TEXT, "description": "null when the organization is gone"}}}
# What auth.profile answers: who the caller is, and what they may do where.
PROFILE = {"type": "object", "required": ["id", "email", "name", "preferences", "systemRoles", "permissions",
                                          "organizationRole", "organizationRoles"], "properties": {
    "id": {**TEXT, "description": "the user's id (their sign-in's subject)"},
    "email": NULLABLE_TEXT, "name": NULLABLE_TEXT,
    "preferences": {"type": "object", "description": "what the clients saved with PATCH (importEmails: false "
                                                     "turns the emails at an import's end off); {} when none"},
    "systemRoles": {"type": "array", "items": {"type": "object", "required": ["id", "roleName"],
                                               "properties": {"id": TEXT, "roleName": TEXT}}},
    "permissions": {"type": "array", "items": TEXT, "description": "of the system roles, sorted"},
    "organizationRole": {"anyOf": [_ORGANIZATION_ROLE, {"type": "null"}],
                         "description": "in the current organization (currentOrganizationId, else the first); "
                                        "null for a member of none"},
    "organizationRoles": {"type": "array", "items": _ORGANIZATION_ROLE,
                          "description": "every membership, by organization id"}}}


@routes.route("/auth/profile", auth=rules.signed_in)
@describe(returns=PROFILE)
def get_profile():
    """The caller's profile: roles in the system and in organizations."""
    return auth.profile(require_principal())


@routes.route("/auth/profile", methods=["PATCH"], auth=rules.signed_in)
@describe(returns=PROFILE)
def update_profile():
    """Change the caller's name, current organization or preferences."""
    principal = require_principal()
    user = users.get_or_404(principal.id)
    users.update_profile(user, routes.json_body(), set(principal.memberships))
    return auth.profile(auth.principal_for(user))


@routes.route("/auth/profile", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=EMPTY)
def delete_own_account():
    """Delete the caller's account with its memberships and dashboards."""
    auth.delete_account(require_principal().id)
    return {}
