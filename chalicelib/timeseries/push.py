"""Bulk pushes of machine clients (`POST wapi/{projectId}/ts`): each value accepted or rejected with a reason; a
value in another unit than its series' is converted to it (chalicelib/parameters/units.py), or refused."""
from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Callable

from chalicelib.core.errors import BadRequest, PayloadTooLarge
from chalicelib.parameters import service as parameters
from chalicelib.parameters import units
from chalicelib.projects.models import Project
from chalicelib.stations import service as stations
from chalicelib.timeseries import plausible, service
from chalicelib.timeseries.packing import Point

MAX_VALUES = 10_000
# Each series costs its own lookups and summary (15-20 ms on the local stand-in): 2,000 one-value series had
# outlasted API Gateway's 29 s although they were well under MAX_VALUES.
MAX_SERIES = 200
MAX_REASONS = 100
UNIT_LIMIT = 40  # characters of a unit, a statistic
NO_ZONE = "has no time zone: add Z (UTC) or an offset such as -05:00"
# The fields a series entry takes (station and parameterName: older names of stationIdentifier and parameter). Any
# other is refused with its series: a misspelt "unit" read as no unit stored every value in the parameter's unit,
# unconverted (a walk of 2026-11-28 pushed degF values that were kept as deg C).
SERIES_FIELDS = ("stationId", "stationIdentifier", "station", "parameterId", "parameter", "parameterName", "unit",
                 "statistic", "sensor", "values")


def epoch_of(text: Any, latest: int | None = None) -> tuple[int | None, str | None]:
    """(epoch seconds, None) of an ISO 8601 time with a zone from 1800 to 2 days after now (`latest`, when the
    caller checks many against one now: plausible.latest_time()), else (None, why not)."""
    if not isinstance(text, str) or not text.strip():
        return None, "needs a time (ISO 8601 with a zone, e.g. 2024-05-01T12:00:00Z)"
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None, f"time {text!r} is not an ISO 8601 time"
    if moment.tzinfo is None:
        return None, f"time {text!r} {NO_ZONE}"
    epoch = plausible.seconds_of(moment)
    problem = plausible.time_problem(epoch, latest)
    if problem is not None:
        return None, f"time {text!r} {problem}"
    return epoch, None


def number_problem(number: Any) -> str | None:
    """Why a pushed value is not a number that can be stored (a float64), or None."""
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        return f"value {number!r} is not a number"
    try:
        stored = float(number)
    except OverflowError:  # an integer beyond a float's range (a JSON number of 309 digits or more)
        stored = math.inf
    if math.isnan(stored):
        return f"value {number!r} is not a number"
    if math.isinf(stored):
        return "value is too large to be stored (a value is at most about ±1.8e308)"
    return None


def _text(entry: dict, name: str, limit: int = 100) -> str | None:
    value = entry.get(name)
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"{name} must be text of at most {limit} characters")
    return value.strip() or None


def _refuse_unknown_fields(entry: dict) -> None:
    unknown = sorted(str(name) for name in entry if name not in SERIES_FIELDS)
    if unknown:
        name, fields = unknown[0], ", ".join(SERIES_FIELDS)
        raise ValueError(f"unknown field {name!r}: a series takes {fields}")


def _station(project: Project, entry: dict) -> str:
    org = project.organizationId
    if entry.get("stationId"):
        found = stations.existing([str(entry["stationId"])]).get(str(entry["stationId"]))
        if found is None or found.organizationId != org:
            raise ValueError(f"station {entry['stationId']!r} is not a station of this project's organization")
        return found.id
    identifier = _text(entry, "stationIdentifier") or _text(entry, "station")
    if not identifier:
        raise ValueError("needs stationId or stationIdentifier")
    station_id = stations.station_id_for(org, identifier)
    if station_id not in stations.existing([station_id]):
        raise ValueError(f"unknown station {identifier!r}: create it first")
    return station_id


def _parameter(entry: dict, organization_id: str) -> tuple[str, str, str | None, Callable[[], object] | None]:
    """(parameter id, label, unit, what to do once a value of it is accepted): a parameter named for the first time
    is created then (a push whose values were all refused had added its name to every visitor's filter), one another
    organization made is shared then (parameters.share_with)."""
    if entry.get("parameterId"):
        found = parameters.existing([str(entry["parameterId"])]).get(str(entry["parameterId"]))
        if found is None:
            raise ValueError(f"unknown parameterId {entry['parameterId']!r}")
        return found.id, found.label, found.unit or None, _sharing(found, organization_id)
    label = _text(entry, "parameter") or _text(entry, "parameterName")
    if not label:
        raise ValueError("needs parameterId or parameter (its name)")
    parameter_id = parameters.parameter_id_for(label)
    found = parameters.existing([parameter_id]).get(parameter_id)
    if found is not None:
        return found.id, found.label, found.unit or None, _sharing(found, organization_id)
    unit = _text(entry, "unit", UNIT_LIMIT)
    return parameter_id, label, unit, lambda: parameters.ensure(label, unit=unit, characteristicName=label,
                                                                organizationId=organization_id)


