"""System roles, the permission catalogue, and what a set of roles may do."""
from __future__ import annotations

import json
import time
import uuid
from functools import lru_cache
from pathlib import Path

from pynamodb.exceptions import PutError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib import crud
from chalicelib.audit import service as audit
from chalicelib.core import versions
from chalicelib.core.errors import BadRequest, Conflict, Forbidden, NotFound
from chalicelib.core.models import utc_now
from chalicelib.core.names import checked_name, name_key
from chalicelib.core.uniques import UniqueClaim, claim_key, was_conflict
from chalicelib.roles.models import Role

SYSTEM_ADMIN = "system-admin"
# Built-in roles: id == name; their names are taken for every other role too, whatever the case.
BUILT_IN_NAMES = (SYSTEM_ADMIN,)
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
    """Create the system-admin role and the claim on its name if missing (idempotent; run by the seed
    and on deploy)."""
    try:
        Role.get(SYSTEM_ADMIN)
    except Role.DoesNotExist:
        Role(id=SYSTEM_ADMIN, roleName=SYSTEM_ADMIN, description="Administers the whole system",
             permissions=sorted(all_permission_keys()), builtIn=True, createdAt=utc_now()).save()
        forget_cached_roles()
    try:
        UniqueClaim(key=_name_claim(SYSTEM_ADMIN), targetId=SYSTEM_ADMIN).save(
            condition=UniqueClaim.key.does_not_exist())
    except PutError:
        pass  # claimed already


def held_roles(role_ids: list[str]) -> list[Role]:
    """The role records behind a user's role ids (ids of deleted roles are skipped)."""
    roles = roles_by_id()
    return [roles[rid] for rid in role_ids if rid in roles]


def granted_by(role: Role) -> frozenset[str]:
    """What one role record grants: the built-in system-admin record all permissions (the catalogue may
    grow after it was stored), any other role the permissions stored in it. Never decided by a name."""
    if role.builtIn and role.id == SYSTEM_ADMIN:
        return all_permission_keys()
    return frozenset(role.permissions or [])


def permissions_of(roles: list[Role]) -> frozenset[str]:
    return frozenset().union(*(granted_by(role) for role in roles))


def _name_claim(name: str) -> str:
    return claim_key("role-name", "system", name_key(name))


def _name_taken(name: str) -> Conflict:
    """409 naming the role that holds the name already (its own spelling)."""
    holder = next((b for b in BUILT_IN_NAMES if name_key(b) == name_key(name)), None)
    if holder is None:
        holder_id = _claim_target(name)
        holder = roles_by_id()[holder_id].roleName if holder_id in roles_by_id() else name
    return Conflict(f"A role named {holder} already exists.")


def _role_name(value) -> str:
    """The name as stored (chalicelib/core/names.py: one rule for every name people give)."""
    name = checked_name(value, ROLE_NAME_ONE_LINE) if isinstance(value, str) else ""
    if not name:
        raise BadRequest("Role name is required.")
    if len(name) > 80:
        raise BadRequest("Role name must be at most 80 characters.")
    return name


ROLE_NAME_ONE_LINE = "Role name must be one line of text, without tabs or line breaks."
MAX_DESCRIPTION = 5_000


def _description(value) -> str | None:
    # Anything but text had been a 500 (the store refused it).
    if value is not None and (not isinstance(value, str) or len(value) > MAX_DESCRIPTION):
        raise BadRequest("Role description must be text of at most 5,000 characters.")
    return value


def _permissions(value) -> list[str]:
    if not isinstance(value, list):
        raise BadRequest("Permissions must be a list of permission ids or objects.")
    keys = [p.get("key") or p.get("id") if isinstance(p, dict) else p for p in value]
    unknown = sorted({k for k in keys if k not in all_permission_keys()}, key=str)
    if unknown:
        raise BadRequest(f"Unknown permission: {', '.join(map(str, unknown))}.")
    return sorted(set(keys))


def _available_name(name: str) -> str:
    """The name, unless a built-in role has it (their claims may predate this check, so ask directly)."""
    if any(name_key(name) == name_key(built_in) for built_in in BUILT_IN_NAMES):
        raise _name_taken(name)
    return name


def _claim_target(name: str) -> str | None:
    try:
        return UniqueClaim.get(_name_claim(name)).targetId
    except UniqueClaim.DoesNotExist:
        return None


def _audited(role: Role) -> dict:
    return {"roleName": role.roleName, "description": role.description, "permissions": list(role.permissions or [])}


def get(role_id: str) -> Role:
    try:
        return Role.get(role_id)
    except Role.DoesNotExist as exc:
        raise NotFound("Role not found.") from exc


ROLES = crud.Collection(Role, name="Role", default_sort=(("roleName", "ASC"),))
# The role's name in "Someone else changed this role after you loaded it" (chalicelib/core/versions.py).
ROLE = "role"


def search(query_params) -> list | dict:
    """Roles matching a collection query, by name unless sorted."""
    return crud.search(ROLES, query_params)


