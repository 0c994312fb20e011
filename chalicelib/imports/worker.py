"""The import worker: reads the uploaded file from S3 as a stream, checks it a chunk of rows at a time and
writes the accepted rows, checkpointing after every chunk (docs/decisions/0006-import-parser.md).

Per chunk, in this order, so a worker killed anywhere loses and duplicates nothing:
1. check the rows and compare them with what is stored (reads only);
2. record the chunk's counts on the import log (`pending`), unless a previous attempt recorded them;
3. write stations, parameters, activities and values (puts of keys derived from the data: a repeat
   writes the same items again) and the chunk's rejected rows to S3 (an object per chunk);
4. move the checkpoint (`rowsDone`) and add the counts, in one conditional update.
A redelivered message resumes after the checkpoint, with the counts of step 2 when they were recorded.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import tempfile
import threading
import time
import uuid
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Iterator

import pyarrow as pa
import pyarrow.compute as pc
from botocore.exceptions import BotoCoreError, ClientError
from urllib3.exceptions import HTTPError as Urllib3Error

from chalicelib.core import aws, batches
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.models import utc_now
from chalicelib.imports import formats, notify, reader, source, validate
from chalicelib.imports.jobs import SUMMARIES_RECOUNT_JOB
from chalicelib.imports.models import (CANCELLED, FAILED, FINISHED, PARTIAL, QUEUED, RUNNING, SUCCEEDED, ImportLog,
                                      cancelled_message, project_deleted_message)
from chalicelib.imports.storage import Storage
from chalicelib.parameters import service as parameters
from chalicelib.projects import service as projects
from chalicelib.projects.models import Activity
from chalicelib.reference import zones as time_zones
from chalicelib.samples import service as samples
from chalicelib.stations import service as stations
from chalicelib.stations.models import Station
from chalicelib.workers.jobs import remaining_ms as invocation_remaining_ms

logger = logging.getLogger(__name__)
# The last delivery before the dead-letter queue (the queue's maxReceiveCount in infra/template.yaml).
MAX_RECEIVES = 5
# Said on the log when an import's last delivery fails: the product's fault, not the file's (a check says "check").
INTERNAL_FAILURE = {
    False: "The import failed repeatedly because of an internal error, not because of the file; please import it "
           "again later, and tell us through Contact us if it happens again.",
    True: "The check failed repeatedly because of an internal error, not because of the file; please check it again "
          "later, and tell us through Contact us if it happens again.",
}
# Said when every row was written but the summaries of their stations could not be updated (_ends_without_summaries).
# A job recounts them a few minutes later (recount_late_summaries), and takes the sentence off the message.
SUMMARIES_LATE = ("Every row is written, but the summaries of its stations could not be updated yet: they are tried "
                  "again in a few minutes, and until then the explorer and the station pages may show their counts and "
                  "latest values as before.")
# Blocks checked ahead of the one being finished, each on a thread of its own. Two gave no measurable gain
# on the development machine's two cores (the reading thread and pyarrow's keep the second busy) and held
# 40 MB more; a Lambda of 512 MB has a third of a core.
CHECKS_AHEAD = 1
RELEASE_EVERY_BLOCKS = 8
IMPLAUSIBLE_ROWS_SAID = 10  # rows an import's message names of its values outside their plausible range
# A stream of the uploaded file that broke off (reset, timed out): read on from where it stopped.
STREAM_ERRORS = (BotoCoreError, Urllib3Error, OSError)
_UUID = r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
# Attributes of a value item beyond SampleValue's: a converted value as the file wrote it and its unit, and "1" for
# a value outside its parameter's plausible range (as pushes flag theirs).
ORIGINAL_VALUE, ORIGINAL_UNIT, OUT_OF_RANGE = "ov", "ou", "f"


class LeaseHeld(RuntimeError):
    """Another worker holds the import (its message comes back later; by then the lease is free)."""


class Stopped(Exception):
    """The import was cancelled, or another worker took it over: this worker stops."""


@dataclass
class Counts:
    rowsImported: int = 0
    rowsRejected: int = 0
    rowsUnchanged: int = 0
    stationsCreated: int = 0
    parametersCreated: int = 0
    # Rejected rows with other values written or stored already (a wide row: a value per parameter column).
    rowsPartlyRejected: int = 0
    # Values taken outside their parameter's plausible range (chalicelib/timeseries/plausible.py): said, not refused.
    valuesImplausible: int = 0
    # Rows taken (written, unchanged, or in a dry run those that would be) that give a time of day without a time
    # zone: their times were read as UTC. Said, not refused.
    rowsWithoutTimeZone: int = 0
    # Of rowsImported, those that replaced what was stored (a corrected value, a station's changed fields, a limit set
    # on stored results): a re-imported file says how many of its values it corrected.
    rowsReplaced: int = 0
    # Values taken (written, unchanged, or in a dry run those that would be) given in another unit than their
    # parameter's and converted to it (validate.against_parameters): said with the units, as a user may not expect it.
    rowsConverted: int = 0

    def as_map(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Outcome:
    """One chunk's result before it is written."""

    counts: Counts = field(default_factory=Counts)
    rejections: list = field(default_factory=list)
    sample_items: list = field(default_factory=list)
    new_stations: list = field(default_factory=list)
    changed_stations: list = field(default_factory=list)  # (station, values)
    new_parameters: list = field(default_factory=list)  # (label, unit)
    used_parameters: list = field(default_factory=list)  # stored parameters met for the first time (Parameter)
    activities: dict = field(default_factory=dict)
    series: set = field(default_factory=set)
    stored_rows: set = field(default_factory=set)  # rows with a value written or stored already
    implausible_rows: list = field(default_factory=list)  # rows of values outside their plausible range
    zoneless_rows: list = field(default_factory=list)  # rows whose time had no zone (read as UTC)
    units_converted: set = field(default_factory=set)  # "mS/cm → uS/cm": the units the chunk's taken values were in
    # (seriesKey, time) of values stored before their template rows were given an activity, now stored under the key
    # with it: deleted when the chunk is written (_stored_without_activity)
    superseded: list = field(default_factory=list)


def _log_key(log_id: str) -> dict:
    return {"id": {"S": log_id}}


