"""Invitations: create, list, revoke, resend, accept (no HTTP in here).

The token is 32 random bytes, sent only in the email; the table keeps its SHA-256. One open invitation
per (email, organization) is enforced with a claim in the `uniques` table written in the same
transaction as the invitation (never check-then-write). Acceptance needs the signed-in user's verified
email (from their token) to be the invited one; the invitation's id is accepted in place of the token for
that user, because the start-up redirect to a pending invitation knows only what the server may tell the
invitee (docs/decisions/0007-invitations-tokens-and-email.md).
"""
from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from datetime import datetime, timedelta, timezone

from pynamodb.exceptions import DeleteError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib.audit import service as audit
from chalicelib.auth.principal import Principal
from chalicelib.auth.rules import GROUP_ADMIN
from chalicelib.core import mail
from chalicelib.core.config import get_settings
from chalicelib.core.errors import ApiError, BadRequest, Conflict, Forbidden, NotFound
from chalicelib.core.models import utc_now
from chalicelib.core.uniques import UniqueClaim, claim_key, was_conflict
from chalicelib.invitations import email as invitation_email
from chalicelib.invitations.models import (ACCEPTED, DECLINED, EXPIRED, PENDING, RESENDS_PER_DAY, REVOKED, STATUSES,
                                           VALID_DAYS, Invitation)
from chalicelib.organizations import service as organizations
from chalicelib.organizations.models import MEMBER_ROLE_RANK, MEMBER_ROLES
from chalicelib.roles.service import SYSTEM_ADMIN
from chalicelib.users import service as users

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
NOT_FOUND = "Invitation not found."
UNKNOWN_TOKEN = "This invitation link is not valid (it may have been replaced by a newer one)."
FOREIGN = "This invitation was sent to another email address."
UNVERIFIED = ("Your email address is not verified by your sign-in provider. Verify it there, sign in again, "
              "then open the invitation.")
REVOKED_MESSAGE = "This invitation was revoked."
ORGANIZATION_GONE = "The organization of this invitation no longer exists."
DECLINED_MESSAGE = "You declined this invitation."
EXPIRED_MESSAGE = "This invitation has expired. Ask a group administrator to send it again."
USED = "This invitation has already been accepted."
LEFT_SINCE = ("You accepted this invitation, but you are no longer a member of this organization. Ask its group "
              "administrators for a new invitation.")


class Gone(ApiError):
    status_code = 410


class TooManyRequests(ApiError):
    status_code = 429


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def status_of(invitation: Invitation) -> str:
    if invitation.status == PENDING and invitation.expiresAt <= _iso(_now()):
        return EXPIRED
    return invitation.status


def public(invitation: Invitation, organization_names: dict[str, str] | None = None) -> dict:
    """What the API shows of an invitation (never the token or its hash)."""
    names = organization_names or {}
    return {
        "id": invitation.id, "email": invitation.email, "organizationId": invitation.organizationId,
        "organizationName": names.get(invitation.organizationId or ""),
        "roleName": invitation.roleName, "isSystemAdmin": bool(invitation.isSystemAdmin),
        "status": status_of(invitation), "createdAt": invitation.createdAt, "createdBy": invitation.createdBy,
        "expiresAt": invitation.expiresAt, "resendCount": int(invitation.resendCount or 0),
        "acceptedAt": invitation.acceptedAt,
    }


def _organization_names(items) -> dict[str, str]:
    names = {}
    for organization_id in {i.organizationId for i in items if i.organizationId}:
        try:
            names[organization_id] = organizations.get(organization_id).name
        except NotFound:
            continue
    return names


def public_many(items) -> list[dict]:
    names = _organization_names(items)
    return [public(i, names) for i in sorted(items, key=lambda i: i.createdAt, reverse=True)]


def get(invitation_id: str) -> Invitation:
    try:
        return Invitation.get(invitation_id)
    except Invitation.DoesNotExist:
        raise NotFound(NOT_FOUND) from None


def _validated(data, principal: Principal) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    email = data.get("email")
    if not isinstance(email, str) or not EMAIL.match(email.strip()) or len(email) > 254:
        raise BadRequest("A valid email address is required.")
    is_system_admin = data.get("isSystemAdmin", False)
    if not isinstance(is_system_admin, bool):
        raise BadRequest("isSystemAdmin must be true or false.")
    if is_system_admin and not principal.is_system_admin:
        raise Forbidden("Only system administrators can invite system administrators.")
    organization_id = data.get("organizationId")
    role_name = data.get("roleName")
    if organization_id is None and not is_system_admin:
        raise BadRequest("organizationId is required.")
    if organization_id is not None:
        if not isinstance(organization_id, str):
            raise BadRequest("organizationId must be text.")
        organizations.get(organization_id)
        if not (principal.is_system_admin or principal.role_in(organization_id) in GROUP_ADMIN):
            raise Forbidden("Only group administrators of this organization can invite to it.")
        organizations.validate_member_role(role_name)
    elif role_name is not None:
        raise BadRequest("roleName needs an organizationId.")
    return {"email": email.strip().lower(), "isSystemAdmin": is_system_admin, "organizationId": organization_id,
            "roleName": role_name}


