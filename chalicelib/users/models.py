"""Users of the product.

Access patterns: by id (= the identity provider's `sub`) on every signed-in request; by email
(GSI byEmail) to find invitees and pre-registered users; the administrators' default list, by name,
a page at a time (GSI byName: every user has listing = "user"; a counter in the catalog table gives
the total, see chalicelib/crud/listing.py); other searches of that list scan.
"""
from pynamodb.attributes import BooleanAttribute, ListAttribute, MapAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta


class UsersByEmail(GlobalSecondaryIndex):
    class Meta:
        index_name = "byEmail"
        projection = AllProjection()

    email = UnicodeAttribute(hash_key=True)


class UsersByName(GlobalSecondaryIndex):
    class Meta:
        index_name = "byName"
        projection = AllProjection()

    listing = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute(range_key=True)


LISTING = "user"


class User(BaseModel):
    Meta = table_meta("users")

    id = UnicodeAttribute(hash_key=True)
    email = UnicodeAttribute(null=True)
    # Never empty (the byName index's range key): provisioning falls back to the email, then the id.
    name = UnicodeAttribute(null=True)
    # Ids of system roles (see chalicelib/roles); organization roles live in memberships.
    roles = ListAttribute(of=UnicodeAttribute, default=list)
    # Created by an administrator before the person's first sign-in; taken over by email then.
    preRegistered = BooleanAttribute(default=False)
    currentOrganizationId = UnicodeAttribute(null=True)
    preferences = MapAttribute(default=dict)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    lastSeenAt = UnicodeAttribute(null=True)

    # The same on every user: the partition of the byName index (not part of the API's answers).
    listing = UnicodeAttribute(default=LISTING)

    by_email = UsersByEmail()
    by_name = UsersByName()

    def to_dict(self) -> dict:
        values = super().to_dict()
        values.pop("listing", None)
        return values
