"""Stations: validation, writes, project membership and sample summaries (no HTTP in here).

Every change that the explorer can see marks its snapshot stale (chalicelib/statistics).
"""
from __future__ import annotations

import math
import re
from typing import Any, Iterable

from pynamodb.exceptions import PutError, TransactWriteError

from chalicelib.audit import service as audit
from chalicelib.crud import Collection
from chalicelib.crud import service as crud
from chalicelib.core.errors import BadRequest, Conflict
from chalicelib.core.models import get_live, utc_now
from chalicelib.projects.models import derived_id
from chalicelib.reference import service as reference
from chalicelib.stations.models import SUMMARY_FIELDS, Station

# A station's elevation and drainage areas (each optional; a value needs its unit).
MEASURE_FIELDS = ("elevation", "elevationUnit", "elevationMethod", "verticalDatum", "drainageArea", "drainageAreaUnit",
                  "contributingDrainageArea", "contributingDrainageAreaUnit")
FIELDS = ("id", "organizationId", "identifier", "name", "description", "latitude", "longitude", "horizontalDatum",
          *MEASURE_FIELDS, "stationType",
          "monitoringLocationType", "huc8", "huc12", "stateFips", "countyFips", "projectIds", *SUMMARY_FIELDS,
          "createdAt", "updatedAt", "deletedAt")
WRITABLE = ("organizationId", "identifier", "name", "description", "latitude", "longitude", "horizontalDatum",
            *MEASURE_FIELDS, "stationType", "monitoringLocationType", "huc8", "huc12", "stateFips", "countyFips")
REQUIRED = ("organizationId", "identifier", "name", "latitude", "longitude")
# An imported cell's limit (imports.validate.MAX_TEXT) for the texts a file may give; WQX's for the description.
TEXT_LIMITS = {"identifier": 500, "name": 500, "description": 4000, "horizontalDatum": 500, "stationType": 500,
               "monitoringLocationType": 500, "elevationMethod": 500, "verticalDatum": 500}
COLLECTION = Collection(Station, name="Station", fields=FIELDS, writable=WRITABLE, required=REQUIRED,
                        default_sort=(("name", "ASC"),), max_page_size=1000, deleted_for_admins_only=True,
                        text_limits=TEXT_LIMITS)
NOT_FOUND = "Station not found."
_DIGITS = {"huc8": 8, "huc12": 12, "stateFips": 2, "countyFips": 5}
# Each measure: its value's field, its unit's field, and the units it may be given in (chalicelib/reference).
MEASURES = (("elevation", "elevationUnit", reference.ELEVATION_UNITS),
            ("drainageArea", "drainageAreaUnit", reference.AREA_UNITS),
            ("contributingDrainageArea", "contributingDrainageAreaUnit", reference.AREA_UNITS))


def _changed() -> None:
    from chalicelib.statistics import service as statistics

    statistics.mark_stale()


def search(query_params: Any) -> list | dict:
    return crud.search(COLLECTION, query_params)


def get(station_id: str) -> Station:
    return get_live(Station, station_id, NOT_FOUND)


def station_id_for(organization_id: str, identifier: str) -> str:
    return derived_id(organization_id, "station", identifier)


def validate(data: Any, *, creating: bool) -> dict:
    """The station fields of a request body, checked: coordinates in range, codes of the right digits."""
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    values = COLLECTION.check_writable({k: v for k, v in data.items() if k != "id"})
    for name in ("latitude", "longitude"):
        if name in values and values[name] is not None:
            limit = 90 if name == "latitude" else 180
            if not math.isfinite(values[name]) or not -limit <= values[name] <= limit:
                raise BadRequest(f"Invalid {name}. A number from {-limit} to {limit} expected")
    if values.get("stationType") is not None and values["stationType"] not in _station_types():
        raise BadRequest(f"Unknown station type '{values['stationType']}': use the key of a station type "
                         "(GET /stationTypes).")
    if values.get("horizontalDatum") is not None and values["horizontalDatum"] not in reference.horizontal_datums():
        raise BadRequest(f"Unknown horizontal datum '{values['horizontalDatum']}': use a WQX datum code such as "
                         "NAD83, WGS84 or NAD27.")
    for _, unit_name, units in MEASURES:
        if values.get(unit_name) is not None:
            unit = reference.measure_unit(values[unit_name], units)
            if unit is None:
                raise BadRequest(_unknown_unit(unit_name, values[unit_name], units))
            values[unit_name] = unit  # as the list spells it
    for name in ("elevationMethod", "verticalDatum"):
        if values.get(name) is not None:
            values[name] = values[name].strip() or None
    for name, digits in _DIGITS.items():
        if values.get(name) is not None and not re.fullmatch(rf"\d{{{digits}}}", values[name]):
            raise BadRequest(f"Invalid {name}. {digits} digits expected")
    for name in ("identifier", "name"):
        if name in values and (values[name] is None or not values[name].strip()):
            raise BadRequest(f"{name} is required.")
    if creating:
        for name in REQUIRED:
            if values.get(name) is None:
                raise BadRequest(f"{name} is required.")
        require_units(values)
    return values


