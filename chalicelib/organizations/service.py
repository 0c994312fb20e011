"""Organizations and their members (no HTTP in here)."""
from __future__ import annotations

import json
import re
import uuid

from pynamodb.exceptions import DeleteError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib import crud
from chalicelib.audit import service as audit
from chalicelib.core import versions
from chalicelib.core.errors import BadRequest, Conflict, NotFound, PreconditionFailed
from chalicelib.core.models import utc_now
from chalicelib.core.names import checked_name, name_key
from chalicelib.organizations.directory import live_organization, wqx_id_of
from chalicelib.organizations.models import MEMBER_ROLES, Membership, Organization
from chalicelib.reference.models import ORGANIZATION_NAME, CatalogItem
from chalicelib.system.service import DEFAULT_SETTINGS, MAP_SERVICE, check_map_service
from chalicelib.users import service as users

EDITABLE_FIELDS = ("name", "description", "website", "contact")
# What anyone may read of an organization: not its WQX account nor the inner details of its settings.
PUBLIC_FIELDS = ("id", "name", *EDITABLE_FIELDS[1:], "createdAt", "updatedAt", "deletedAt")
TEXT_LIMITS = {"description": 5_000, "website": 500, "contact": 500}
WEBSITE = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.IGNORECASE)
SETTING_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
MAX_SETTING_BYTES = 32_000
GROUP_ADMIN = "group-admin"
MEMBER_NOT_FOUND = "Member not found."
LAST_GROUP_ADMIN = ("An organization needs at least one group administrator: make someone else a group administrator "
                    "first.")


ROLE_NAME_REQUIRED = f"roleName is required: one of {', '.join(MEMBER_ROLES)}."


def validate_member_role(role_name) -> str:
    if role_name is None:
        raise BadRequest(ROLE_NAME_REQUIRED)
    if role_name not in MEMBER_ROLES:
        raise BadRequest(f"Unknown role name {role_name!r}. Expected one of: {', '.join(MEMBER_ROLES)}.")
    return role_name


NAME_NOT_ONE_LINE = "Organization name must be one line of text, without tabs or line breaks."


def _validated_fields(data: dict, creating: bool) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    fields = {k: data[k] for k in EDITABLE_FIELDS if k in data}
    if creating or "name" in fields:
        name = fields.get("name")
        # It is written into emails' subjects and files' cells: one line of text, stored tidied (core/names).
        name = checked_name(name, NAME_NOT_ONE_LINE) if isinstance(name, str) else ""
        if not name:
            raise BadRequest("Organization name is required.")
        if len(name) > 200:
            raise BadRequest("Organization name must be at most 200 characters.")
        fields["name"] = name
    for name, limit in TEXT_LIMITS.items():
        if name in fields and fields[name] is not None:
            if not isinstance(fields[name], str):
                raise BadRequest(f"{name} must be text.")
            fields[name] = fields[name].strip() or None
            if fields[name] and len(fields[name]) > limit:
                _too_long(name)
    if fields.get("website") and not WEBSITE.match(fields["website"]):
        raise BadRequest("The website must be an http(s) address, such as https://example.org.")
    return fields


def _too_long(name: str) -> None:
    """Says which field is too long as the organization's dialog names it."""
    if name == "description":
        raise BadRequest("The description must be at most 5,000 characters.")
    if name == "contact":
        raise BadRequest("The contact must be at most 500 characters.")
    raise BadRequest("The website address must be at most 500 characters.")


NAME_TAKEN = "An organization with this name already exists."


NAME_IS_A_WQX_ID = ("Another organization's WQX organization id is {name}; the Water Quality Portal services "
                    "would not tell the two organizations apart. Choose another name.")


def _require_unique_name(name: str, organization_id: str | None = None) -> None:
    """Two organizations of one name could not be told apart (and one could pass for the other). The names
    claimed (below) settle two requests at the same moment; this looks at the organizations too, for those
    named before names were claimed. The WQP services also find an organization by its WQX id: a name may not
    be another organization's WQX id either."""
    wanted = name_key(name)
    for other in _other_live_organizations(organization_id):
        if name_key(other.name or "") == wanted:
            raise Conflict(NAME_TAKEN)
        if name_key(wqx_id_of(other)) == wanted:
            raise Conflict(NAME_IS_A_WQX_ID.format(name=name))


def identifier_holder(identifier: str, organization_id: str) -> Organization | None:
    """Another live organization the WQP services would find by `identifier` (its id, name or WQX id, in any
    letters), if there is one."""
    wanted = name_key(identifier)
    return next((other for other in _other_live_organizations(organization_id)
                 if wanted in {name_key(other.id), name_key(other.name or ""), name_key(wqx_id_of(other))}), None)


