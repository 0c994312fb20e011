"""The file formats an import reads, as maps from the product's own field names to each format's columns,
and the detection of a file's format from its header.

The Water Quality Portal serves the same result in two column layouts (WQX 2 names such as
`CharacteristicName`, WQX 3 names such as `Result_Characteristic`); the demo data loader
(devtools/demo_data.py) and the importer read both through these maps.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

RESULTS, STATIONS, LIMITS = "results", "stations", "limits"

# The product's own fields, by meaning (what a row of any format is turned into).
FIELD_LABELS = {
    "station": "station identifier", "stationName": "station name", "latitude": "latitude",
    "longitude": "longitude", "horizontalDatum": "horizontal datum", "locationType": "monitoring location type", "huc8": "HUC 8", "huc12": "HUC 12",
    "stateCode": "state code", "countyCode": "county code", "description": "station description",
    "activityId": "activity identifier", "activityType": "activity type", "media": "activity media",
    "date": "date", "time": "time", "timeZone": "time zone", "project": "project identifier",
    "characteristic": "parameter", "fraction": "sample fraction", "value": "value", "unit": "unit",
    "detectionCondition": "detection condition", "status": "result status", "valueType": "value type",
    "qualifier": "qualifier", "analyticalMethod": "analytical method", "depth": "depth", "depthUnit": "depth unit",
    "comment": "comment", "detectionLimit": "detection limit", "detectionLimitUnit": "detection limit unit",
    "detectionLimitType": "detection limit type",
}


# What a portal result file says of a result's activity besides its start: stored on the activity (the Activities
# tab and the portal's Activity profile answer them), not on the values.
ACTIVITY_FIELDS = ("activityEndDate", "activityEndTime", "activityEndTimeZone", "conductingOrganization",
                   "activityComment", "hydrologicCondition", "hydrologicEvent")


def fields() -> list[dict]:
    """The product's fields, in order: what a header map may map a column to (besides a parameter)."""
    return [{"name": name, "label": label} for name, label in FIELD_LABELS.items()]


@dataclass(frozen=True)
class Format:
    key: str
    label: str
    kind: str  # RESULTS or STATIONS
    columns: dict  # product field -> the format's column name
    required: tuple  # product fields whose columns a file of this format must have
    # Columns that tell this format apart from the others (all present: it is this format).
    signature: tuple = ()
    defaults: dict = field(default_factory=dict)
    # Columns this format's files never have: a header holding one is some other file (detected, not asked for).
    foreign: tuple = ()
    # Whether a row that names no activity is given one (validate.generated_activity_ids): the template's rows are
    # measurements of their station at their time, which WQX keeps as activities; a portal file names its own.
    generates_activities: bool = False

    def column(self, name: str) -> str:
        return self.columns.get(name, name)

    def pick(self, row: dict) -> dict:
        """A row (column name -> text) as product fields, empty cells as None (the demo loader's reading)."""
        return {name: (row.get(column) or None) for name, column in self.columns.items()}


WQX2_RESULT = Format(
    key="wqp-result", label="Water Quality Portal result profile (WQX 2 columns)", kind=RESULTS,
    columns={
        "station": "MonitoringLocationIdentifier", "stationName": "MonitoringLocationName",
        "latitude": "LatitudeMeasure", "longitude": "LongitudeMeasure",
        "horizontalDatum": "HorizontalCoordinateReferenceSystemDatumName", "locationType": "MonitoringLocationTypeName",
        "activityId": "ActivityIdentifier", "activityType": "ActivityTypeCode", "media": "ActivityMediaName",
        "date": "ActivityStartDate", "time": "ActivityStartTime/Time", "timeZone": "ActivityStartTime/TimeZoneCode",
        "project": "ProjectIdentifier", "characteristic": "CharacteristicName", "fraction": "ResultSampleFractionText",
        "value": "ResultMeasureValue", "unit": "ResultMeasure/MeasureUnitCode",
        "detectionCondition": "ResultDetectionConditionText", "status": "ResultStatusIdentifier",
        "valueType": "ResultValueTypeName", "qualifier": "MeasureQualifierCode",
        "analyticalMethod": "ResultAnalyticalMethod/MethodIdentifier",
        "depth": "ActivityDepthHeightMeasure/MeasureValue", "depthUnit": "ActivityDepthHeightMeasure/MeasureUnitCode",
        "comment": "ResultCommentText", "detectionLimitType": "DetectionQuantitationLimitTypeName",
        "detectionLimit": "DetectionQuantitationLimitMeasure/MeasureValue",
        "detectionLimitUnit": "DetectionQuantitationLimitMeasure/MeasureUnitCode",
        **{name: column for name, column in zip(ACTIVITY_FIELDS, (
            "ActivityEndDate", "ActivityEndTime/Time", "ActivityEndTime/TimeZoneCode",
            "ActivityConductingOrganizationText", "ActivityCommentText", "HydrologicCondition", "HydrologicEvent"))},
    },
    required=("station", "date", "characteristic", "value"),
    signature=("CharacteristicName", "ResultMeasureValue"))