def _claim(invitation: Invitation) -> UniqueClaim:
    return UniqueClaim(key=claim_key("invitation", invitation.organizationId or "system", invitation.email),
                       targetId=invitation.id)


def _release(invitation: Invitation) -> None:
    """Frees the (email, organization) pair for a new invitation, unless a newer one holds it."""
    try:
        _claim(invitation).delete(condition=UniqueClaim.targetId == invitation.id)
    except DeleteError:
        pass


def _open_holder(invitation: Invitation) -> Invitation | None:
    """The open invitation that holds the claim of this one's (email, organization), if any."""
    try:
        claim = UniqueClaim.get(_claim(invitation).key)
    except UniqueClaim.DoesNotExist:
        return None
    try:
        holder = Invitation.get(claim.targetId)
    except Invitation.DoesNotExist:
        holder = None
    if holder is not None and status_of(holder) == PENDING:
        return holder
    # A stale claim (its invitation expired or vanished): drop it, if it is still that one.
    try:
        claim.delete(condition=UniqueClaim.targetId == claim.targetId)
    except DeleteError:
        pass
    return None


def _duplicate(holder: Invitation, wanted_role: str | None = None) -> Conflict:
    """The refusal of a second open invitation to one address. A resend keeps the open one's role: when another role
    was asked for, it says to revoke and invite again (an administrator resent, and the old role came back)."""
    if wanted_role and holder.roleName and wanted_role != holder.roleName:
        return Conflict(f"An invitation to {holder.email} is already open (sent {holder.createdAt[:10]}) with the role "
                        f"{holder.roleName}: to offer {wanted_role} instead, revoke it in the list of invitations and "
                        "invite again.")
    return Conflict(f"An invitation to {holder.email} is already open (sent {holder.createdAt[:10]}): resend it from "
                    "the list of invitations instead.")


def _refuse_existing(values: dict) -> None:
    """An invitation to someone who already has what it offers would be accepted to no effect: refused, so the
    administrator changes the person's role in the members list instead."""
    people = users.with_email(values["email"])
    if values["organizationId"] is not None:
        if any(organizations.membership(values["organizationId"], person.id) for person in people):
            raise Conflict(f"{values['email']} is already a member of this organization.")
    elif any(SYSTEM_ADMIN in (person.roles or []) for person in people):
        raise Conflict(f"{values['email']} is already a system administrator.")


def _send(invitation: Invitation, token: str) -> None:
    name = organizations.get(invitation.organizationId).name if invitation.organizationId else get_settings().app_name
    subject, text, html = invitation_email.compose(name, invitation.roleName, bool(invitation.isSystemAdmin),
                                                   invitation.expiresAt, token)
    mail.send(invitation.email, subject, text, html)


def create(data, principal: Principal) -> dict:
    values = _validated(data, principal)
    _refuse_existing(values)
    token = secrets.token_urlsafe(32)
    now = _now()
    invitation = Invitation(id=str(uuid.uuid4()), token=hash_token(token), status=PENDING, createdAt=_iso(now),
                            expiresAt=_iso(now + timedelta(days=VALID_DAYS)), createdBy=principal.id,
                            resendCount=0, **values)
    for attempt in (1, 2):
        try:
            with TransactWrite(connection=Invitation._get_connection().connection) as transaction:
                transaction.save(_claim(invitation), condition=UniqueClaim.key.does_not_exist())
                transaction.save(invitation)
            break
        except TransactWriteError as exc:
            if not was_conflict(exc):
                raise
            holder = _open_holder(invitation)
            if holder is not None or attempt == 2:
                raise _duplicate(holder or invitation, invitation.roleName) from exc
    try:
        _send(invitation, token)
    except mail.MailNotSent:
        # Without its email nobody can accept it: take it back so the admin can simply try again.
        _release(invitation)
        invitation.delete()
        raise
    _audit("create", invitation)
    return public_many([invitation])[0]


