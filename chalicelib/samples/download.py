"""The sample-value download: CSV in the Water Quality Portal's result-profile columns.

Cells are CSV-injection safe: text that a spreadsheet would run as a formula (starting with =, +, -,
@, tab or carriage return) gets a leading apostrophe; numbers are written as numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Context, Decimal
from typing import Callable, Iterable, Iterator

from chalicelib.reference import zones as time_zones
from chalicelib.samples.service import LocalTimes, read_ahead, series_of, series_pages, time_of

COLUMNS = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "ActivityTypeCode",
    "ActivityMediaName", "ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode",
    "ProjectIdentifier", "MonitoringLocationIdentifier", "MonitoringLocationName", "ResultDetectionConditionText",
    "CharacteristicName", "ResultSampleFractionText", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode",
    "MeasureQualifierCode", "ResultStatusIdentifier", "ResultValueTypeName",
    "ActivityDepthHeightMeasure/MeasureValue", "ActivityDepthHeightMeasure/MeasureUnitCode", "ResultCommentText",
    "DetectionQuantitationLimitTypeName", "DetectionQuantitationLimitMeasure/MeasureValue",
    "DetectionQuantitationLimitMeasure/MeasureUnitCode",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def safe_cell(value) -> str:
    if value is None:
        return ""
    text = str(value)
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


_ABSENT = {"S": None}  # an attribute a value item does not have
# DynamoDB keeps 38 significant digits (Decimal's default context would round to 28).
_DYNAMODB_DIGITS = Context(prec=38)
# A number as DynamoDB answers it already (no exponent, no leading or trailing zero): most stored values.
_PLAIN_NUMBER = re.compile(r"-?(0|[1-9]\d*)(\.\d*[1-9])?")


def number_text(stored: str) -> str:
    """A stored number as DynamoDB itself answers it (1000.0 -> 1000, 0.50 -> 0.5), whatever the engine."""
    if _PLAIN_NUMBER.fullmatch(stored):
        return stored  # what the normalization below gives, without its Decimal (a million values: 1.5 s)
    return format(Decimal(stored).normalize(_DYNAMODB_DIGITS), "f")


@dataclass
class Selection:
    # Station models (or anything with their id, organizationId, identifier and name), read once in order.
    stations: Iterable
    parameter_ids: set[str] | None
    start: str | None
    end: str | None
    # Keeps only the values this returns True for (given the value's stored item and its station).
    keep: Callable[[dict, object], bool] | None = None
    # Columns every record of a station takes from it (they win over the value's own): WQP's station columns.
    station_columns: Callable[[object], dict] | None = None
    # Times written with an offset from UTC given in UTC ("UTC"), for clients that know WQX's zone codes only.
    wqx_zones_only: bool = False


def _series_pages(selection: Selection, station) -> Iterator[tuple[object, object, list[dict]]]:
    """One station's selected series, a page of value items at a time."""
    for series in series_of(station.id):
        if selection.parameter_ids is not None and series.parameterId not in selection.parameter_ids:
            continue
        for items in series_pages(station.id, series.parameterId, selection.start, selection.end):
            yield station, series, items


def records(selection: Selection, *, organizations: dict, parameters: dict, projects: dict) -> Iterator[dict]:
    """The selected values as records keyed by WQP's result columns (unescaped): stations in the given
    order, each station's series by parameter, values in time order. organizations/parameters/projects map
    ids to models. Several stations are read at once (read_ahead); the order stays this one."""
    local_time = LocalTimes()
    for station, series, items in read_ahead(_series_pages(selection, station) for station in selection.stations):
        organization = organizations.get(station.organizationId)
        # Organizations have no short code of their own: the name identifies them, as in the portal's
        # files, and the internal id only when the organization is gone.
        organization_name = organization.name if organization else station.organizationId
        parameter = parameters.get(series.parameterId)
        # What every record of this page shares, copied per value (cheaper than a record built whole).
        shared = {"OrganizationIdentifier": organization_name,
                  "OrganizationFormalName": organization.name if organization else None,
                  "MonitoringLocationIdentifier": station.identifier, "MonitoringLocationName": station.name,
                  "CharacteristicName": (parameter.characteristicName or parameter.label) if parameter
                  else series.parameterId, "CharacteristicType": parameter.group if parameter else None}
        if selection.station_columns:
            shared.update(selection.station_columns(station))
        for item in items:
            if selection.keep is not None and not selection.keep(item, station):
                continue
            get = item.get  # an absent attribute reads as _ABSENT's None
            day, clock, zone = local_time(time_of(item["time"]["S"]), get("tz", _ABSENT)["S"], "do" in item)
            if selection.wqx_zones_only:
                day, clock, zone = time_zones.in_wqx_codes(day, clock, zone)
            project = projects.get(get("p", _ABSENT)["S"])
            record = shared.copy()
            record.update({
                "ActivityIdentifier": get("a", _ABSENT)["S"], "ActivityTypeCode": get("at", _ABSENT)["S"],
                "ActivityMediaName": get("m", _ABSENT)["S"], "ActivityStartDate": day,
                "ActivityStartTime/Time": clock, "ActivityStartTime/TimeZoneCode": zone,
                "ProjectIdentifier": project.projectKey if project else None,
                "ResultDetectionConditionText": get("dc", _ABSENT)["S"],
                "ResultSampleFractionText": get("sf", _ABSENT)["S"],
                # A value converted to its parameter's unit goes out as the file wrote it, with its own unit; a value
                # written otherwise than its number's own text (7.10, 1.5E-3) goes out as written too.
                "ResultMeasureValue": get("ov", _ABSENT)["S"] or (number_text(item["v"]["N"]) if "v" in item
                                                                  else get("r", _ABSENT)["S"]),
                "ResultMeasure/MeasureUnitCode": get("ou", _ABSENT)["S"] or get("u", _ABSENT)["S"] or series.unit or None,
                "MeasureQualifierCode": get("q", _ABSENT)["S"], "ResultStatusIdentifier": get("st", _ABSENT)["S"],
                "ResultValueTypeName": get("vt", _ABSENT)["S"],
                "ActivityDepthHeightMeasure/MeasureValue": get("dp", _ABSENT)["S"],
                "ActivityDepthHeightMeasure/MeasureUnitCode": get("du", _ABSENT)["S"],
                "ResultCommentText": get("c", _ABSENT)["S"],
                "DetectionQuantitationLimitTypeName": get("dlt", _ABSENT)["S"],
                "DetectionQuantitationLimitMeasure/MeasureValue": get("dl", _ABSENT)["S"],
                "DetectionQuantitationLimitMeasure/MeasureUnitCode": get("dlu", _ABSENT)["S"]})
            yield record


def rows(selection: Selection, *, organizations: dict, parameters: dict, projects: dict) -> Iterator[list[str]]:
    """The CSV rows (without header) of the selected values, in COLUMNS."""
    for record in records(selection, organizations=organizations, parameters=parameters, projects=projects):
        yield [safe_cell(record[column]) for column in COLUMNS]
