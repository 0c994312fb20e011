"""Explorer statistics over a columnar snapshot of every station's summary (no HTTP in here).

The snapshot lives in S3 (npz) and in each Lambda's memory; a catalog record points at the current
version. Every station write marks the record changed; a read that finds it changed rebuilds the
snapshot (for more than SYNC_REBUILD_LIMIT stations the rebuild is queued for the worker and the
previous snapshot is served meanwhile). See docs/decisions/0003-explorer-snapshot.md.
"""
from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, Conflict
from chalicelib.core.models import utc_now
from chalicelib.reference.models import CatalogItem

POINTER_ID = "statistics#snapshot"
POINTER_KIND = "statisticsSnapshot"
SYNC_REBUILD_LIMIT = 50_000
# A queued rebuild not finished after this long is taken as lost (a worker that died) and queued again.
REBUILD_PATIENCE_SECONDS = 20 * 60
# DynamoDB Local (the local stack) reads a Scan segment's remaining items for every page it answers: at
# 1,000,000 stations in 4 segments a page took over 10 s and its heap ran out. A segment per
# STATIONS_PER_SEGMENT stations (as the last snapshot counted them) keeps each page small there; on
# DynamoDB it spreads the same pages over more requests, SCAN_THREADS at a time. (Decision 0013.)
STATIONS_PER_SEGMENT = 20_000
MAX_SCAN_SEGMENTS = 128
SCAN_THREADS = 8
DEFAULT_PAGE = 1000
MAX_PAGE = 5000
COLOR_BY_EXPECTED = "Invalid colorBy. A parameter id expected"
PAGE_OF_NONE = "Invalid limit. At least 1 station per page expected"
# The code filters' refusals, each one whole sentence (so that it translates whole: not "2 or 4 or 6" in Chinese).
COUNTY_CODES = "Invalid countyFips. Codes of 5 digits expected"
STATE_CODES = "Invalid stateFips. Codes of 1 or 2 digits expected"
HUC_CODES = "Invalid huc. Codes of 2, 4, 6, 8, 10 or 12 digits expected"
_PROJECTION = ("id, identifier, #n, latitude, longitude, horizontalDatum, organizationId, stationType, "
               "monitoringLocationType, elevation, elevationUnit, elevationMethod, verticalDatum, drainageArea, "
               "drainageAreaUnit, contributingDrainageArea, contributingDrainageAreaUnit, "
               "stateFips, countyFips, huc8, huc12, sampleCount, firstDate, lastDate, parameterIds, projectIds, "
               "latestValues, media, loggerSeries, deletedAt")
_ATTRIBUTES = frozenset(name.strip().replace("#n", "name") for name in _PROJECTION.split(","))
_lock = threading.Lock()
_cache: dict[str, Any] = {}


# ---------------------------------------------------------------- the pointer


def mark_stale() -> None:
    """Record that station data changed (one small write; the next read rebuilds)."""
    now = utc_now()
    aws.client("dynamodb").update_item(
        TableName=CatalogItem.Meta.table_name, Key={"id": {"S": POINTER_ID}},
        UpdateExpression="SET updatedAt = :now, kind = :kind, createdAt = if_not_exists(createdAt, :now)",
        ExpressionAttributeValues={":now": {"S": now}, ":kind": {"S": POINTER_KIND}})


def _pointer() -> dict | None:
    item = aws.client("dynamodb").get_item(TableName=CatalogItem.Meta.table_name, Key={"id": {"S": POINTER_ID}},
                                           ConsistentRead=True).get("Item")
    if not item:
        return None
    details = {k: v.get("S", v.get("N")) for k, v in item.get("details", {}).get("M", {}).items()}
    return {"version": int(item["version"]["N"]) if "version" in item else 0,
            "changedAt": item.get("updatedAt", {}).get("S", ""),
            "rebuildQueuedAt": item.get("rebuildQueuedAt", {}).get("S", ""), **details}