def _audit(action: str, invitation: Invitation) -> None:
    audit.record(action, "invitation", invitation.id, organization_id=invitation.organizationId, after={
        "email": invitation.email, "roleName": invitation.roleName, "isSystemAdmin": invitation.isSystemAdmin,
        "status": invitation.status})


def administered_organizations(principal: Principal) -> list[str]:
    return sorted(org for org, role in principal.memberships.items() if role in GROUP_ADMIN)


def may_manage(principal: Principal, invitation: Invitation) -> bool:
    if principal.is_system_admin:
        return True
    return invitation.organizationId is not None and principal.role_in(invitation.organizationId) in GROUP_ADMIN


def list_for(principal: Principal, status: str | None = None, organization_id: str | None = None) -> list[dict]:
    """Invitations of the organizations the caller administers (all of them for a system administrator)."""
    if status is not None and status not in STATUSES:
        raise BadRequest(f"Unknown status {status!r}. Expected one of: {', '.join(STATUSES)}.")
    allowed = None if principal.is_system_admin else set(administered_organizations(principal))
    if allowed is not None and not allowed:
        raise Forbidden("Only group administrators can see invitations.")
    if organization_id is not None:
        if allowed is not None and organization_id not in allowed:
            raise Forbidden("You are not a group administrator of this organization.")
        allowed = {organization_id}
    condition = Invitation.organizationId.is_in(*allowed) if allowed is not None else None
    items = [i for i in Invitation.scan(condition) if status is None or status_of(i) == status]
    return public_many(items)


def revoke(invitation_id: str, principal: Principal) -> dict:
    """Ends an open invitation: the invitee declines it, or its group administrators withdraw (revoke) it."""
    invitation = get(invitation_id)
    declining = _is_invitee(principal, invitation)
    if not (declining or may_manage(principal, invitation)):
        raise Forbidden("Only group administrators of its organization (or the invitee) can revoke an invitation.")
    if invitation.status == ACCEPTED:
        raise Conflict(USED)
    if invitation.status not in (REVOKED, DECLINED):
        try:  # only while it is open: an accept at the same moment wins or loses whole
            invitation.update(actions=[Invitation.status.set(DECLINED if declining else REVOKED),
                                       Invitation.updatedAt.set(utc_now())],
                              condition=Invitation.status == PENDING)
        except UpdateError as exc:
            if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
            invitation.refresh()
            if invitation.status == ACCEPTED:
                raise Conflict(USED) from exc
            return public_many([invitation])[0]  # revoked or declined meanwhile: as asked
        _release(invitation)
        _audit("decline" if declining else "revoke", invitation)
    return public_many([invitation])[0]


def revoke_all_of(organization_id: str) -> None:
    """Revokes the open invitations of an organization being deleted: nobody can join it any more."""
    for invitation in Invitation.scan((Invitation.organizationId == organization_id) & (Invitation.status == PENDING)):
        invitation.update(actions=[Invitation.status.set(REVOKED), Invitation.updatedAt.set(utc_now())])
        _release(invitation)


def resend(invitation_id: str, principal: Principal) -> dict:
    """A new token (the old link stops working) and seven more days; at most RESENDS_PER_DAY a day."""
    invitation = get(invitation_id)
    if not may_manage(principal, invitation):
        raise Forbidden("Only group administrators of its organization can resend an invitation.")
    if invitation.status == ACCEPTED:
        raise Conflict("This invitation has already been accepted; it cannot be resent.")
    if invitation.status == REVOKED:
        raise Conflict("This invitation was revoked; send a new one instead.")
    if invitation.status == DECLINED:
        raise Conflict("This invitation was declined; send a new one instead.")
    if status_of(invitation) == EXPIRED:
        holder = _open_holder(invitation)
        if holder is not None and holder.id != invitation.id:
            raise _duplicate(holder)
        _claim(invitation).save()
    token = secrets.token_urlsafe(32)
    now = _now()
    today = now.date().isoformat()
    count = int(invitation.resendCount or 0) + 1 if invitation.resendDay == today else 1
    try:
        invitation.update(
            actions=[Invitation.token.set(hash_token(token)), Invitation.resendDay.set(today),
                     Invitation.resendCount.set(count), Invitation.updatedAt.set(_iso(now)),
                     Invitation.expiresAt.set(_iso(now + timedelta(days=VALID_DAYS)))],
            condition=(Invitation.status == PENDING)
            & (Invitation.resendDay.does_not_exist() | (Invitation.resendDay != today)
               | (Invitation.resendCount < RESENDS_PER_DAY)))
    except UpdateError as exc:
        raise TooManyRequests(f"This invitation was already resent {RESENDS_PER_DAY} times today. "
                              "Try again tomorrow.") from exc
    _send(invitation, token)
    _audit("resend", invitation)
    return public_many([invitation])[0]


