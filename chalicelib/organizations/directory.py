"""The live organizations, read without the rest of the organizations service: its member lists reach
the users domain (and its deletion the invitations, and e-mail), and the queue worker's jobs (WQP answers,
downloads) need only the organizations' names and WQX ids. Keeping this apart keeps the worker's role from being granted the users and roles tables
(devtools/package_stack.CodeAccess follows every import)."""
from __future__ import annotations

from chalicelib.core.errors import NotFound
from chalicelib.organizations.models import Organization


def live_organizations() -> dict[str, Organization]:
    """Every organization not deleted, by id."""
    return {o.id: o for o in Organization.scan() if not o.deletedAt}


def live_organization(organization_id: str) -> Organization:
    """The organization, unless it does not exist or is deleted (404)."""
    try:
        organization = Organization.get(organization_id)
    except Organization.DoesNotExist:
        organization = None
    if organization is None or organization.deletedAt:
        raise NotFound("Organization not found.")
    return organization


def wqx_id_of(organization: Organization) -> str:
    """The organization's WQX organization id ("" when it has no WQX account)."""
    account = organization.wqxAccount
    if account is None:
        return ""
    return (account.as_dict() if hasattr(account, "as_dict") else dict(account)).get("wqxOrganizationId") or ""
