"""Scopes for organization-owned data: the organizations whose data the caller may change.

A scope is a collection search condition (chalicelib/crud): reads and writes are limited to it.
"""
from __future__ import annotations

from chalicelib.auth.principal import Principal, require_principal
from chalicelib.auth.rules import CONTRIBUTOR
from chalicelib.core.errors import Forbidden

NOT_A_CONTRIBUTOR = "You need to be a data contributor or group administrator of an organization to do this."


def contributor_organizations(principal: Principal) -> list[str]:
    """Organizations where the caller is a data-contributor or group-admin."""
    return sorted(org for org, role in principal.memberships.items() if role in CONTRIBUTOR)


def may_write(principal: Principal | None, organization_id: str | None) -> bool:
    if principal is None:
        return False
    if principal.is_system_admin:
        return True
    return organization_id is not None and principal.role_in(organization_id) in CONTRIBUTOR


def contributor_scope() -> dict | None:
    """None (no limit) for system administrators; else the caller's contributor organizations."""
    principal = require_principal()
    if principal.is_system_admin:
        return None
    organizations = contributor_organizations(principal)
    if not organizations:
        raise Forbidden(NOT_A_CONTRIBUTOR)
    if len(organizations) == 1:
        return {"organizationId": organizations[0]}
    return {"organizationId": {"$in": organizations}}


def require_write(organization_id) -> None:
    """403 unless the caller may change the data of this organization (a 400 when none is named)."""
    from chalicelib.core.errors import BadRequest

    if not isinstance(organization_id, str) or not organization_id:
        raise BadRequest("organizationId is required.")
    if not may_write(require_principal(), organization_id):
        raise Forbidden("You need to be a data contributor or group administrator of this organization.")
    from chalicelib.organizations import service as organizations

    organizations.get(organization_id)  # a deleted organization takes no more data (404)