def _stale(pointer: dict | None) -> bool:
    return pointer is None or not pointer.get("key") or pointer.get("changedAt", "") > pointer.get("builtFrom", "")


# ---------------------------------------------------------------- building


def _plain(attribute: dict) -> Any:
    if "S" in attribute:
        return attribute["S"]
    if "N" in attribute:
        return attribute["N"]
    if "L" in attribute:
        return [_plain(v) for v in attribute["L"]]
    if "M" in attribute:
        return {k: _plain(v) for k, v in attribute["M"].items()}
    if "SS" in attribute:  # loggerSeries
        return sorted(attribute["SS"])
    return None


def _scan_segment(segment: int, segments: int, cost: dict, each_page: Callable[[list[dict]], None]) -> None:
    client = aws.client("dynamodb")
    from chalicelib.stations.models import Station

    request = dict(TableName=Station.Meta.table_name, Segment=segment, TotalSegments=segments,
                   ReturnConsumedCapacity="TOTAL")
    if get_settings().station_scan_projection:
        request.update(ProjectionExpression=_PROJECTION, ExpressionAttributeNames={"#n": "name"})
    while True:
        page = client.scan(**request)
        with _lock_cost:
            cost["requests"] += 1
            cost["readUnits"] += float(page.get("ConsumedCapacity", {}).get("CapacityUnits") or 0)
        each_page([{k: _plain(v) for k, v in item.items() if k in _ATTRIBUTES}
                   for item in page["Items"] if "deletedAt" not in item])
        if "LastEvaluatedKey" not in page:
            return
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


_lock_cost = threading.Lock()


