"""Users: provisioning from token claims, profile changes, deletion."""
from __future__ import annotations

import re
import uuid

from pynamodb.exceptions import DeleteError, PutError, UpdateError

from chalicelib import crud
from chalicelib.audit import service as audit
from chalicelib.auth.claims import verified_email
from chalicelib.core import versions
from chalicelib.core.config import get_settings
from chalicelib.auth.principal import Principal
from chalicelib.core.errors import AccountDeleted, BadRequest, Conflict, Forbidden, NotFound
from chalicelib.core.models import utc_now
from chalicelib.crud import migrations
from chalicelib.crud.listing import Listing, count_change
from chalicelib.reference.models import DELETED_USER, CatalogItem
from chalicelib.roles.service import SYSTEM_ADMIN, forget_cached_roles, granted_by, held_roles, roles_by_id
from chalicelib.users.models import LISTING, User, name_key

PROFILE_FIELDS = ("name", "currentOrganizationId", "preferences")
ADMIN_FIELDS = ("email", "name", "roles")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# What administrators list, search and sort: the default list (by name) a page at a time from the
# byNameKey index and a counter; searches and other orders scan (decision 0002).
USERS_LISTING = Listing(index="byNameKey", partition="listing", value=LISTING, counter="users")
USERS = crud.Collection(User, name="User", fields=("id", "email", "name", "roles", "preRegistered", "createdAt",
                                                   "updatedAt", "lastSeenAt"),
                        default_sort=(("name", "ASC"),), listing=USERS_LISTING)


def public(user: User) -> dict:
    """A user as the administrators' list shows them: not their preferences nor their current organization, which
    are theirs (the profile's)."""
    return {name: value for name, value in user.to_dict().items() if name in USERS.public_fields}


# The user's name in "Someone else changed this user after you loaded it" (chalicelib/core/versions.py).
USER = "user"


def get(user_id: str) -> User | None:
    try:
        return User.get(user_id)
    except User.DoesNotExist:
        return None


def get_or_404(user_id: str) -> User:
    user = get(user_id)
    if user is None:
        raise NotFound("User not found.")
    return user


ACCOUNT_DELETED = "This account has been deleted. Sign in again to start a new account."


def provision(claims: dict) -> tuple[User, bool]:
    """The user behind a verified token, created on the first authenticated call; (user, created)."""
    user_id = claims["sub"]
    email = (claims.get("email") or "").lower() or None
    user = get(user_id)
    verified = verified_email(claims)
    admin_by_config = bool(verified) and verified in get_settings().admin_emails
    if user is None:
        # auth_time, not iat: a token refreshed after the deletion still belongs to the sign-in before it.
        if _deleted_after(user_id, claims.get("auth_time", claims.get("iat"))):
            raise AccountDeleted(ACCOUNT_DELETED)
        user = User(id=user_id, email=email,
                    name=claims.get("name") or claims.get("preferred_username") or email or user_id,
                    roles=[SYSTEM_ADMIN] if admin_by_config else [], createdAt=utc_now())
        try:
            # Two first requests can race; the condition keeps the first and the loser re-reads it.
            user.save(condition=User.id.does_not_exist())
            count_change(USERS_LISTING, 1)
            return user, True
        except PutError:
            user = User.get(user_id)
    elif admin_by_config and SYSTEM_ADMIN not in (user.roles or []):
        user.update(actions=[User.roles.set((user.roles or []) + [SYSTEM_ADMIN]), User.updatedAt.set(utc_now())])
    return user, False


def with_email(email: str) -> list[User]:
    """The users whose sign-in (or an administrator's draft) has this email address (lower case)."""
    return list(User.by_email.query(email))


def pre_registered_with_email(email: str, except_id: str) -> list[User]:
    """Users an administrator created by email, not yet signed in (their id is not a token subject)."""
    return [u for u in with_email(email) if u.id != except_id and u.preRegistered]


