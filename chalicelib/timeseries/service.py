"""Time series: series, idempotent merges of values into packed buckets, reading a range, aggregation
(no HTTP in here). docs/decisions/0011-time-series.md"""
from __future__ import annotations

import calendar
import math
import random
import statistics as stats
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Callable, Iterable, Iterator

from pynamodb.exceptions import DeleteError, PutError, UpdateError

from chalicelib.core.errors import BadRequest, NotFound
from chalicelib.core.models import utc_now
from chalicelib.projects.models import derived_id
from chalicelib.timeseries import packing, plausible
from chalicelib.timeseries.models import DAY, META, MONTH, TimeBucket, TimeSeries
from chalicelib.timeseries.packing import Point

NOT_FOUND = "Time series not found."
AGGREGATES = ("auto", "raw", "hour", "day", "month")
MAX_POINTS = 2000
MAX_RAW_LIMIT = 50_000
# A series whose values come closer than this gets day buckets (a month of them would pass ~10,000 values).
DAY_BUCKET_BELOW_SECONDS = 270
MERGE_ATTEMPTS = 5
# Writes under a version that other requests change at the same moment (a bucket several deletions take values out
# of, the description each of them rewrites): each round one of them wins, so as many rounds as requests.
CONTENDED_ATTEMPTS = 20
FROM_AFTER_TO = "Invalid from. It must not be after to"
PUBLIC_FIELDS = ("id", "organizationId", "stationId", "parameterId", "statistic", "sensor", "unit", "projectIds",
                 "bucketSize", "count", "firstTime", "lastTime", "createdAt", "updatedAt")


def series_id_for(station_id: str, parameter_id: str, statistic: str | None, sensor: str | None) -> str:
    return derived_id("timeseries", station_id, parameter_id, statistic or "", sensor or "")


def _utc(epoch: int) -> datetime:
    return plausible.EPOCH + timedelta(seconds=epoch)


def iso(epoch: int) -> str:
    """The time as ISO 8601 in UTC, its year always of four digits (so the texts sort as the times do)."""
    moment = _utc(epoch)
    return f"{moment.year:04d}-{moment:%m-%dT%H:%M:%S}Z"


def parse_time(text: str, name: str, *, end: bool = False) -> int:
    """Epoch seconds of an ISO date or date-time (UTC when it names no zone); a date's end is its last second.
    A time before or after the times a series takes (plausible.time_bounds) reads as the first or last of them,
    or, where that would select something, just beyond them (plausible.clamped)."""
    return plausible.clamped(_written_time(text, name, end=end), end=end)


def parse_range(start_text: str | None, end_text: str | None) -> tuple[int | None, int | None]:
    """?from and ?to (None: that end open), each read as parse_time reads it. A from after the to is refused as they
    are written; a period wholly before or after the years a series takes is a period all the same, of no value:
    both its bounds become the second beyond those years on its side (clamped one by one, they had passed each
    other, and 2030 to 2031 was refused as "from after to")."""
    start = _written_time(start_text, "from") if start_text is not None else None
    end = _written_time(end_text, "to", end=True) if end_text is not None else None
    if start is not None and end is not None and start > end:
        raise BadRequest(FROM_AFTER_TO)
    start = plausible.clamped(start) if start is not None else None
    end = plausible.clamped(end, end=True) if end is not None else None
    if start is not None and end is not None and start > end:
        beyond = end if plausible.plausible_time(start) else start  # before the years: the to; after them: the from
        return beyond, beyond
    return start, end


def _written_time(text: str, name: str, *, end: bool = False) -> int:
    """Epoch seconds of an ISO date or date-time as written, of any year (UTC when it names no zone)."""
    if not isinstance(text, str) or not text.strip():
        raise BadRequest(f"Invalid {name}. An ISO 8601 date or time expected")
    value = text.strip().replace(" ", "T")
    try:
        if len(value) == 10:
            day = datetime.strptime(value, "%Y-%m-%d").replace(tzinfo=timezone.utc)
            return plausible.seconds_of(day) + (86399 if end else 0)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise BadRequest(f"Invalid {name}. An ISO 8601 date or time expected") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return plausible.seconds_of(moment)


# ---------------------------------------------------------------- buckets


