"""Organizations and their members.

Access patterns: organization by id; all organizations (the start-up list, scan of a small table);
members of an organization (memberships Query on organizationId); organizations of a user
(GSI byUser) on every signed-in request.
"""
from pynamodb.attributes import MapAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

MEMBER_ROLES = ("simple-user", "data-contributor", "group-admin")
# Higher rank = more rights; used to stop anyone from raising their own role.
MEMBER_ROLE_RANK = {name: rank for rank, name in enumerate(MEMBER_ROLES)}
# A member's role as the API answers it (members, invitations, the caller's profile).
MEMBER_ROLE = {"enum": list(MEMBER_ROLES)}


class Organization(BaseModel):
    Meta = table_meta("organizations")

    id = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    website = UnicodeAttribute(null=True)
    # How to reach the organization (an email address, a phone number, a postal address), shown on its public page.
    contact = UnicodeAttribute(null=True)
    # Per-organization settings by key (e.g. map-service): {value, updatedAt, updatedBy}.
    settings = MapAttribute(default=dict)
    # The WQX account without its private key (that lives in Secrets Manager, see wqx.py):
    # {wqxOrganizationId, userId, secretId, privateKeySetAt, updatedBy}.
    wqxAccount = MapAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    deletedAt = UnicodeAttribute(null=True)


class MembershipsByUser(GlobalSecondaryIndex):
    class Meta:
        index_name = "byUser"
        projection = AllProjection()

    userId = UnicodeAttribute(hash_key=True)
    organizationId = UnicodeAttribute(range_key=True)


class Membership(BaseModel):
    Meta = table_meta("memberships")

    organizationId = UnicodeAttribute(hash_key=True)
    userId = UnicodeAttribute(range_key=True)
    roleName = UnicodeAttribute()
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)

    by_user = MembershipsByUser()