def _check_may_change(principal, given: frozenset[str], taken: frozenset[str] = frozenset(),
                      role: Role | None = None) -> None:
    """A role manager gives and takes away only permissions they hold themselves, and changes or deletes no
    role that grants one they lack (else they could grant themselves any permission through a role they hold).
    A system administrator holds them all; no caller (scripts, the seed): no check."""
    if principal is None or principal.is_system_admin:
        return
    if role is not None and not granted_by(role) <= principal.permissions:
        raise Forbidden(f"You cannot change or delete a role with permissions you do not hold: {role.roleName}.")
    beyond = sorted((given | taken) - principal.permissions)
    if beyond:
        raise Forbidden(f"You cannot grant or take away permissions you do not hold: {', '.join(beyond)}.")


def create(data: dict, principal=None) -> Role:
    name = _available_name(_role_name(data.get("roleName")))
    permissions = _permissions(data.get("permissions", []))
    _check_may_change(principal, frozenset(permissions))
    role = Role(id=str(uuid.uuid4()), roleName=name, description=_description(data.get("description")),
                permissions=permissions, builtIn=False, createdAt=utc_now())
    try:
        with TransactWrite(connection=Role._get_connection().connection) as transaction:
            transaction.save(UniqueClaim(key=_name_claim(name), targetId=role.id),
                             condition=UniqueClaim.key.does_not_exist())
            transaction.save(role)
    except TransactWriteError as exc:
        if was_conflict(exc):
            raise _name_taken(name) from exc
        raise
    forget_cached_roles()
    audit.record("create", "role", role.id, after=_audited(role))
    return role


def update(role_id: str, data: dict, principal=None, expected: tuple[str, ...] | None = None) -> Role:
    """`expected`: the versions the client read (If-Match); 412 when someone else changed the role since, checked
    on the role read and again as the write's condition (a change saved between the two counts too)."""
    role = get(role_id)
    if role.builtIn:
        raise Forbidden("Built-in roles cannot be changed.")
    _check_may_change(principal, frozenset(), role=role)
    versions.require(role, expected, ROLE)
    before = _audited(role)  # the update below changes `role` in place
    actions = [Role.updatedAt.set(utc_now())]
    if "description" in data:
        actions.append(Role.description.set(_description(data["description"])))
    if "permissions" in data:
        permissions, held = _permissions(data["permissions"]), frozenset(role.permissions or [])
        _check_may_change(principal, frozenset(permissions) - held, held - frozenset(permissions))
        actions.append(Role.permissions.set(permissions))
    unchanged = versions.condition(Role, expected) if expected is not None else None
    if "roleName" in data and _role_name(data["roleName"]) != role.roleName:
        name = _role_name(data["roleName"])
        if _name_claim(name) != _name_claim(role.roleName):
            _available_name(name)
        try:
            with TransactWrite(connection=Role._get_connection().connection) as transaction:
                if _name_claim(name) != _name_claim(role.roleName):
                    transaction.save(UniqueClaim(key=_name_claim(name), targetId=role.id),
                                     condition=UniqueClaim.key.does_not_exist())
                    transaction.delete(UniqueClaim(key=_name_claim(role.roleName)))
                transaction.update(role, actions=actions + [Role.roleName.set(name)], condition=unchanged)
        except TransactWriteError as exc:
            if expected is not None:  # the claim's condition or the version's: the version is asked first
                versions.require(get(role_id), expected, ROLE)
            if was_conflict(exc):
                raise _name_taken(name) from exc
            raise
    else:
        try:
            role.update(actions=actions, condition=unchanged)
        except UpdateError as exc:
            if unchanged is None or getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
            versions.require(get(role_id), expected, ROLE)  # changed in between (or deleted: 404)
            raise
    forget_cached_roles()
    changed = get(role_id)
    audit.record("update", "role", role_id, before=before, after=_audited(changed))
    return changed


def set_permissions(role_id: str, permissions, principal=None, expected: tuple[str, ...] | None = None) -> Role:
    return update(role_id, {"permissions": permissions}, principal, expected)


def delete(role_id: str, principal=None) -> None:
    role = get(role_id)
    if role.builtIn:
        raise Forbidden("Built-in roles cannot be deleted.")
    _check_may_change(principal, frozenset(), role=role)
    with TransactWrite(connection=Role._get_connection().connection) as transaction:
        # Only the role's own claim goes: a look-alike stored before names were unique has none.
        if _claim_target(role.roleName) == role.id:
            transaction.delete(UniqueClaim(key=_name_claim(role.roleName)))
        transaction.delete(role)
    forget_cached_roles()
    _take_from_users(role_id)
    audit.record("delete", "role", role_id, before=_audited(role))


def _take_from_users(role_id: str) -> None:
    """A deleted role leaves its users' lists (it had stayed there as a bare id, and their Roles dialog could not
    be saved). Deleting a role is rare: its users are found by a Scan."""
    from chalicelib.users.models import User

    for user in User.scan(User.roles.contains(role_id)):  # a change to the user: their version moves (If-Match)
        user.update(actions=[User.roles.set([held for held in user.roles or [] if held != role_id]),
                             User.updatedAt.set(utc_now())])


def granted_permissions(role: Role) -> list[dict]:
    """The catalogue entries a role grants."""
    granted = granted_by(role)
    return [p for p in permission_catalogue() if p["key"] in granted]