def take_over(user: User, pre_registered: User) -> None:
    """Give a newly signed-in user what an administrator prepared: the system roles, the name the administrator gave
    (the people of the list keep the names they were given there) and the day the user was added; then drop the
    draft."""
    roles = sorted(set(user.roles or []) | set(pre_registered.roles or []))
    actions = [User.roles.set(roles), User.createdAt.set(pre_registered.createdAt), User.updatedAt.set(utc_now())]
    # A draft added without a name holds its email as its name: that is no name given.
    if pre_registered.name and pre_registered.name != pre_registered.email:
        actions.extend(User.name_set(pre_registered.name))
    user.update(actions=actions)
    _delete(pre_registered)  # a sign-in racing this one may have deleted it already


def _delete(user: User) -> bool:
    """Delete a user and count it (once, however many requests race to delete it); False when it
    was gone already."""
    try:
        user.delete(condition=User.id.exists())
    except DeleteError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    count_change(USERS_LISTING, -1)
    return True


def _record_deletion(user_id: str) -> None:
    """Remember when a signed-in person's account was deleted: the sessions they hold then end with it (their
    next request would otherwise create the account again); a sign-in after it starts a new account."""
    CatalogItem(id=f"{DELETED_USER}#{user_id}", kind=DELETED_USER, createdAt=utc_now()).save()


def _deleted_after(user_id: str, signed_in_at) -> bool:
    """Whether the account was deleted after a sign-in at `issued_at` (seconds since the epoch)."""
    from datetime import datetime, timezone

    try:
        deleted = CatalogItem.get(f"{DELETED_USER}#{user_id}")
    except CatalogItem.DoesNotExist:
        return False
    if not isinstance(signed_in_at, (int, float)):
        return True
    deleted_at = datetime.fromisoformat(deleted.createdAt.replace("Z", "+00:00"))
    return datetime.fromtimestamp(signed_in_at, timezone.utc) < deleted_at


def _email(value) -> str:
    if not isinstance(value, str) or not EMAIL.match(value.strip()):
        raise BadRequest("A valid email address is required.")
    return value.strip().lower()


def _name(value) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 200:
        raise BadRequest("Name must be between 1 and 200 characters.")
    return value.strip()


def _require_unique_email(email: str, user_id: str | None = None) -> None:
    if any(other.id != user_id for other in User.by_email.query(email)):
        raise Conflict(f"A user with email {email} already exists.")


def parse_role_ids(value) -> list[str]:
    """The ids of a list of roles given as ids or as role objects; a 400 for anything else."""
    if not isinstance(value, list):
        raise BadRequest("Roles must be a list of role ids or role objects.")
    ids = [r.get("id") if isinstance(r, dict) else r for r in value]
    if not all(isinstance(i, str) and i for i in ids):
        raise BadRequest("Every role must have an id.")
    return ids


def create(data: dict, principal: Principal | None = None) -> User:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    if data.get("id"):
        raise BadRequest("A new user has no id.")
    email = _email(data.get("email"))
    # No name given: the email stands for it (and follows a corrected email: admin_update).
    name = _name(data["name"]) if data.get("name") else email
    wanted_roles = parse_role_ids(data["roles"]) if data.get("roles") is not None else []
    # Everything is checked before anything is written: a refused user leaves no record behind.
    _check_roles(wanted_roles, [], principal)
    _require_unique_email(email)
    user = User(id=str(uuid.uuid4()), email=email, name=name, roles=[], preRegistered=True, createdAt=utc_now())
    user.save()
    count_change(USERS_LISTING, 1)
    audit.record("create", "user", user.id, after={"name": name, "email": email}, target_label=name)
    if wanted_roles:
        set_roles(user, wanted_roles, principal)
    return user