def scan_segments(stations: int) -> int:
    """The Scan's segments for a table of about `stations`: the configured number, or one per
    STATIONS_PER_SEGMENT when that is more."""
    return max(get_settings().station_scan_segments, min(MAX_SCAN_SEGMENTS, -(-stations // STATIONS_PER_SEGMENT)))


def scan_stations(each_page: Callable[[list[dict]], None], cost: dict | None = None, expected_stations: int = 0) -> None:
    """Every live station with its summary, a Scan page at a time to `each_page` (from several threads):
    a parallel Scan with only the explorer's attributes, in segments for about `expected_stations`
    stations. `cost`, when given, receives the Scan's requests, consumed read capacity units and segments."""
    segments = scan_segments(expected_stations)
    cost = cost if cost is not None else {}
    cost.update(requests=0, readUnits=0.0, segments=segments)
    configured = get_settings().station_scan_segments
    # One configured segment: a store that answers one request at a time (the local moto server), where
    # parallel pages would only queue towards their timeout.
    threads = min(segments, max(SCAN_THREADS, configured)) if configured > 1 else 1
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(_scan_segment, range(segments), [segments] * segments, [cost] * segments, [each_page] * segments))


def station_records(cost: dict | None = None) -> list[dict]:
    """Every live station with its summary, as one list."""
    records: list[dict] = []
    scan_stations(records.extend, cost)
    return records


def publish(records: list[dict], built_from: str | None = None, cost: dict | None = None):
    """Build a snapshot from station records, store it in S3, point the catalog record at it."""
    from chalicelib.statistics.snapshot import SnapshotBuilder

    builder = SnapshotBuilder()
    builder.add(records)
    return _publish(builder, built_from, cost)


def _publish(builder, built_from: str | None = None, cost: dict | None = None, started: float | None = None):
    """The builder's snapshot stored in S3 and the catalog record pointed at it, with `cost` and the
    seconds since `started` (time.monotonic; the whole job's time) when given."""
    import time

    pointer = _pointer()
    built_from = built_from if built_from is not None else (pointer or {}).get("changedAt") or utc_now()
    version = (pointer or {}).get("version", 0) + 1
    snapshot = builder.finish(version)
    key = snapshot_key(version)
    body = snapshot.to_bytes()
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=body)
    # What the build cost, kept with the pointer (make bench reports it; operators can read it).
    cost = {**(cost or {}), **({"seconds": time.monotonic() - started} if started is not None else {})}
    measured = {"bytes": {"N": str(len(body))},
                **{name: {"N": str(round(value, 1))} for name, value in cost.items()}}
    aws.client("dynamodb").update_item(
        TableName=CatalogItem.Meta.table_name, Key={"id": {"S": POINTER_ID}},
        UpdateExpression="SET version = :v, details = :d, kind = :kind, createdAt = if_not_exists(createdAt, :now), "
                         "updatedAt = if_not_exists(updatedAt, :from)",
        ExpressionAttributeValues={
            ":v": {"N": str(version)}, ":kind": {"S": POINTER_KIND}, ":now": {"S": utc_now()}, ":from": {"S": built_from},
            ":d": {"M": {"key": {"S": key}, "builtFrom": {"S": built_from}, "builtAt": {"S": utc_now()},
                         "stations": {"N": str(snapshot.n)}, **measured}}})
    _cache["snapshot"] = snapshot
    # The snapshot before the previous one is read by no one now (a read that took the pointer just before
    # this swap still finds the previous one): deleted, so the bucket keeps two snapshots, not one per rebuild
    # (313 MB each at 1,000,000 stations).
    if version > 2:
        aws.client("s3").delete_object(Bucket=get_settings().uploads_bucket, Key=snapshot_key(version - 2))
    return snapshot


def snapshot_key(version: int) -> str:
    return f"snapshots/stations-{version}.npz"


LOGGER_SERIES_NAMED = "migration#stations-loggerSeries"


def rebuild(expected_stations: int = 0):
    """Rebuild from the stations table (the worker's job, and reads of small tables); the Scan's
    segments follow the last snapshot's size, or `expected_stations` when more (a first build)."""
    import time

    from chalicelib.crud import migrations
    from chalicelib.timeseries import service as timeseries

    started = time.monotonic()
    # Series written before stations named theirs (loggerSeries) are named once, before the first build that reads it.
    migrations.once(LOGGER_SERIES_NAMED, timeseries.name_series_in_stations)
    pointer = _pointer()
    built_from = (pointer or {}).get("changedAt") or utc_now()
    from chalicelib.statistics.snapshot import SnapshotBuilder

    cost: dict = {}
    # Each Scan page goes into the snapshot's columns as it comes: no list of every station is held.
    builder = SnapshotBuilder()
    scan_stations(builder.add, cost, max(expected_stations, int((pointer or {}).get("stations", 0))))
    cost["scanSeconds"] = time.monotonic() - started
    return _publish(builder, built_from, cost=cost, started=started)


def _load(pointer: dict):
    from chalicelib.statistics.snapshot import Snapshot

    body = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=pointer["key"])["Body"].read()
    snapshot = Snapshot.from_bytes(body, pointer["version"])
    _cache["snapshot"] = snapshot
    return snapshot


def _queue_rebuild(pointer: dict) -> None:
    """Queue one rebuild for the worker, unless one is queued already and not overdue: every read of
    a stale large table comes here, and each queued job would be a full Scan."""
    settings = get_settings()
    if not settings.import_queue_url:
        return
    from datetime import datetime, timedelta, timezone

    queued_at = pointer.get("rebuildQueuedAt") or ""
    overdue = (datetime.now(timezone.utc) - timedelta(seconds=REBUILD_PATIENCE_SECONDS)).isoformat(timespec="milliseconds")
    if queued_at and queued_at > pointer.get("builtAt", "") and queued_at.replace("Z", "+00:00") > overdue:
        return
    client = aws.client("dynamodb")
    try:  # the readers racing here queue one job between them
        client.update_item(
            TableName=CatalogItem.Meta.table_name, Key={"id": {"S": POINTER_ID}}, UpdateExpression="SET rebuildQueuedAt = :now",
            ConditionExpression="attribute_not_exists(rebuildQueuedAt) OR rebuildQueuedAt = :seen",
            ExpressionAttributeValues={":now": {"S": utc_now()}, ":seen": {"S": queued_at}})
    except client.exceptions.ConditionalCheckFailedException:
        return
    import json

    aws.client("sqs").send_message(QueueUrl=settings.import_queue_url, MessageBody=json.dumps({"type": "statistics-rebuild"}))


