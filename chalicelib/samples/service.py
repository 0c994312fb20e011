"""Sample values: writing them (keeping series and station summaries up to date), reading one series,
and the download in Water Quality Portal result columns (no HTTP in here)."""
from __future__ import annotations

import contextvars
import json
import re
import time as clock
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from decimal import Context, Decimal
from typing import Any, Iterable, Iterator

from chalicelib.core import aws, batches
from chalicelib.core.errors import BadRequest
from chalicelib.core.models import utc_now
from chalicelib.reference import zones as time_zones
from chalicelib.samples.models import OPTIONAL_FIELDS, SampleValue, Series, latest_key, series_key

MAX_SERIES_LIMIT = 1_000_000
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


# ---------------------------------------------------------------- times


def parse_time(value: str, name: str, *, end: bool = False) -> str:
    """A date or ISO date-time from a query as the sort key's text (UTC, 'YYYY-MM-DDTHH:MM:SSZ'), or a
    400 naming the parameter. A bare date at the end of a range means the whole day."""
    text = (value or "").strip()
    try:
        if _DATE.fullmatch(text):
            day = date.fromisoformat(text)
            return day.isoformat() + ("T23:59:59Z~" if end else "")
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        moment = moment.astimezone(timezone.utc)
    except (ValueError, OverflowError):  # OverflowError: an offset taking the time past year 1 or 9999
        raise BadRequest(f"Invalid {name}. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)") from None
    return _key_text(moment) + ("~" if end else "")


def _key_text(moment: datetime) -> str:
    """A UTC time as the sort keys write it, the year always of four digits (strftime's %Y writes year 999 as
    '999', which sorts after every '2024-...' key)."""
    return f"{moment.year:04d}-{moment:%m-%dT%H:%M:%S}Z"


_DAY = timedelta(days=1)
_LAST_OF_DAY = "T23:59:59Z~"  # after every stored time of a day ("2024-07-11T23:59:59Z#activity...")


@dataclass(frozen=True)
class Period:
    """A query's ?from&to as bounds of the stored (UTC) times. A bare date names a day as the values' sources wrote
    it, in their own zones, as the charts draw the values and downloads and WQP date them (9 pm CST on 31 January is
    31 January, although stored as 1 February): the read reaches a day further on that side (the zones lie within
    a day of UTC) and `keeper` keeps the values by their written date. A date-time is an instant, as given."""

    start: str | None = None
    end: str | None = None
    first_day: str | None = None  # the written dates kept, when the query gave dates
    last_day: str | None = None

    @property
    def dated(self) -> bool:
        return bool(self.first_day or self.last_day)

    def keeper(self):
        """A test of a stored value (its raw item, with `tz` and `do` read) for the written dates; None: all."""
        if not self.dated:
            return None
        date_of, low, high = LocalTimes().date_of, self.first_day or "", self.last_day or "9999"
        return lambda item: low <= date_of(item) <= high


def period_of(start: str | None, start_name: str, end: str | None, end_name: str) -> Period:
    """The period of a query's start and end texts (None: open), or a 400 naming the parameter at fault."""
    lower = parse_time(start, start_name) if start else None
    upper = parse_time(end, end_name, end=True) if end else None
    first_day = start.strip() if start and _DATE.fullmatch(start.strip()) else None
    last_day = end.strip() if end and _DATE.fullmatch(end.strip()) else None
    if lower and upper and lower > upper:
        raise BadRequest(f"Invalid {start_name}. It must not be after {end_name}")
    if first_day:
        lower = (date.fromisoformat(first_day) - _DAY).isoformat() if first_day > "0001-01-01" else None
    if last_day:
        upper = (date.fromisoformat(last_day) + _DAY).isoformat() + _LAST_OF_DAY if last_day < "9999-12-31" else None
    return Period(lower, upper, first_day, last_day)


def sort_time(moment: datetime, discriminator: str | None = None) -> str:
    text = _key_text(moment.astimezone(timezone.utc))
    return f"{text}#{discriminator}" if discriminator else text


