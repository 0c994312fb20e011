"""Users of the product.

Access patterns: by id (= the identity provider's `sub`) on every signed-in request; by email
(GSI byEmail) to find invitees and pre-registered users; list/search for administrators (scan).
"""
from pynamodb.attributes import BooleanAttribute, ListAttribute, MapAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta


class UsersByEmail(GlobalSecondaryIndex):
    class Meta:
        index_name = "byEmail"
        projection = AllProjection()

    email = UnicodeAttribute(hash_key=True)


class User(BaseModel):
    Meta = table_meta("users")

    id = UnicodeAttribute(hash_key=True)
    email = UnicodeAttribute(null=True)
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

    by_email = UsersByEmail()