def admin_update(user_id: str, data: dict, principal: Principal | None = None,
                 expected: tuple[str, ...] | None = None) -> User:
    """An administrator's change to a user (email, name, roles), one write. `expected`: the versions the client
    read (If-Match); 412 when someone else changed the user since, checked on the user read and again as the
    write's condition."""
    user = get_or_404(user_id)
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    versions.require(user, expected, USER)
    unknown = sorted(set(data) - set(ADMIN_FIELDS) - {"id"} - set(User.get_attributes()))
    if unknown:
        raise BadRequest(f"Unknown user fields: {', '.join(unknown)}.")
    actions = [User.updatedAt.set(utc_now())]
    if "email" in data:
        email = _email(data["email"])
        if email != user.email:
            _require_unique_email(email, user.id)
        actions.append(User.email.set(email))
        if user.name == user.email and "name" not in data:  # no name was given: the email stood for it
            actions.extend(User.name_set(email))
    if "name" in data:
        actions.extend(User.name_set(_name(data["name"])))
    roles = parse_role_ids(data["roles"]) if data.get("roles") is not None else None
    roles_before = None
    if roles is not None:
        _check_roles(roles, list(user.roles or []), principal)
        held, kept = _kept_roles(user, roles)
        roles_before = {"roles": _role_names(list(user.roles or []), held)}
        actions.append(User.roles.set(kept))
    before = {"name": user.name, "email": user.email}
    _update(user, actions, expected)
    after = {"name": user.name, "email": user.email}
    if after != before:  # who changed an address or a name (role changes have their own entry)
        changed = [field for field in after if after[field] != before[field]]
        audit.record("update", "user", user.id, before={f: before[f] for f in changed},
                     after={f: after[f] for f in changed}, target_label=user.name or user.email)
    if roles_before is not None:
        _record_roles(user, roles_before, held)
    return get_or_404(user_id)


def update_profile(user: User, changes: dict, allowed_organization_ids: set[str]) -> User:
    unknown = sorted(set(changes) - set(PROFILE_FIELDS))
    if unknown:
        raise BadRequest(f"These profile fields cannot be changed: {', '.join(unknown)}.")
    actions = []
    if "name" in changes:
        name = changes["name"]
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise BadRequest("Name must be between 1 and 200 characters.")
        actions.extend(User.name_set(name.strip()))
    if "currentOrganizationId" in changes:
        org_id = changes["currentOrganizationId"]
        if org_id is not None and org_id not in allowed_organization_ids:
            raise BadRequest("You are not a member of that organization.")
        actions.append(User.currentOrganizationId.set(org_id) if org_id else User.currentOrganizationId.remove())
    if "preferences" in changes:
        if not isinstance(changes["preferences"], dict):
            raise BadRequest("Preferences must be an object.")
        actions.append(User.preferences.set(changes["preferences"]))
    if actions:
        actions.append(User.updatedAt.set(utc_now()))
        user.update(actions=actions)
    return user


def _check_roles(role_ids: list[str], held: list[str], principal: Principal | None) -> None:
    """Unknown roles are refused; so are roles the caller could not hold by what they hold (below)."""
    known = _current_roles(role_ids)
    # (A role deleted while the user held it, sent back by a dialog that listed it, is no request for it.)
    unknown = [rid for rid in role_ids if rid not in known and rid not in held]
    if unknown:
        raise BadRequest(f"Unknown role: {', '.join(unknown)}.")
    if principal is None or principal.is_system_admin:
        return
    changed = [known[rid] for rid in sorted(set(role_ids) ^ set(held)) if rid in known]
    beyond = [role.roleName for role in changed if not _grantable(role, principal)]
    if beyond:
        names = ", ".join(beyond)
        raise Forbidden(f"You cannot grant or take away a role with permissions you do not hold: {names}.")


def _current_roles(role_ids: list[str]) -> dict:
    """The roles by id, read again when one of `role_ids` is not among them (the list is cached a few seconds
    per process: a role made meanwhile elsewhere would be taken for unknown)."""
    known = roles_by_id()
    if any(rid not in known for rid in role_ids):
        forget_cached_roles()
        known = roles_by_id()
    return known