def discriminator(activity: str | None, fraction: str | None = None, depth: str | None = None) -> str | None:
    """What follows a value's time in its sort key: the activity, then "F:" and the sample fraction and "D:"
    and the depth when given, "#" between (the rule imports apply column-wise, imports.validate)."""
    parts = [activity or "", *(f"{tag}{text}" if text else "" for tag, text in (("F:", fraction), ("D:", depth)))]
    return "#".join(p for p in parts if p) or None


def time_of(key: str) -> str:
    return key.split("#", 1)[0]


UTC = "UTC"  # the zone of a time given without one; stored as no zone


class LocalTimes:
    """A stored UTC time as the date, time of day and zone code the source wrote them: in the zone it gave (12:20
    CDT stays 12:20 CDT, and an evening's date stays that day's), the time left out where it gave a date alone, and
    UTC where it gave no zone (that time was taken as UTC; WQP clients build a date-time only from a time with its
    zone). UTC is stored as no zone (item_of), so an exported file imports again unchanged. Downloads answer
    these, and the series' and stations' first and last dates are these dates. Consecutive values share their time
    (a sample's results): the last answer is kept."""

    def __init__(self) -> None:
        # Two values further apart in UTC than the zones' spread (26 hours) have their dates in the same order.
        self.spread = timedelta(hours=time_zones.SPREAD_HOURS)
        self.last: tuple = (None, None)

    def __call__(self, moment: str, zone: str | None, date_only: bool) -> tuple[str, str | None, str | None]:
        if (moment, zone, date_only) == self.last[0]:
            return self.last[1]
        if len(moment) <= 10:
            answer = (moment[:10], None, None)
        elif (hours := time_zones.hours(zone)) is not None:  # a WQX code, or an offset such as UTC+08:00
            local = datetime.strptime(moment[:19], "%Y-%m-%dT%H:%M:%S") + timedelta(hours=hours)
            answer = (local.date().isoformat(), None if date_only else local.strftime("%H:%M:%S"), zone)
        else:  # no zone given (or UTC); or a code no longer listed, whose time was stored in UTC and is answered so
            answer = (moment[:10], None, None) if date_only else (moment[:10], moment[11:19], "UTC")
        self.last = ((moment, zone, date_only), answer)
        return answer

    def date_of(self, item: dict) -> str:
        """The date of a stored value (a raw item) as its source wrote it."""
        return self(time_of(item["time"]["S"]), item["tz"]["S"] if "tz" in item else None, "do" in item)[0]


# ---------------------------------------------------------------- writes


@dataclass
class Sample:
    stationId: str
    parameterId: str
    time: str  # the sort key (sort_time)
    value: float | None = None
    text: str | None = None
    unit: str | None = None
    organizationId: str | None = None
    extra: dict = field(default_factory=dict)  # other SampleValue attributes


def write(samples: Iterable[Sample]) -> dict:
    """Write values (put: writing the same value again changes nothing), then refresh the summaries of
    every series and station written to. Returns {written, series, stations}."""
    touched: dict[tuple[str, str], str | None] = {}
    unique: dict[tuple[str, str], SampleValue] = {}  # the same value twice (a repeated row) is one write
    for sample in samples:
        key = series_key(sample.stationId, sample.parameterId)
        extra = sample.extra if sample.extra.get("timeZone") != UTC else {**sample.extra, "timeZone": None}
        unique[(key, sample.time)] = SampleValue(seriesKey=key, time=sample.time, value=sample.value,
                                                 text=sample.text, unit=sample.unit, **extra)
        touched[(sample.stationId, sample.parameterId)] = sample.organizationId
    with SampleValue.batch_write() as batch:
        for item in unique.values():
            batch.save(item)
    written = len(unique)
    for (station_id, parameter_id), organization_id in touched.items():
        refresh_series(station_id, parameter_id, organization_id)
    stations = sorted({station_id for station_id, _ in touched})
    for station_id in stations:
        refresh_station(station_id)
    return {"written": written, "series": len(touched), "stations": len(stations)}


# ---------------------------------------------------------------- reading pages of values

# Set while a Query of values is sent: its page's items are kept as DynamoDB's JSON wrote them.
_RAW_ITEMS: contextvars.ContextVar[bool] = contextvars.ContextVar("raw_items", default=False)