def _unknown_unit(name: str, value: str, units: tuple[str, ...]) -> str:
    if units is reference.ELEVATION_UNITS:
        return f"Unknown {name} '{value}': use ft, feet, m or meters."
    return f"Unknown {name} '{value}': use sq mi, acres, sq km or ha."


def _no_unit(name: str, value: Any, unit_name: str, units: tuple[str, ...]) -> str:
    if units is reference.ELEVATION_UNITS:
        return f"{name} '{value}' has no unit: give it in {unit_name} (ft, feet, m or meters)."
    return f"{name} '{value}' has no unit: give it in {unit_name} (sq mi, acres, sq km or ha)."


def require_units(values: dict) -> None:
    """A 400 for a measure (elevation, drainage area) whose value is given without its unit."""
    for name, unit_name, units in MEASURES:
        if values.get(name) is not None and values.get(unit_name) is None:
            raise BadRequest(_no_unit(name, values[name], unit_name, units))


def _station_types() -> set[str]:
    """The station types a station may have: those imports give and those of the catalog (GET /stationTypes)."""
    from chalicelib.imports.formats import BUILT_IN_STATION_TYPES
    from chalicelib.reference.models import STATION_TYPE

    return set(BUILT_IN_STATION_TYPES) | {item.key for item in reference.items_of(STATION_TYPE)}


def new_station(values: dict) -> Station:
    values = {k: v for k, v in values.items() if v is not None}
    identifier = values["identifier"].strip()
    return Station(id=station_id_for(values["organizationId"], identifier), **{**values, "identifier": identifier},
                   createdAt=utc_now())


def create(data: Any) -> dict:
    station = new_station(validate(data, creating=True))
    try:
        station.save(condition=Station.id.does_not_exist())
    except PutError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise Conflict(f"A station with the identifier {station.identifier!r} already exists "
                           "in this organization.") from exc
        raise
    _changed()
    return public(station)


def create_many(stations: list[Station]) -> list[dict]:
    """Create up to 25 stations all-or-nothing (409 when an identifier is taken)."""
    from pynamodb.transactions import TransactWrite

    if len({s.id for s in stations}) != len(stations):
        raise BadRequest("Every station of a bulk create needs its own identifier.")
    try:
        with TransactWrite(connection=Station._get_connection().connection) as transaction:
            for station in stations:
                transaction.save(station, condition=Station.id.does_not_exist())
    except TransactWriteError as exc:
        raise Conflict("A station with one of these identifiers already exists in this organization.") from exc
    _changed()
    return [public(s) for s in stations]


def update(station: Station, values: dict, expected: tuple[str, ...] | None = None) -> dict:
    if "organizationId" in values and values["organizationId"] != station.organizationId:
        raise BadRequest("Field organizationId cannot be changed.")
    if "identifier" in values and values["identifier"] != station.identifier:
        raise BadRequest("Field identifier cannot be changed.")
    if set(values) & set(MEASURE_FIELDS):  # a value kept without its unit, or given without one
        require_units({**{name: getattr(station, name) for name in MEASURE_FIELDS}, **values})
    result = crud.update_item(COLLECTION, station.id, values, expected=expected)
    _changed()
    return result


def delete(station: Station) -> None:
    crud.delete_item(COLLECTION, station.id)
    audit.record("delete", "station", station.id, before={"identifier": station.identifier, "name": station.name},
                 organization_id=station.organizationId)
    _changed()


def public(station: Station) -> dict:
    return {k: v for k, v in station.to_dict().items() if k in FIELDS}


def existing(station_ids: Iterable[str]) -> dict[str, Station]:
    ids = list(dict.fromkeys(station_ids))
    found = {s.id: s for s in Station.batch_get(ids)} if ids else {}
    return {k: v for k, v in found.items() if not v.deletedAt}


