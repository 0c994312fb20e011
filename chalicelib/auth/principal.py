"""Who is calling: the verified token's user, their system roles, permissions and memberships."""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field

from chalicelib.core.errors import Unauthorized

SYSTEM_ADMIN = "system-admin"


@dataclass(frozen=True)
class Principal:
    user: dict
    # (role id, role name) of each system role held; checks go by id, as names are only labels
    system_roles: tuple[tuple[str, str], ...] = ()
    permissions: frozenset[str] = frozenset()
    # organizationId -> member roleName
    memberships: dict[str, str] = field(default_factory=dict)
    # The email of this sign-in's token when the identity provider says it is verified (else None):
    # what an invitation is matched against (docs/decisions/0007-invitations-tokens-and-email.md).
    verified_email: str | None = None

    @property
    def id(self) -> str:
        return self.user["id"]

    @property
    def is_system_admin(self) -> bool:
        return SYSTEM_ADMIN in self.system_role_ids

    @property
    def system_role_ids(self) -> tuple[str, ...]:
        return tuple(role_id for role_id, _ in self.system_roles)

    def role_in(self, organization_id: str) -> str | None:
        return self.memberships.get(organization_id)


_current: contextvars.ContextVar[Principal | None] = contextvars.ContextVar("principal", default=None)


def set_current(principal: Principal | None) -> None:
    _current.set(principal)


def current_principal() -> Principal | None:
    """The signed-in caller, or None for an anonymous request."""
    return _current.get()


def current_principal_id() -> str | None:
    """The signed-in caller's id, or None for an anonymous request."""
    principal = _current.get()
    return principal.id if principal else None


def require_principal() -> Principal:
    principal = _current.get()
    if principal is None:
        raise Unauthorized("Sign-in required.")
    return principal