def current():
    """The newest snapshot (rebuilt when station data changed since it was built)."""
    pointer = _pointer()
    cached = _cache.get("snapshot")
    if not _stale(pointer):
        if cached is not None and cached.version == pointer["version"]:
            return cached
        with _lock:
            cached = _cache.get("snapshot")
            return cached if cached is not None and cached.version == pointer["version"] else _load(pointer)
    has_previous = pointer is not None and pointer.get("key")
    if has_previous and int(pointer.get("stations", 0)) > SYNC_REBUILD_LIMIT:
        _queue_rebuild(pointer)
        if cached is not None and cached.version == pointer["version"]:
            return cached
        return _load(pointer)
    with _lock:
        return rebuild()


# ---------------------------------------------------------------- the query


def _list(value: Any, name: str) -> list[str]:
    if value is None or value == "" or value == []:
        return []
    if isinstance(value, str):
        value = [v for v in value.split(",") if v]
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise BadRequest(f"Invalid {name}. Array of strings expected")
    return [str(v).strip() for v in value if str(v).strip()]


def _bbox(value: Any) -> tuple[float, float, float, float] | None:
    if value is None or value == "":
        return None
    if isinstance(value, dict):
        value = [value.get(k) for k in ("west", "south", "east", "north")]
    if isinstance(value, str):
        value = value.split(",")
    message = "Invalid bbox. [west, south, east, north] in degrees expected (west <= east, south <= north)"
    try:
        west, south, east, north = (float(v) for v in value)
    except (TypeError, ValueError):
        raise BadRequest(message) from None
    if not (-180 <= west <= east <= 180 and -90 <= south <= north <= 90):
        raise BadRequest(message)
    return west, south, east, north


def _day(value: Any, name: str) -> int | None:
    from datetime import date

    if value is None or value == "":
        return None
    try:
        return (date.fromisoformat(str(value)[:10]) - date(1970, 1, 1)).days
    except ValueError:
        raise BadRequest(f"Invalid {name}. ISO 8601 date expected (YYYY-MM-DD)") from None


def _checked_codes(values: list[str], digits: tuple[int, ...], refusal: str) -> list[str]:
    for value in values:
        if not value.isdigit() or len(value) not in digits:
            raise BadRequest(refusal)
    return values


def _int(value: Any, name: str, default: int, maximum: int) -> int:
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not re.fullmatch(r"\d+", str(value)):
        raise BadRequest(f"Invalid {name}. Number expected")
    return min(int(value), maximum)


def _page_size(value: Any, fmt: str) -> int:
    """Stations per answer: a table page (objects), or a page of the map's columns, whose largest is
    the configured statistic_page_rows (an answer stays under Lambda's 6 MB response cap)."""
    most = MAX_PAGE if fmt == "objects" else get_settings().statistic_page_rows
    limit = _int(value, "limit", DEFAULT_PAGE if fmt == "objects" else most, most)
    if limit < 1:
        raise BadRequest(PAGE_OF_NONE)
    return limit


# A station query's names, the aliases clients send included: any other is refused (a misspelt filter had been
# ignored, answering every station).
FILTER_KEYS = {
    "organizationIds": ("organizationId", "organizations"), "projectIds": ("projectId", "projects"),
    "parameterIds": ("parameterId", "parameters"), "stationTypes": ("stationType",),
    "monitoringLocationTypes": ("monitoringLocationType",), "countyFips": ("county", "counties"),
    "stateFips": ("state",), "huc": ("hucs", "huc8", "huc12"), "bbox": ("boundingBox",),
    "from": ("startDate", "dateFrom"), "to": ("endDate", "dateTo"), "search": ("searchContent", "q"),
}
PAGE_KEYS = ("format", "limit", "offset", "precision", "fields", "colorBy")
QUERY_KEYS = frozenset(FILTER_KEYS) | {alias for aliases in FILTER_KEYS.values() for alias in aliases} | set(PAGE_KEYS)


