"""Users of the product.

Access patterns: by id (= the identity provider's `sub`) on every signed-in request; by email
(GSI byEmail) to find invitees and pre-registered users; the administrators' default list, by name,
a page at a time (GSI byNameKey: every user has listing = "user"; a counter in the catalog table gives
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


class UsersByNameKey(GlobalSecondaryIndex):
    """The default list's order: `nameKey`, whose byte order is the API's order of names (byName, on the name
    itself, ordered upper case before lower case, and a page of it re-sorted as people read it skipped and
    repeated users). byName stays in the template until a later deployment drops it (one index change per
    table update)."""

    class Meta:
        index_name = "byNameKey"
        projection = AllProjection()

    listing = UnicodeAttribute(hash_key=True)
    nameKey = UnicodeAttribute(range_key=True)


def name_key(name: str | None) -> str:
    """A name as a text whose byte order is the API's order of text (crud.evaluate.sort_value): case-folded
    first, the name itself breaking ties. (Names that read as numbers or dates, which that order puts first,
    are put before the others here but not in their numeric order: the listing re-sorts what it reads.)"""
    from chalicelib.crud.evaluate import sort_value

    text = name or ""
    rank = sort_value(text)[0] if text else 3
    return f"{'' if rank == 3 else chr(rank)}{text.casefold()}\x00{text}"


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

    # The same on every user: the partition of the byNameKey index (not part of the API's answers).
    listing = UnicodeAttribute(default=LISTING)
    # name_key(name), kept with the name (serialize; updates set both): the byNameKey index's range key.
    nameKey = UnicodeAttribute(null=True)

    by_email = UsersByEmail()
    by_name_key = UsersByNameKey()

    def serialize(self, null_check: bool = True) -> dict:
        self.nameKey = name_key(self.name)
        return super().serialize(null_check=null_check)

    @classmethod
    def name_set(cls, name: str) -> list:
        """The update actions that change a user's name (and its sort key with it)."""
        return [cls.name.set(name), cls.nameKey.set(name_key(name))]

    def to_dict(self) -> dict:
        values = super().to_dict()
        values.pop("listing", None)
        values.pop("nameKey", None)
        return values
