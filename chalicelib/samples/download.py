"""The sample-value download: CSV in the Water Quality Portal's result-profile columns.

Cells are CSV-injection safe: text that a spreadsheet would run as a formula (starting with =, +, -,
@, tab or carriage return) gets a leading apostrophe; numbers are written as numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Iterator

from chalicelib.samples.service import series_of, series_values, time_of

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


def number_text(stored: str) -> str:
    """A stored number as DynamoDB itself answers it (1000.0 -> 1000, 0.50 -> 0.5), whatever the engine."""
    return format(Decimal(stored).normalize(), "f")


@dataclass
class Selection:
    stations: list  # Station models (or anything with their id, organizationId, identifier and name)
    parameter_ids: set[str] | None
    start: str | None
    end: str | None
    # Keeps only the values this returns True for (given the value's stored item and its station).
    keep: Callable[[dict, object], bool] | None = None


def records(selection: Selection, *, organizations: dict, parameters: dict, projects: dict) -> Iterator[dict]:
    """The selected values as records keyed by WQP's result columns (unescaped): stations in the given
    order, each station's series by parameter, values in time order. organizations/parameters/projects map
    ids to models."""
    for station in selection.stations:
        organization = organizations.get(station.organizationId)
        # Organizations have no short code of their own: the name identifies them, as in the portal's
        # files, and the internal id only when the organization is gone.
        organization_name = organization.name if organization else station.organizationId
        for series in series_of(station.id):
            if selection.parameter_ids is not None and series.parameterId not in selection.parameter_ids:
                continue
            parameter = parameters.get(series.parameterId)
            characteristic = (parameter.characteristicName or parameter.label) if parameter else series.parameterId
            for item in series_values(station.id, series.parameterId, selection.start, selection.end):
                if selection.keep is not None and not selection.keep(item, station):
                    continue
                moment = time_of(item["time"]["S"])
                text = lambda short: item[short]["S"] if short in item else None  # noqa: E731
                project = projects.get(text("p")) if text("p") else None
                yield {
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


def rows(selection: Selection, *, organizations: dict, parameters: dict, projects: dict) -> Iterator[list[str]]:
    """The CSV rows (without header) of the selected values, in COLUMNS."""
    for record in records(selection, organizations=organizations, parameters=parameters, projects=projects):
        yield [safe_cell(record[column]) for column in COLUMNS]
