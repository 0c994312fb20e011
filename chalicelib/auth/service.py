"""From a request's Authorization header to a Principal (provisioning the user on first sight)."""
from __future__ import annotations

from chalicelib.auth.claims import verified_email
from chalicelib.auth.principal import Principal
from chalicelib.auth.tokens import InvalidToken, verifier
from chalicelib.core.errors import NotFound, Unauthorized
from chalicelib.dashboards import service as dashboards
from chalicelib.organizations import service as organizations
from chalicelib.roles import service as roles
from chalicelib.users import service as users


def bearer_token(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("Authorization header must be 'Bearer <token>'.")
    return token.strip()


def principal_for(user, claims: dict | None = None) -> Principal:
    held = roles.held_roles(list(user.roles or []))
    return Principal(
        user=user.to_dict(),
        system_roles=tuple((role.id, role.roleName) for role in held),
        permissions=roles.permissions_of(held),
        memberships={m.organizationId: m.roleName for m in organizations.memberships_of(user.id)},
        verified_email=verified_email(claims or {}),
    )


def authenticate(authorization: str | None) -> Principal | None:
    """None for an anonymous request; 401 for a token that is present but not valid."""
    token = bearer_token(authorization)
    if token is None:
        return None
    try:
        claims = verifier().verify(token)
    except InvalidToken as exc:
        raise Unauthorized(str(exc)) from exc
    user, created = users.provision(claims)
    email = verified_email(claims)
    if created and email:
        for draft in users.pre_registered_with_email(email, except_id=user.id):
            organizations.move_memberships(draft.id, user.id)
            users.take_over(user, draft)
    return principal_for(user, claims)


def _organization_name(organization_id: str) -> str | None:
    try:
        return organizations.get(organization_id).name
    except NotFound:
        return None


def profile(principal: Principal) -> dict:
    """The spec's auth profile: systemRoles, organizationRole (current one) and all organizationRoles."""
    user = principal.user
    organization_roles = [{"organizationId": org_id, "roleName": role, "organizationName": _organization_name(org_id)}
                          for org_id, role in sorted(principal.memberships.items())]
    current = user.get("currentOrganizationId")
    organization_role = next((r for r in organization_roles if r["organizationId"] == current),
                             organization_roles[0] if organization_roles else None)
    return {
        "id": user["id"],
        "email": user.get("email"),
        "name": user.get("name"),
        "preferences": user.get("preferences") or {},
        "systemRoles": [{"id": role_id, "roleName": name} for role_id, name in principal.system_roles],
        "permissions": sorted(principal.permissions),
        "organizationRole": organization_role,
        "organizationRoles": organization_roles,
    }


def delete_account(user_id: str) -> None:
    """Delete a user with everything that belongs to them alone (memberships, dashboards)."""
    users.get_or_404(user_id)
    organizations.remove_user_everywhere(user_id)
    dashboards.delete_all_of(user_id)
    users.delete(user_id)