WQX3_RESULT = Format(
    key="wqx3-result", label="Water Quality Portal result profile (WQX 3 columns)", kind=RESULTS,
    columns={
        "station": "Location_Identifier", "stationName": "Location_Name", "latitude": "Location_Latitude",
        "longitude": "Location_Longitude", "horizontalDatum": "Location_HorzCoordReferenceSystemDatum",
        "locationType": "Location_Type", "huc8": "Location_HUCEightDigitCode",
        "huc12": "Location_HUCTwelveDigitCode", "description": "Location_Description",
        "stateCode": "Location_StatePostalCode", "countyCode": "Location_CountyCode",
        "activityId": "Activity_ActivityIdentifier", "activityType": "Activity_TypeCode", "media": "Activity_Media",
        "date": "Activity_StartDate", "time": "Activity_StartTime", "timeZone": "Activity_StartTimeZone",
        "project": "Project_Identifier", "characteristic": "Result_Characteristic", "fraction": "Result_SampleFraction",
        "value": "Result_Measure", "unit": "Result_MeasureUnit", "detectionCondition": "Result_ResultDetectionCondition",
        "status": "Result_MeasureStatusIdentifier", "valueType": "Result_MeasureType",
        "qualifier": "Result_MeasureQualifierCode", "analyticalMethod": "ResultAnalyticalMethod_Identifier",
        "depth": "Activity_DepthHeightMeasure", "depthUnit": "Activity_DepthHeightMeasureUnit",
        "comment": "Activity_Comment",
        # WQX 3 gives a result up to two limits side by side (A and B); the first, A, is kept (the portal's other
        # services and its WQX 2 columns have one limit a result, DetectionQuantitationLimit*).
        "detectionLimitType": "DetectionLimit_TypeA", "detectionLimit": "DetectionLimit_MeasureA",
        "detectionLimitUnit": "DetectionLimit_MeasureUnitA",
        # Activity_Comment is read as the results' comment (above), as this format has always been read.
        **{name: column for name, column in zip(ACTIVITY_FIELDS, (
            "Activity_EndDate", "Activity_EndTime", "Activity_EndTimeZone", "Activity_ConductingOrganization", None,
            "Activity_HydrologicCondition", "Activity_HydrologicEvent")) if column},
    },
    required=("station", "date", "characteristic", "value"),
    signature=("Result_Characteristic", "Result_Measure"))

WQP_STATION = Format(
    key="wqp-station", label="Water Quality Portal station profile", kind=STATIONS,
    columns={
        "station": "MonitoringLocationIdentifier", "stationName": "MonitoringLocationName",
        "locationType": "MonitoringLocationTypeName", "description": "MonitoringLocationDescriptionText",
        "huc8": "HUCEightDigitCode", "latitude": "LatitudeMeasure", "longitude": "LongitudeMeasure",
        "horizontalDatum": "HorizontalCoordinateReferenceSystemDatumName", "stateCode": "StateCode",
        "countyCode": "CountyCode",
        # The station's elevation and drainage areas (chalicelib/stations/models.py), each optional.
        "elevation": "VerticalMeasure/MeasureValue", "elevationUnit": "VerticalMeasure/MeasureUnitCode",
        "elevationMethod": "VerticalCollectionMethodName",
        "verticalDatum": "VerticalCoordinateReferenceSystemDatumName",
        "drainageArea": "DrainageAreaMeasure/MeasureValue", "drainageAreaUnit": "DrainageAreaMeasure/MeasureUnitCode",
        "contributingDrainageArea": "ContributingDrainageAreaMeasure/MeasureValue",
        "contributingDrainageAreaUnit": "ContributingDrainageAreaMeasure/MeasureUnitCode",
    },
    required=("station", "stationName", "latitude", "longitude"),
    signature=("MonitoringLocationIdentifier", "LatitudeMeasure", "LongitudeMeasure"))