def keep_items_raw(response_dict: dict, customized_response_dict: dict, **_) -> None:
    """botocore's before-parse hook for Query: a page's items taken from its JSON by json.loads, and only the
    rest (counts, LastEvaluatedKey) left to botocore's parser. Its shape-driven parser visits every attribute
    in Python (8 µs of CPU an item of values against json.loads' 0.7, decision 0009); DynamoDB's JSON already
    has the form it answers ({"S": text}, {"N": digits}, lists and maps alike; value items hold no binary).
    Signing, retries, timeouts and errors stay botocore's: an error answer is left to it whole."""
    if not _RAW_ITEMS.get() or response_dict.get("status_code") != 200:
        return
    page = json.loads(response_dict["body"])
    if "Items" in page:
        customized_response_dict["Items"] = page.pop("Items")
        response_dict["body"] = json.dumps(page).encode("utf-8")


def query_pages(**request) -> Iterator[dict]:
    """Every page of a Query of the samples table (or any Query of text and numbers), its Items decoded by
    json.loads (keep_items_raw): the one way values are read."""
    client = aws.client("dynamodb")
    client.meta.events.register("before-parse.dynamodb.Query", keep_items_raw, unique_id="owd-raw-query-items")
    while True:
        marked = _RAW_ITEMS.set(True)
        try:
            page = client.query(**request)
        finally:
            _RAW_ITEMS.reset(marked)
        yield page
        if "LastEvaluatedKey" not in page:
            return
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


READ_AHEAD = 4
_END = object()


def read_ahead(sources: Iterable[Iterable[Any]], window: int = READ_AHEAD) -> Iterator[Any]:
    """The chunks of every source, source after source and each in its own order, as if read one by one; up to
    `window` sources are read at once by threads, each a chunk ahead (memory: `window` chunks). The data store
    answers requests in parallel while this thread formats what has arrived (a series is a chain of Query
    pages, each needing the last one's key, so stations, or projects, are what is read side by side)."""
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    sources = iter(sources)
    reading: deque = deque()  # [iterator, future of its next chunk], in the sources' order
    with ThreadPoolExecutor(max(1, window), thread_name_prefix="read-ahead") as pool:

        def fill() -> None:
            while len(reading) < window:
                source = next(sources, _END)
                if source is _END:
                    return
                chunks = iter(source)
                reading.append([chunks, pool.submit(next, chunks, _END)])

        fill()
        while reading:
            chunk = reading[0][1].result()
            if chunk is _END:
                reading.popleft()
                fill()
                continue
            reading[0][1] = pool.submit(next, reading[0][0], _END)
            yield chunk


# Items read a request at the edges of a series: their dates need the values near the first and last (_edge).
EDGE_ITEMS = 100


def _edge(key: str, forward: bool, spread: timedelta) -> list[dict]:
    """The series' first (or last) value and the others within `spread` of its time, edge first. Values of
    different zones can have their dates in another order than their UTC times (07-12 02:00 written without a zone
    comes before 07-11 23:40 EDT, 07-12 03:40Z), but only within the zones' spread: the first (last) date is among
    these. Mostly one request."""
    found, bound = [], None
    for page in query_pages(TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                            ExpressionAttributeValues={":k": {"S": key}}, ScanIndexForward=forward,
                            Limit=EDGE_ITEMS):
        for item in page["Items"]:
            moment = time_of(item["time"]["S"])
            if bound is None:
                bound = _shifted(moment, spread if forward else -spread)
            elif (moment > bound) if forward else (moment < bound):
                return found
            found.append(item)
    return found


def _shifted(moment: str, by: timedelta) -> str:
    """A sort key's time moved by `by`, as a sort key's text (a bare date: its midnight)."""
    return _key_text(datetime.fromisoformat(moment[:19]) + by)


