"""Data imports: upload slots, queueing, the import log, cancelling, history, rejected rows and the
organization's header map (no HTTP in here; the work itself is chalicelib/imports/worker.py)."""
from __future__ import annotations

import io
import json
import re
import struct
import time
import uuid
import zlib
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError
from pynamodb.exceptions import UpdateError

from chalicelib.audit import service as audit
from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, Conflict, NotFound, PayloadTooLarge, ServiceUnavailable
from chalicelib.core.models import utc_now
from chalicelib.crud import Collection
from chalicelib.crud import service as crud
from chalicelib.imports import formats
from chalicelib.imports.models import (CANCELLED, FAILED, FINISHED, FORMATS, PARTIAL, QUEUED, RUNNING, SUCCEEDED,
                                      ImportLog, cancelled_message, project_deleted_message)
from chalicelib.imports import source
from chalicelib.imports.source import EMPTY_FILE
from chalicelib.imports.storage import Storage
from chalicelib.reference import zones as time_zones

UPLOAD_LIMIT_BYTES = 2 * 1024 ** 3  # a presigned POST takes files up to 2 GB
FORM_LIMIT_BYTES = 5 * 1024 * 1024  # a file in the import-data request itself
UPLOAD_SECONDS = 3600
# A multipart upload (a file larger than one part): its parts but the last (S3 takes 5 MB at least), how many part
# URLs one request signs, and how long it may be resumed (the bucket's lifecycle rule aborts it after 7 days).
PART_BYTES = 8 * 1024 * 1024
PART_URLS_AT_ONCE = 16
MULTIPART_SECONDS = 7 * 24 * 3600
UPLOAD_GONE = "This upload is no longer available (finished, or older than 7 days); send the file again."
UPLOAD_PARTS_WRONG = "The parts sent do not make a file of the size given; send the file again."
DOWNLOAD_SECONDS = 900
INLINE_FEEDBACK_BYTES = 4 * 1024 * 1024
BOM = "\ufeff"
FILE_SUFFIXES = (".csv", ".txt", ".tsv", ".zip", ".gz")
# The bytes of an uploaded file read when its import is queued, to know its format from its header (the history
# then counts a station file's stations from the start); the worker reads the whole header again.
HEAD_BYTES = 64 << 10
HEADER_MAP_KIND = "importHeaderMap"
HEADER_MAP_LIMIT = 500
NOT_FOUND = "Import not found."
PUBLIC_FIELDS = ("id", "logId", "projectId", "organizationId", "fileName", "format", "detectedFormat", "dryRun", "timeZone",
                 "status", "rowsTotal", "rowsDone", "rowsImported", "rowsRejected", "rowsUnchanged", "stationsCreated",
                 "parametersCreated", "feedbackFileId", "message", "createdBy", "createdAt", "startedAt", "finishedAt",
                 "trigger", "sourceId", "kind", "newParameters", "newParametersNotWqx", "rowsWithoutTimeZone",
                 "rowsReplaced", "rowsConverted", "unitsConverted")
# The worker's lease is read to tell whether an ended import is settled; it is not answered.
_LEASE_FIELDS = ("workerId", "leaseUntil")
# What the log answers besides its stored fields (public(); the histories answer `settled` too).
_ANSWERED = {
    "progress": {"type": ["number", "null"], "minimum": 0, "maximum": 1,
                 "description": "how much of the file is done (rows, or the bytes the rows done took); 1 once ended "
                                "with its rows; null when not known"},
    "settled": {"type": "boolean", "description": "ended, and no worker on it any more: its counts are final"},
}
_NOT_WQX_ITEM = {"type": "object", "required": ["parameter"], "properties": {
    "parameter": {"type": "string"},
    "closest": {"type": ["string", "null"], "description": "the closest WQX characteristic name or parameter of "
                                                           "the project, when one is close"}}}


class ImportLogs(Collection):
    """The import logs as a collection (the project's history): its item is the import log as every import route
    answers it (queued-import, its cancel and both histories), so the OpenAPI document describes them alike."""

    def item_schema(self) -> dict:
        schema = super().item_schema()
        properties = {name: value for name, value in schema["properties"].items() if name not in _LEASE_FIELDS}
        properties["newParametersNotWqx"] = {**properties["newParametersNotWqx"], "items": _NOT_WQX_ITEM,
                                             "description": "of newParameters, those that are no WQX characteristic "
                                                            "name the portal knows"}
        return {**schema, "properties": {**properties, **_ANSWERED}}


