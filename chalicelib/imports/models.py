"""Import logs: one item per import of a file into a project (its status, counts and checkpoint).

Access patterns: an import by its logId; a project's imports, newest first (GSI byProject: projectId,
createdAt). The worker's checkpoint (rows done), the lease of the worker holding the import and the
counts of a chunk being written (`pending`) live on the same item, so one conditional update moves
them together (docs/decisions/0006-import-parser.md).
"""
from __future__ import annotations

from pynamodb.attributes import (BooleanAttribute, ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute,
                                 UnicodeSetAttribute)
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

QUEUED, RUNNING, SUCCEEDED, PARTIAL, FAILED, CANCELLED = (
    "queued", "running", "succeeded", "partial", "failed", "cancelled")
STATUSES = (QUEUED, RUNNING, SUCCEEDED, PARTIAL, FAILED, CANCELLED)
FINISHED = (SUCCEEDED, PARTIAL, FAILED, CANCELLED)
FORMATS = ("auto", "wqp-result", "wqx3-result", "wqp-station", "template")


def cancelled_message(rows_done: int) -> str:
    """The log's message once cancelled: the rows done stay (the cancel, then the worker's last chunk, say it)."""
    return f"Cancelled after {rows_done:,} rows; rows imported before stay."


def project_deleted_message(rows_done: int) -> str:
    """The log's message once its project was deleted while it ran (the project's imports are cancelled then)."""
    return (f"The project was deleted, so the import stopped after {rows_done:,} rows; the values imported before "
            "stay with the organization's stations.")


COUNTERS = ("rowsImported", "rowsRejected", "rowsUnchanged", "stationsCreated", "parametersCreated")


class ImportsByProject(GlobalSecondaryIndex):
    class Meta:
        index_name = "byProject"
        projection = AllProjection()

    projectId = UnicodeAttribute(hash_key=True)
    createdAt = UnicodeAttribute(range_key=True)


class ImportsByOrganization(GlobalSecondaryIndex):
    class Meta:
        index_name = "byOrganization"
        projection = AllProjection()

    organizationId = UnicodeAttribute(hash_key=True)
    createdAt = UnicodeAttribute(range_key=True)


class ImportLog(BaseModel):
    Meta = table_meta("importLogs")

    id = UnicodeAttribute(hash_key=True)
    logId = UnicodeAttribute()  # the same value as id: the name the data section's calls use
    projectId = UnicodeAttribute()
    organizationId = UnicodeAttribute()
    fileName = UnicodeAttribute()
    format = UnicodeAttribute()  # as asked: auto or a format key
    detectedFormat = UnicodeAttribute(null=True)
    dryRun = BooleanAttribute(default=False)
    # The zone of the file's times that give none (a spreadsheet's: no zone column), as stored; None: read as UTC.
    timeZone = UnicodeAttribute(null=True)
    status = UnicodeAttribute()
    uploadKey = UnicodeAttribute()  # the S3 object of the file
    rowsTotal = NumberAttribute(null=True)  # known once the whole file has been read
    rowsDone = NumberAttribute(default=0)  # the checkpoint: data rows written or rejected, in file order
    chunkRows = NumberAttribute(null=True)  # the chunk size of the first attempt, kept by every later one
    # The file's bytes (unpacked) when known, and about how many of them the rows done took: the progress.
    bytesTotal = NumberAttribute(null=True)
    bytesDone = NumberAttribute(null=True)
    rowsImported = NumberAttribute(default=0)
    rowsRejected = NumberAttribute(default=0)
    rowsUnchanged = NumberAttribute(default=0)
    stationsCreated = NumberAttribute(default=0)
    parametersCreated = NumberAttribute(default=0)
    # The names of the parameters created (or, in a dry run, that would be): a misspelt one is seen before it is
    # written. At most NEW_PARAMETER_NAMES of them (service.name_new_parameters).
    newParameters = UnicodeSetAttribute(null=True)
    # Of those, the ones whose names are no WQX characteristic name the portal knows (a misspelling, or a custom
    # parameter), each with the closest known name when one is close: [{"parameter", "closest"?}], in the order of
    # the names; set when the import ends (worker.ImportJob.finalize). None on logs from before it.
    newParametersNotWqx = ListAttribute(null=True)
    # Of the rows rejected, those with other values imported (a wide row); values outside their plausible range.
    rowsPartlyRejected = NumberAttribute(null=True)
    valuesImplausible = NumberAttribute(null=True)
    # Rows taken that give a time of day without a time zone (read as UTC), added per chunk with the checkpoint; none
    # on logs of imports that did not count them.
    rowsWithoutTimeZone = NumberAttribute(null=True)
    # Of the rows imported, those that replaced what was stored (a corrected value); none on logs from before it.
    rowsReplaced = NumberAttribute(null=True)
    # Of the values taken, those converted to their parameter's unit (added per chunk with the checkpoint), and the
    # units converted ("mS/cm → uS/cm", at most service.CONVERTED_UNITS of them); none on logs from before them.
    rowsConverted = NumberAttribute(null=True)
    unitsConverted = UnicodeSetAttribute(null=True)
    feedbackFileId = UnicodeAttribute(null=True)
    message = UnicodeAttribute(null=True)
    # Ended with its rows written but its summaries not updated: a later job recounts them (worker.SUMMARIES_LATE).
    summariesLate = BooleanAttribute(null=True)
    header = ListAttribute(of=UnicodeAttribute, null=True)  # the file's own column names
    createdBy = UnicodeAttribute()
    trigger = UnicodeAttribute(null=True)  # "schedule" for an import source's run; none for an upload
    sourceId = UnicodeAttribute(null=True)  # the import source that queued it
    kind = UnicodeAttribute(null=True)  # "data" (results, stations) or "timeseries" (logger files): ImportKind.name
    createdAt = UnicodeAttribute()
    startedAt = UnicodeAttribute(null=True)
    finishedAt = UnicodeAttribute(null=True)
    updatedAt = UnicodeAttribute(null=True)
    # The worker holding the import, until when; and the counts of the chunk it is writing.
    workerId = UnicodeAttribute(null=True)
    leaseUntil = NumberAttribute(null=True)
    pending = MapAttribute(null=True)

    by_project = ImportsByProject()
    by_organization = ImportsByOrganization()