def parse_query(body: Any) -> dict:
    """A station query (POST body, or GET parameters) checked; 400 naming the field otherwise."""
    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object.")
    unknown = sorted(str(name)[:100] for name in body if name not in QUERY_KEYS)
    if unknown:
        raise BadRequest(f"Unknown station query field: {', '.join(unknown[:5])}. Known: "
                         f"{', '.join((*FILTER_KEYS, *PAGE_KEYS))}.")
    named = lambda *names: next(((n, body[n]) for n in names if body.get(n) not in (None, "", [])),  # noqa: E731
                                (names[0], None))
    pick = lambda *names: named(*names)[1]  # noqa: E731
    given = lambda name: pick(name, *FILTER_KEYS[name])  # noqa: E731 - a filter by its name or an alias
    # Dates are named in messages as the client named them (from, startDate or dateFrom).
    (start, start_value), (end, end_value) = named("from", *FILTER_KEYS["from"]), named("to", *FILTER_KEYS["to"])
    q = {
        "organizationIds": _list(given("organizationIds"), "organizationIds"),
        "projectIds": _list(given("projectIds"), "projectIds"),
        "parameterIds": _list(given("parameterIds"), "parameterIds"),
        "stationTypes": _list(given("stationTypes"), "stationTypes"),
        "monitoringLocationTypes": _list(given("monitoringLocationTypes"), "monitoringLocationTypes"),
        "countyFips": _checked_codes(_list(given("countyFips"), "countyFips"), (5,), COUNTY_CODES),
        "stateFips": _checked_codes(_list(given("stateFips"), "stateFips"), (1, 2), STATE_CODES),
        "huc": _checked_codes(_list(given("huc"), "huc"), (2, 4, 6, 8, 10, 12), HUC_CODES),
        "bbox": _bbox(given("bbox")),
        "from": _day(start_value, start),
        "to": _day(end_value, end),
        "search": (given("search") or ""),
    }
    if not isinstance(q["search"], str):
        raise BadRequest("Invalid search. String expected")
    q["search"] = q["search"].strip()[:200]
    if q["from"] is not None and q["to"] is not None and q["from"] > q["to"]:
        raise BadRequest(f"Invalid {start}. It must not be after {end}")
    fmt = body.get("format") or "objects"
    if fmt not in ("objects", "columns"):
        raise BadRequest("Invalid format. objects or columns expected")
    q["format"] = fmt
    q["limit"] = _page_size(body.get("limit"), fmt)
    q["offset"] = _int(body.get("offset"), "offset", 0, 10**9)
    q["precision"] = _int(body.get("precision"), "precision", 4, 6)
    q["fields"] = _list(body.get("fields"), "fields")
    color_by = body.get("colorBy")
    if color_by is not None and not isinstance(color_by, str):
        raise BadRequest(COLOR_BY_EXPECTED)
    q["colorBy"] = (color_by or "").strip() or None
    return q


def _check_color_by(snap, color_by: str) -> None:
    """colorBy must name a parameter, alone or with a sample fraction ("<parameterId>#Total": latest_key): one
    some station measured, or one of the parameters table."""
    if color_by in snap.index["params"]:
        return
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples.models import parameter_of_latest_key

    parameter_id, _ = parameter_of_latest_key(color_by)

    try:
        parameter = Parameter.get(parameter_id) if len(parameter_id) <= 100 else None
    except Parameter.DoesNotExist:
        parameter = None
    if parameter is None or parameter.deletedAt:
        raise BadRequest(f"Invalid colorBy. Unknown parameter id: {color_by[:100]}")


