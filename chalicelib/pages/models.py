"""Informational pages (their saved versions) and the messages of the contact form.

Access patterns:
- pages: the versions of one page in one language (partition `pageId` = "<key>#<lang>", sort `version`,
  counting from 1, zero-padded to six digits so the text order is the number order); the latest is one
  Query with ScanIndexForward=False and Limit=1. Version 0 is
  the default text shipped in chalicelib/pages/defaults and is never stored.
- contactMessages: one message by id; all messages for the administrators (Scan of a small table, kind
  "message"); beside them one item per sender fingerprint (kind "sender", id "sender#<sha256>") holding
  the times of its recent messages, updated under optimistic locking so concurrent posts cannot pass
  the hourly limit together.
"""
from pynamodb.attributes import BooleanAttribute, ListAttribute, NumberAttribute, UnicodeAttribute, VersionAttribute

from chalicelib.core.models import BaseModel, table_meta

MESSAGE, SENDER = "message", "sender"


def version_key(number: int) -> str:
    return f"{number:06d}"


class PageVersion(BaseModel):
    Meta = table_meta("pages")

    pageId = UnicodeAttribute(hash_key=True)
    version = UnicodeAttribute(range_key=True)
    key = UnicodeAttribute()
    lang = UnicodeAttribute()
    text = UnicodeAttribute()
    savedAt = UnicodeAttribute()
    savedBy = UnicodeAttribute()
    savedByName = UnicodeAttribute(null=True)
    # The version this one copies, when it was made by restoring an earlier one.
    restoredFrom = NumberAttribute(null=True)


class ContactMessage(BaseModel):
    Meta = table_meta("contactMessages")

    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute(default=MESSAGE)
    name = UnicodeAttribute(null=True)
    email = UnicodeAttribute(null=True)
    message = UnicodeAttribute(null=True)
    language = UnicodeAttribute(null=True)
    createdAt = UnicodeAttribute(null=True)
    # Whether the email to the system administrators went out.
    emailed = BooleanAttribute(default=False)


class ContactSender(BaseModel):
    Meta = table_meta("contactMessages")

    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute(default=SENDER)
    recent = ListAttribute(of=UnicodeAttribute, default=list)
    # DynamoDB's time-to-live attribute: the item disappears an hour after its last message.
    expiresAt = NumberAttribute(null=True)
    lock = VersionAttribute()