class ImportJob:
    def __init__(self, log: ImportLog, worker_id: str, remaining_ms, metrics=None):
        self.log = log
        self.worker_id = worker_id
        self.remaining_ms = remaining_ms
        self.settings = get_settings()
        self.storage = Storage(log.id)
        self.client = aws.client("dynamodb")
        self.table = ImportLog.Meta.table_name
        self.rules = validate.Rules.load()
        self.station_ids: dict[str, str | None] = {}  # identifier -> station id (None: unknown)
        self.parameter_ids: dict[str, str] = {}
        self.parameter_units: dict[str, str | None] = {}  # label -> the parameter's unit
        self.parameters_absent: set[str] = set()  # labels of rejected rows whose parameter is not stored (yet)
        self.located: dict[str, int] = {}  # station identifier -> a rejected row that gave its location
        self.station_longitudes: dict[str, float | None] = {}  # station identifier -> its stored longitude
        self.project_keys: dict[str, str | None] = {}
        self.metrics = metrics
        self.totals = Counts()
        self.time_zone_column: str | None = None  # the file's time zone column, as its notice names it
        self.units_named: set[str] = set()  # the units converted this worker has added to the log ("mS/cm → uS/cm")

    # ------------------------------------------------------------ the log

    def _update(self, expression: str, values: dict, *, names: dict | None = None,
                condition: str = "workerId = :me AND #s = :running") -> None:
        values = {**values, ":me": {"S": self.worker_id}}
        if ":running" in condition:  # DynamoDB refuses a value the expressions do not use
            values[":running"] = {"S": RUNNING}
        try:
            self.client.update_item(TableName=self.table, Key=_log_key(self.log.id), UpdateExpression=expression,
                                    ConditionExpression=condition, ExpressionAttributeValues=values,
                                    ExpressionAttributeNames={"#s": "status", **(names or {})})
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "ConditionalCheckFailedException":
                raise Stopped() from exc
            raise

    def record_written(self, assignments: str, values: dict, *, rows_done: int,
                       condition: str = "workerId = :me AND #s = :running", remove: str = "") -> None:
        """SET `assignments` for rows just written. When the import was cancelled while they were written, they
        stay written: the log counts them all the same and its message says how many rows were done."""
        remove = f" REMOVE {remove}" if remove else ""
        try:
            self._update(f"SET {assignments}{remove}", values, condition=condition)
        except Stopped:
            self._update(f"SET {assignments}, message = :cancelledMessage{remove}",
                         {**values, ":cancelledStatus": {"S": CANCELLED},
                          ":cancelledMessage": {"S": cancelled_message(rows_done)}},
                         condition=condition.replace("#s = :running", "#s = :cancelledStatus"))
            raise

    def release_cancelled(self) -> None:
        """After a cancel: the rejected rows so far are offered as a file, and the log is let go (the screen
        waits for this to show the final counts)."""
        log = ImportLog.get(self.log.id, consistent_read=True)
        values = {":now": {"S": utc_now()}, ":cancelled": {"S": CANCELLED}}
        expression = "SET updatedAt = :now"
        if self._project_gone():  # the cancel came with the project's deletion: the message says so
            expression += ", message = :why"
            values[":why"] = {"S": project_deleted_message(int(log.rowsDone or 0))}
        if int(log.rowsRejected or 0) and self.storage.write_feedback(log.header or []):
            expression += ", feedbackFileId = :file"
            values[":file"] = {"S": self.log.id}
        try:
            self._update(expression + " REMOVE workerId, leaseUntil, pending", values,
                         condition="workerId = :me AND #s = :cancelled")
        except Stopped:
            pass

    def _project_gone(self) -> bool:
        try:
            projects.get(self.log.projectId)
        except NotFound:
            return True
        return False

    def _lease(self) -> int:
        return int(time.time()) + self.settings.import_lease_seconds

    def finish(self, status: str, message: str | None, rows_total: int | None = None,
               feedback: bool = False, not_wqx: list[dict] | None = None, summaries_late: bool = False) -> None:
        values = {":status": {"S": status}, ":now": {"S": utc_now()}}
        expression = "SET #s = :status, finishedAt = :now, updatedAt = :now"
        if summaries_late:
            expression += ", summariesLate = :late"
            values[":late"] = {"BOOL": True}
        if not_wqx:
            expression += ", newParametersNotWqx = :notWqx"
            values[":notWqx"] = {"L": [{"M": {name: {"S": text} for name, text in entry.items()}} for entry in not_wqx]}
        if message:
            expression += ", message = :message"
            values[":message"] = {"S": message}
        if rows_total is not None:
            expression += ", rowsTotal = :total"
            values[":total"] = {"N": str(rows_total)}
        if feedback:
            expression += ", feedbackFileId = :file"
            values[":file"] = {"S": self.log.id}
        self._update(expression + " REMOVE workerId, leaseUntil, pending", values)

    def fail(self, message: str) -> None:
        self.finish(FAILED, message)

    # ------------------------------------------------------------ the file

    def open(self) -> source.TextFile:
        s3, bucket, key = aws.client("s3"), self.settings.uploads_bucket, self.log.uploadKey
        try:
            answer = s3.get_object(Bucket=bucket, Key=key)
        except ClientError as exc:
            if exc.response["Error"]["Code"] in ("NoSuchKey", "404"):
                raise source.FileError("The uploaded file is no longer there; upload it again.") from exc
            raise

        def reopen(offset: int):
            try:  # the same object (IfMatch: its ETag), from the byte where reading broke off
                return s3.get_object(Bucket=bucket, Key=key, Range=f"bytes={offset}-", IfMatch=answer["ETag"])["Body"]
            except ClientError as exc:
                if exc.response["Error"]["Code"] in ("NoSuchKey", "404", "PreconditionFailed", "412"):
                    raise source.FileError("The uploaded file changed or went away while it was imported; upload "
                                           "it again.") from exc
                raise

        def gzip_tail() -> bytes | None:  # a gzip file's size unpacked, for the progress (an estimate: optional)
            try:
                return s3.get_object(Bucket=bucket, Key=key, Range="bytes=-4", IfMatch=answer["ETag"])["Body"].read()
            except (ClientError, *STREAM_ERRORS):
                logger.warning("the size of %s unpacked is unknown: its progress shows rows only", key)
                return None

        body = source.Reopening(answer["Body"], reopen, STREAM_ERRORS)
        return source.open_text(body, spool_dir=tempfile.gettempdir(), size=answer.get("ContentLength"),
                                gzip_tail=gzip_tail)

    def run(self) -> None:
        text = self.open()
        from chalicelib.imports import service

        try:
            layout = formats.detect(text.header, self.log.format, service.header_map(self.log.organizationId))
        except formats.FormatError as exc:
            raise source.FileError(str(exc)) from exc
        if self.log.timeZone:
            layout = dataclasses.replace(layout, time_zone=self.log.timeZone)
        self.time_zone_column = layout.columns.get("timeZone") or layout.format.column("timeZone")
        chunk_rows = int(self.log.chunkRows or self.settings.import_chunk_rows)
        if not self.log.header:
            self._update("SET header = :header, detectedFormat = :format, chunkRows = :rows"
                         + (", bytesTotal = :size" if text.size else ""),
                         {":header": {"L": [{"S": h} for h in text.header]}, ":format": {"S": layout.format.key},
                          ":rows": {"N": str(chunk_rows)}, **({":size": {"N": str(text.size)}} if text.size else {})})
        # The bytes of the file the rows done took (an estimate: progress), from the header line on.
        bytes_done = len(text.delimiter.join(text.raw_header)) + 1
        checkpoint = int(self.log.rowsDone or 0)
        pending = self.log.pending.as_dict() if self.log.pending is not None else None
        seen = validate.Seen()
        last_row = 0
        written = 0
        malformed_seen = False
        try:
            for chunk, checked in checked_chunks(text, layout, self.rules, chunk_rows, seen):
                last_row = chunk.end_row - 1
                bytes_done += reader.text_bytes(chunk)
                malformed_seen = malformed_seen or bool(chunk.malformed)
                # Done before (checked for the repeats of later rows). A chunk covering no row (a file ending on
                # an error right after a chunk, a file of malformed rows only) is not: its end is its start.
                if last_row <= checkpoint and chunk.end_row > chunk.first_row:
                    if chunk.error is not None:
                        raise chunk.error
                    continue
                # Near the end of the invocation (after at least one chunk, so every invocation moves on).
                if written and self.remaining_ms() < self.settings.import_time_reserve_ms:
                    self.hand_over()
                    return
                outcome = self.outcome(chunk, checked)
                if layout.format.kind == formats.STATIONS:
                    self.resolve_stations(outcome)
                elif layout.format.kind == formats.LIMITS:
                    self.resolve_limits(outcome)
                else:
                    self.resolve_results(outcome, layout)
                self.write_chunk(chunk, outcome, text, pending if pending and int(pending["start"]) == chunk.first_row
                                 else None, bytes_done)
                pending = None
                written += 1
                if chunk.error is not None:
                    raise chunk.error
        except source.FileError as exc:  # a problem after some rows: keep them, say where it stopped
            self.finalize(error=str(exc), rows_total=None)
            return
        if last_row == 0 and not malformed_seen:
            self.fail("The file has a header but no rows.")
            return
        self.finalize(rows_total=last_row)

    # ------------------------------------------------------------ one chunk

    def outcome(self, chunk: reader.Chunk, checked: validate.Checked) -> Outcome:
        outcome = Outcome()
        for row in chunk.malformed:
            found, expected, row_text = row
            if getattr(row, "cut_off", False):  # the file's last row, short, with no newline after it
                message = (f"The file seems to end in the middle of this row (it has {found} cells where the header "
                           f"has {expected}): the file may be incomplete; upload it again.")
            else:
                message = (f"A row has {found} cells where the header has {expected}: {row_text[:120]!r}. Check its "
                           "delimiters and quotes.")
            outcome.rejections.append(validate.Rejection(None, None, row_text[:200], message))
        outcome.rejections += checked.rejections
        outcome.checked = checked
        return outcome

    def _station_lookup(self, identifiers: list[str]) -> None:
        organization_id = self.log.organizationId
        wanted = [i for i in identifiers if i not in self.station_ids]
        if not wanted:
            return
        derived = {stations.station_id_for(organization_id, i): i for i in wanted}
        as_ids = [i for i in wanted if pc.match_substring_regex(pa.array([i.lower()]), _UUID)[0].as_py()]
        found = stations.existing(list(derived) + [i.lower() for i in as_ids])
        for identifier in wanted:
            station_id = stations.station_id_for(organization_id, identifier)
            self.station_ids[identifier] = station_id if station_id in found else None
            self.station_longitudes[identifier] = found[station_id].longitude if station_id in found else None
        for identifier in as_ids:
            station = found.get(identifier.lower())
            if station is not None and self.station_ids.get(identifier) is None:
                self.station_ids[identifier] = station.id if station.organizationId == organization_id \
                    else f"other:{station.organizationId}"
                self.station_longitudes[identifier] = station.longitude

    def resolve_results(self, outcome: Outcome, layout: formats.Layout) -> None:
        checked = outcome.checked
        fields = checked.fields
        identifiers = fields["station"].to_pylist()
        self._station_lookup(list(dict.fromkeys(identifiers)))
        station_column = checked.columns.get("station", layout.format.column("station"))
        org = self.log.organizationId
        names, lats, lngs = (fields.get("stationName"), fields["latitude"], fields["longitude"])
        types = fields.get("locationType")
        for row, identifier in checked.located:
            self.located.setdefault(identifier, row)
        created_here: dict[str, str] = {}
        zones = fields["timeZone"].to_pylist() if "timeZone" in fields else None
        zone_column = checked.columns.get("timeZone", layout.format.column("timeZone"))
        keep = []
        for position, identifier in enumerate(identifiers):
            station_id = self.station_ids.get(identifier) or created_here.get(identifier)
            row = int(checked.rows[position])
            if station_id and station_id.startswith("other:"):
                outcome.rejections.append(validate.Rejection(
                    row, station_column, identifier, _another_organization(identifier), int(checked.index[position])))
                continue
            if station_id is None:
                lat, lng = lats[position].as_py(), lngs[position].as_py()
                if lat is None or lng is None or not (-90 <= lat <= 90 and -180 <= lng <= 180):
                    outcome.rejections.append(validate.Rejection(
                        row, station_column, identifier, self._unlocated(identifier, checked, layout),
                        int(checked.index[position])))
                    continue
                name = (names[position].as_py() if names is not None else "") or identifier
                location_type = (types[position].as_py() if types is not None else "") or None
                station_id = stations.station_id_for(org, identifier)
                created_here[identifier] = station_id
                self.station_longitudes[identifier] = lng
                outcome.new_stations.append(Station(
                    id=station_id, organizationId=org, identifier=identifier, name=name, latitude=lat, longitude=lng,
                    monitoringLocationType=location_type, stationType=_station_type(location_type),
                    projectIds=[self.log.projectId], createdAt=utc_now(),
                    **_optional(horizontalDatum=_text(fields, "horizontalDatum", position),
                                huc8=_huc(fields, "huc8", position, 8), huc12=_huc(fields, "huc12", position, 12),
                                **_state_and_county(fields, position))))
            far = zones and _zone_far_from(zones[position], self.station_longitudes.get(identifier), identifier)
            if far:
                outcome.rejections.append(validate.Rejection(row, zone_column, zones[position], far,
                                                             int(checked.index[position])))
                continue
            keep.append(position)
        self.station_ids.update(created_here)
        outcome.counts.stationsCreated = len(outcome.new_stations)
        labels = fields["characteristic"].to_pylist()
        units = fields["unit"].to_pylist() if "unit" in fields else [""] * len(labels)
        missing = [label for label in dict.fromkeys(labels[p] for p in keep) if label not in self.parameter_ids]
        if missing:
            found = parameters.existing([parameters.parameter_id_for(label) for label in missing])
            for label in missing:
                self.parameter_ids[label] = parameters.parameter_id_for(label)
                existing = found.get(self.parameter_ids[label])
                if existing is None:
                    unit = next((units[p] for p in keep if labels[p] == label and units[p]), None)
                    outcome.new_parameters.append((label, unit))
                    self.parameter_units[label] = unit
                else:
                    self.parameter_units[label] = existing.unit or None
                    outcome.used_parameters.append(existing)
        outcome.counts.parametersCreated = len(outcome.new_parameters)
        # A value in another unit than its parameter's is converted, or refused when it cannot be.
        measured = validate.against_parameters(fields, self.parameter_units)
        unit_column = checked.columns.get("unit", layout.format.column("unit"))
        for position in keep:
            if position in measured.refused:
                outcome.rejections.append(validate.Rejection(
                    int(checked.rows[position]), unit_column, units[position], measured.refused[position],
                    int(checked.index[position])))
        self._samples(outcome, [p for p in keep if p not in measured.refused], measured)
        self._recheck_rejected(outcome, layout)

    def _recheck_rejected(self, outcome: Outcome, layout: formats.Layout) -> None:
        """The rows the checks rejected, checked against the stored data as written rows are (after them, so the
        stations and parameters this chunk creates count): a station of another organization or unknown without a
        location, a unit that cannot be converted to its parameter's. So a row's feedback names all its problems at
        once rather than one more at each attempt. Nothing of these rows is written."""
        rejected = outcome.checked.rejected
        if rejected is None:
            return
        fields, columns = rejected.fields, rejected.columns
        station_column = columns.get("station", layout.format.column("station"))
        identifiers = fields["station"].to_pylist()
        self._station_lookup([i for i in dict.fromkeys(identifiers) if i])
        location_given = fields["locationGiven"].to_pylist()
        for position, identifier in enumerate(identifiers):
            station_id = self.station_ids.get(identifier) if identifier else ""
            if station_id and station_id.startswith("other:"):
                message = _another_organization(identifier)
            elif station_id is None and not location_given[position]:
                message = self._unlocated(identifier, rejected, layout)
            else:
                continue
            outcome.rejections.append(validate.Rejection(int(rejected.rows[position]), station_column, identifier,
                                                         message, int(rejected.index[position])))
        # Parameters not met yet: a stored one is remembered as the written rows would; one not stored is not (a
        # written row creates it, with its unit), and its rows have no unit to be compared with.
        unseen = [label for label in dict.fromkeys(fields["characteristic"].to_pylist())
                  if label and label not in self.parameter_ids and label not in self.parameters_absent]
        if unseen:
            found = parameters.existing([parameters.parameter_id_for(label) for label in unseen])
            for label in unseen:
                existing = found.get(parameters.parameter_id_for(label))
                if existing is None:
                    self.parameters_absent.add(label)
                else:
                    self.parameter_ids[label] = existing.id
                    self.parameter_units[label] = existing.unit or None
        measured = validate.against_parameters(fields, self.parameter_units)
        unit_column = columns.get("unit", layout.format.column("unit"))
        units = fields["unit"]
        for position, reason in sorted(measured.refused.items()):
            outcome.rejections.append(validate.Rejection(int(rejected.rows[position]), unit_column,
                                                         units[position].as_py(), reason, int(rejected.index[position])))

    def _unlocated(self, station: str, checked: validate.Checked, layout: formats.Layout) -> str:
        """Why a row of a station not known yet is refused: no location given, or given on a rejected row."""
        row = self.located.get(station)
        if row is not None:
            return (f"Unknown station '{station}': its location is given on row {row}, which was rejected; fix "
                    "that row and import the rejected rows again.")
        # The file's own column names (a header map may have renamed them).
        latitude, longitude = (checked.columns.get(axis) or layout.format.column(axis) for axis in
                               ("latitude", "longitude"))
        if checked.columns.get("latitude") and checked.columns.get("longitude"):
            return f"Unknown station '{station}': create it first, or give its location in {latitude} and {longitude}."
        # A file with no location columns (a Water Quality Portal result profile): its stations come first.
        return (f"Unknown station '{station}': import its station first (a station file, such as the Water Quality "
                f"Portal's Station profile), or add {latitude} and {longitude} columns with its location.")

    def _samples(self, outcome: Outcome, keep: list[int], measured: validate.Units) -> None:
        fields = outcome.checked.fields
        columns = {name: fields[name].to_pylist() for name in (
            "station", "characteristic", "sortTime", "value", "activityId", "activityType", "media",
            "fraction", "detectionCondition", "status", "valueType", "qualifier", "date", "time", "timeZone", "depth",
            "depthUnit", "comment", "writtenValue", "detectionLimit", "detectionLimitUnit", "detectionLimitType",
            validate.ACTIVITY_DATE, *formats.ACTIVITY_FIELDS) if name in fields}
        columns.update(number=measured.number, unit=measured.unit)
        blank = [""] * len(columns["station"])
        get = lambda name: columns.get(name, blank)  # noqa: E731
        project_id = self.log.projectId
        org = self.log.organizationId
        positions = []
        for p in keep:
            station_id = self.station_ids[get("station")[p]]
            parameter_id = self.parameter_ids[get("characteristic")[p]]
            number = get("number")[p] if "number" in columns else None
            extra = {"activityId": get("activityId")[p], "activityType": get("activityType")[p],
                     "media": get("media")[p], "sampleFraction": get("fraction")[p],
                     "detectionCondition": get("detectionCondition")[p], "status": get("status")[p],
                     "valueType": get("valueType")[p], "qualifier": get("qualifier")[p], "projectId": project_id,
                     "depth": get("depth")[p], "depthUnit": get("depth")[p] and get("depthUnit")[p],
                     "comment": get("comment")[p], "timeZone": get("timeZone")[p],
                     "dateOnly": "1" if get("date")[p] and not get("time")[p] else None,
                     # The value's own text where it is not the number's (7.10): downloads give its figures back.
                     "originalValue": get("writtenValue")[p] if number is not None else None,
                     "detectionLimit": get("detectionLimit")[p], "detectionLimitUnit": get("detectionLimitUnit")[p],
                     "detectionLimitType": get("detectionLimitType")[p]}
            sample = samples.Sample(stationId=station_id, parameterId=parameter_id, time=get("sortTime")[p],
                                    value=number, text=None if number is not None else (get("value")[p] or None),
                                    unit=get("unit")[p] or None, organizationId=org, extra=extra)
            item = samples.item_of(sample)
            if p in measured.original:  # converted: what the file said stays, for downloads to give back
                written, unit = measured.original[p]
                item.update({ORIGINAL_VALUE: {"S": written}, ORIGINAL_UNIT: {"S": unit}})
            elif p in measured.respelt:  # the parameter's unit written otherwise: that spelling goes out in downloads
                item[ORIGINAL_UNIT] = {"S": measured.respelt[p]}
            if measured.implausible[p]:
                item[OUT_OF_RANGE] = {"S": "1"}
            outcome.sample_items.append(item)
            positions.append(p)
            activity_id = get("activityId")[p]
            if activity_id and activity_id not in outcome.activities:
                outcome.activities[activity_id] = Activity(
                    projectId=project_id, id=activity_id, organizationId=org,
                    **_optional(typeCode=get("activityType")[p], media=get("media")[p],
                                # as YYYY-MM-DD where the checks read it so (the template: 5/1/2024 too), else as
                                # written (a portal file's dates are YYYY-MM-DD): the activities are listed by it
                                startDate=get(validate.ACTIVITY_DATE)[p] or get("date")[p],
                                startTime=get("time")[p], timeZone=get("timeZone")[p], stationId=station_id,
                                monitoringLocationIdentifier=get("station")[p], endDate=get("activityEndDate")[p],
                                endTime=get("activityEndTime")[p], endTimeZone=get("activityEndTimeZone")[p],
                                conductingOrganization=get("conductingOrganization")[p],
                                comment=get("activityComment")[p],
                                hydrologicCondition=get("hydrologicCondition")[p],
                                hydrologicEvent=get("hydrologicEvent")[p]),
                    createdAt=utc_now())
        stored = samples.stored_items(outcome.sample_items)
        before = self._stored_without_activity(outcome, positions, fields)
        kept = self._refuse_other_projects(outcome, positions, {**{k: item for k, (item, _) in before.items()}, **stored})
        rows = outcome.checked.rows
        outcome.stored_rows = {int(rows[p]) for p in kept}
        outcome.implausible_rows = sorted({int(rows[p]) for p in kept if measured.implausible[p]})
        if measured.original:  # the converted values taken (a loop over those only), and from which unit to which
            taken = set(kept)
            converted = [p for p in measured.original if p in taken]
            outcome.counts.rowsConverted = len(converted)
            outcome.units_converted = {f"{measured.original[p][1]} → {measured.unit[p]}" for p in converted}
        zoneless = fields.get(validate.TIME_WITHOUT_ZONE)
        if zoneless is not None:  # rows, not values: a wide row's values share its time
            marked = zoneless.to_numpy(zero_copy_only=False)
            outcome.zoneless_rows = sorted({int(rows[p]) for p in kept if marked[p]})
            outcome.counts.rowsWithoutTimeZone = len(outcome.zoneless_rows)
        outcome.counts.valuesImplausible = sum(1 for item in outcome.sample_items if OUT_OF_RANGE in item)
        changed, unchanged = samples.split_unchanged(outcome.sample_items, stored)
        # A value stored before its row was given an activity is replaced by the one under its activity's key.
        outcome.superseded = list(dict.fromkeys(before[key][1] for key in map(_key_of, outcome.sample_items)
                                                if key in before))
        outcome.sample_items = changed
        # Only series with new or changed values need their summaries recounted (and their activities written).
        outcome.series = {tuple(item["seriesKey"]["S"].split("#", 1)) for item in changed}
        outcome.series.update(tuple(series_key.split("#", 1)) for series_key, _ in outcome.superseded)
        written_activities = {item["a"]["S"] for item in changed if "a" in item}
        outcome.activities = {k: v for k, v in outcome.activities.items() if k in written_activities}
        outcome.counts.rowsImported = len(changed)
        outcome.counts.rowsReplaced = sum(1 for item in changed if _key_of(item) in stored or _key_of(item) in before)
        outcome.counts.rowsUnchanged = unchanged

    def _stored_without_activity(self, outcome: Outcome, positions: list[int], fields) -> dict:
        """Of the values whose template rows were given an activity (validate.generated_activity_ids), those stored
        before rows were given one, under the key without it (their time, fraction and depth): by the key with it,
        (the stored item, its key). Importing such a file again moves each value to its activity's key rather than
        storing it a second time (one BatchGetItem more per chunk of such rows; none for other files)."""
        generated = fields.get(validate.ACTIVITY_GENERATED)
        if generated is None:
            return {}
        marked = generated.to_numpy(zero_copy_only=False)
        earlier = {}
        for item, position in zip(outcome.sample_items, positions):
            if marked[position]:
                series_key, sort_key = _key_of(item)
                moment, _, rest = sort_key.partition("#")  # rest: the activity, then "#F:..." and "#D:..." if any
                earlier[(series_key, sort_key)] = (series_key, moment + rest[len(item["a"]["S"]):])
        if not earlier:
            return {}
        found = samples.stored_items([{"seriesKey": {"S": k}, "time": {"S": t}} for k, t in earlier.values()])
        return {key: (found[old], old) for key, old in earlier.items() if old in found}

    def _refuse_other_projects(self, outcome: Outcome, positions: list[int], stored: dict) -> list[int]:
        """A result stored already by another project of the organization stays there: importing it into this
        one would move it (a walk saw another project's download change its ProjectIdentifier). The positions
        of the results kept."""
        checked, kept, kept_positions = outcome.checked, [], []
        for item, position in zip(outcome.sample_items, positions):
            owner = (stored.get(_key_of(item)) or {}).get("p", {}).get("S")
            project = self._project_key(owner) if owner and owner != self.log.projectId else None
            if project:
                activity = item.get("a", {}).get("S")
                message = (f"This result is stored already in the project '{project}' (activity {activity}); import "
                           "it into that project, or give it an activity identifier no other project uses."
                           if activity else
                           f"This result is stored already in the project '{project}'; import it into that project.")
                outcome.rejections.append(validate.Rejection(
                    int(checked.rows[position]), checked.columns.get("activityId") if activity else None, activity,
                    message, int(checked.index[position])))
            else:
                kept.append(item)
                kept_positions.append(position)
        outcome.sample_items = kept
        return kept_positions

    def _project_key(self, project_id: str) -> str | None:
        """The key of a live project of the organization (None when it is gone), looked up once."""
        if project_id not in self.project_keys:
            try:
                project = projects.get(project_id)
                self.project_keys[project_id] = project.projectKey or project.name
            except NotFound:  # gone: its results may be taken over
                self.project_keys[project_id] = None
        return self.project_keys[project_id]

    def resolve_stations(self, outcome: Outcome) -> None:
        fields = outcome.checked.fields
        org = self.log.organizationId
        identifiers = fields["station"].to_pylist()
        found = stations.existing([stations.station_id_for(org, i) for i in identifiers])
        for position, identifier in enumerate(identifiers):
            values = _optional(
                name=fields["stationName"][position].as_py(), latitude=fields["latitude"][position].as_py(),
                longitude=fields["longitude"][position].as_py(),
                horizontalDatum=_text(fields, "horizontalDatum", position),
                monitoringLocationType=_text(fields, "locationType", position),
                description=_text(fields, "description", position), huc8=_huc(fields, "huc8", position, 8),
                **_state_and_county(fields, position), **_measures(fields, position))
            station_id = stations.station_id_for(org, identifier)
            existing = found.get(station_id)
            if existing is None:
                outcome.new_stations.append(Station(
                    id=station_id, organizationId=org, identifier=identifier, createdAt=utc_now(),
                    stationType=_station_type(values.get("monitoringLocationType")),
                    projectIds=[self.log.projectId], **values))
                outcome.counts.rowsImported += 1
            elif any(getattr(existing, k) != v for k, v in values.items()):
                outcome.changed_stations.append((existing, values))
                outcome.counts.rowsImported += 1
                outcome.counts.rowsReplaced += 1
            elif self.log.projectId not in (existing.projectIds or []):
                outcome.counts.rowsImported += 1  # the station joins this project (at the end of the import)
            else:
                outcome.counts.rowsUnchanged += 1
            outcome.series.add((station_id, ""))
        outcome.counts.stationsCreated = len(outcome.new_stations)

    def resolve_limits(self, outcome: Outcome) -> None:
        """A detection-limit file's rows: each limit set on the stored results of its station, activity and
        characteristic in this project (every fraction and depth of them: the file names no more). A row is
        imported when a result changes, unchanged when they have the limit already, rejected when none is stored."""
        checked = outcome.checked
        fields = {name: checked.fields[name].to_pylist() for name in (
            "station", "characteristic", "activityId", "detectionLimit", "detectionLimitUnit", "detectionLimitType")}
        identifiers = fields["station"]
        self._station_lookup(list(dict.fromkeys(identifiers)))
        wanted: dict[str, dict[str, list[int]]] = {}  # series key -> activity -> positions
        for position, identifier in enumerate(identifiers):
            station_id = self.station_ids.get(identifier)
            if station_id and station_id.startswith("other:"):
                outcome.rejections.append(validate.Rejection(
                    int(checked.rows[position]), checked.columns.get("station"), identifier,
                    _another_organization(identifier), int(checked.index[position])))
            elif station_id:
                key = f"{station_id}#{parameters.parameter_id_for(fields['characteristic'][position])}"
                wanted.setdefault(key, {}).setdefault(fields["activityId"][position], []).append(position)
        found = {}  # position -> [stored items of its result]
        for key, activities in wanted.items():
            for item in self._activity_results(key, list(activities)):
                for position in activities.get(item["a"]["S"], ()):
                    found.setdefault(position, []).append(item)
        changed, series = {}, set()
        for position in range(len(identifiers)):
            if position not in found:
                if not (self.station_ids.get(identifiers[position]) or "").startswith("other:"):
                    outcome.rejections.append(validate.Rejection(
                        int(checked.rows[position]), checked.columns.get("activityId"), fields["activityId"][position],
                        f"No result of activity '{fields['activityId'][position]}' and parameter "
                        f"'{fields['characteristic'][position]}' is stored at station '{identifiers[position]}' in this "
                        "project: import the results first.", int(checked.index[position])))
                continue
            limit = {short: fields[name][position] for name, short in samples.IMPORTED_ATTRIBUTES.items()}
            moved = False
            for stored in found[position]:
                item = {k: v for k, v in stored.items() if k not in limit}
                item.update({short: {"S": text} for short, text in limit.items() if text})
                if item != stored:
                    changed[(item["seriesKey"]["S"], item["time"]["S"])] = item  # a later row of the same result wins
                    series.add(tuple(item["seriesKey"]["S"].split("#", 1)))
                    moved = True
            if moved:
                outcome.counts.rowsImported += 1
                outcome.counts.rowsReplaced += 1
            else:
                outcome.counts.rowsUnchanged += 1
        outcome.sample_items = list(changed.values())
        outcome.series = series
        outcome.stored_rows = {int(checked.rows[p]) for p in found}

    def _activity_results(self, key: str, activities: list[str]) -> Iterator[dict]:
        """The stored results of a series that name one of the activities, of this project (or of none)."""
        from chalicelib.samples.models import SampleValue

        for start in range(0, len(activities), 99):  # IN takes 100 operands
            part = activities[start:start + 99]
            values = {f":a{n}": {"S": a} for n, a in enumerate(part)}
            for page in samples.query_pages(
                    TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                    FilterExpression="a IN (" + ", ".join(values) + ") AND (p = :p OR attribute_not_exists(p))",
                    ExpressionAttributeValues={**values, ":k": {"S": key}, ":p": {"S": self.log.projectId}}):
                yield from page["Items"]

    def write_chunk(self, chunk: reader.Chunk, outcome: Outcome, text: source.TextFile, pending: dict | None,
                    bytes_done: int | None = None) -> None:
        counts = outcome.counts
        start, end = chunk.first_row, chunk.end_row
        outcome.rejections = _said_once(outcome.rejections)
        rejected_rows = {r.row if r.row is not None else f"m{i}" for i, r in enumerate(outcome.rejections)}
        counts.rowsRejected = len(rejected_rows)
        counts.rowsPartlyRejected = len(rejected_rows & outcome.stored_rows)
        if pending is not None:  # a previous attempt counted this chunk before it died
            counts = Counts(**{k: int(pending.get(k, 0)) for k in Counts().as_map()})
        else:
            self._update("SET pending = :pending, leaseUntil = :lease",
                         {":pending": {"M": {"start": {"N": str(start)},
                                             **{k: {"N": str(v)} for k, v in counts.as_map().items()}}},
                          ":lease": {"N": str(self._lease())}, ":done": {"N": str(start - 1)}},
                         condition="workerId = :me AND #s = :running AND rowsDone = :done")
        # The chunk's rejected rows go to S3 while its rows are written.
        with ThreadPoolExecutor(1, thread_name_prefix="import-feedback") as side:
            saved = side.submit(self.storage.save_chunk, start, outcome, chunk.table, text.raw_header)
            if not self.log.dryRun:
                self.write(outcome)
            saved.result()
        # The units converted not named yet (by this worker: a set, so a chunk written again names its units once).
        unnamed = outcome.units_converted - self.units_named
        if unnamed:
            from chalicelib.imports import service

            service.name_converted_units(self.log.id, unnamed)
            self.units_named |= unnamed
        values = {":end": {"N": str(end - 1)}, ":start": {"N": str(start - 1)}, ":now": {"S": utc_now()},
                  ":lease": {"N": str(self._lease())}}
        additions = []
        for name, value in counts.as_map().items():
            values[f":{name}"] = {"N": str(value)}
            additions.append(f"{name} = if_not_exists({name}, :zero) + :{name}")
        values[":zero"] = {"N": "0"}
        if bytes_done is not None:
            additions.append("bytesDone = :bytes")
            values[":bytes"] = {"N": str(bytes_done)}
        self.record_written("rowsDone = :end, updatedAt = :now, leaseUntil = :lease, " + ", ".join(additions), values,
                            rows_done=end - 1, condition="workerId = :me AND #s = :running AND rowsDone = :start",
                            remove="pending")
        if outcome.new_parameters:
            from chalicelib.imports import service

            service.name_new_parameters(self.log.id, [label for label, _ in outcome.new_parameters])
        for name, value in counts.as_map().items():
            setattr(self.totals, name, getattr(self.totals, name) + value)
        if self.metrics is not None:
            self.metrics.add(counts)

    def write(self, outcome: Outcome) -> None:
        if outcome.new_stations:
            stations.save_all(outcome.new_stations)
        for station, values in outcome.changed_stations:
            stations.update(station, values)
        for label, unit in outcome.new_parameters:  # the importing organization's, until another's values use it
            parameters.ensure(label, unit=unit, characteristicName=label, organizationId=self.log.organizationId)
        parameters.share_with(outcome.used_parameters, self.log.organizationId)
        # Activities and values in the same requests, several at once (chalicelib/core/batches.py).
        batches.put_all([(Activity.Meta.table_name, activity.serialize()) for activity in outcome.activities.values()]
                        + samples.table_items(outcome.sample_items))
        if outcome.superseded:  # after the values that replace them: a worker dying between leaves none lost
            samples.delete_items(outcome.superseded)

    # ------------------------------------------------------------ the end

    def hand_over(self) -> None:
        """Near the end of the Lambda's time: queue the rest as a new message and release the import."""
        aws.client("sqs").send_message(QueueUrl=self.settings.import_queue_url, MessageBody=json.dumps(
            {"type": "import-data", "logId": self.log.id}))
        self._update("SET leaseUntil = :zero", {":zero": {"N": "0"}})
        logger.info("import %s continues in a follow-up message", self.log.id)

    def refresh(self) -> None:
        """Summaries of every series written, the project's stations and parameters (after all chunks). The lease
        is renewed meanwhile: this can take minutes, and the queue hands a job out again once its lease lapsed."""
        with self._renewing_lease():
            self._refresh()

    @contextlib.contextmanager
    def _renewing_lease(self):
        stop = threading.Event()

        def renew() -> None:
            while not stop.wait(max(1, self.settings.import_lease_seconds // 3)):
                try:
                    self._update("SET leaseUntil = :lease", {":lease": {"N": str(self._lease())}})
                except Exception:  # noqa: BLE001 - cancelled or taken over meanwhile: the work itself will say so
                    return

        renewing = threading.Thread(target=renew, daemon=True, name="import-lease")
        renewing.start()
        try:
            yield
        finally:
            stop.set()

    def _refresh(self) -> None:
        touched = self.storage.touched_series()
        if self.log.dryRun or not touched:
            return
        org = self.log.organizationId
        series = [(s, p, org) for s, p in touched if p]
        for parameter_id in sorted({p for _, p in touched if p}):  # deleted meanwhile: its values keep it
            parameters.restore_if_deleted(parameter_id)
        samples.refresh_summaries(series)
        try:
            project = projects.get(self.log.projectId)
        except NotFound:  # deleted while the import ran: the stations it made must not name it
            stations.leave_project(self.log.projectId, org, [])
            return
        station_ids = sorted({s for s, _ in touched} | set(project.stationIds or []))
        parameter_ids = sorted({p for _, p in touched if p} | set(project.parameterIds or []))
        old_stations = list(project.stationIds or [])
        projects.set_lists(project, station_ids=station_ids, parameter_ids=parameter_ids)
        stations.set_project_membership(project.id, org, station_ids, old_stations)

    def finalize(self, *, rows_total: int | None, error: str | None = None, summaries: bool = True) -> None:
        """End the import by its counts; `summaries` False: without updating the summaries of what it wrote (their
        update kept failing: _ends_without_summaries), which the message then says."""
        if rows_total is not None:  # every row is done: the screen says the summaries are being updated
            self._update("SET rowsTotal = :total", {":total": {"N": str(rows_total)}})
        if summaries:
            self.refresh()
        log = ImportLog.get(self.log.id, consistent_read=True)
        imported, rejected, unchanged = int(log.rowsImported), int(log.rowsRejected), int(log.rowsUnchanged)
        partly = int(log.rowsPartlyRejected or 0)
        feedback = self.storage.write_feedback(log.header or [])
        dry = "Dry run: nothing was written. " if log.dryRun else ""
        if error is not None:
            status = PARTIAL if imported + unchanged else FAILED
            message = error if status == FAILED else f"Stopped after row {int(log.rowsDone)}: {error}"
        elif rejected == 0:
            status, message = SUCCEEDED, nothing_changed_message(unchanged) if not (imported or log.dryRun) else None
        elif imported + unchanged == 0:
            status = FAILED
            message = ("No row could be imported: the only row was rejected (see the rejected rows)." if rejected == 1
                       else f"No row could be imported: all {rejected:,} rows were rejected (see the rejected rows).")
        else:
            status = PARTIAL
            message = rejected_message(rejected - partly, partly, bool(log.dryRun))
        if status != FAILED:  # said first: the sentences after them are their {message}, translated in turn
            message = " ".join(filter(None, (self._implausible(int(log.valuesImplausible or 0)),
                                             self._without_zone(log), message))) or None
        late = not summaries and not log.dryRun and bool(imported)
        if late:
            message = " ".join(filter(None, (SUMMARIES_LATE, message)))
        self.finish(status, (dry + (message or "")).strip() or None,
                    rows_total if rows_total is not None else int(log.rowsDone), feedback, self._not_wqx(log),
                    summaries_late=late)
        if late:
            aws.client("sqs").send_message(
                QueueUrl=self.settings.import_queue_url, DelaySeconds=self.settings.import_summaries_delay_seconds,
                MessageBody=json.dumps({"type": SUMMARIES_RECOUNT_JOB, "logId": self.log.id}))

    def recount_late_summaries(self) -> bool:
        """The summaries the import ended without (finalize's `summaries` False), recounted; the log's message then no
        longer says they may lag. False when there was nothing to recount (a repeated delivery)."""
        if not self.log.summariesLate:
            return False
        self._refresh()  # no lease: the import has ended, and recounting the same series twice gives the same counts
        said = (self.log.message or "").removeprefix(SUMMARIES_LATE).strip()
        values = {":now": {"S": utc_now()}, ":late": {"BOOL": True}}
        expression = "SET updatedAt = :now"
        if said:
            expression += ", message = :message"
            values[":message"] = {"S": said}
        try:
            self.client.update_item(TableName=self.table, Key=_log_key(self.log.id),
                                    UpdateExpression=expression + (" REMOVE summariesLate" if said else
                                                                   " REMOVE summariesLate, message"),
                                    ConditionExpression="summariesLate = :late", ExpressionAttributeValues=values)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "ConditionalCheckFailedException":
                raise
            return False  # another delivery recounted them meanwhile
        return True

    def _not_wqx(self, log: ImportLog) -> list[dict]:
        """Of the new parameters the log names, those whose names are no WQX characteristic name, each with the
        closest WQX name or parameter of the project when one is close (a misspelling is seen, and may be fixed
        before more files use it; nothing is refused: a custom parameter is legitimate)."""
        from chalicelib.parameters import characteristics

        names = sorted(log.newParameters or [], key=str.casefold)
        if not names:
            return []
        try:
            listed = projects.get(self.log.projectId).parameterIds or []
        except NotFound:  # deleted meanwhile: the WQX names alone
            listed = []
        new = {name.casefold() for name in names}
        known = [p.label for p in parameters.existing(listed).values() if p.label and p.label.casefold() not in new]
        return characteristics.not_wqx(names, known)

    def _implausible(self, count: int) -> str | None:
        """What the import says of its values outside their parameter's plausible range (taken: they may be real)."""
        if not count:
            return None
        listed = self._listed_rows("implausible")
        if count == 1:
            return f"1 value is outside the plausible range of its parameter (row {listed}): check it."
        return f"{count:,} values are outside the plausible range of their parameter (rows {listed}): check them."

    def _without_zone(self, log: ImportLog) -> str | None:
        """What the import says of its rows that give a time without a time zone (taken, their times read as UTC)."""
        count = int(log.rowsWithoutTimeZone or 0)
        if not count:
            return None
        column = self.time_zone_column
        if column is None:  # the file could not be read again (a resume that failed): the format's own column
            fmt = formats.FORMATS.get(log.detectedFormat or "")
            column = fmt.column("timeZone") if fmt is not None else "TimeZone"
        return without_zone_message(count, column, bool(log.dryRun), self._listed_rows("zoneless"))

    def _listed_rows(self, kind: str) -> str:
        """The first rows of a kind the message names, as it lists them: "9, 12, 1,204, ..." ("" if none are known)."""
        rows = self.storage.listed_rows(kind, IMPLAUSIBLE_ROWS_SAID + 1)
        listed = ", ".join(f"{row:,}" for row in rows[:IMPLAUSIBLE_ROWS_SAID])
        return listed + (", ..." if len(rows) > IMPLAUSIBLE_ROWS_SAID else "")


def nothing_changed_message(unchanged: int) -> str | None:
    """What a file imported again as it was says: its counts alone (0 imported) had left people unsure."""
    if unchanged == 1:
        return "Nothing changed: the only row was already stored as the file gives it."
    return f"Nothing changed: all {unchanged:,} rows were already stored as the file gives them." if unchanged else None


def without_zone_message(count: int, column: str, dry_run: bool, listed: str = "") -> str:
    """The notice of the rows that give a time of day without a time zone: read as UTC, which puts a local evening
    on the next day. Stored values keep their key (station, parameter, time, activity): a time given its zone later is
    another value, so the values imported so are deleted (the station chart's Delete values) before the file is
    imported again. `listed`: the first of those rows, named so that they can be found."""
    if listed:
        if dry_run:
            if count == 1:
                return (f"1 row gives a time without a time zone (row {listed}): its time would be read as UTC. If it "
                        f"is a local time, give its zone in {column} before importing.")
            return (f"{count:,} rows give a time without a time zone (rows {listed}): their times would be read as "
                    f"UTC. If they are local times, give their zone in {column} before importing.")
        if count == 1:
            return (f"1 row gives a time without a time zone (row {listed}): its time was read as UTC. If it is a "
                    f"local time, delete its value (Delete values on its station's chart), give its zone in {column} "
                    "and import it again.")
        return (f"{count:,} rows give a time without a time zone (rows {listed}): their times were read as UTC. If "
                f"they are local times, delete those values (Delete values on their station's chart), give their zone "
                f"in {column} and import them again.")
    if dry_run:
        if count == 1:
            return ("1 row gives a time without a time zone: its time would be read as UTC. If it is a local time, "
                    f"give its zone in {column} before importing.")
        return (f"{count:,} rows give a time without a time zone: their times would be read as UTC. If they are local "
                f"times, give their zone in {column} before importing.")
    if count == 1:
        return ("1 row gives a time without a time zone: its time was read as UTC. If it is a local time, delete its "
                f"value, give its zone in {column} and import it again.")
    return (f"{count:,} rows give a time without a time zone: their times were read as UTC. If they are local times, "
            f"delete those values, give their zone in {column} and import them again.")


def rejected_message(rejected: int, partly: int, dry_run: bool) -> str:
    """The summary of an import some of whose rows were rejected (`partly` of them with other values imported: a
    wide row's other parameter columns), each sentence whole in the singular and the plural so it is translated."""
    notes = []
    if rejected:
        rows = "1 row was" if rejected == 1 else f"{rejected:,} rows were"
        notes.append(f"{rows} rejected (see the rejected rows); the others "
                     + ("can be imported." if dry_run else "were imported."))
    if partly == 1:
        notes.append("1 row was partly rejected (see the rejected rows): its other values "
                     + ("can be imported." if dry_run else "were imported."))
    elif partly:
        notes.append(f"{partly:,} rows were partly rejected (see the rejected rows): their other values "
                     + ("can be imported." if dry_run else "were imported."))
    return " ".join(notes)


def _key_of(item: dict) -> tuple[str, str]:
    """A value item's key: (seriesKey, time)."""
    return item["seriesKey"]["S"], item["time"]["S"]


# How far (hours) a time's zone may be from its station's solar time (longitude / 15): western China keeps UTC+08:00
# about 3 hours from it; a US code written for China Standard Time is 14 hours away.
ZONE_FROM_SOLAR_HOURS = 5


def _zone_far_from(zone: str, longitude: float | None, station: str) -> str | None:
    """Why a time cannot have been read in its zone at its station: the zone far from the station's solar time
    (CST, which WQX has as US Central, written for China Standard Time; EST for a station in Europe). UTC and GMT
    are taken anywhere: loggers and laboratories write them."""
    if not zone or zone in ("UTC", "GMT") or longitude is None:
        return None
    offset = time_zones.hours(zone)
    if offset is None:
        return None
    solar = longitude / 15
    if abs((offset - solar + 12) % 24 - 12) <= ZONE_FROM_SOLAR_HOURS:  # around the date line too
        return None
    return (f"Time zone '{zone}' is {_utc(offset)}, but station '{station}' is at longitude {longitude:.4f}, where "
            f"clocks read about {_utc(round(solar))}: write the zone its times were read in, such as UTC+08:00 for "
            "China (CST is US Central Standard Time).")


def _utc(hours: float) -> str:
    minutes = round(abs(hours) * 60)
    return f"UTC{'-' if hours < 0 else '+'}{minutes // 60:02d}:{minutes % 60:02d}"


def _said_once(rejections: list) -> list:
    """The rejections without repeats of a row's same problem in the same column. A wide row is a row per value
    cell, so a problem of the row itself found after the checks (its station unknown, or another organization's)
    was found once per parameter column: the rejected rows and their file said it three times over."""
    seen: set = set()
    kept = []
    for rejection in rejections:
        key = (rejection.row, rejection.column, rejection.message)
        if rejection.row is not None and key in seen:
            continue
        seen.add(key)
        kept.append(rejection)
    return kept


def _another_organization(identifier: str) -> str:
    return f"Station '{identifier}' belongs to another organization; import it into a project of that organization."


def _optional(**values) -> dict:
    return {k: v for k, v in values.items() if v not in (None, "")}


def _text(fields: dict, name: str, position: int) -> str | None:
    return (fields[name][position].as_py() or None) if name in fields else None


def _huc(fields: dict, name: str, position: int, digits: int) -> str | None:
    value = _text(fields, name, position)
    return value.zfill(digits) if value and value.isdigit() and len(value) <= digits else None


def _measures(fields: dict, position: int) -> dict:
    """A station's elevation (with its unit, method and vertical datum) and drainage areas (with their units) from
    the row, those it gives (validate._check_measures checked them: a value has its unit)."""
    values = {}
    for name, unit in (("elevation", "elevationUnit"), ("drainageArea", "drainageAreaUnit"),
                       ("contributingDrainageArea", "contributingDrainageAreaUnit")):
        number = fields[name][position].as_py() if name in fields else None
        if number is not None:
            values.update({name: number, unit: _text(fields, unit, position)})
    for name in ("elevationMethod", "verticalDatum"):
        values[name] = _text(fields, name, position)
    return values


def _fips(fields: dict, name: str, position: int, digits: int) -> str | None:
    value = _text(fields, name, position)
    return value.zfill(digits) if value and value.isdigit() and len(value) <= digits else None


def _state_and_county(fields: dict, position: int) -> dict:
    """A station's state and county FIPS codes from the row (reference.place_fips)."""
    from chalicelib.reference import service as reference

    return reference.place_fips(_text(fields, "stateCode", position), _text(fields, "countyCode", position))


def _station_type(location_type: str | None) -> str:
    return formats.station_type_of(location_type)


# ---------------------------------------------------------------- the checks


def checked_chunks(text: source.TextFile, layout: formats.Layout, rules: validate.Rules, chunk_rows: int,
                   seen: validate.Seen) -> Iterator[tuple[reader.Chunk, validate.Checked]]:
    """The file's checkpoint chunks of `chunk_rows` rows and their checked rows. The checks run on blocks of
    tens of thousands of rows (their cost per call would dominate on chunks of a thousand); a block is then
    cut into the same chunks at the same rows, so checkpoints and resumes do not depend on the block size."""
    def prepare(block: reader.Chunk):
        # The rows numbered as in the file: the malformed rows the reader skipped keep their numbers.
        rows = block.row_numbers()
        if layout.format.kind == formats.STATIONS:
            checked = validate.check_stations(block.table, layout, text.header, first_row=block.first_row,
                                              encoding=text.encoding, rows=rows)
            return lambda _: checked
        if layout.format.kind == formats.LIMITS:
            checked = validate.check_limits(block.table, layout, text.header, rules, first_row=block.first_row,
                                            encoding=text.encoding, rows=rows)
            return lambda _: checked
        return validate.prepare_results(block.table, layout, text.header, rules, first_row=block.first_row,
                                        encoding=text.encoding, replaced=text.replaced, rows=rows)

    finished_blocks = 0

    def finished(block: reader.Chunk, prepared: Future):
        nonlocal finished_blocks
        checked = prepared.result()(seen)  # the repeats, in file order
        # The checks' intermediate arrays are freed now; give their memory back now and then rather than let the
        # pool grow (never: the peak came within a few MB of 400, 372-399 MB; after every block: 0.07 CPU s more).
        finished_blocks += 1
        if finished_blocks % RELEASE_EVERY_BLOCKS == 0:
            pa.default_memory_pool().release_unused()
        parts = reader.cut(block, chunk_rows)
        starts = list(range(0, chunk_rows * len(parts), chunk_rows))  # each part's first row in the block's table
        return zip(parts, checked.split(block.first_row, [(part.first_row, part.end_row) for part in parts], starts))

    # The checks of the next CHECKS_AHEAD blocks run on threads of their own while the block before them is
    # finished and written (the compute kernels release the GIL): with the reading thread, the file is read,
    # checked and written at once.
    with ThreadPoolExecutor(max_workers=CHECKS_AHEAD, thread_name_prefix="import-checks") as checks:
        waiting: deque = deque()
        for block in reader.blocks(text, chunk_rows):
            waiting.append((block, checks.submit(prepare, block)))
            if len(waiting) > CHECKS_AHEAD:
                yield from finished(*waiting.popleft())
        while waiting:
            yield from finished(*waiting.popleft())


# ---------------------------------------------------------------- the job


def _claim(log_id: str, worker_id: str) -> ImportLog | None:
    """Take the import for this worker (queued, or running with an expired lease); None when it is finished."""
    settings = get_settings()
    now = int(time.time())
    try:
        aws.client("dynamodb").update_item(
            TableName=ImportLog.Meta.table_name, Key=_log_key(log_id),
            UpdateExpression="SET #s = :running, workerId = :me, leaseUntil = :lease, "
                             "startedAt = if_not_exists(startedAt, :started), updatedAt = :started",
            ConditionExpression="attribute_exists(id) AND (#s = :queued OR (#s = :running AND "
                                "(attribute_not_exists(leaseUntil) OR leaseUntil < :now)))",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":running": {"S": RUNNING}, ":queued": {"S": QUEUED}, ":me": {"S": worker_id},
                                       ":lease": {"N": str(now + settings.import_lease_seconds)},
                                       ":now": {"N": str(now)}, ":started": {"S": utc_now()}})
    except ClientError as exc:
        if exc.response["Error"]["Code"] != "ConditionalCheckFailedException":
            raise
        try:
            log = ImportLog.get(log_id, consistent_read=True)
        except ImportLog.DoesNotExist:
            return None
        if log.status in FINISHED:
            return None
        raise LeaseHeld(f"import {log_id} is held by another worker") from exc
    return ImportLog.get(log_id, consistent_read=True)


def _ends_without_summaries(job: ImportJob, log_id: str) -> bool:
    """On the last delivery: when every row had been written (rowsTotal is set before the summaries are updated),
    only what follows the rows failed, most often the summaries' update (a walk: a 230,000-value import on a slow
    data store ended "failed", "please import it again", with every value stored). The import then ends by its
    counts, saying the summaries may lag; True when it did."""
    current = ImportLog.get(log_id, consistent_read=True)
    if current.rowsTotal is None or current.status != RUNNING:
        return False
    try:
        job.finalize(rows_total=None, summaries=False)
    except Exception:  # noqa: BLE001 - what follows the rows fails again: the import is said to have failed
        logger.exception("import %s could not be ended by its counts", log_id)
        return False
    return True


def recount_summaries(message: dict) -> bool:
    """The job queued when an import ended without its summaries: recount them (see ImportJob.recount_late_summaries).
    Failing again, the message is delivered again, and after its last delivery kept in the dead-letter queue."""
    log_id = message.get("logId")
    if not isinstance(log_id, str):
        raise ValueError("An import-summaries message needs a logId")
    try:
        log = ImportLog.get(log_id, consistent_read=True)
    except ImportLog.DoesNotExist:
        return False  # the import was deleted with its project
    return ImportJob(log, str(uuid.uuid4()), invocation_remaining_ms).recount_late_summaries()


def run_import(message: dict, remaining_ms, metrics=None, job_class: type[ImportJob] | None = None) -> str | None:
    """Run (or resume) the import a queue message names; its status after (None: nothing to do). `job_class`
    reads another kind of file (time series: chalicelib/timeseries/importer.py) with the same log and lease."""
    log_id = message.get("logId")
    if not isinstance(log_id, str):
        raise ValueError("An import-data message needs a logId")
    worker_id = str(uuid.uuid4())
    log = _claim(log_id, worker_id)
    if log is None:
        return None  # finished or cancelled already (a repeated delivery): nothing to do
    job = (job_class or ImportJob)(log, worker_id, remaining_ms, metrics)
    try:
        try:
            job.run()
        except source.FileError as exc:
            job.finalize(rows_total=None, error=str(exc)) if int(log.rowsDone or 0) else job.fail(str(exc))
        except Stopped:
            raise
        except Exception as exc:
            if int(message.get("receiveCount") or 1) >= MAX_RECEIVES:
                # The last delivery: say so on the log before the message goes to the dead-letter queue.
                logger.exception("import %s failed on its last delivery", log_id)
                if _ends_without_summaries(job, log_id):
                    ended = ImportLog.get(log_id, consistent_read=True)
                    notify.import_ended(ended)
                    return ended.status
                job.fail(INTERNAL_FAILURE[bool(log.dryRun)])
            raise
    except Stopped:
        current = ImportLog.get(log_id, consistent_read=True)
        if current.status == CANCELLED:
            job.refresh()  # what was written before the cancel shows in the summaries
            job.release_cancelled()
        return current.status
    ended = ImportLog.get(log_id, consistent_read=True)
    notify.import_ended(ended)
    return ended.status