def _other_live_organizations(organization_id: str | None):
    return (other for other in Organization.scan(Organization.deletedAt.does_not_exist(),
                                                 attributes_to_get=["id", "name", "wqxAccount"])
            if other.id != organization_id)


def _name_claim(name: str, organization_id: str) -> CatalogItem:
    """The catalog record that holds a name (in any letters) for one organization: written in one transaction
    with the organization, on the condition that no other organization holds it. Names that look the same are one
    name (core/names); a name of plain letters, digits and single spaces keeps the record it had before."""
    return CatalogItem(id=f"{ORGANIZATION_NAME}#{name_key(name)}", kind=ORGANIZATION_NAME, label=name,
                       organizationId=organization_id, createdAt=utc_now())


def _claim_condition(organization_id: str):
    return CatalogItem.id.does_not_exist() | (CatalogItem.organizationId == organization_id)


def _transaction() -> TransactWrite:
    return TransactWrite(connection=Organization._get_connection().connection)


def _name_held_by_another(name: str, organization_id: str) -> bool:
    """After a refused transaction: whether the name is why (the cancellation reasons would say, but the local
    moto server lists them in the wrong places)."""
    try:
        holder = CatalogItem.get(_name_claim(name, organization_id).id, consistent_read=True)
    except CatalogItem.DoesNotExist:
        return False
    return holder.organizationId != organization_id


def public(organization: Organization) -> dict:
    return {k: v for k, v in organization.to_dict().items() if k in PUBLIC_FIELDS}


def get(organization_id: str) -> Organization:
    return live_organization(organization_id)


def create(data: dict, organization_id: str | None = None) -> Organization:
    fields = _validated_fields(data, creating=True)
    _require_unique_name(fields["name"])
    organization = Organization(id=organization_id or str(uuid.uuid4()), createdAt=utc_now(), **fields)
    try:
        with _transaction() as transaction:
            transaction.save(_name_claim(organization.name, organization.id),
                             condition=_claim_condition(organization.id))
            transaction.save(organization, condition=Organization.id.does_not_exist())
    except TransactWriteError as exc:
        if _name_held_by_another(organization.name, organization.id):
            raise Conflict(NAME_TAKEN) from exc
        if Organization.count(organization.id, consistent_read=True):
            raise Conflict("An organization with this id already exists.") from exc
        raise
    return organization


def update(organization_id: str, data: dict, expected: tuple[str, ...] | None = None) -> Organization:
    """`expected`: the versions the client read (If-Match); 412 when someone else changed it since."""
    organization = get(organization_id)
    versions.require(organization, expected, "organization")
    fields = _validated_fields(data, creating=False)
    renamed = bool(fields.get("name")) and name_key(fields["name"]) != name_key(organization.name or "")
    if renamed:
        _require_unique_name(fields["name"], organization_id)
    if fields:
        before = {name: getattr(organization, name) for name in fields}
        actions = [getattr(Organization, k).set(v) for k, v in fields.items()] + [Organization.updatedAt.set(utc_now())]
        unchanged = versions.condition(Organization, expected) if expected is not None else None
        if renamed:  # the new name claimed and the old one let go with the change, or nothing of it
            try:
                with _transaction() as transaction:
                    transaction.save(_name_claim(fields["name"], organization_id),
                                     condition=_claim_condition(organization_id))
                    transaction.delete(_name_claim(organization.name or "", organization_id),
                                       condition=_claim_condition(organization_id))
                    transaction.update(organization, actions=actions, condition=unchanged)
            except TransactWriteError as exc:
                if _name_held_by_another(fields["name"], organization_id):
                    raise Conflict(NAME_TAKEN) from exc
                versions.require(get(organization_id), expected, "organization")
                raise
            organization.refresh()
        else:
            try:
                organization.update(actions=actions, condition=unchanged)
            except UpdateError as exc:
                if unchanged is None or getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                    raise
                versions.require(get(organization_id), expected, "organization")
                raise
        audit.record("update", "organization", organization_id, before=before, after=fields,
                     organization_id=organization_id)
    return organization


def delete(organization_id: str) -> None:
    """Deletes the organization and takes what it held off the portal: its members lose access, its open
    invitations are revoked, its projects and stations are deleted (the stations by the queue worker when
    there is one: an organization may hold many)."""
    from chalicelib.invitations import service as invitations
    from chalicelib.organizations import retire, wqx

    organization = get(organization_id)
    with _transaction() as transaction:  # its name is free for another organization
        transaction.update(organization, actions=[Organization.deletedAt.set(utc_now())])
        transaction.delete(_name_claim(organization.name or "", organization_id),
                           condition=_claim_condition(organization_id))
    for item in Membership.query(organization_id):
        item.delete()
    wqx.forget_account(organization)
    invitations.revoke_all_of(organization_id)
    retire.start(organization_id)
    audit.record("delete", "organization", organization_id, before={"name": organization.name},
                 organization_id=organization_id)