def refresh_series(station_id: str, parameter_id: str, organization_id: str | None = None) -> Series | None:
    """Recount one series from its values (exact and idempotent, whatever was written before)."""
    key = series_key(station_id, parameter_id)
    count, media = 0, set()
    latest: dict[str | None, dict] = {}  # per sample fraction (None: none), its latest item so far
    # Only the medium, value, unit and fraction of each value are read (the same read capacity as counting them).
    for page in query_pages(TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                            ExpressionAttributeValues={":k": {"S": key}}, ProjectionExpression="#m, v, u, sf",
                            ExpressionAttributeNames={"#m": SampleValue.media.attr_name}):
        count += page["Count"]
        for item in page["Items"]:  # in time order: the last of a fraction is its latest
            if "m" in item:
                media.add(item["m"]["S"])
            latest[item["sf"]["S"] if "sf" in item else None] = item
    if count == 0:
        try:
            Series.get(station_id, parameter_id).delete()
        except Series.DoesNotExist:
            pass
        return None
    local = LocalTimes()
    firsts, lasts = _edge(key, True, local.spread), _edge(key, False, local.spread)
    first, last = firsts[0], lasts[0]
    series = Series(stationId=station_id, parameterId=parameter_id, organizationId=organization_id, count=count,
                    firstTime=time_of(first["time"]["S"]), lastTime=time_of(last["time"]["S"]),
                    firstDate=min(map(local.date_of, firsts)), lastDate=max(map(local.date_of, lasts)),
                    lastValue=_number(last.get("v")), unit=(last.get("u") or {}).get("S"),
                    lastFraction=(last.get("sf") or {}).get("S"),
                    latestValues=_latest_by_fraction(parameter_id, latest), media=sorted(media), updatedAt=utc_now())
    series.save()
    return series


def _latest_by_fraction(parameter_id: str, latest: dict[str | None, dict]) -> dict[str, dict] | None:
    """Series.latestValues from the latest item of each sample fraction: those that are a number, by latest_key."""
    out = {}
    for fraction, item in latest.items():
        value = _number(item.get("v"))
        if value is not None:
            unit = (item.get("u") or {}).get("S")
            out[latest_key(parameter_id, fraction)] = {"v": value, **({"u": unit} if unit else {})}
    return out or None


def save_series(series: Iterable[Series]) -> None:
    """Write series summaries known by construction (demo data writes values and their summary)."""
    with Series.batch_write() as batch:
        for item in series:
            batch.save(item)


def series_of(station_id: str) -> list[Series]:
    return list(Series.query(station_id))


def dates_of(series: Series) -> tuple[str | None, str | None]:
    """A series' first and last dates as its values' sources wrote them (the UTC dates of a summary written
    before these were kept)."""
    return (series.firstDate or (series.firstTime or "")[:10] or None,
            series.lastDate or (series.lastTime or "")[:10] or None)


def series_summaries(station_id: str) -> list[dict]:
    """A station's series for its info page: per parameter the number of values, the first and last
    date, the latest value and its unit, and the sample fraction of that value when it has one (one Query of the
    series table)."""
    summaries = []
    for s in series_of(station_id):
        first, last = dates_of(s)
        summaries.append({"parameterId": s.parameterId, "sampleCount": int(s.count), "firstDate": first,
                          "lastDate": last, "lastValue": float(s.lastValue) if s.lastValue is not None else None,
                          "unit": s.unit, **({"lastFraction": s.lastFraction} if s.lastFraction else {})})
    return summaries


def refresh_station(station_id: str, *, mark_changed: bool = True) -> None:
    from chalicelib.stations import service as stations

    series = series_of(station_id)
    dates = [dates_of(s) for s in series]
    stations.set_summary(station_id, sample_count=sum(int(s.count) for s in series),
                         first=min((first for first, _ in dates if first), default=None),
                         last=max((last for _, last in dates if last), default=None),
                         parameter_ids=sorted(s.parameterId for s in series),
                         latest_values=latest_values(series), media=sorted({m for s in series for m in s.media or ()}),
                         mark_changed=mark_changed)


