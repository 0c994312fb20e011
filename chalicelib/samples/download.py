"""The sample-value download: CSV in the Water Quality Portal's result-profile columns.

Cells are CSV-injection safe: text that a spreadsheet would run as a formula (starting with =, +, -,
@, tab or carriage return) gets a leading apostrophe; numbers are written as numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Context, Decimal
from typing import Callable, Iterable, Iterator

from chalicelib.samples.service import read_ahead, series_of, series_pages, time_of

COLUMNS = (
    "OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier", "ActivityTypeCode",
    "ActivityMediaName", "ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode",
    "ProjectIdentifier", "MonitoringLocationIdentifier", "MonitoringLocationName", "ResultDetectionConditionText",
    "CharacteristicName", "ResultSampleFractionText", "ResultMeasureValue", "ResultMeasure/MeasureUnitCode",
    "MeasureQualifierCode", "ResultStatusIdentifier", "ResultValueTypeName",
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
    for station, series, items in read_ahead(_series_pages(selection, station) for station in selection.stations):
        organization = organizations.get(station.organizationId)
        # Organizations have no short code of their own: the name identifies them, as in the portal's
        # files, and the internal id only when the organization is gone.
        organization_name = organization.name if organization else station.organizationId
        parameter = parameters.get(series.parameterId)
        characteristic = (parameter.characteristicName or parameter.label) if parameter else series.parameterId
        station_columns = selection.station_columns(station) if selection.station_columns else None
        for item in items:
            if selection.keep is not None and not selection.keep(item, station):
                continue
            moment = time_of(item["time"]["S"])
            text = lambda short: item[short]["S"] if short in item else None  # noqa: E731
            project = projects.get(text("p")) if text("p") else None
            record = {
                "OrganizationIdentifier": organization_name,
                "OrganizationFormalName": organization.name if organization else None,
                "ActivityIdentifier": text("a"), "ActivityTypeCode": text("at"), "ActivityMediaName": text("m"),
                "ActivityStartDate": moment[:10], "ActivityStartTime/Time": moment[11:19] or None,
                "ActivityStartTime/TimeZoneCode": "UTC" if len(moment) > 10 else None,
                "ProjectIdentifier": project.projectKey if project else None,
                "MonitoringLocationIdentifier": station.identifier, "MonitoringLocationName": station.name,
                "ResultDetectionConditionText": text("dc"), "CharacteristicName": characteristic,
                "CharacteristicType": parameter.group if parameter else None,
                "ResultSampleFractionText": text("sf"),
                "ResultMeasureValue": number_text(item["v"]["N"]) if "v" in item else text("r"),
                "ResultMeasure/MeasureUnitCode": text("u") or (series.unit if series.unit else None),
                "MeasureQualifierCode": text("q"), "ResultStatusIdentifier": text("st"),
                "ResultValueTypeName": text("vt")}
            if station_columns:
                record.update(station_columns)
            yield record


def rows(selection: Selection, *, organizations: dict, parameters: dict, projects: dict) -> Iterator[list[str]]:
    """The CSV rows (without header) of the selected values, in COLUMNS."""
    for record in records(selection, organizations=organizations, parameters=parameters, projects=projects):
        yield [safe_cell(record[column]) for column in COLUMNS]