def bucket_of(epoch: int, size: str) -> tuple[str, int]:
    """(the bucket's sort key, its start in epoch seconds)."""
    moment = _utc(epoch)
    month = f"{moment.year:04d}-{moment.month:02d}"
    if size == DAY:
        return f"{month}-{moment.day:02d}", calendar.timegm((moment.year, moment.month, moment.day, 0, 0, 0))
    return month, calendar.timegm((moment.year, moment.month, 1, 0, 0, 0))


def bucket_start(key: str) -> int:
    parts = [int(p) for p in key.split("-")]
    return calendar.timegm((parts[0], parts[1], parts[2] if len(parts) > 2 else 1, 0, 0, 0))


def bucket_size_for(times: Iterable[int]) -> str:
    ordered = sorted(set(times))
    if len(ordered) < 3:
        return MONTH
    step = stats.median(b - a for a, b in zip(ordered, ordered[1:]))
    return DAY if step < DAY_BUCKET_BELOW_SECONDS else MONTH


# ---------------------------------------------------------------- series


def public(series: TimeSeries) -> dict:
    item = series.to_dict()
    out = {name: item.get(name) for name in PUBLIC_FIELDS}
    out["count"] = int(out["count"] or 0)
    out["projectIds"] = out["projectIds"] or []
    return out


def get(series_id: str, *, consistent_read: bool = False) -> TimeSeries:
    try:
        return TimeSeries.get(series_id, META, consistent_read=consistent_read)
    except TimeSeries.DoesNotExist:
        raise NotFound(NOT_FOUND) from None


def get_all(series_ids: list[str]) -> list[TimeSeries]:
    """The series of these ids, in this order (one BatchGetItem per 100); 404 when one of them is missing."""
    found = {series.id: series for series in TimeSeries.batch_get([(i, META) for i in dict.fromkeys(series_ids)])}
    if any(i not in found for i in series_ids):
        raise NotFound(NOT_FOUND)
    return [found[i] for i in series_ids]


def ensure_series(*, organization_id: str, station_id: str, parameter_id: str, statistic: str | None = None,
                  sensor: str | None = None, unit: str | None = None, project_id: str | None = None,
                  times: Iterable[int] = ()) -> TimeSeries:
    """The series of this station, parameter, statistic and sensor; created (its bucket size chosen from
    the spacing of its first values) when missing; the project joins its projects."""
    series_id = series_id_for(station_id, parameter_id, statistic, sensor)
    try:
        series = TimeSeries.get(series_id, META, consistent_read=True)
    except TimeSeries.DoesNotExist:
        series = TimeSeries(id=series_id, ts=META, organizationId=organization_id, stationId=station_id,
                            parameterId=parameter_id, statistic=statistic or None, sensor=sensor or None,
                            unit=unit or None, projectIds=[project_id] if project_id else [],
                            seriesKey="#".join((station_id, parameter_id, statistic or "", sensor or "")),
                            bucketSize=bucket_size_for(times), count=0, createdAt=utc_now())
        try:
            series.save(condition=TimeSeries.id.does_not_exist())
        except PutError:  # created meanwhile by another writer
            series = TimeSeries.get(series_id, META, consistent_read=True)
        return series
    actions = []
    if project_id and project_id not in (series.projectIds or []):
        actions.append(TimeSeries.projectIds.set((series.projectIds or []) + [project_id]))
    if unit and not series.unit:
        actions.append(TimeSeries.unit.set(unit))
    if actions:
        try:
            series.update(actions=actions, condition=TimeSeries.id.exists())  # never a description of only these
        except UpdateError as exc:
            if not _lost_condition(exc):
                raise
            return ensure_series(organization_id=organization_id, station_id=station_id, parameter_id=parameter_id,
                                 statistic=statistic, sensor=sensor, unit=unit, project_id=project_id, times=times)
    return series