def latest_values(series: Iterable[Series]) -> dict[str, dict]:
    """A station's latest value per parameter and sample fraction, {latest_key: {"v": value, "u": unit}}, from its
    series (a fraction whose latest item is not a number has none): the latest Dissolved and the latest Total
    phosphorus apart, never whichever of them was written last."""
    out = {}
    for s in series:
        if s.latestValues is not None:
            out.update(s.latestValues.as_dict())
        elif s.lastValue is not None:  # a summary written before the fractions were kept apart
            out[s.parameterId] = {"v": s.lastValue, **({"u": s.unit} if s.unit else {})}
    return out


# ---------------------------------------------------------------- one series


def _number(attribute: dict | None) -> float | None:
    if not attribute or "N" not in attribute:
        return None
    value = float(attribute["N"])
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def read_series(station_id: str, parameter_id: str, *, period: Period = Period(), limit: int | None = None,
                descending: bool = False, columns: bool = False, written_dates: bool = False,
                fractions: bool = False) -> dict:
    """One station's values of one parameter in time order: one Query (paged by DynamoDB's 1 MB pages).
    Returns the values as objects, or as columns {time: [...], value: [...]} (with `written_dates`, also the
    dates the values were written with, in their own zones: {date: [...]}; with `fractions`, their sample
    fractions, None where none is given: {fraction: [...]}), and the requests made."""
    started = clock.perf_counter()
    request = _series_query(station_id, parameter_id, period)
    request["ScanIndexForward"] = not descending
    keep = period.keeper()
    if columns:
        dated = written_dates or keep is not None
        request["ProjectionExpression"] = ", ".join(["#t", "v", *(["tz", "#do"] if dated else []),
                                                     *(["sf"] if fractions else [])])
        request["ExpressionAttributeNames"] = {"#t": "time", **({"#do": "do"} if dated else {})}
    if limit and keep is None:
        request["Limit"] = limit  # with written dates, some of a page's values may fall outside them
    times: list[str] = []
    numbers: list = []
    dates: list[str] = []
    kinds: list[str | None] = []  # the sample fractions
    date_of = LocalTimes().date_of if written_dates else None
    objects: list[dict] = []
    requests = 0
    unit = None
    for page in query_pages(**request):
        requests += 1
        for item in page["Items"]:
            if keep is not None and not keep(item):
                continue
            moment = time_of(item["time"]["S"])
            value = _number(item.get("v"))
            if columns:
                times.append(moment)
                numbers.append(value)
                if date_of:
                    dates.append(date_of(item))
                if fractions:
                    kinds.append(item["sf"]["S"] if "sf" in item else None)
                continue
            entry = {"time": moment, "value": value}
            for short, name in OPTIONAL_FIELDS.items():
                if short in item:
                    entry[name] = item[short]["S"]
            unit = entry.get("unit", unit)
            objects.append(entry)
        if limit and len(times) + len(objects) >= limit:
            del times[limit:], numbers[limit:], dates[limit:], kinds[limit:], objects[limit:]
            break
    result = {"stationId": station_id, "parameterId": parameter_id}
    if columns:
        result.update(count=len(times), columns={"time": times, "value": numbers,
                                                 **({"date": dates} if date_of else {}),
                                                 **({"fraction": kinds} if fractions else {})})
    else:
        result.update(unit=unit, count=len(objects), data=objects)
    result["stats"] = {"dynamodbRequests": requests, "serverMs": round((clock.perf_counter() - started) * 1000, 1)}
    return result


def _series_query(station_id: str, parameter_id: str, period: Period) -> dict:
    """The Query of one series' values in the period's stored times."""
    values = {":k": {"S": series_key(station_id, parameter_id)}}
    condition = "seriesKey = :k"
    if period.start and period.end:
        condition += " AND #t BETWEEN :a AND :b"
        values.update({":a": {"S": period.start}, ":b": {"S": period.end}})
    elif period.start:
        condition += " AND #t >= :a"
        values[":a"] = {"S": period.start}
    elif period.end:
        condition += " AND #t <= :b"
        values[":b"] = {"S": period.end}
    request = dict(TableName=SampleValue.Meta.table_name, KeyConditionExpression=condition,
                   ExpressionAttributeValues=values)
    if "#t" in condition:
        request["ExpressionAttributeNames"] = {"#t": "time"}
    return request


