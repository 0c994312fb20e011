"""Invitations to join an organization (or to become a system administrator).

Access patterns: one by id (resend, revoke); one by the hash of its emailed token (accept; GSI byToken
on the `token` attribute, which holds the SHA-256 of the token, never the token); the open invitations
of an email address (GSI byEmail: the signed-in user's pending invitations); the invitations of the
organizations an administrator runs (scan with a filter: a small table next to monitoring data).
"""
from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

PENDING, ACCEPTED, REVOKED, DECLINED, EXPIRED = "pending", "accepted", "revoked", "declined", "expired"
STATUSES = (PENDING, ACCEPTED, REVOKED, DECLINED, EXPIRED)
VALID_DAYS = 7
RESENDS_PER_DAY = 5


class InvitationsByEmail(GlobalSecondaryIndex):
    class Meta:
        index_name = "byEmail"
        projection = AllProjection()

    email = UnicodeAttribute(hash_key=True)


class InvitationsByToken(GlobalSecondaryIndex):
    class Meta:
        index_name = "byToken"
        projection = AllProjection()

    token = UnicodeAttribute(hash_key=True)


class Invitation(BaseModel):
    Meta = table_meta("invitations")

    id = UnicodeAttribute(hash_key=True)
    email = UnicodeAttribute()
    organizationId = UnicodeAttribute(null=True)
    roleName = UnicodeAttribute(null=True)
    isSystemAdmin = BooleanAttribute(default=False)
    # Stored: pending, accepted or revoked; "expired" is a pending one past expiresAt (see status_of).
    status = UnicodeAttribute(default=PENDING)
    # SHA-256 (hex) of the emailed token; replaced on resend, so an older link stops working.
    token = UnicodeAttribute()
    expiresAt = UnicodeAttribute()
    createdAt = UnicodeAttribute()
    createdBy = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    resendDay = UnicodeAttribute(null=True)
    resendCount = NumberAttribute(default=0)
    acceptedAt = UnicodeAttribute(null=True)
    acceptedBy = UnicodeAttribute(null=True)
    grantedAt = UnicodeAttribute(null=True)  # when the accept had made the invitee a member (or an administrator)

    by_email = InvitationsByEmail()
    by_token = InvitationsByToken()