def members(organization_id: str) -> list[Membership]:
    get(organization_id)
    return list(Membership.query(organization_id))


def memberships_of(user_id: str) -> list[Membership]:
    return list(Membership.by_user.query(user_id))


def membership(organization_id: str, user_id: str) -> Membership | None:
    try:
        return Membership.get(organization_id, user_id)
    except Membership.DoesNotExist:
        return None


def _without_group_admin(member: Membership, change) -> None:
    """Demotes or removes a group-admin in one transaction with a check that another group-admin stays:
    two group-admins demoting each other at the same moment cannot leave the organization without one
    (nobody could manage it after). `change(transaction)` adds the member's update or delete."""
    for _ in range(3):  # the other group-admin checked may change meanwhile: look again
        witness = next((m for m in Membership.query(member.organizationId)
                        if m.roleName == GROUP_ADMIN and m.userId != member.userId), None)
        if witness is None:
            raise Conflict(LAST_GROUP_ADMIN)
        try:
            with TransactWrite(connection=Membership._get_connection().connection) as transaction:
                transaction.condition_check(Membership, witness.organizationId, witness.userId,
                                            condition=Membership.roleName == GROUP_ADMIN)
                change(transaction)
        except TransactWriteError:
            if membership(member.organizationId, member.userId) is None:  # removed meanwhile by someone else
                raise NotFound(MEMBER_NOT_FOUND) from None
            continue
        return
    raise Conflict(LAST_GROUP_ADMIN)


def set_member_role(organization_id: str, user_id: str, role_name: str, *, may_add: bool = True) -> Membership:
    """A member's new role; a new member only where `may_add` (an accepted invitation, a system administrator):
    a group administrator invites people, who then choose to join."""
    validate_member_role(role_name)
    get(organization_id)
    existing = membership(organization_id, user_id)
    if existing is None and not may_add:
        raise NotFound("This person is not a member of the organization: invite them instead.")
    now = utc_now()
    before = {"roleName": existing.roleName} if existing is not None else None
    if existing is None:
        existing = Membership(organizationId=organization_id, userId=user_id, roleName=role_name, createdAt=now)
        existing.save()
    elif existing.roleName == GROUP_ADMIN and role_name != GROUP_ADMIN:
        member = existing
        _without_group_admin(member, lambda transaction: transaction.update(
            member, actions=[Membership.roleName.set(role_name), Membership.updatedAt.set(now)],
            condition=Membership.roleName == GROUP_ADMIN))
        existing.roleName, existing.updatedAt = role_name, now
    else:
        # Only while the membership is there: a role change must not bring back someone removed meanwhile.
        _still_member(lambda: existing.update(actions=[Membership.roleName.set(role_name), Membership.updatedAt.set(now)],
                                              condition=Membership.userId.exists()))
    audit.record("update" if before else "create", "member", user_id, before=before, after={"roleName": role_name},
                 target_label=_person(user_id),
                 organization_id=organization_id)
    return existing


def _still_member(write) -> None:
    """A write of a membership conditioned on its being there: 404 when someone removed it meanwhile."""
    try:
        write()
    except (UpdateError, DeleteError) as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise NotFound(MEMBER_NOT_FOUND) from exc
        raise


def remove_member(organization_id: str, user_id: str) -> None:
    existing = membership(organization_id, user_id)
    if existing is None:
        raise NotFound(MEMBER_NOT_FOUND)
    if existing.roleName == GROUP_ADMIN:
        _without_group_admin(existing, lambda transaction: transaction.delete(
            existing, condition=Membership.roleName == GROUP_ADMIN))
    else:
        _still_member(lambda: existing.delete(condition=Membership.userId.exists()))
    audit.record("delete", "member", user_id, before={"roleName": existing.roleName}, organization_id=organization_id,
                 target_label=_person(user_id))


def _person(user_id: str) -> str | None:
    """What the audit trail calls a member, kept for when the account is gone."""
    user = users.get(user_id)
    return (user.name or user.email) if user else None


def remove_user_everywhere(user_id: str) -> None:
    for item in memberships_of(user_id):
        item.delete()


ORGANIZATIONS = crud.Collection(Organization, name="Organization", fields=PUBLIC_FIELDS, default_sort=(("name", "ASC"),),
                                deleted_for_admins_only=True)