def activity_values(station_id: str, activity_id: str, project_id: str, day: str | None) -> list[dict]:
    """The values one activity measured at its station, with their parameter: per series of the station one
    Query of the activity's day (times are kept in UTC: a day either side covers every zone; the whole
    series when the activity has no date), filtered on the activity and its project."""
    from datetime import date, timedelta

    condition, values = "seriesKey = :k", {":a": {"S": activity_id}, ":p": {"S": project_id}}
    if day:
        start = date.fromisoformat(day[:10])
        condition += " AND #t BETWEEN :from AND :to"
        values.update({":from": {"S": (start - timedelta(days=1)).isoformat()},
                       ":to": {"S": (start + timedelta(days=1)).isoformat() + "T23:59:59Z~"}})

    def values_of(series: Series) -> Iterator[list[dict]]:
        request = dict(TableName=SampleValue.Meta.table_name, KeyConditionExpression=condition,
                       FilterExpression="a = :a AND (p = :p OR attribute_not_exists(p))",
                       ExpressionAttributeValues={**values, ":k": {"S": series_key(station_id, series.parameterId)}})
        if day:
            request["ExpressionAttributeNames"] = {"#t": "time"}
        found = []
        for page in query_pages(**request):
            for item in page["Items"]:
                entry = {"parameterId": series.parameterId, "time": time_of(item["time"]["S"]),
                         "value": _number(item.get("v"))}
                entry.update({name: item[short]["S"] for short, name in OPTIONAL_FIELDS.items() if short in item})
                entry["dateOnly"] = "do" in item
                found.append(entry)
        yield found

    # A station has a few series to ask: at once (read_ahead runs each generator on its threads).
    return [value for found in read_ahead(values_of(s) for s in series_of(station_id)) for value in found]


def series_pages(station_id: str, parameter_id: str, start: str | None, end: str | None) -> Iterator[list[dict]]:
    """Every stored attribute of one series' values in a time range (the download), a page of items at a time."""
    values = {":k": {"S": series_key(station_id, parameter_id)}, ":a": {"S": start or "0"},
              ":b": {"S": end or "9999~"}}
    for page in query_pages(TableName=SampleValue.Meta.table_name, ExpressionAttributeNames={"#t": "time"},
                            KeyConditionExpression="seriesKey = :k AND #t BETWEEN :a AND :b",
                            ExpressionAttributeValues=values):
        yield page["Items"]


# ---------------------------------------------------------------- imports: raw batched writes


_ATTRIBUTE_NAMES = None
# Attributes imports write beyond SampleValue's: a result's detection (or quantitation) limit as written, its unit
# and its type (WQP's DetectionQuantitationLimit* columns).
IMPORTED_ATTRIBUTES = {"detectionLimit": "dl", "detectionLimitUnit": "dlu", "detectionLimitType": "dlt"}
_DYNAMODB_DIGITS = Context(prec=38)


def _number_attribute(value: float) -> str:
    return repr(value) if not float(value).is_integer() else str(int(value))


def number_text_of(value: float) -> str:
    """A number's own text: as item_of stores it and DynamoDB answers it (no exponent, no trailing zero), as
    downloads write it (download.number_text). A value written otherwise (7.10) keeps its text ("ov")."""
    return format(Decimal(_number_attribute(value)).normalize(_DYNAMODB_DIGITS), "f")


def item_of(sample: Sample) -> dict:
    """A sample as the samples table's raw item (short attribute names, as SampleValue stores it)."""
    global _ATTRIBUTE_NAMES
    if _ATTRIBUTE_NAMES is None:
        _ATTRIBUTE_NAMES = {**{name: attribute.attr_name for name, attribute in SampleValue.get_attributes().items()},
                            **IMPORTED_ATTRIBUTES}
    item = {"seriesKey": {"S": series_key(sample.stationId, sample.parameterId)}, "time": {"S": sample.time}}
    if sample.value is not None:
        item["v"] = {"N": _number_attribute(sample.value)}
    for name, value in (("text", sample.text), ("unit", sample.unit), *sample.extra.items()):
        if value not in (None, "") and not (name == "timeZone" and value == UTC):
            item[_ATTRIBUTE_NAMES[name]] = {"S": str(value)}
    return item