# Our own simple template: one value per row.
TEMPLATE = Format(
    key="template", label="Open Water Data template", kind=RESULTS,
    columns={
        "station": "StationIdentifier", "stationName": "StationName", "latitude": "Latitude",
        "longitude": "Longitude", "date": "Date", "time": "Time", "timeZone": "TimeZone",
        "characteristic": "Parameter", "value": "Value", "unit": "Unit", "depth": "Depth", "depthUnit": "DepthUnit",
        "activityType": "ActivityType", "activityId": "ActivityIdentifier",
        "detectionCondition": "DetectionCondition", "analyticalMethod": "AnalyticalMethod", "comment": "Comment",
        "detectionLimit": "DetectionLimit", "detectionLimitUnit": "DetectionLimitUnit",
    },
    required=("station", "date", "characteristic", "value"),
    signature=("StationIdentifier", "Date", "Parameter"),
    # A row of the template is a field measurement of water unless it says otherwise (WQX needs both).
    defaults={"activityType": "Field Msr/Obs", "media": "Water"}, generates_activities=True)

# The portal's ResultDetectionQuantitationLimit profile (devtools/demo/wqp/wqp_detection_limits.csv): limits of
# results stored already, found by their station, activity and characteristic (the file has no value or time).
WQP_DETECTION_LIMIT = Format(
    key="wqp-detection-limit", label="Water Quality Portal detection limit profile", kind=LIMITS,
    columns={
        "station": "MonitoringLocationIdentifier", "activityId": "ActivityIdentifier",
        "characteristic": "CharacteristicName", "detectionLimitType": "DetectionQuantitationLimitTypeName",
        "detectionLimit": "DetectionQuantitationLimitMeasure/MeasureValue",
        "detectionLimitUnit": "DetectionQuantitationLimitMeasure/MeasureUnitCode",
    },
    required=("station", "activityId", "characteristic", "detectionLimit"),
    signature=("ActivityIdentifier", "CharacteristicName", "DetectionQuantitationLimitMeasure/MeasureValue"),
    # A result file lacking a column of its own (its value, or its date) is a broken result file, not limits.
    foreign=("ResultMeasureValue", "ActivityStartDate"))

# Detection order: the most specific header first (a WQX 2 result file also has station and limit columns).
FORMATS = {f.key: f for f in (WQX3_RESULT, WQX2_RESULT, WQP_DETECTION_LIMIT, WQP_STATION, TEMPLATE)}
TEMPLATE_HEADER = ",".join(TEMPLATE.columns[name] for name in (
    "station", "date", "time", "timeZone", "characteristic", "value", "unit", "depth", "activityType",
    "detectionCondition", "comment"))


def template_file() -> str:
    """The template as a person downloads it to fill in: every column it takes, and two example rows (a value
    at a new station, given its place, and a result below the detection limit at the same station)."""
    import csv
    import io

    names = list(TEMPLATE.columns)
    examples = [
        {"station": "MY-CREEK-1", "stationName": "My creek at the bridge", "latitude": "40.1234",
         "longitude": "-75.5678", "date": "2024-05-01", "time": "09:30", "timeZone": "EST", "characteristic": "pH",
         "value": "7.2", "unit": "std units", "depth": "0.5", "depthUnit": "m", "comment": "Clear water"},
        {"station": "MY-CREEK-1", "date": "2024-05-01", "time": "09:30", "timeZone": "EST",
         "characteristic": "Nitrate", "value": "ND", "unit": "mg/L as N", "detectionCondition": "Not Detected",
         "detectionLimit": "0.05", "detectionLimitUnit": "mg/L as N"},
    ]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(TEMPLATE.columns[name] for name in names)
    for example in examples:
        writer.writerow(example.get(name, "") for name in names)
    return out.getvalue()


# Station types (the explorer's colours) from WQX monitoring location type names.
_TYPE_OF_LOCATION = {"stream": "surface-water", "river": "surface-water", "lake": "lake", "reservoir": "lake",
                     "well": "groundwater", "spring": "groundwater", "estuary": "estuary", "ocean": "estuary"}