HISTORY = ImportLogs(ImportLog, name="Import", fields=PUBLIC_FIELDS + _LEASE_FIELDS,
                     default_sort=(("createdAt", "DESC"),),
                     max_page_size=200, soft_delete=None)
@dataclass(frozen=True)
class ImportKind:
    """What a queued import is: its name on the log (the history lists one kind), the worker job that runs it,
    its formats and the file names it takes."""

    name: str
    job_type: str
    formats: tuple[str, ...]
    suffixes: tuple[str, ...] = FILE_SUFFIXES


DATA_IMPORT = ImportKind("data", "import-data", FORMATS)


def public(log: ImportLog) -> dict:
    item = log.to_dict()
    out = {name: item.get(name) for name in PUBLIC_FIELDS}
    for name in ("rowsDone", "rowsImported", "rowsRejected", "rowsUnchanged", "stationsCreated", "parametersCreated"):
        out[name] = int(out[name] or 0)
    out["rowsTotal"] = int(out["rowsTotal"]) if out["rowsTotal"] is not None else None
    # Optional (added after the log's other counts): the rows whose time was read as UTC for want of a zone.
    out["rowsWithoutTimeZone"] = int(out["rowsWithoutTimeZone"] or 0)
    # Optional likewise: of the rows imported, those that replaced a stored value.
    out["rowsReplaced"] = int(out["rowsReplaced"] or 0)
    # Likewise: the values converted to their parameter's unit, and from which units ("mS/cm → uS/cm").
    out["rowsConverted"] = int(out["rowsConverted"] or 0)
    out["unitsConverted"] = sorted(out["unitsConverted"] or [], key=str.casefold)
    out["dryRun"] = bool(out["dryRun"])
    out["newParameters"] = sorted(out["newParameters"] or [], key=str.casefold)
    # Likewise: of those, the ones that are no WQX characteristic name, each with the closest known name if any.
    out["newParametersNotWqx"] = out["newParametersNotWqx"] or []
    out["progress"] = progress(log)
    out["settled"] = _settled(log.status, log.workerId, log.leaseUntil)
    return out


NEW_PARAMETER_NAMES = 20


def name_new_parameters(log_id: str, labels) -> None:
    """Add to the import's list of the parameters it creates (or would), up to NEW_PARAMETER_NAMES of them."""
    _add_names(log_id, "newParameters", labels, NEW_PARAMETER_NAMES)


CONVERTED_UNITS = 20


def name_converted_units(log_id: str, conversions) -> None:
    """Add to the import's units converted ("mS/cm → uS/cm"), up to CONVERTED_UNITS of them."""
    _add_names(log_id, "unitsConverted", conversions, CONVERTED_UNITS)


def _add_names(log_id: str, attribute: str, names, most: int) -> None:
    """Add names to a string set of the import's log, up to `most` of them: a set, so a chunk written twice (a
    redelivered message) names each once; once `most` are there the count says how many more there are."""
    names = sorted(set(names))[:most]
    if not names:
        return
    client = aws.client("dynamodb")
    try:
        client.update_item(TableName=ImportLog.Meta.table_name, Key={"id": {"S": log_id}},
                           UpdateExpression=f"ADD {attribute} :names",
                           ConditionExpression=f"attribute_not_exists({attribute}) OR size({attribute}) < :most",
                           ExpressionAttributeValues={":names": {"SS": names}, ":most": {"N": str(most)}})
    except client.exceptions.ConditionalCheckFailedException:
        pass


def _settled(status: str | None, worker_id: str | None, lease_until) -> bool:
    """Ended, and no worker on it any more (a cancelled import's worker still counts the rows it was writing)."""
    return status in FINISHED and (not worker_id or int(lease_until or 0) < time.time())


def progress(log: ImportLog) -> float | None:
    """How much of the file is done, 0 to 1: rows done of rows when the count is known, else the bytes their
    rows took of the file's bytes (kept below 1 until the import ends); None when neither is known."""
    if log.status in (SUCCEEDED, PARTIAL):
        return 1.0
    if log.rowsTotal:
        return min(1.0, int(log.rowsDone or 0) / int(log.rowsTotal))
    if log.bytesTotal and log.bytesDone:
        return round(min(0.99, int(log.bytesDone) / int(log.bytesTotal)), 4)
    return 0.0 if log.status == RUNNING and log.bytesTotal else None