@dataclass
class MergeCounts:
    added: int = 0
    replaced: int = 0
    unchanged: int = 0
    items_written: int = 0
    write_requests: int = 0

    def add(self, other: "MergeCounts") -> None:
        for name in self.__dict__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def merge(series: TimeSeries, points: dict[int, Point]) -> MergeCounts:
    """Merge values into the series' buckets: a time already stored takes the new value (the newer import
    wins); the same value again changes nothing. Each bucket is read, merged and written back under its
    version (a concurrent writer makes this one read again), so a repeat or a race loses nothing."""
    counts = MergeCounts()
    by_bucket: dict[str, dict[int, Point]] = {}
    for epoch, point in points.items():
        key, _ = bucket_of(epoch, series.bucketSize)
        by_bucket.setdefault(key, {})[epoch] = point
    existing = {b.ts: b for b in TimeBucket.batch_get([(series.id, key) for key in by_bucket])} if by_bucket else {}
    for key, incoming in sorted(by_bucket.items()):
        counts.add(_merge_bucket(series.id, key, incoming, existing.get(key)))
    if counts.added or counts.replaced:
        if not series.count:  # its first values: named before the count says it has any (a stop between retries)
            _station_names(series, True)
        _update_summary(series, counts.added, min(points), max(points))
    return counts


def _station_names(series: TimeSeries, present: bool) -> None:
    """The station's summary names the series while it has values (loggerSeries: the explorer finds the station by
    its parameter), and the explorer's snapshot is marked stale when that changed. Asked when a series gets its first
    values, before its count says so (a merge stopped between the two is named by the next, its count still 0), and
    when it loses its last: not on every merge, where each conditional write refused would still cost a write unit.
    Series written before stations named theirs are named once per stack (name_series_in_stations)."""
    from chalicelib.stations import service as stations

    stations.note_logger_series(series.stationId, stations.logger_series_key(series.parameterId, series.statistic,
                                                                             series.sensor), present=present)


def _merge_bucket(series_id: str, key: str, incoming: dict[int, Point], stored: TimeBucket | None) -> MergeCounts:
    for _ in range(MERGE_ATTEMPTS):
        counts = MergeCounts()
        start = bucket_start(key)
        bucket = packing.unpack(stored.data, start, stored.qualifiers or []) if stored else packing.Bucket(start)
        for epoch, point in incoming.items():
            before = bucket.points.get(epoch)
            if before is None:
                counts.added += 1
            elif before.same(point):
                counts.unchanged += 1
                continue
            else:
                counts.replaced += 1
            bucket.points[epoch] = point
        if not counts.added and not counts.replaced:
            return counts
        data, qualifiers = packing.pack(bucket)
        version = int(stored.version) if stored else 0
        item = TimeBucket(seriesId=series_id, ts=key, data=data, qualifiers=qualifiers or None,
                          count=len(bucket.points), version=version + 1)
        condition = TimeBucket.version == version if stored else TimeBucket.seriesId.does_not_exist()
        counts.write_requests += 1
        try:
            item.save(condition=condition)
            counts.items_written = 1
            return counts
        except PutError as exc:
            if not _lost_condition(exc):
                raise
            try:
                stored = TimeBucket.get(series_id, key, consistent_read=True)
            except TimeBucket.DoesNotExist:  # a deletion took its last values meanwhile: merged as a new bucket
                stored = None
    raise RuntimeError(f"bucket {key} of series {series_id} kept changing while merging")


def _update_summary(series: TimeSeries, added: int, first: int, last: int) -> None:
    """The description counts the values added and spans the times merged. Its version goes up by one (an atomic
    ADD: a deletion writing its span from an older look at the buckets fails and looks again); 404 when it went
    meanwhile with the series' last values, never a description of only these fields."""
    first_iso, last_iso = iso(first), iso(last)
    actions = [TimeSeries.count.add(added), TimeSeries.updatedAt.set(utc_now()), TimeSeries.version.add(1)]
    current = get(series.id, consistent_read=True)
    if not current.firstTime or first_iso < current.firstTime:
        actions.append(TimeSeries.firstTime.set(first_iso))
    if not current.lastTime or last_iso > current.lastTime:
        actions.append(TimeSeries.lastTime.set(last_iso))
    try:
        current.update(actions=actions, condition=TimeSeries.id.exists())
    except UpdateError as exc:
        if not _lost_condition(exc):
            raise
        raise NotFound(NOT_FOUND) from None
    series.count, series.firstTime, series.lastTime = current.count, current.firstTime, current.lastTime