def require_in_organization(station_ids: list[str], organization_id: str) -> dict[str, Station]:
    found = existing(station_ids)
    unknown = [i for i in station_ids if i not in found or found[i].organizationId != organization_id]
    if unknown:
        raise BadRequest(f"Invalid stationIds. Unknown stations of this organization: {', '.join(unknown[:5])}")
    return found


def set_project_membership(project_id: str, organization_id: str, new_ids: list[str], old_ids: list[str]) -> None:
    """Add the project to the stations in new_ids and remove it from those only in old_ids."""
    stations = existing(set(new_ids) | set(old_ids))
    wanted = set(new_ids)
    for station in stations.values():
        if station.organizationId != organization_id:
            continue
        current = list(station.projectIds or [])
        updated = [p for p in current if p != project_id] + ([project_id] if station.id in wanted else [])
        if sorted(updated) != sorted(current):
            station.update(actions=[Station.projectIds.set(updated) if updated else Station.projectIds.remove()])
    _changed()


def leave_project(project_id: str, organization_id: str, station_ids: list[str]) -> None:
    """A deleted project leaves every station of its organization that names it: those it lists, and any other
    (an import adds its project to the stations it writes)."""
    naming = {s.id for s in Station.by_organization.query(organization_id, filter_condition=Station.projectIds.contains(project_id))}
    set_project_membership(project_id, organization_id, [], list(naming | set(station_ids)))


def by_organization(organization_id: str) -> list[Station]:
    return [s for s in Station.by_organization.query(organization_id) if not s.deletedAt]


def set_summary(station_id: str, *, sample_count: int, first: str | None, last: str | None,
                parameter_ids: list[str], latest_values: dict[str, dict] | None = None,
                media: list[str] | None = None, mark_changed: bool = True) -> None:
    """Write a station's summary (the samples domain calls this after writing sample values).
    latest_values: {latest_key: {"v": value, "u": unit}}, the latest value of each series and sample fraction;
    media: the media its values name (an empty list is kept: it says none does)."""
    actions = [Station.sampleCount.set(sample_count), Station.media.set(sorted(media or ()))]
    actions.append(Station.firstDate.set(first) if first else Station.firstDate.remove())
    actions.append(Station.lastDate.set(last) if last else Station.lastDate.remove())
    actions.append(Station.parameterIds.set(parameter_ids) if parameter_ids else Station.parameterIds.remove())
    actions.append(Station.latestValues.set(latest_values) if latest_values else Station.latestValues.remove())
    Station(id=station_id).update(actions=actions, condition=Station.id.exists())
    if mark_changed:  # callers writing many summaries mark the snapshot stale once, after the last
        _changed()


def logger_series_key(parameter_id: str, statistic: str | None, sensor: str | None) -> str:
    """How a station's summary names one of its logger series (its series key without the station)."""
    return "#".join((parameter_id, statistic or "", sensor or ""))


def note_logger_series(station_id: str, key: str, *, present: bool, mark_changed: bool = True) -> bool:
    """Add a logger series to the station's summary (`present`) or take it out: an atomic ADD or DELETE of one
    element of the string set loggerSeries, on the condition that it changes the set (so repeats and concurrent
    writers agree, and the one that changed it knows). Only a change marks the explorer's snapshot stale (every merge
    of new values comes here: an unchanged set costs the snapshot nothing). Answers whether the set changed; a
    station that is not there changes nothing (never a summary of only this)."""
    from chalicelib.core import aws

    client = aws.client("dynamodb")
    # (Not ReturnValues=UPDATED_OLD: the moto server answers none for an ADD to a set.)
    changes = "attribute_exists(id) AND NOT contains(loggerSeries, :one)" if present else "contains(loggerSeries, :one)"
    try:
        client.update_item(
            TableName=Station.Meta.table_name, Key={"id": {"S": station_id}},
            UpdateExpression=f"{'ADD' if present else 'DELETE'} loggerSeries :key", ConditionExpression=changes,
            ExpressionAttributeValues={":key": {"SS": [key]}, ":one": {"S": key}})
    except client.exceptions.ConditionalCheckFailedException:
        return False
    if mark_changed:  # callers naming many series mark the snapshot stale once, after the last
        _changed()
    return True


def save_all(stations: Iterable[Station]) -> int:
    """Write many stations (imports, demo data): put, idempotent, in batches."""
    count = 0
    with Station.batch_write() as batch:
        for station in stations:
            batch.save(station)
            count += 1
    _changed()
    return count