# ---------------------------------------------------------------- uploads and queueing


def _file_name(value: Any, suffixes: tuple[str, ...] = FILE_SUFFIXES) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadRequest("fileName is required.")
    name = value.strip().replace("\\", "/").rsplit("/", 1)[-1]
    if len(name) > 200:
        raise BadRequest("fileName must be at most 200 characters.")
    if not name.lower().endswith(suffixes):
        raise BadRequest(f"Unsupported file type. A CSV file ({', '.join(suffixes)}) expected")
    return name


def _safe_key_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)[:120] or "file.csv"


def _upload_prefix(organization_id: str, project_id: str) -> str:
    return f"uploads/{organization_id}/{project_id}/"


def _declared_size(value: Any, *, required: bool = False) -> int | None:
    """The file's size in bytes as the browser gives it (None when not given and not required)."""
    if value is None and not required:
        return None
    if value == 0 and isinstance(value, int) and not isinstance(value, bool):  # a person chose an empty file
        raise BadRequest(EMPTY_FILE)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise BadRequest("Invalid size. A positive number of bytes expected")
    if value > UPLOAD_LIMIT_BYTES:
        raise PayloadTooLarge("Files up to 2 GB can be imported; split the file or compress it (.zip or .gz).")
    return value


def upload_slot(organization_id: str, project_id: str, data: Any) -> dict:
    """A presigned S3 POST for one file: its key, size limit (2 GB) and content type are in the signed policy.
    Asked with `multipart: true` for a file larger than a part, a multipart upload instead (`uploadId`): its
    parts are sent one by one (upload_parts) and joined (complete_upload), so a connection lost at 90 % of a
    large file costs one part, not the file."""
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    # A JSON file is a time series of USGS Water Services (import-ts-data), announced by its format.
    json_ok = data.get("format") == "usgs-json"
    name = _file_name(data.get("fileName"), FILE_SUFFIXES + ((".json",) if json_ok else ()))
    size = _declared_size(data.get("size"))
    multipart = data.get("multipart", False)
    if not isinstance(multipart, bool):
        raise BadRequest("Invalid multipart. true or false expected")
    content_type = data.get("contentType") or "text/csv"
    if not isinstance(content_type, str) or not re.fullmatch(r"[\w.+-]+/[\w.+-]+", content_type):
        raise BadRequest("Invalid contentType. A media type such as text/csv expected")
    key = f"{_upload_prefix(organization_id, project_id)}{uuid.uuid4()}/{_safe_key_part(name)}"
    settings = get_settings()
    s3 = aws.client("s3")
    if multipart and size is not None and size > PART_BYTES:
        started = s3.create_multipart_upload(Bucket=settings.uploads_bucket, Key=key, ContentType=content_type)
        expires = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + MULTIPART_SECONDS))
        return {"uploadKey": key, "uploadId": started["UploadId"], "partBytes": PART_BYTES,
                "partCount": _part_count(size), "expiresAt": expires, "maxBytes": UPLOAD_LIMIT_BYTES}
    post = s3.generate_presigned_post(
        Bucket=settings.uploads_bucket, Key=key, Fields={"Content-Type": content_type},
        Conditions=[{"Content-Type": content_type}, ["content-length-range", 1, UPLOAD_LIMIT_BYTES]],
        ExpiresIn=UPLOAD_SECONDS)
    expires = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + UPLOAD_SECONDS))
    return {"uploadKey": key, "url": post["url"], "fields": post["fields"], "expiresAt": expires,
            "maxBytes": UPLOAD_LIMIT_BYTES}