def remove_values(series: TimeSeries, start: int | None, end: int | None) -> int:
    """Take the series' values from start to end (epoch seconds, inclusive; None: that end open) out of its
    buckets, each written back under its version (a concurrent merge or deletion makes it read again; a bucket
    another deletion took meanwhile has nothing left to take). Answers how many went: this request's own, so of
    several deleting the same values at once each answers what it took. The description then counts them out and
    spans what is left, or goes with the series' last value (_summarize_removal)."""
    keys = [bucket.ts for bucket in TimeBucket.query(series.id, _bucket_range(series, start, end),
                                                      consistent_read=True, attributes_to_get=["ts"])]
    removed = sum(_remove_from_bucket(series.id, key, start, end) for key in keys)
    if removed:
        _summarize_removal(series, removed)
    return removed


def _remove_from_bucket(series_id: str, key: str, start: int | None, end: int | None) -> int:
    for attempt in range(CONTENDED_ATTEMPTS):
        try:
            stored = TimeBucket.get(series_id, key, consistent_read=True)
        except TimeBucket.DoesNotExist:  # another deletion took its last values
            return 0
        bucket = packing.unpack(stored.data, bucket_start(key), stored.qualifiers or [])
        going = [t for t in bucket.points if (start is None or t >= start) and (end is None or t <= end)]
        if not going:
            return 0
        for t in going:
            del bucket.points[t]
        try:
            if bucket.points:
                data, qualifiers = packing.pack(bucket)
                TimeBucket(seriesId=series_id, ts=key, data=data, qualifiers=qualifiers or None,
                           count=len(bucket.points), version=int(stored.version) + 1).save(
                    condition=TimeBucket.version == int(stored.version))
            else:
                stored.delete(condition=TimeBucket.version == int(stored.version))
            return len(going)
        except (PutError, DeleteError) as exc:
            if not _lost_condition(exc):
                raise
            _pause(attempt)
    raise RuntimeError(f"bucket {key} of series {series_id} kept changing while values were taken out")


def _summarize_removal(series: TimeSeries, removed: int) -> None:
    """After `removed` values went: the description counts them out (a count kept by adding and taking away, as
    merges add theirs, stays right whatever order several requests write in) and spans the values left, the first
    time of its first bucket and the last of its last (two one-item Queries; no other value is read); with no bucket
    left it goes. Written at the version read before the buckets were looked at, so a write from a look older than
    another request's change fails and looks again: the last to write has seen every removal. A description gone
    meanwhile went with the last values, this request's among them: nothing is left to write."""
    for attempt in range(CONTENDED_ATTEMPTS):
        try:
            current = TimeSeries.get(series.id, META, consistent_read=True)
        except TimeSeries.DoesNotExist:
            return
        version = int(current.version or 0)
        first, last = _edge_bucket(series.id, first=True), _edge_bucket(series.id, first=False)
        try:
            if first is None and last is None:
                current.delete(condition=_at_version(version))
                _station_names(current, False)  # its station no longer has it (nor the explorer under its parameter)
                return
            if first is not None and last is not None:  # else a bucket went between the two looks: look again
                current.update(actions=[
                    TimeSeries.count.add(-removed), TimeSeries.firstTime.set(iso(first[0])),
                    TimeSeries.lastTime.set(iso(last[-1])), TimeSeries.updatedAt.set(utc_now()),
                    TimeSeries.version.set(version + 1)], condition=_at_version(version))
                series.count, series.firstTime, series.lastTime = current.count, current.firstTime, current.lastTime
                return
        except (UpdateError, DeleteError) as exc:
            if not _lost_condition(exc):
                raise
        _pause(attempt)
    raise RuntimeError(f"the description of series {series.id} kept changing while values were taken out")


def _edge_bucket(series_id: str, *, first: bool) -> list[int] | None:
    """The times of the series' first (or last) bucket, None when it has none: a Query of one item."""
    for bucket in TimeBucket.query(series_id, TimeBucket.ts.between("0000", "9999-99"), consistent_read=True,
                                   scan_index_forward=first, limit=1):
        return packing.unpack_columns(bucket.data, bucket_start(bucket.ts))[0]
    return None


def _at_version(version: int):
    """The condition of a change to a description still at this version (one never written so has none)."""
    at = TimeSeries.version == version
    return TimeSeries.id.exists() & ((TimeSeries.version.does_not_exist() | at) if version == 0 else at)


def _lost_condition(exc: Exception) -> bool:
    return getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException"


