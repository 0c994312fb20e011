"""Authorization rules declared next to each route; the same rules as the browser's role checks.

- An empty or absent requirement always passes; an empty role list passes for a signed-in user.
- System roles: the user needs at least one of the listed built-in roles (by id: a role's name is a
  label any administrator may choose, so it never grants anything).
- Organization roles: a system-admin passes every organization check; otherwise the user's role in
  that same organization must be in the allowed list.
"""
from __future__ import annotations

from dataclasses import dataclass
from chalicelib.auth.principal import Principal
from chalicelib.core.errors import Forbidden, Unauthorized

FORBIDDEN = "You do not have permission to do this."
# A refusal by an organization's roles says which role would let the caller do it.
NEEDS_CONTRIBUTOR = "You need to be a data contributor or group administrator of this organization."
NEEDS_GROUP_ADMIN = "You need to be a group administrator of this organization."
NEEDS_MEMBER = "You need to be a member of this organization."
# The header of an organization's API key (chalicelib/apikeys), taken only by the rules that say so.
API_KEY_HEADER = "x-api-key"
API_KEY_NOT_TAKEN = ("An API key is taken only by a push of values (POST /wapi/{projectId}/ts); this route needs a "
                     "bearer token: Authorization: Bearer <token>.")


class Rule:
    requires_sign_in = True
    accepts_api_key = False

    def check(self, principal: Principal | None, params: dict) -> None:
        if principal is None:
            raise Unauthorized("Sign-in required.")
        if not self.allows(principal, params):
            raise Forbidden(refusal(self))

    def allows(self, principal: Principal, params: dict) -> bool:
        return True

    def refuse_api_key_alone(self, principal: Principal | None, headers) -> None:
        """A 401 that says why an API key without a token is not enough here, where "Sign-in required." left a
        script's author looking for what was wrong with the key."""
        if (principal is None and self.requires_sign_in and not self.accepts_api_key
                and headers.get(API_KEY_HEADER) is not None):
            raise Unauthorized(API_KEY_NOT_TAKEN)


class Public(Rule):
    requires_sign_in = False

    def check(self, principal, params) -> None:
        return None


class SignedIn(Rule):
    pass


@dataclass(frozen=True)
class SystemRoles(Rule):
    roles: tuple[str, ...] = ()

    def allows(self, principal, params) -> bool:
        return has_system_roles(principal, self.roles)


@dataclass(frozen=True)
class Permission(Rule):
    key: str = ""

    def allows(self, principal, params) -> bool:
        return self.key in principal.permissions


@dataclass(frozen=True)
class OrgRoles(Rule):
    """The caller's role in the organization named by a URL parameter must be one of `roles`."""

    roles: tuple[str, ...] = ()
    param: str = "organizationId"

    def allows(self, principal, params) -> bool:
        return has_org_role(principal, params.get(self.param), self.roles)


@dataclass(frozen=True)
class AnyOf(Rule):
    rules: tuple[Rule, ...] = ()

    def allows(self, principal, params) -> bool:
        return any(rule.allows(principal, params) for rule in self.rules)


def refusal(rule: Rule) -> str:
    """The message of a 403: the organization role that would let the caller do it, where the rule names one
    (of an any-of rule, its organization rule: a system role is not something to ask for)."""
    organization_rule = next((r for r in (rule.rules if isinstance(rule, AnyOf) else (rule,)) if isinstance(r, OrgRoles)),
                             None)
    roles = set(organization_rule.roles) if organization_rule else set()
    if roles == set(CONTRIBUTOR):
        return NEEDS_CONTRIBUTOR
    if roles == set(GROUP_ADMIN):
        return NEEDS_GROUP_ADMIN
    if roles == set(MEMBER):
        return NEEDS_MEMBER
    return FORBIDDEN


def has_system_roles(principal: Principal | None, required) -> bool:
    if required is None or (not required and principal is not None):
        return True
    if principal is None:
        return False
    return any(role_id in required for role_id in principal.system_role_ids)


def has_org_role(principal: Principal | None, organization_id: str | None, allowed) -> bool:
    if principal is None:
        return False
    if principal.is_system_admin:
        return True
    role = principal.role_in(organization_id) if organization_id else None
    return role is not None and role in allowed


MEMBER = ("simple-user", "data-contributor", "group-admin")
CONTRIBUTOR = ("data-contributor", "group-admin")
GROUP_ADMIN = ("group-admin",)

public = Public()
signed_in = SignedIn()


def system_roles(*names: str) -> SystemRoles:
    return SystemRoles(tuple(names))


def permission(key: str) -> Permission:
    return Permission(key)


def org_roles(*roles: str, param: str = "organizationId") -> OrgRoles:
    return OrgRoles(tuple(roles), param)


def any_of(*rules: Rule) -> AnyOf:
    return AnyOf(tuple(rules))