def _part_count(size: int) -> int:
    return -(-size // PART_BYTES)


def _part_bytes(size: int, number: int) -> int:
    """The bytes part `number` (1-based) of a file of `size` bytes holds: PART_BYTES, the last the rest."""
    return min(PART_BYTES, size - (number - 1) * PART_BYTES)


def _multipart(organization_id: str, project_id: str, data: Any) -> tuple[str, str, int]:
    """The upload named by a parts or complete request: its key (this project's), its uploadId and the file's size."""
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    key, upload_id = data.get("uploadKey"), data.get("uploadId")
    if not isinstance(key, str) or not key.startswith(_upload_prefix(organization_id, project_id)) or ".." in key:
        raise BadRequest("Invalid uploadKey. It is not an upload of this project")
    if not isinstance(upload_id, str) or not upload_id or len(upload_id) > 1024 or not upload_id.isprintable():
        raise BadRequest("Invalid uploadId. The uploadId of this upload expected")
    return key, upload_id, _declared_size(data.get("size"), required=True)


def _uploaded_parts(key: str, upload_id: str) -> dict[int, dict]:
    """The parts S3 holds of a multipart upload, by number; a 404 when the upload is gone (completed, aborted by
    the bucket's lifecycle rule after 7 days, or never made)."""
    s3, bucket = aws.client("s3"), get_settings().uploads_bucket
    parts, marker = {}, 0
    try:
        while True:
            page = s3.list_parts(Bucket=bucket, Key=key, UploadId=upload_id, PartNumberMarker=marker)
            for part in page.get("Parts", []):
                parts[part["PartNumber"]] = part
            if not page.get("IsTruncated"):
                return parts
            marker = page["NextPartNumberMarker"]
    except ClientError as exc:
        if exc.response["Error"]["Code"] in ("NoSuchUpload", "404", "NoSuchKey", "NotFound"):
            raise NotFound(UPLOAD_GONE) from exc
        raise


def upload_parts(organization_id: str, project_id: str, data: Any) -> dict:
    """The parts of a multipart upload already sent (`done`) and presigned PUT URLs of the next parts still to
    send (at most PART_URLS_AT_ONCE, each signed for its exact length): the browser sends those and asks again
    until none is left, so resuming after a lost connection is the same request."""
    key, upload_id, size = _multipart(organization_id, project_id, data)
    parts = _uploaded_parts(key, upload_id)
    count = _part_count(size)
    done = [{"partNumber": n, "bytes": parts[n]["Size"]} for n in sorted(parts)
            if n <= count and parts[n]["Size"] == _part_bytes(size, n)]
    complete = {part["partNumber"] for part in done}
    missing = [n for n in range(1, count + 1) if n not in complete][:PART_URLS_AT_ONCE]
    s3, bucket = aws.client("s3"), get_settings().uploads_bucket
    urls = [{"partNumber": n, "bytes": _part_bytes(size, n), "url": s3.generate_presigned_url(
        "upload_part", Params={"Bucket": bucket, "Key": key, "UploadId": upload_id, "PartNumber": n,
                               "ContentLength": _part_bytes(size, n)}, ExpiresIn=UPLOAD_SECONDS)}
            for n in missing]
    return {"uploadKey": key, "uploadId": upload_id, "partBytes": PART_BYTES, "partCount": count,
            "done": done, "parts": urls}


def complete_upload(organization_id: str, project_id: str, data: Any) -> dict:
    """Join a multipart upload's parts into the file (then imported by its uploadKey). Every part must be there,
    each of its length: a missing one is a 409 naming it (send it and complete again); parts that do not make
    the file of the size given end the upload (400: send the file again)."""
    key, upload_id, size = _multipart(organization_id, project_id, data)
    parts = _uploaded_parts(key, upload_id)
    count = _part_count(size)
    missing = [n for n in range(1, count + 1) if n not in parts]
    if missing:
        shown = ", ".join(str(n) for n in missing[:10]) + (", …" if len(missing) > 10 else "")
        raise Conflict(f"Parts {shown} of {count} have not arrived yet; send them, then complete the upload.")
    s3, bucket = aws.client("s3"), get_settings().uploads_bucket
    if len(parts) != count or any(parts[n]["Size"] != _part_bytes(size, n) for n in range(1, count + 1)):
        s3.abort_multipart_upload(Bucket=bucket, Key=key, UploadId=upload_id)
        raise BadRequest(UPLOAD_PARTS_WRONG)
    s3.complete_multipart_upload(Bucket=bucket, Key=key, UploadId=upload_id, MultipartUpload={
        "Parts": [{"PartNumber": n, "ETag": parts[n]["ETag"]} for n in range(1, count + 1)]})
    return {"uploadKey": key, "size": size}


def _format(value: Any, allowed: tuple[str, ...] = FORMATS) -> str:
    value = value if value not in (None, "") else "auto"
    if value not in allowed:
        raise BadRequest(f"Invalid format. {', '.join(allowed)} expected")
    return value


def _dry_run(value: Any) -> bool:
    if value in (None, "", False, "false", "0"):
        return False
    if value in (True, "true", "1"):
        return True
    raise BadRequest("Invalid dryRun. true or false expected")


INVALID_TIME_ZONE = ("Invalid timeZone. Use a WQX time zone code such as EST, CDT or UTC, or an offset from UTC "
                     "such as UTC+08:00.")
TIME_ZONE_NOT_TAKEN = "timeZone is taken by data imports only, not by logger file imports."


def _time_zone(value: Any, kind: ImportKind) -> str | None:
    """The zone of the file's times that give none, as stored (an offset in its one spelling); None for none."""
    if value in (None, ""):
        return None
    if kind is not DATA_IMPORT:
        raise BadRequest(TIME_ZONE_NOT_TAKEN)
    stored = time_zones.stored_code(value) if isinstance(value, str) else None
    if not stored:
        raise BadRequest(INVALID_TIME_ZONE)
    return stored


def queue_import(organization_id: str, project_id: str, user_id: str, *, upload_key: Any = None,
                 file_name: str | None = None, content: bytes | None = None, format: Any = None,
                 dry_run: Any = None, time_zone: Any = None, kind: ImportKind | None = None,
                 trigger: str | None = None, source_id: str | None = None) -> dict:
    """Record the import and queue it for the worker: from a file of the request, or an earlier upload.
    `kind` names another worker job with its own formats (time series: chalicelib/timeseries); `time_zone`: the zone
    of the file's times that give none (a WQX code or an offset; without it they are read as UTC)."""
    kind = kind or DATA_IMPORT
    fmt, dry, zone = _format(format, kind.formats), _dry_run(dry_run), _time_zone(time_zone, kind)
    settings = get_settings()
    s3 = aws.client("s3")
    if content is not None:
        if not content:  # answered now: the worker would only say the same after a trip through the queue
            raise BadRequest(EMPTY_FILE)
        if len(content) > FORM_LIMIT_BYTES:
            raise PayloadTooLarge("Files larger than 5 MB are uploaded first (import-uploads), then imported by "
                                  "their uploadKey.")
        name = _file_name(file_name or "upload.csv", kind.suffixes)
        key = f"{_upload_prefix(organization_id, project_id)}{uuid.uuid4()}/{_safe_key_part(name)}"
        s3.put_object(Bucket=settings.uploads_bucket, Key=key, Body=content)
        head = content
    else:
        if not isinstance(upload_key, str) or not upload_key:
            raise BadRequest("Send the file as the form field file, or JSON {\"uploadKey\": ...} of an upload.")
        if not upload_key.startswith(_upload_prefix(organization_id, project_id)) or ".." in upload_key:
            raise BadRequest("Invalid uploadKey. It is not an upload of this project")
        try:
            s3.head_object(Bucket=settings.uploads_bucket, Key=upload_key)
        except ClientError as exc:
            raise BadRequest("No file was uploaded under this uploadKey (or its upload has not finished).") from exc
        key, name = upload_key, upload_key.rsplit("/", 1)[-1]
        head = _head(s3, settings.uploads_bucket, key) if kind is DATA_IMPORT else None
    now = utc_now()
    log_id = str(uuid.uuid4())
    detected = _format_of(organization_id, head, fmt) if kind is DATA_IMPORT and head else None
    log = ImportLog(id=log_id, logId=log_id, projectId=project_id, organizationId=organization_id, fileName=name,
                    format=fmt, dryRun=dry, timeZone=zone, status=QUEUED, uploadKey=key, createdBy=user_id, createdAt=now, kind=kind.name,
                    updatedAt=now, trigger=trigger, sourceId=source_id, detectedFormat=detected)
    log.save()
    try:
        aws.client("sqs").send_message(QueueUrl=settings.import_queue_url,
                                       MessageBody=json.dumps({"type": kind.job_type, "logId": log_id}))
    except ClientError as exc:
        log.update(actions=[ImportLog.status.set(FAILED), ImportLog.message.set("The import queue is unavailable."),
                            ImportLog.finishedAt.set(utc_now())])
        raise ServiceUnavailable("The import queue is unavailable. Please try again shortly.") from exc
    return {"logId": log_id, "status": QUEUED}


def _head(s3, bucket: str, key: str) -> bytes | None:
    """The first HEAD_BYTES of an uploaded file (None when they cannot be read: the worker will say why)."""
    try:
        return s3.get_object(Bucket=bucket, Key=key, Range=f"bytes=0-{HEAD_BYTES - 1}")["Body"].read()
    except ClientError:
        return None


def _plain_head(head: bytes) -> bytes | None:
    """The first bytes of the file a compressed upload holds, unpacked as far as its first bytes go: a gzip file's,
    or a zip's first member's (its local header comes first; the directory at the end is not needed for that). The
    head itself when it is not compressed; None when it cannot be unpacked (the worker will say why)."""
    try:
        if head[:2] == b"\x1f\x8b":
            return zlib.decompressobj(wbits=31).decompress(head, HEAD_BYTES)
        if head[:4] == b"PK\x03\x04" and len(head) >= 30:
            method, name_length, extra_length = struct.unpack_from("<H16xHH", head, 8)
            member = head[30 + name_length + extra_length:]
            if head[30:30 + name_length].endswith(b"/"):
                return None  # a folder first: the worker finds the file
            if method == 0:
                return member[:HEAD_BYTES]
            return zlib.decompressobj(-15).decompress(member, HEAD_BYTES) if method == 8 else None
    except zlib.error:
        return None
    return head


def _format_of(organization_id: str, head: bytes, requested: str) -> str | None:
    """The format a file's header names, as the worker will find it, from the file's first bytes: known while the
    import is queued, so that its counts are named for what it imports (a station file's stations). None when they
    do not tell (a header longer than them; no format's columns; a compressed member that is not deflated): the
    worker decides then."""
    head = _plain_head(head)
    if head is None or (b"\n" not in head[:HEAD_BYTES] and len(head) >= HEAD_BYTES):
        return None  # the header line does not end in the bytes read
    try:
        text = source.open_text(io.BytesIO(head[:HEAD_BYTES] if len(head) > HEAD_BYTES else head))
        return formats.detect(text.header, requested, header_map(organization_id)).format.key
    except (ValueError, OSError, EOFError):  # FileError, FormatError, a gzip file cut short
        return None


# ---------------------------------------------------------------- the log


def get(log_id: str) -> ImportLog:
    try:
        return ImportLog.get(log_id, consistent_read=True)
    except ImportLog.DoesNotExist:
        raise NotFound(NOT_FOUND) from None


def get_in_project(organization_id: str, project_id: str, log_id: str) -> ImportLog:
    log = get(log_id)
    if log.organizationId != organization_id or log.projectId != project_id:
        raise NotFound(NOT_FOUND)
    return log


TOO_LATE_TO_CANCEL = ("Every row of this import is written; it is updating the summaries and can no longer be "
                      "cancelled.")


def cancel(log: ImportLog, user_id: str) -> dict:
    """Stop a queued or running import; rows written before stay (the worker stops at its next chunk)."""
    if log.status in FINISHED:
        raise Conflict(f"This import has already ended ({log.status}); only queued or running imports can be "
                       "cancelled.")
    if not _cancelled(log, cancelled_message(int(log.rowsDone or 0))):  # it ended meanwhile
        if get(log.id).status == "running":
            raise Conflict(TOO_LATE_TO_CANCEL)
        raise Conflict("This import has already ended; only queued or running imports can be cancelled.")
    return public(get(log.id))


def _cancelled(log: ImportLog, message: str) -> bool:
    """Whether the import was still queued or running, and is cancelled now with this message. Once every row
    is written (rowsTotal is set then), the summaries are being updated: too late to stop."""
    now = utc_now()
    try:
        log.update(actions=[ImportLog.status.set(CANCELLED), ImportLog.finishedAt.set(now),
                            ImportLog.updatedAt.set(now), ImportLog.message.set(message)],
                   condition=ImportLog.status.is_in(QUEUED, "running") & ImportLog.rowsTotal.does_not_exist())
    except UpdateError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


def stop_imports_of(project_id: str) -> None:
    """A project being deleted: its queued and running imports are cancelled (a running one stops at its next
    chunk), saying why; one whose rows are all written finishes its summaries."""
    for log in ImportLog.by_project.query(project_id, filter_condition=ImportLog.status.is_in(QUEUED, "running")):
        _cancelled(log, project_deleted_message(int(log.rowsDone or 0)))


def history(project_id: str, query_params: Any) -> list | dict:
    """A project's imports, newest first, through the collection query language (page, limit, filter...)."""
    return _with_settled(crud.search(HISTORY, query_params, scope={"projectId": project_id}))


def organization_history(organization_id: str, limit: int) -> list[dict]:
    """An organization's newest imports, of every project (the home page's latest imports): one Query."""
    logs = ImportLog.by_organization.query(organization_id, scan_index_forward=False, limit=limit)
    return [public(log) for log in logs]


def _with_settled(answer: list | dict) -> list | dict:
    for log in answer["data"] if isinstance(answer, dict) else answer:
        lease = [log.pop(name, None) for name in _LEASE_FIELDS]
        log["settled"] = _settled(log.get("status"), *lease)
    return answer


# ---------------------------------------------------------------- rejected rows


def rejected_rows(log: ImportLog, page: int, limit: int) -> dict:
    storage = Storage(log.id)
    total = storage.rejection_count()
    data = storage.rejections((page - 1) * limit, limit)
    return {"data": data, "count": len(data), "total": total, "page": page,
            "pageCount": max(1, -(-total // limit))}


def feedback_file(log: ImportLog, language: str | None = None) -> tuple[str | None, str | None]:
    """The feedback CSV, its message column in `language` (None: English): its text when small, else a presigned
    URL (like large sample downloads). The worker wrote it in every language at the end of the import
    (storage.write_feedback), so a large one is one presigned object whichever language is asked for. An import
    that ended before the feedback files were written per language has the English one only: it is answered."""
    if not log.feedbackFileId:
        raise NotFound("This import has no feedback file: no row was rejected, or it has not finished.")
    storage = Storage(log.id)
    s3 = aws.client("s3")
    bucket = get_settings().uploads_bucket
    key = storage.feedback_key(language)
    try:
        size = s3.head_object(Bucket=bucket, Key=key)["ContentLength"]
    except ClientError as exc:
        if language is None or exc.response["Error"]["Code"] not in ("404", "NoSuchKey", "NotFound"):
            raise
        key = storage.feedback_key()
        size = s3.head_object(Bucket=bucket, Key=key)["ContentLength"]
    if size <= INLINE_FEEDBACK_BYTES:
        text = s3.get_object(Bucket=bucket, Key=key)["Body"].read().decode("utf-8")
        # A file written before the byte-order mark gets one, so that Excel reads it as UTF-8.
        return text if text.startswith(BOM) else BOM + text, None
    url = s3.generate_presigned_url("get_object", Params={
        "Bucket": bucket, "Key": key,
        "ResponseContentDisposition": f'attachment; filename="{feedback_name(log)}"'}, ExpiresIn=DOWNLOAD_SECONDS)
    return None, url


def feedback_name(log: ImportLog) -> str:
    stem = re.sub(r"\.(csv|txt|tsv|zip|gz)$", "", log.fileName, flags=re.I)
    return f"{_safe_key_part(stem)}-rejected-rows.csv"


# ---------------------------------------------------------------- header map


def header_map(organization_id: str) -> dict:
    from chalicelib.reference import service as reference

    return (reference.organization_record(HEADER_MAP_KIND, organization_id) or {}).get("columns") or {}


def set_header_map(organization_id: str, data: Any) -> dict:
    """Replace the organization's column mapping {"their column": "our field" | {"parameter", "unit"}}."""
    from chalicelib.reference import service as reference

    if not isinstance(data, dict):
        raise BadRequest('Request body must be a JSON object {"their column": "our field"}.')
    clean = _checked_header_map(data)
    _refuse_same_columns(clean)
    before = header_map(organization_id)
    reference.set_organization_record(HEADER_MAP_KIND, organization_id, {"columns": clean})
    _audit_header_map(organization_id, before, clean)
    return clean


def change_header_map(organization_id: str, data: Any) -> dict:
    """Change some columns of the mapping (a JSON merge patch: a column mapped to null is taken out), on the
    mapping as stored now: two people adding a column each at the same moment both keep theirs. A column given
    in another spelling of one already mapped (imports read "Sample Date" and "sample_date" as one) replaces it."""
    from chalicelib.reference import service as reference

    if not isinstance(data, dict):
        raise BadRequest('Request body must be a JSON object {"their column": "our field" or null}.')
    removed = {column.strip() for column, target in data.items() if target is None}
    changes = _checked_header_map({column: target for column, target in data.items() if target is not None},
                                  limit=False)
    _refuse_same_columns(changes)
    respelt = {formats.normalized(column) for column in changes}
    for _attempt in range(5):
        current, version = reference.organization_record_version(HEADER_MAP_KIND, organization_id)
        before = (current or {}).get("columns") or {}
        columns = {column: target for column, target in before.items()
                   if column not in removed and formats.normalized(column) not in respelt}
        columns.update(changes)
        if len(columns) > HEADER_MAP_LIMIT:
            raise BadRequest(f"A header map has at most {HEADER_MAP_LIMIT} columns.")
        if reference.set_organization_record(HEADER_MAP_KIND, organization_id, {"columns": columns}, over=version):
            _audit_header_map(organization_id, before, columns)
            return columns
    raise Conflict(HEADER_MAP_BUSY)


HEADER_MAP_BUSY = "The column names kept changing while this change was saved. Try again."
SAME_COLUMN = "Columns {first} and {second} are one column to imports (case, spaces and punctuation aside): keep one."
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
# A parameter column's texts: as a parameter's label and unit take them (parameters.service.TEXT_LIMITS).
_PARAMETER_LIMITS = {"parameter": 100, "unit": 40}


def _checked_header_map(data: dict, limit: bool = True) -> dict:
    if limit and len(data) > HEADER_MAP_LIMIT:
        raise BadRequest(f"A header map has at most {HEADER_MAP_LIMIT} columns.")
    clean: dict = {}
    for column, target in data.items():
        if not column.strip() or len(column) > 200:
            raise BadRequest("Every mapped column needs a name of 1 to 200 characters.")
        if _CONTROL.search(column) or not formats.normalized(column):
            raise BadRequest(f"Column {column.strip()!r}: a column name needs letters or digits, and no control or "
                             "invisible characters.")
        if isinstance(target, dict):
            parameter, unit = target.get("parameter"), target.get("unit")
            if set(target) - {"parameter", "unit"} or not isinstance(parameter, str) or not parameter.strip() \
                    or (unit is not None and not isinstance(unit, str)):
                raise BadRequest(f"Column {column!r}: a parameter column maps to {{\"parameter\": ..., \"unit\": ...}}.")
            for name, text in (("parameter", parameter), ("unit", unit)):
                if text and (len(text.strip()) > _PARAMETER_LIMITS[name] or _CONTROL.search(text)):
                    raise BadRequest(f"Column {column.strip()!r}: the {name} must be at most "
                                     f"{_PARAMETER_LIMITS[name]} characters, without control characters.")
            clean[column.strip()] = {"parameter": parameter.strip(), **({"unit": unit.strip()} if unit else {})}
        elif formats.mapped_field(target, formats.FORMATS) is not None:
            clean[column.strip()] = target
        else:
            fields = ", ".join(formats.FIELD_LABELS)
            raise BadRequest(f"Column {column!r}: unknown field {target!r}. Map a column to one of: {fields}; "
                             "or to a parameter with {\"parameter\": ..., \"unit\": ...}.")
    return clean


def _refuse_same_columns(columns: dict) -> None:
    """400 for two columns of one map that imports read as one (the map would keep one of them without a word)."""
    seen: dict[str, str] = {}
    for column in columns:
        first = seen.setdefault(formats.normalized(column), column)
        if first != column:
            raise BadRequest(SAME_COLUMN.format(first=repr(first), second=repr(column)))


def _audit_header_map(organization_id: str, before: dict, after: dict) -> None:
    """The columns added, changed or taken out, in the trail (as a setting's change is)."""
    changed = sorted(c for c in before.keys() | after.keys() if before.get(c) != after.get(c))
    if changed:
        audit.record("update", "header-map", organization_id,
                     before={c: before[c] for c in changed if c in before},
                     after={c: after[c] for c in changed if c in after}, organization_id=organization_id)