def _pause(attempt: int) -> None:
    """A short wait after a lost race, longer and spread after each (the requests that lost do not meet again)."""
    time.sleep(random.uniform(0, min(0.2, 0.005 * 2 ** attempt)))


def stored_unit(station_id: str, parameter_id: str, statistic: str | None, sensor: str | None,
                parameter_unit: str | None) -> str | None:
    """The unit a series' values are stored in: its own when it has one (its values so far are in it), else its
    parameter's."""
    try:
        return get(series_id_for(station_id, parameter_id, statistic, sensor)).unit or parameter_unit
    except NotFound:
        return parameter_unit


def unit_converter(unit: str | None, expected: str | None) -> Callable[[float], float] | None:
    """How a value in `unit` becomes one in `expected` (pushes and logger files): as it is when either is missing
    or they are the same; converted when they differ by an exact factor; None when they cannot be converted."""
    from chalicelib.parameters import units

    if not units.given(unit) or not units.given(expected):
        return lambda value: value
    return units.converter(unit, expected)


# ---------------------------------------------------------------- reading


@dataclass
class Values:
    times: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    qualifiers: list[str | None] = field(default_factory=list)
    out_of_range: list[bool] = field(default_factory=list)
    items_read: int = 0


def read(series: TimeSeries, start: int | None, end: int | None) -> Values:
    """The series' values from start to end (epoch seconds, inclusive): one Query of its buckets."""
    out = Values()
    for part in read_buckets(series, start, end):
        out.items_read += 1
        out.times += part.times
        out.values += part.values
        out.qualifiers += part.qualifiers
        out.out_of_range += part.out_of_range
    return out


def _bucket_range(series: TimeSeries, start: int | None, end: int | None):
    """The Query's condition on the sort key: the buckets holding start to end (never the description)."""
    size = series.bucketSize
    low = bucket_of(start, size)[0] if start is not None else "0000"
    high = bucket_of(end, size)[0] if end is not None else "9999-99"  # after every key of a date, before "meta"
    return TimeBucket.ts.between(low, high)


def read_buckets(series: TimeSeries, start: int | None, end: int | None) -> Iterator[Values]:
    """`read`, a bucket at a time (one Query of its buckets, paged as DynamoDB pages it): what a download of
    millions of values reads without holding them all."""
    for bucket in TimeBucket.query(series.id, _bucket_range(series, start, end)):
        times, values, flags = packing.unpack_columns(bucket.data, bucket_start(bucket.ts))
        names = bucket.qualifiers or []
        first = 0 if start is None or times[0] >= start else _bisect(times, start)
        last = len(times) if end is None or times[-1] <= end else _bisect(times, end + 1)
        part = Values(times[first:last], list(values[first:last]), items_read=1)
        for flag in flags[first:last]:
            code = flag & packing.QUALIFIER_MASK
            part.qualifiers.append(names[code - 1] if code and code <= len(names) else None)
            part.out_of_range.append(bool(flag & packing.OUT_OF_RANGE))
        yield part


def bucket_counts(series: TimeSeries, start: int | None, end: int | None) -> int:
    """How many values the buckets holding start to end have (the same Query as `read`, asking only each bucket's
    count, no value): at least as many as `read` gives, and at most the buckets at either end more."""
    return sum(int(bucket.count) for bucket in TimeBucket.query(series.id, _bucket_range(series, start, end),
                                                                 attributes_to_get=["n"]))


def _bisect(times: list[int], value: int) -> int:
    import bisect

    return bisect.bisect_left(times, value)


def _hour(epoch: int) -> int:
    return epoch - epoch % 3600


def _day(epoch: int) -> int:
    return epoch - epoch % 86400


def _month(epoch: int) -> int:
    return bucket_of(epoch, MONTH)[1]


LEVELS = {"hour": (_hour, 3600), "day": (_day, 86400), "month": (_month, 30 * 86400)}


def choose_level(start: int, end: int, count: int, limit: int) -> str:
    """The finest level that fits `limit` points: raw values, else hours, days or months."""
    if count <= limit:
        return "raw"
    span = max(1, end - start)
    for level in ("hour", "day"):
        if span // LEVELS[level][1] + 1 <= limit:
            return level
    return "month"