# Every station type imports give (a catalog of station types may name more).
BUILT_IN_STATION_TYPES = frozenset(_TYPE_OF_LOCATION.values()) | {"other"}


def station_type_of(location_type: str | None) -> str:
    text = (location_type or "").lower()
    return next((t for word, t in _TYPE_OF_LOCATION.items() if word in text), "other")


class FormatError(ValueError):
    """A file whose header fits no format (the message says why, for a person)."""


def normalized(name: str) -> str:
    """A column name compared loosely: case, spaces, underscores, slashes and punctuation ignored; letters and
    digits of every script kept (a walk's 站点编号 and 水温 had both been "", so one column stood for both)."""
    return re.sub(r"[\W_]", "", name.casefold())


@dataclass(frozen=True)
class WideColumn:
    """A column holding one parameter's values (a header map entry {"parameter", "unit"})."""

    column: str
    parameter: str
    unit: str | None


@dataclass(frozen=True)
class Layout:
    """How one file is read: its format, the file column of each product field, and wide columns."""

    format: Format
    columns: dict  # product field -> the file's column name
    wide: tuple = ()
    # The zone the import was given for the times the file gives none (ImportLog.timeZone); None: read as UTC.
    time_zone: str | None = None

    def has(self, name: str) -> bool:
        return name in self.columns


def mapped_field(target, formats: dict) -> str | None:
    """The product field a header-map target names: a field name or any format's column name."""
    if not isinstance(target, str):
        return None
    wanted = normalized(target)
    for name in FIELD_LABELS:
        if normalized(name) == wanted:
            return name
    for fmt in formats.values():
        for name, column in fmt.columns.items():
            if normalized(column) == wanted:
                return name
    return None


def detect(header: list[str], requested: str = "auto", header_map: dict | None = None) -> Layout:
    """The layout of a file with this header: the requested format, or the first one whose columns are
    all present. Header-map entries rename columns (to a field) or make a column a wide parameter."""
    if len(set(header)) != len(header):
        twice = next(name for name in header if header.count(name) > 1)
        raise FormatError(f"The header names the column {twice!r} twice; every column needs its own name.")
    mapped: dict[str, str] = {}
    wide: list[WideColumn] = []
    lookup = {normalized(k): v for k, v in (header_map or {}).items()}
    for column in header:
        target = lookup.get(normalized(column))
        if isinstance(target, dict) and target.get("parameter"):
            wide.append(WideColumn(column, str(target["parameter"]), target.get("unit") or None))
        elif (name := mapped_field(target, FORMATS)) is not None:
            mapped[name] = column
    by_normal = {normalized(column): column for column in header}
    candidates = [FORMATS[requested]] if requested != "auto" else list(FORMATS.values())
    best, best_missing = None, None
    # A format whose own columns are there; else (auto) the template read through the header map.
    passes = [(fmt, False) for fmt in candidates] + ([(TEMPLATE, True)] if requested == "auto" else [])
    for fmt, through_map in passes:
        columns = {name: by_normal[normalized(column)] for name, column in fmt.columns.items()
                   if normalized(column) in by_normal}
        columns.update(mapped)
        required = [n for n in fmt.required if not (wide and n in ("characteristic", "value"))]
        missing = [n for n in required if n not in columns]
        recognised = (bool(mapped or wide) if through_map else
                      requested != "auto" or (all(normalized(c) in by_normal for c in fmt.signature)
                                              and not any(normalized(c) in by_normal for c in fmt.foreign)))
        if not missing and recognised:
            return Layout(fmt, columns, tuple(wide if fmt.kind == RESULTS else ()))
        if requested == "auto" and any(normalized(c) in by_normal for c in fmt.foreign):
            continue  # not the closest: its files never have a column this one has
        if best_missing is None or len(missing) < len(best_missing):
            best, best_missing = fmt, missing
    if len(header) == 1:
        raise FormatError("The header has a single column: the file is not comma-, tab- or semicolon-separated "
                          "text, or it is not a CSV file.")
    names = ", ".join(best.column(n) for n in best_missing)
    if requested != "auto":
        raise FormatError(f"The file lacks columns a {best.label} file needs: {names}.")
    raise FormatError("The columns of the file match no format this product imports (Water Quality Portal result "
                      "or station profile, or the template). "
                      f"The closest, the {best.label}, needs these missing columns: {names}.")