def _grantable(role, principal: Principal) -> bool:
    """A user manager grants only what they hold themselves; system-admin only a system administrator."""
    return role.id != SYSTEM_ADMIN and granted_by(role) <= principal.permissions


def require_may_manage(principal: Principal, user: User) -> None:
    """Nobody changes or deletes a user who holds a permission they lack (a system administrator, say)."""
    if principal.is_system_admin:
        return
    held = held_roles(list(user.roles or []))
    if any(not _grantable(role, principal) for role in held):
        raise Forbidden("You cannot change or delete a user who holds permissions you do not hold.")


def _update(user: User, actions: list, expected: tuple[str, ...] | None) -> None:
    """One write of a user, made only while the user still has a version of `expected` (None: in any case)."""
    try:
        user.update(actions=actions, condition=versions.condition(User, expected) if expected is not None else None)
    except UpdateError as exc:
        if expected is None or getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
            raise
        versions.require(get_or_404(user.id), expected, USER)  # changed in between (or deleted: 404)
        raise


def set_roles(user: User, role_ids: list[str], principal: Principal | None = None,
              expected: tuple[str, ...] | None = None) -> User:
    """Replace a user's system roles. `expected`: the versions of the user the client read (If-Match), as for
    admin_update: a 412 when someone else changed the user since (their roles, name or email)."""
    versions.require(user, expected, USER)
    _check_roles(role_ids, list(user.roles or []), principal)
    known, kept = _kept_roles(user, role_ids)
    before = {"roles": _role_names(list(user.roles or []), known)}
    _update(user, [User.roles.set(kept), User.updatedAt.set(utc_now())], expected)
    _record_roles(user, before, known)
    return user


def _kept_roles(user: User, role_ids: list[str]) -> tuple[dict, list[str]]:
    """(the roles by id, read again when needed; the ids of `role_ids` that name a role, as the user keeps them)."""
    known = _current_roles(role_ids + list(user.roles or []))
    return known, sorted({rid for rid in role_ids if rid in known})


def _role_names(role_ids: list[str], known: dict) -> list[str]:
    # The trail keeps the roles' names as they are now: read after a role's deletion, an id says nothing.
    return [known[rid].roleName if rid in known else rid for rid in role_ids]


def _record_roles(user: User, before: dict, known: dict) -> None:
    audit.record("update", "user-roles", user.id, before=before, after={"roles": _role_names(list(user.roles), known)},
                 target_label=user.name or user.email)


def get_many(user_ids: list[str]) -> dict[str, User]:
    return {u.id: u for u in User.batch_get(list(dict.fromkeys(user_ids)))} if user_ids else {}


def search(query_params) -> list | dict:
    """Users matching a collection query (the spec's query language), by name unless sorted."""
    _ensure_name_keys()
    return crud.search(USERS, query_params)


NAME_KEYS_DONE = "migration#users-nameKey"


def _ensure_name_keys() -> None:
    """Users written before nameKey existed are in no page of the default list: each gets it, once per stack."""
    def fill() -> None:
        for user in User.scan(User.nameKey.does_not_exist()):
            user.update(actions=[User.nameKey.set(name_key(user.name))])

    migrations.once(NAME_KEYS_DONE, fill)


def delete(user_id: str) -> None:
    user = get_or_404(user_id)
    if not _delete(user):
        raise NotFound("User not found.")
    if not user.preRegistered:  # a draft never signed in: no session to end
        _record_deletion(user_id)
    audit.record("delete", "user", user_id, before={"name": user.name, "email": user.email})


def roles_of(user: User) -> list[dict]:
    known = roles_by_id()
    return [{"id": rid, "roleName": known[rid].roleName if rid in known else rid} for rid in user.roles or []]
