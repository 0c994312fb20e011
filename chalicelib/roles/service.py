"""System roles, the permission catalogue, and what a set of roles may do."""
from __future__ import annotations

import json
import time
from functools import lru_cache
from pathlib import Path

from chalicelib.core.models import utc_now
from chalicelib.roles.models import Role

SYSTEM_ADMIN = "system-admin"
_CATALOGUE = Path(__file__).resolve().parent.parent / "data" / "permissions.json"
_ROLES_TTL_SECONDS = 10
_cache: dict = {"at": 0.0, "roles": {}}


@lru_cache(maxsize=1)
def permission_catalogue() -> list[dict]:
    return json.loads(_CATALOGUE.read_text())


def all_permission_keys() -> frozenset[str]:
    return frozenset(p["key"] for p in permission_catalogue())


def roles_by_id() -> dict[str, Role]:
    """All roles, cached for a few seconds: every signed-in request needs them and the table is tiny."""
    if time.monotonic() - _cache["at"] > _ROLES_TTL_SECONDS:
        _cache["roles"] = {role.id: role for role in Role.scan()}
        _cache["at"] = time.monotonic()
    return _cache["roles"]


def forget_cached_roles() -> None:
    _cache["at"] = 0.0


def ensure_built_in_roles() -> None:
    """Create the system-admin role if missing (idempotent; run by the seed and on deploy)."""
    try:
        Role.get(SYSTEM_ADMIN)
    except Role.DoesNotExist:
        Role(id=SYSTEM_ADMIN, roleName=SYSTEM_ADMIN, description="Administers the whole system",
             permissions=sorted(all_permission_keys()), builtIn=True, createdAt=utc_now()).save()
        forget_cached_roles()


def role_names(role_ids: list[str]) -> list[str]:
    roles = roles_by_id()
    return [roles[rid].roleName if rid in roles else rid for rid in role_ids]


def permissions_of(role_names_held: list[str], role_ids: list[str]) -> frozenset[str]:
    if SYSTEM_ADMIN in role_names_held:
        return all_permission_keys()
    roles = roles_by_id()
    granted: set[str] = set()
    for rid in role_ids:
        if rid in roles:
            granted.update(roles[rid].permissions or [])
    return frozenset(granted)