def _is_invitee(principal: Principal, invitation: Invitation) -> bool:
    return principal.verified_email is not None and principal.verified_email == invitation.email


def _find(token, principal: Principal) -> Invitation:
    """The invitation a token (or, for its invitee, an invitation id) names, checked for the caller."""
    if not isinstance(token, str) or not token.strip():
        raise BadRequest("token is required.")
    if principal.verified_email is None:
        raise Forbidden(UNVERIFIED)
    token = token.strip()
    found = next(iter(Invitation.by_token.query(hash_token(token))), None)
    if found is None:
        try:
            uuid.UUID(token)
            candidate = Invitation.get(token)
        except (ValueError, Invitation.DoesNotExist):
            candidate = None
        if candidate is not None and _is_invitee(principal, candidate):
            found = candidate
    if found is None:
        raise NotFound(UNKNOWN_TOKEN)
    if not _is_invitee(principal, found):
        raise Forbidden(FOREIGN)
    return found


def _check_open(invitation: Invitation, principal: Principal, *, joined_since: bool = True) -> None:
    """Refuses an invitation that is not open to this person; `joined_since`: also one they accepted but whose
    organization they have left since (not while their other tab's accept is still joining them)."""
    status = status_of(invitation)
    if status == REVOKED:
        raise Gone(REVOKED_MESSAGE)
    if status == DECLINED:
        raise Gone(DECLINED_MESSAGE)
    if status == EXPIRED:
        raise Gone(EXPIRED_MESSAGE)
    if status == ACCEPTED and invitation.acceptedBy != principal.id:
        raise Conflict(USED)
    if (joined_since and status == ACCEPTED and invitation.organizationId and _joined(invitation)
            and organizations.membership(invitation.organizationId, principal.id) is None):
        raise Gone(LEFT_SINCE)  # removed (or left) since: the link no longer says "you are a member"


# An accept older than this has joined its invitee, whether or not it recorded so (invitations accepted before
# grantedAt was kept); a younger one without grantedAt is still joining them (a double click's other request).
_JOINING_SECONDS = 60


def _joined(invitation: Invitation) -> bool:
    if invitation.grantedAt:
        return True
    accepted = datetime.fromisoformat((invitation.acceptedAt or "1970-01-01T00:00:00Z").replace("Z", "+00:00"))
    return datetime.now(timezone.utc) - accepted > timedelta(seconds=_JOINING_SECONDS)


def _grant(invitation: Invitation, user_id: str) -> None:
    if invitation.organizationId:
        current = organizations.membership(invitation.organizationId, user_id)
        # Joining never lowers a role the person already holds there.
        if current is None or MEMBER_ROLE_RANK[invitation.roleName] > MEMBER_ROLE_RANK.get(current.roleName, -1):
            organizations.set_member_role(invitation.organizationId, user_id, invitation.roleName)
    if invitation.isSystemAdmin:
        user = users.get_or_404(user_id)
        if SYSTEM_ADMIN not in (user.roles or []):
            users.set_roles(user, list(user.roles or []) + [SYSTEM_ADMIN])


def accept(token, principal: Principal) -> dict:
    """Accepts for the signed-in invitee; a second accept by the same person answers the same."""
    invitation = _find(token, principal)
    _check_open(invitation, principal)
    if invitation.status == PENDING:
        if invitation.organizationId:
            # Checked before the invitation is marked accepted: a failed join leaves it open.
            try:
                organizations.get(invitation.organizationId)
            except NotFound:
                raise Gone(ORGANIZATION_GONE) from None
        try:
            invitation.update(actions=[Invitation.status.set(ACCEPTED), Invitation.acceptedAt.set(utc_now()),
                                       Invitation.acceptedBy.set(principal.id)],
                              condition=Invitation.status == PENDING)
        except UpdateError:
            invitation.refresh()
            _check_open(invitation, principal, joined_since=False)
        else:
            _grant(invitation, principal.id)
            invitation.update(actions=[Invitation.grantedAt.set(utc_now())])
            _release(invitation)
            _audit("accept", invitation)
    return public_many([invitation])[0]


def pending_for(principal: Principal, token: str | None = None) -> list[dict]:
    """The caller's open invitations (by the verified email of their sign-in); with a token, just that one."""
    if token is not None:
        invitation = _find(token, principal)
        _check_open(invitation, principal)
        return public_many([invitation])
    if principal.verified_email is None:
        return []
    return public_many([i for i in Invitation.by_email.query(principal.verified_email) if status_of(i) == PENDING])