def _totals(snap, rows, color_by: str | None) -> tuple[dict, Any]:
    """Totals over the matching rows and, with colorBy, the parameter's (or its sample fraction's) latest value
    per row (NaN: none) with its range and unit for the legend in the totals."""
    from chalicelib.statistics import snapshot as columns

    totals = columns.totals(snap, rows)
    if not color_by:
        return totals, None
    values, units = columns.latest_of(snap, rows, color_by)
    totals["value"] = columns.value_totals(snap, color_by, values, units)
    return totals, values


def _columns_page(snap, rows, q: dict) -> dict:
    """The map's answer for rows[offset:offset + limit]: delta-coded from zero, so a page decodes alone.
    The totals are over every matching row and come with the first page only (offset 0): the client keeps
    them, and the later pages skip their cost."""
    from chalicelib.statistics import snapshot as columns

    page = slice(q["offset"], q["offset"] + q["limit"])
    answer: dict[str, Any] = {"format": "columns", "precision": q["precision"], "encoding": "delta",
                              "offset": q["offset"], "limit": q["limit"]}
    if q["offset"] == 0:
        answer["totals"], values = _totals(snap, rows, q["colorBy"])
        values = None if values is None else values[page]
    else:
        values = columns.latest_of(snap, rows[page], q["colorBy"])[0] if q["colorBy"] else None
    answer["columns"] = columns.columns(snap, rows[page], q["fields"], q["precision"])
    if values is not None:
        answer["columns"]["value"] = columns.value_column(values)  # aligned with the rows, not delta-coded
    if "stationType" in q["fields"]:
        answer["dictionaries"] = {"stationType": snap.d["stypes"]}
    return answer


def search(q: dict) -> dict:
    """The stations matching a parsed query: a page of them with their meta (objects) or a page of the
    map's columns, with the snapshot version, the number of matches and totals over all of them."""
    from chalicelib.statistics import snapshot as columns

    snap = current()
    color_by = q.get("colorBy")
    if color_by:
        _check_color_by(snap, color_by)
    # A parameter selects the stations that measure it: sampled, or by a logger series (decision 0003).
    rows = columns.matching_rows(snap, q, logged=True)
    result = {"snapshot": snap.version, "total": int(len(rows))}
    if q["format"] == "columns":
        return {**result, **_columns_page(snap, rows, q)}
    result["totals"], values = _totals(snap, rows, color_by)
    page = slice(q["offset"], q["offset"] + q["limit"])
    stations = [snap.station(r) for r in rows[page]]
    if values is not None:
        for station, value in zip(stations, columns.value_column(values[page])):
            station["meta"]["latestValue"] = value
    result.update(format="objects", offset=q["offset"], limit=q["limit"], stations=stations)
    return result


def stations_at(version: Any, rows: Any) -> list[dict]:
    """Stations by their row numbers in a snapshot version (the map's click on a point)."""
    from chalicelib.statistics import snapshot as columns  # noqa: F401 - loads numpy lazily

    if not re.fullmatch(r"\d+", str(version or "")):
        raise BadRequest("Invalid snapshot. Number expected")
    wanted = _list(rows, "rows")
    if not all(r.isdigit() for r in wanted):
        raise BadRequest("Invalid rows. Array of numbers expected")
    snap = current()
    if snap.version != int(version):
        raise Conflict(f"Snapshot {version} is no longer current (now {snap.version}). Reload the station list.")
    if len(wanted) > MAX_PAGE:
        raise BadRequest(f"Invalid rows. At most {MAX_PAGE} rows expected")
    bad = [r for r in wanted if int(r) >= snap.n]
    if bad:
        raise BadRequest(f"Invalid rows. Row numbers below {snap.n} expected")
    return [snap.station(int(r)) for r in wanted]


def current_or_rebuild(expected_stations: int = 0):
    """The worker's rebuild (and the demo seed's): whatever the table's size, rebuild when stale."""
    pointer = _pointer()
    if _stale(pointer):
        with _lock:
            return rebuild(expected_stations)
    return current()