def aggregate(values: Values, level: str) -> list[dict]:
    """min, mean and max (and the number of values) per UTC hour, day or month, and how many of those values are
    outside the parameter's plausible range (`flagged`, when any: a mean they pull must not look normal). A period
    without values has no point: a gap stays a gap."""
    floor = LEVELS[level][0]
    points: list[dict] = []
    current, low, high, total, n, flagged = None, 0.0, 0.0, 0.0, 0, 0

    def close() -> None:
        point = {"t": iso(current), "min": low, "mean": round(total / n, 6), "max": high, "n": n}
        if flagged:
            point["flagged"] = flagged
        points.append(point)

    for t, v, bad in zip(values.times, values.values, values.out_of_range):
        if math.isnan(v):
            continue
        key = floor(t)
        if key != current:
            if current is not None:
                close()
            current, low, high, total, n, flagged = key, v, v, 0.0, 0, 0
        low = v if v < low else low
        high = v if v > high else high
        total += v
        n += 1
        flagged += bad
    if current is not None:
        close()
    return points


def usual_step(times: list[int]) -> int | None:
    """The median spacing of these times in seconds (None for fewer than two)."""
    return int(stats.median(b - a for a, b in zip(times, times[1:]))) if len(times) > 1 else None


def raw_points(values: Values, limit: int) -> list[dict]:
    points = []
    for t, v, q, bad in zip(values.times[:limit], values.values[:limit], values.qualifiers[:limit],
                            values.out_of_range[:limit]):
        point = {"t": iso(t), "v": v}
        if q:
            point["q"] = q
        if bad:
            point["flag"] = "out-of-range"
        points.append(point)
    return points


def data(series: TimeSeries, *, start: int | None, end: int | None, level: str, limit: int | None) -> dict:
    """The values of a range, raw or aggregated (auto: the finest level within `limit` points, 2,000 by default)."""
    values = read(series, start, end)
    low = start if start is not None else (values.times[0] if values.times else 0)
    high = end if end is not None else (values.times[-1] if values.times else 0)
    chosen = choose_level(low, high, len(values.times), limit or MAX_POINTS) if level == "auto" else level
    answer = {"series": public(series), "from": iso(low) if values.times or start is not None else None,
              "to": iso(high) if values.times or end is not None else None, "count": len(values.times),
              "aggregate": chosen}
    # `step`: the points' usual spacing (seconds), the period of an aggregate or the median of raw values' spacing.
    # Points are only where there are values, so a chart breaks its line where two are several steps apart.
    if chosen == "raw":
        cap = limit or MAX_RAW_LIMIT
        answer["points"] = raw_points(values, cap)
        answer["step"] = usual_step(values.times[:cap])
        answer["truncated"] = len(values.times) > cap
        if answer["truncated"]:
            answer["next"] = iso(values.times[cap])
    else:
        answer["points"] = aggregate(values, chosen)
        answer["step"] = LEVELS[chosen][1]
    return answer


# ---------------------------------------------------------------- listing


def list_series(*, organization_id: str | None = None, station_id: str | None = None,
                project_id: str | None = None, parameter_id: str | None = None) -> list[TimeSeries]:
    """The series of an organization (or of one of its stations or projects), by the sparse GSI."""
    if organization_id is None:
        return []
    condition = TimeSeries.seriesKey.startswith(f"{station_id}#") if station_id else None
    found = TimeSeries.by_organization.query(organization_id, condition)
    return [s for s in found if (not project_id or project_id in (s.projectIds or []))
            and (not parameter_id or s.parameterId == parameter_id)]


def name_series_in_stations() -> int:
    """Every series named by its station's summary (loggerSeries): for series written before the summaries named
    theirs and not written since (a merge names its series, _station_names). One Scan of the keys-only GSI
    byParameter (descriptions only: parameterId and seriesKey), an ADD per series; the explorer's snapshot is marked
    stale once when a station's set changed. Answers how many series a station did not name yet."""
    from chalicelib.stations import service as stations

    named = 0
    for item in TimeSeries.by_parameter.scan():
        station_id, _, key = item.seriesKey.partition("#")  # the rest is parameter#statistic#sensor
        named += stations.note_logger_series(station_id, key, present=True, mark_changed=False)
    if named:
        from chalicelib.statistics import service as statistics

        statistics.mark_stale()
    return named
