"""The audit trail: one item per change, written once and never updated.

Access pattern: system administrators list and filter it (scan, newest first) with the collection
query language; an entry is never read on a user's request path.
"""
from pynamodb.attributes import MapAttribute, UnicodeAttribute

from chalicelib.core.models import BaseModel, table_meta


class AuditEntry(BaseModel):
    Meta = table_meta("audit")

    id = UnicodeAttribute(hash_key=True)
    at = UnicodeAttribute()
    actorId = UnicodeAttribute(null=True)  # None: a change made without a signed-in user (e.g. a job)
    actorName = UnicodeAttribute(null=True)
    actorEmail = UnicodeAttribute(null=True)  # searched for as the name is (a person may be known by either)
    action = UnicodeAttribute()  # create, update, delete, ...
    targetType = UnicodeAttribute()  # role, member, invitation, organization-setting, wqx-account, page, ...
    targetId = UnicodeAttribute()
    # What the target was called when changed: a deleted user's name still reads in the trail.
    targetLabel = UnicodeAttribute(null=True)
    organizationId = UnicodeAttribute(null=True)
    # Short summaries of the target before and after the change, secrets left out.
    before = MapAttribute(null=True)
    after = MapAttribute(null=True)
    sourceIp = UnicodeAttribute(null=True)
    userAgent = UnicodeAttribute(null=True)