def _sharing(found, organization_id: str) -> Callable[[], object] | None:
    if not found.organizationId or found.organizationId == organization_id:
        return None
    return lambda: parameters.share_with([found], organization_id)


def values_of(entry: Any) -> list:
    """A series entry's values: none when it is not an object holding a list of them."""
    values = entry.get("values") if isinstance(entry, dict) else None
    return values if isinstance(values, list) else []


def push(project: Project, body: Any) -> dict:
    """What a push did, by value: `accepted` (distinct times stored), `duplicates` (a time repeated within its
    series: the last kept) and `rejected` add up to the values sent; `rejectedSeries` counts the series entries
    refused whole (not a series, an unknown station...; their values, if any, are among `rejected`). Each rejection
    is listed with its reason, a whole series' with `value` null, the first MAX_REASONS of them:
    `rejectionsOmitted` counts the others."""
    if not isinstance(body, dict) or not isinstance(body.get("series"), list):
        raise BadRequest('Request body must be a JSON object {"series": [{stationId, parameterId, unit, '
                         'values: [[time, value, qualifier?], ...]}]}.')
    entries = body["series"]
    total = sum(len(values_of(e)) for e in entries)
    if total > MAX_VALUES:
        raise PayloadTooLarge(f"A push takes at most {MAX_VALUES:,} values; this one has {total:,}. Split it.")
    if len(entries) > MAX_SERIES:
        raise PayloadTooLarge(f"A push takes at most {MAX_SERIES:,} series; this one has {len(entries):,}. Split it.")
    result = {"accepted": 0, "rejected": 0, "rejectedSeries": 0, "added": 0, "replaced": 0, "unchanged": 0,
              "duplicates": 0, "flagged": 0, "converted": 0, "series": [], "rejections": [], "rejectionsOmitted": 0}
    latest = plausible.latest_time()  # one now for the whole push

    def reject(series_index: int, value_index: int | None, message: str) -> None:
        """One rejection: a value (value_index), or a whole series entry (value_index None) with all its values."""
        result["rejected"] += 1 if value_index is not None else len(values_of(entries[series_index]))
        result["rejectedSeries"] += 1 if value_index is None else 0
        if len(result["rejections"]) < MAX_REASONS:
            result["rejections"].append({"series": series_index, "value": value_index, "message": message})
        else:
            result["rejectionsOmitted"] += 1

    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            reject(index, None, "a series is an object {stationId or stationIdentifier, parameter, unit, values}")
            continue
        values = entry.get("values")
        if not isinstance(values, list):
            reject(index, None, "a series needs values: [[time, value, qualifier?], ...]")
            continue
        try:
            _refuse_unknown_fields(entry)
            station_id = _station(project, entry)
            parameter_id, label, parameter_unit, on_accepted = _parameter(entry, project.organizationId)
            unit, statistic = _text(entry, "unit", UNIT_LIMIT), _text(entry, "statistic", UNIT_LIMIT)
            sensor = _text(entry, "sensor")
        except ValueError as exc:
            reject(index, None, f"all {len(values)} values rejected: {exc}")
            continue
        # Values in another unit than the series' are converted to it, or refused when they cannot be.
        expected = service.stored_unit(station_id, parameter_id, statistic, sensor, parameter_unit)
        convert = service.unit_converter(unit, expected)
        if convert is None:
            reject(index, None, f"all {len(values)} values rejected: {units.unconvertible(unit, expected)}")
            continue
        converting = units.given(unit) and units.given(expected) and not units.same(unit, expected)
        bounds = units.plausible_range(label, expected or unit)  # flagged in the unit stored
        points: dict[int, Point] = {}
        for position, row in enumerate(values):
            if not isinstance(row, list) or len(row) not in (2, 3):
                reject(index, position, "a value is [time, value] or [time, value, qualifier]")
                continue
            epoch, problem = epoch_of(row[0], latest)
            number = row[1]
            if problem is None:
                problem = number_problem(number)
            qualifier = row[2] if len(row) == 3 else None
            if problem is None and qualifier is not None and (not isinstance(qualifier, str) or len(qualifier) > 20):
                problem = "a qualifier is text of at most 20 characters"
            if problem is not None:
                reject(index, position, problem)
                continue
            if epoch in points:
                result["duplicates"] += 1
            value = convert(float(number))
            points[epoch] = Point(value, qualifier or None, bounds is not None and not bounds[0] <= value <= bounds[1])
        if not points:
            continue
        if on_accepted is not None:
            on_accepted()
        series = service.ensure_series(organization_id=project.organizationId, station_id=station_id,
                                       parameter_id=parameter_id, statistic=statistic, sensor=sensor,
                                       unit=unit if units.given(unit) and not converting else expected,
                                       project_id=project.id, times=points)
        counts = service.merge(series, points)
        parameters.restore_if_deleted(parameter_id)  # deleted while these were written: its values keep it
        result["accepted"] += len(points)
        result["converted"] += len(points) if converting else 0
        result["flagged"] += sum(1 for p in points.values() if p.out_of_range)
        for name in ("added", "replaced", "unchanged"):
            result[name] += getattr(counts, name)
        result["series"].append(series.id)
    return result
