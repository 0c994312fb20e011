"""Import sources: a project's URLs imported on a schedule. Items of the catalog table (kind
"importSource", `key` = the project id), listed through its byKind index: the scheduled run reads every
source once (there are few: a handful per project), a project's screen its own."""
from __future__ import annotations

from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

KIND = "importSource"
SCHEDULES = {"hourly": 3600, "daily": 86400, "weekly": 7 * 86400}


class SourcesByKind(GlobalSecondaryIndex):
    class Meta:
        index_name = "byKind"
        projection = AllProjection()

    kind = UnicodeAttribute(hash_key=True)


class ImportSource(BaseModel):
    Meta = table_meta("catalog")

    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute(default=KIND)
    key = UnicodeAttribute()  # the project id
    organizationId = UnicodeAttribute()
    label = UnicodeAttribute()  # the source's name
    url = UnicodeAttribute()
    format = UnicodeAttribute()
    schedule = UnicodeAttribute()
    enabled = BooleanAttribute(default=True)
    nextRunAt = NumberAttribute(default=0)  # epoch seconds
    failures = NumberAttribute(default=0)  # failed runs in a row (the backoff grows with them)
    lastRunAt = UnicodeAttribute(null=True)
    lastSuccessAt = UnicodeAttribute(null=True)
    # queued (until its import ends), then the import's status (succeeded, partial, failed, cancelled); unchanged;
    # failed (the fetch failed)
    lastStatus = UnicodeAttribute(null=True)
    lastMessage = UnicodeAttribute(null=True)
    lastLogId = UnicodeAttribute(null=True)
    lastHash = UnicodeAttribute(null=True)  # SHA-256 of the last answer imported
    # When its maker was last emailed that its scheduled import failed (notify.scheduled_import_ended): once until it
    # works again.
    importFailureSaidAt = UnicodeAttribute(null=True)
    createdBy = UnicodeAttribute()
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)

    by_kind = SourcesByKind()
