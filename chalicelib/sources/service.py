"""Import sources of a project: kept, checked, and run when due (each run a normal import, its log saying
`trigger: schedule`, or `trigger: manual` for a "Run now"). A failing source records why and backs off; it never
stops the others. A source's last result follows its import: once the import has ended, its status and message."""
from __future__ import annotations

import logging
import re
import time
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

from pynamodb.exceptions import UpdateError

from chalicelib.audit import service as audit
from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, NotFound
from chalicelib.core.models import utc_now
from chalicelib.imports import service as imports
from chalicelib.imports.formats import WQP_STATION
from chalicelib.imports.models import FAILED, FINISHED, PARTIAL, QUEUED, SUCCEEDED, ImportLog
from chalicelib.sources import fetch, notify
from chalicelib.sources.models import KIND, SCHEDULES, ImportSource
from chalicelib.timeseries.jobs import TS_IMPORT

logger = logging.getLogger(__name__)
NOT_FOUND = "Import source not found."
TS_FORMATS = ("usgs-json", "ts-wide", "ts-long")
DATA_FORMATS = ("wqp-result", "wqx3-result", "wqp-station", "template")
FORMATS = TS_FORMATS + DATA_FORMATS
RETRY_SECONDS = 300  # the first retry after a failure; doubled per failure, at most the schedule's interval x 4
EVERY_MINUTES = 5  # how often the scheduled function looks for due sources (app.py, devtools/import_sources.py)
SCHEDULE, MANUAL = "schedule", "manual"  # what started a run: the import log's trigger
# A source's lastStatus: "queued" while its import is queued or running, then the import's own status
# (succeeded, partial, failed, cancelled); "unchanged" when the answer was the one imported last; "failed" also
# when the fetch failed.
PUBLIC_FIELDS = ("id", "projectId", "organizationId", "name", "url", "format", "schedule", "enabled", "nextRunAt",
                 "failures", "lastRunAt", "lastSuccessAt", "lastStatus", "lastMessage", "lastLogId", "createdBy",
                 "createdAt", "updatedAt")


def _cloud() -> bool:
    return get_settings().stage != "local"


def public_id(source: ImportSource) -> str:
    """The id the API shows (the catalog item's id without its kind)."""
    return source.id.split("#", 1)[1]


def public(source: ImportSource) -> dict:
    item = source.to_dict()
    out = {name: item.get(name) for name in PUBLIC_FIELDS}
    out.update(id=public_id(source), projectId=source.key, name=source.label,
               failures=int(source.failures or 0),
               nextRunAt=_iso(int(source.nextRunAt or 0)) if source.enabled else None)
    return out


def _iso(epoch: int) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _checked(data: Any, current: ImportSource | None) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    values: dict = {}
    if "name" in data or current is None:
        name = data.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
            raise BadRequest("name is required (1 to 100 characters).")
        values["label"] = name.strip()
    if "url" in data or current is None:
        try:
            fetch.check_url(data.get("url"), cloud=_cloud())
        except fetch.Refused as exc:
            raise BadRequest(str(exc)) from None
        values["url"] = data["url"].strip()
    if "format" in data or current is None:
        if data.get("format") not in FORMATS:
            raise BadRequest(f"Invalid format. {', '.join(FORMATS)} expected")
        values["format"] = data["format"]
    if "schedule" in data or current is None:
        if data.get("schedule") not in SCHEDULES:
            raise BadRequest(f"Invalid schedule. {', '.join(SCHEDULES)} expected")
        values["schedule"] = data["schedule"]
    if "enabled" in data:
        if not isinstance(data["enabled"], bool):
            raise BadRequest("Invalid enabled. true or false expected")
        values["enabled"] = data["enabled"]
    return values


def create(organization_id: str, project_id: str, user_id: str, data: Any) -> dict:
    values = _checked(data, None)
    source = ImportSource(id=f"{KIND}#{uuid.uuid4()}", key=project_id, organizationId=organization_id,
                          createdBy=user_id, createdAt=utc_now(), nextRunAt=int(time.time()), failures=0,
                          enabled=values.pop("enabled", True), **values)
    source.save()
    audit.record("create", "import-source", public_id(source), after=_audited(source), organization_id=organization_id)
    return public(source)


def list_sources(project_id: str) -> list[dict]:
    found = ImportSource.by_kind.query(KIND, filter_condition=ImportSource.key == project_id)
    return sorted((public(settled(s)) for s in found), key=lambda s: s["createdAt"])