def search(query_params) -> list | dict:
    """Organizations matching a collection query (deleted ones only with include_deleted)."""
    return crud.search(ORGANIZATIONS, query_params)


def members_with_users(organization_id: str) -> list[dict]:
    items = members(organization_id)
    people = users.get_many([m.userId for m in items])
    return [{
        "userId": m.userId, "roleName": m.roleName, "createdAt": m.createdAt,
        "email": people[m.userId].email if m.userId in people else None,
        "name": people[m.userId].name if m.userId in people else None,
    } for m in items]


def move_memberships(from_user_id: str, to_user_id: str) -> None:
    for item in memberships_of(from_user_id):
        if membership(item.organizationId, to_user_id) is None:
            Membership(organizationId=item.organizationId, userId=to_user_id, roleName=item.roleName,
                       createdAt=item.createdAt).save()
        item.delete()


def _setting_key(key: str) -> str:
    if not SETTING_KEY.match(key or ""):
        raise BadRequest("Setting key must be lower-case letters, digits and dashes.")
    return key


def _known_setting(key: str) -> None:
    """404 for a setting the portal does not know (reading one answers as writing it would)."""
    _setting_key(key)
    if key not in DEFAULT_SETTINGS:  # an organization sets what the portal knows, not any data it likes
        known = ", ".join(sorted(DEFAULT_SETTINGS))
        raise NotFound(f"Unknown setting {key!r}. Known settings: {known}.")


def _system_value(key: str) -> dict | None:
    from chalicelib.system import service as system

    return next((s for s in system.list_settings(with_editor=False) if s["id"] == key), None)


def get_setting(organization_id: str, key: str) -> dict:
    """An organization's setting; without one of its own, the system-wide value, marked inherited."""
    organization = get(organization_id)
    _known_setting(key)
    stored = (organization.settings.as_dict() if hasattr(organization.settings, "as_dict")
              else dict(organization.settings or {})).get(_setting_key(key))
    if stored:  # who saved it is in the audit trail, not in this public answer
        return {"id": key, "organizationId": organization_id, "inherited": False,
                "value": stored.get("value"), "updatedAt": stored.get("updatedAt")}
    return {"id": key, "organizationId": organization_id, "inherited": True,
            "value": (_system_value(key) or {}).get("value"), "updatedAt": None}


SETTING_CHANGED = "Someone else changed this setting after you loaded it: load it again to see their change."


def setting_version(setting: dict) -> str:
    """A setting's version (its ETag): when the organization's own was saved; "inherited" while it has none."""
    return "inherited" if setting["inherited"] else setting["updatedAt"] or "inherited"


def save_setting(organization_id: str, key: str, data, user_id: str, expected: tuple[str, ...] | None = None) -> dict:
    """Stores {value} under the key; a value of null removes the organization's own setting. `expected`: the
    versions the client read (If-Match); 412 when someone else saved the setting since."""
    organization = get(organization_id)
    _known_setting(key)
    if not isinstance(data, dict) or "value" not in data:
        raise BadRequest("Request body must be a JSON object with a value.")
    value = data["value"]
    if value is not None and not isinstance(value, dict):
        raise BadRequest("Setting value must be a JSON object.")
    if len(json.dumps(value)) > MAX_SETTING_BYTES:
        raise BadRequest(f"Setting value must be at most {MAX_SETTING_BYTES} bytes.")
    if key == MAP_SERVICE and value is not None:
        check_map_service(value)
    before = get_setting(organization_id, key)
    condition = None
    if expected is not None:
        if setting_version(before) not in expected:
            raise PreconditionFailed(SETTING_CHANGED)
        stored = Organization.settings[key]  # still as read: a save between the check and this write counts
        condition = stored.does_not_exist() if before["inherited"] else stored["updatedAt"] == before["updatedAt"]
    try:
        if value is None:
            organization.update(actions=[Organization.settings[key].remove()], condition=condition)
        else:
            organization.update(actions=[Organization.settings[key].set({"value": value, "updatedAt": utc_now(),
                                                                          "updatedBy": user_id})],
                                condition=condition)
    except UpdateError as exc:
        if condition is not None and getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise PreconditionFailed(SETTING_CHANGED) from exc
        raise
    after = get_setting(organization_id, key)
    # The organization's own values (None: the system's), not the system's value it showed meanwhile.
    audit.record("update", "organization-setting", key, before={"value": None if before["inherited"] else before["value"]},
                 after={"value": None if after["inherited"] else after["value"]}, organization_id=organization_id)
    return after