def _same_number(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(
        k != "v" or Decimal(a[k]["N"]) == Decimal(b[k]["N"]) if "N" in a[k] else a[k] == b[k] for k in a)


def stored_items(items: list[dict]) -> dict[tuple[str, str], dict]:
    """What is stored under the items' keys, by (seriesKey, time) (BatchGetItem, 100 keys a request, several
    at once)."""
    keys = list({(i["seriesKey"]["S"], i["time"]["S"]): None for i in items})
    found = batches.get_all(SampleValue.Meta.table_name, [{"seriesKey": {"S": k}, "time": {"S": t}} for k, t in keys])
    return {(item["seriesKey"]["S"], item["time"]["S"]): item for item in found}


def split_unchanged(items: list[dict], stored: dict[tuple[str, str], dict] | None = None) -> tuple[list[dict], int]:
    """The items that differ from what is stored (new or changed), and how many are stored already as
    they are (`stored`: stored_items of them, read here when not given)."""
    stored = stored_items(items) if stored is None else stored
    changed = [i for i in items if not _same_number(i, stored.get((i["seriesKey"]["S"], i["time"]["S"]), {}))]
    return changed, len(items) - len(changed)


def delete_items(keys: Iterable[tuple[str, str]]) -> None:
    """Delete the value items of these (seriesKey, time) keys (BatchWriteItem, 25 a request; a key deleted
    already is no error, so a repeated call is safe). Their summaries are refreshed afterwards, with
    refresh_summaries."""
    with SampleValue.batch_write() as batch:
        for series, time in keys:
            batch.delete(SampleValue(seriesKey=series, time=time))


def table_items(items: list[dict]) -> list[tuple[str, dict]]:
    """Raw sample items as (table, item) for batches.put_all, which writes them with other tables' items. The
    series and station summaries are refreshed afterwards, once, with refresh_summaries."""
    table = SampleValue.Meta.table_name
    return [(table, item) for item in items]


REFRESH_THREADS = 8


MAX_REMOVED = 50_000  # values taken out by one request: a longer series is taken out a period at a time
TOO_MANY_TO_REMOVE = ("This period holds {count} values: at most {limit} are deleted at a time. Choose a "
                      "shorter period.")


def remove_values(station_id: str, parameter_id: str, organization_id: str | None, period: Period = Period()) -> int:
    """Delete a station's values of a parameter in the period (every one by default), then recount the series and
    the station. Answers how many went."""
    request = _series_query(station_id, parameter_id, period)
    request["ProjectionExpression"] = "#t, tz, #do"
    request["ExpressionAttributeNames"] = {"#t": "time", "#do": "do"}
    keep = period.keeper() or (lambda item: True)
    keys = [item["time"]["S"] for page in query_pages(**request) for item in page["Items"] if keep(item)]
    if len(keys) > MAX_REMOVED:
        raise BadRequest(TOO_MANY_TO_REMOVE.format(count=f"{len(keys):,}", limit=f"{MAX_REMOVED:,}"))
    with SampleValue.batch_write() as batch:
        for time in keys:
            batch.delete(SampleValue(seriesKey=series_key(station_id, parameter_id), time=time))
    if keys:
        refresh_summaries([(station_id, parameter_id, organization_id)])
    return len(keys)


def refresh_summaries(series: Iterable[tuple[str, str, str | None]]) -> int:
    """Recount the given series (station, parameter, organization) and the summaries of their stations."""
    from concurrent.futures import ThreadPoolExecutor

    touched = sorted(set(series))
    stations = sorted({s for s, _, _ in touched})
    # A few requests per series, one after the other within it; the series at once (an import touches hundreds).
    with ThreadPoolExecutor(REFRESH_THREADS, thread_name_prefix="refresh") as pool:
        list(pool.map(lambda key: refresh_series(*key), touched))
        list(pool.map(lambda station_id: refresh_station(station_id, mark_changed=False), stations))
    if stations:  # the explorer's snapshot follows (chalicelib/statistics), marked once
        from chalicelib.statistics import service as statistics

        statistics.mark_stale()
    return len(touched)