def get(project_id: str, source_id: str) -> ImportSource:
    try:
        source = ImportSource.get(f"{KIND}#{source_id}")
    except ImportSource.DoesNotExist:
        raise NotFound(NOT_FOUND) from None
    if source.key != project_id:
        raise NotFound(NOT_FOUND)
    return source


def update(source: ImportSource, data: Any) -> dict:
    values = _checked(data, source)
    actions = [getattr(ImportSource, name).set(value) for name, value in values.items()]
    if values.get("enabled") or "url" in values or "schedule" in values:
        actions += [ImportSource.nextRunAt.set(int(time.time())), ImportSource.failures.set(0)]
    before = _audited(source)
    source.update(actions=actions + [ImportSource.updatedAt.set(utc_now())])
    audit.record("update", "import-source", public_id(source), before=before, after=_audited(source),
                 organization_id=source.organizationId)
    return public(source)


def delete(source: ImportSource) -> None:
    source.delete()
    audit.record("delete", "import-source", public_id(source), before=_audited(source), organization_id=source.organizationId)


def _audited(source: ImportSource) -> dict:
    """What the audit trail keeps of a source: what it fetches, how often, and whether it runs."""
    return {"name": source.label, "url": source.url, "format": source.format, "schedule": source.schedule,
            "enabled": source.enabled, "projectId": source.key}


# ---------------------------------------------------------------- running


def incremental_url(source: ImportSource) -> str:
    """The URL asking only for data newer than the last success where the service allows it (USGS Water
    Services: startDT; Water Quality Portal: startDateLo); an hour's overlap, as merges are idempotent."""
    if not source.lastSuccessAt:
        return source.url
    since = datetime.fromisoformat(source.lastSuccessAt.replace("Z", "+00:00")) - timedelta(hours=1)
    parts = urlsplit(source.url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    if source.format == "usgs-json" and "waterservices" in (parts.hostname or ""):
        query = [(k, v) for k, v in query if k not in ("startDT", "period")]
        query.append(("startDT", since.strftime("%Y-%m-%dT%H:%M%z")))
    elif source.format in DATA_FORMATS and "waterqualitydata" in (parts.hostname or ""):
        query = [(k, v) for k, v in query if k != "startDateLo"] + [("startDateLo", since.strftime("%m-%d-%Y"))]
    else:
        return source.url
    return urlunsplit(parts._replace(query=urlencode(query)))


def _record(source: ImportSource, **values) -> None:
    source.update(actions=[getattr(ImportSource, k).set(v) for k, v in values.items()]
                  + [ImportSource.lastRunAt.set(utc_now())])


def settled(source: ImportSource) -> ImportSource:
    """The source with the outcome of the import it queued last, once that import has ended: its status and
    message become the source's last result. A failed or cancelled import leaves no trace of its answer (the
    next run fetches and imports it again); a successful one is the source's last success."""
    if source.lastStatus != QUEUED or not source.lastLogId:
        return source
    try:
        log = ImportLog.get(source.lastLogId, consistent_read=True)
    except ImportLog.DoesNotExist:
        return source
    if log.status not in FINISHED:
        return source
    actions = [ImportSource.lastStatus.set(log.status), ImportSource.lastMessage.set(outcome_message(log))]
    if log.status in (SUCCEEDED, PARTIAL):
        actions.append(ImportSource.lastSuccessAt.set(log.createdAt))
    else:
        actions.append(ImportSource.lastHash.remove())
    try:  # unless a run queued another import meanwhile
        source.update(actions=actions,
                      condition=(ImportSource.lastLogId == log.id) & (ImportSource.lastStatus == QUEUED))
    except UpdateError:
        source.refresh(consistent_read=True)
    return source


def outcome_message(log: ImportLog) -> str:
    """What an ended import says of itself; an import that says nothing, its counts as the import screens name
    them: values (stations, of a station profile) imported, and unchanged (already stored)."""
    if log.message:
        return log.message
    imported, unchanged = int(log.rowsImported or 0), int(log.rowsUnchanged or 0)
    stations = log.detectedFormat == WQP_STATION.key
    notes = []
    if imported or not unchanged:
        if stations:
            notes.append("1 station imported (new or changed)." if imported == 1
                         else f"{imported:,} stations imported (new or changed).")
        else:
            notes.append("1 value imported." if imported == 1 else f"{imported:,} values imported.")
    if unchanged:
        if stations:
            notes.append("1 station unchanged (already stored)." if unchanged == 1
                         else f"{unchanged:,} stations unchanged (already stored).")
        else:
            notes.append("1 value unchanged (already stored)." if unchanged == 1
                         else f"{unchanged:,} values unchanged (already stored).")
    return " ".join(notes)


def file_name(source: ImportSource, url: str) -> str:
    """The name the import shows for a fetched answer: the URL's last path segment when it names a file
    (data.csv), else the source's name with the format's suffix."""
    suffix = ".json" if source.format == "usgs-json" else ".csv"
    segment = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    name = segment if segment.lower().endswith(imports.FILE_SUFFIXES + (".json",)) else source.label + suffix
    name = re.sub(r"\.{2,}", ".", re.sub(r"[\x00-\x1f/\\]+", "_", name)).strip() or "source" + suffix
    stem, dot, ending = name.rpartition(".")
    return name if len(name) <= 120 else f"{stem[:119 - len(ending)]}{dot}{ending}"


# "Run now" fetches within the request: it must answer inside API Gateway's 29 s (a slow source had left the
# person 29 s without a word, then a 502). The scheduled run keeps fetch's own, longer limits.
RUN_NOW_READ_SECONDS = 10.0
RUN_NOW_TOTAL_SECONDS = 20.0


def run(source: ImportSource, user_id: str | None = None, *, read_seconds: float = fetch.READ_SECONDS,
        total_seconds: float = fetch.TOTAL_SECONDS) -> dict:
    """Fetch the source and queue its import (nothing when the answer is the one imported last time). A person's
    "Run now" (user_id given) is the import's `trigger: manual`, the scheduled run's `trigger: schedule`."""
    source = settled(source)
    now = int(time.time())
    interval = SCHEDULES[source.schedule]
    url = incremental_url(source)
    try:
        fetched = fetch.fetch(url, cloud=_cloud(), read_seconds=read_seconds, total_seconds=total_seconds)
    except (fetch.Refused, fetch.FetchFailed) as exc:
        failures = int(source.failures or 0) + 1
        wait = min(RETRY_SECONDS * 2 ** (failures - 1), interval * 4)
        # When, not how long: the message is read later than it is written.
        message, when = str(exc), datetime.fromtimestamp(now + wait, timezone.utc).strftime("%Y-%m-%d %H:%M")
        said = f"{message} Next try at {when} UTC."
        _record(source, lastStatus=FAILED, lastMessage=said, failures=failures, nextRunAt=now + wait)
        if failures == 1 and user_id is None:  # a scheduled run that worked before: its maker is told, once
            notify.source_failing(source, said)
        return public(source)
    if fetched.sha256 == source.lastHash and source.lastStatus == QUEUED:
        _record(source, failures=0, nextRunAt=now + interval)  # its import has not ended: its outcome will show
        return public(source)
    if fetched.sha256 == source.lastHash:
        _record(source, lastStatus="unchanged", lastMessage="The source answered as at its last import.", failures=0, nextRunAt=now + interval,
                lastSuccessAt=utc_now())
        return public(source)
    name = file_name(source, url)
    key = f"uploads/{source.organizationId}/{source.key}/sources/{uuid.uuid4()}/{name}"
    aws.client("s3").upload_fileobj(fetched.file, get_settings().uploads_bucket, key)
    queued = imports.queue_import(source.organizationId, source.key, user_id or source.createdBy, upload_key=key,
                                  format=source.format, kind=TS_IMPORT if source.format in TS_FORMATS else None,
                                  trigger=MANUAL if user_id else SCHEDULE, source_id=public_id(source))
    _record(source, lastStatus=QUEUED, lastMessage=f"{fetched.size:,} bytes fetched; the import of {name} is queued.",
            lastLogId=queued["logId"], lastHash=fetched.sha256, failures=0, nextRunAt=now + interval)
    return public(source)


def run_due(now: float | None = None) -> int:
    """Run every enabled source whose time has come (the scheduled function's work); how many ran."""
    now = int(now if now is not None else time.time())
    ran = 0
    for source in ImportSource.by_kind.query(KIND):
        if not source.enabled or int(source.nextRunAt or 0) > now:
            continue
        try:
            # Claim it first: two runners at once (a slow run overlapping the next) run it once.
            source.update(actions=[ImportSource.nextRunAt.set(now + SCHEDULES[source.schedule])],
                          condition=ImportSource.nextRunAt == source.nextRunAt)
        except Exception:  # noqa: BLE001 - taken by another runner, or gone
            continue
        try:
            run(source)
            ran += 1
        except Exception:  # noqa: BLE001 - one source never blocks the others
            logger.exception("import source %s failed", source.id)
    return ran
