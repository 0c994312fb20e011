"""Sample values and series summaries.

Access patterns:
- one station's values of one parameter over a time range, in time order: a single Query of the
  samples table on seriesKey = "<stationId>#<parameterId>", sort key `time` (ISO 8601 text, with
  "#<activity>" appended when several results share a time);
- a station's series (count, first and last time, latest value and its unit, media per parameter): one Query
  of the series table on stationId; the station summary the explorer uses is derived from it.

Attribute names of the samples table are short: with 100,000,000 values, every byte of an item is
stored, read and paid for 100,000,000 times.
"""
from __future__ import annotations

from pynamodb.attributes import ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection

from chalicelib.core.models import BaseModel, table_meta
from chalicelib.core.openapi import INSTANT, NULLABLE_NUMBER, TEXT


def series_key(station_id: str, parameter_id: str) -> str:
    return f"{station_id}#{parameter_id}"


def latest_key(parameter_id: str, fraction: str | None = None) -> str:
    """The key of a latest value (Series.latestValues, Station.latestValues, the explorer's colorBy): the parameter
    id for values without a sample fraction, "<parameterId>#<fraction>" for those of one (Dissolved and Total
    phosphorus are two analytes: their latest values are kept apart)."""
    return f"{parameter_id}#{fraction}" if fraction else parameter_id


def parameter_of_latest_key(key: str) -> tuple[str, str | None]:
    """A latest value's key as (parameter id, sample fraction or None): latest_key's inverse."""
    parameter_id, _, fraction = key.partition("#")
    return parameter_id, fraction or None


class SampleValue(BaseModel):
    Meta = table_meta("samples")

    seriesKey = UnicodeAttribute(hash_key=True)
    time = UnicodeAttribute(range_key=True)
    value = NumberAttribute(null=True, attr_name="v")
    text = UnicodeAttribute(null=True, attr_name="r")  # the reported value when it is not a number ("ND")
    unit = UnicodeAttribute(null=True, attr_name="u")
    activityId = UnicodeAttribute(null=True, attr_name="a")
    detectionCondition = UnicodeAttribute(null=True, attr_name="dc")
    sampleFraction = UnicodeAttribute(null=True, attr_name="sf")
    status = UnicodeAttribute(null=True, attr_name="st")
    valueType = UnicodeAttribute(null=True, attr_name="vt")
    qualifier = UnicodeAttribute(null=True, attr_name="q")
    projectId = UnicodeAttribute(null=True, attr_name="p")
    # Set on values imported with their activity's details (the WQX result profile).
    activityType = UnicodeAttribute(null=True, attr_name="at")
    media = UnicodeAttribute(null=True, attr_name="m")
    depth = UnicodeAttribute(null=True, attr_name="dp")  # as written (a number), with its unit
    depthUnit = UnicodeAttribute(null=True, attr_name="du")
    comment = UnicodeAttribute(null=True, attr_name="c")
    # The time zone the source gave (a WQX code such as CDT): the time is kept in UTC, downloads answer in it.
    timeZone = UnicodeAttribute(null=True, attr_name="tz")
    # "1" when the source gave a date and no time of day (the time is then that day's midnight in its zone).
    dateOnly = UnicodeAttribute(null=True, attr_name="do")
    # The value as the file wrote it, when that text differs from the number's own ("7.10", "1.5E-3") or the value
    # was converted to its parameter's unit (downloads give back the file's cells).
    originalValue = UnicodeAttribute(null=True, attr_name="ov")
    originalUnit = UnicodeAttribute(null=True, attr_name="ou")
    outOfRange = UnicodeAttribute(null=True, attr_name="f")  # "1": outside its parameter's plausible range
    # The result's detection (quantitation) limit as the file wrote it, its unit and kind ("Method Detection Level").
    detectionLimit = UnicodeAttribute(null=True, attr_name="dl")
    detectionLimitUnit = UnicodeAttribute(null=True, attr_name="dlu")
    detectionLimitType = UnicodeAttribute(null=True, attr_name="dlt")


# A value's fields besides its time and number (by their names in the samples table), each answered (as text) only
# when the value has it.
OPTIONAL_FIELDS = {"r": "text", "u": "unit", "a": "activityId", "dc": "detectionCondition", "sf": "sampleFraction",
                   "st": "status", "vt": "valueType", "q": "qualifier", "dp": "depth", "du": "depthUnit",
                   "c": "comment", "tz": "timeZone", "ov": "originalValue", "ou": "originalUnit", "f": "outOfRange",
                   "dl": "detectionLimit", "dlu": "detectionLimitUnit", "dlt": "detectionLimitType",
                   "do": "dateOnly"}
_VALUE_NOTES = {"text": "the value as reported when it is no number (ND)",
                "timeZone": "the zone the source gave (a WQX code such as CDT); the time is UTC all the same",
                "dateOnly": "\"1\": the source gave a date without a time of day",
                "outOfRange": "\"1\": outside the parameter's plausible range",
                "originalValue": "the value as the file wrote it, when that differs (or it was converted)",
                "originalUnit": "the unit the file gave, when the value was converted"}
# A value as the API answers it (a station's series, an activity's results).
VALUE = {"type": "object", "required": ["time", "value"], "properties": {
    "time": INSTANT, "value": {**NULLABLE_NUMBER, "description": "null when the value is no number (see text)"},
    **{name: {**TEXT, **({"description": _VALUE_NOTES[name]} if name in _VALUE_NOTES else {})}
       for name in OPTIONAL_FIELDS.values()}}}


class SeriesByParameter(GlobalSecondaryIndex):
    """Whether any station has values of a parameter (keys only: one small read answers it)."""

    class Meta:
        index_name = "byParameter"
        projection = KeysOnlyProjection()

    parameterId = UnicodeAttribute(hash_key=True)
    stationId = UnicodeAttribute(range_key=True)


class Series(BaseModel):
    """The summary of one station's values of one parameter, rewritten after every write to it (deleted when
    its last value is)."""

    Meta = table_meta("series")

    stationId = UnicodeAttribute(hash_key=True)
    parameterId = UnicodeAttribute(range_key=True)
    organizationId = UnicodeAttribute(null=True)
    count = NumberAttribute()
    firstTime = UnicodeAttribute(null=True)
    lastTime = UnicodeAttribute(null=True)
    # The first and last dates as the values' sources wrote them (in their zones: an evening in the Americas is
    # the next day in UTC); absent from summaries written before, whose dates are then their times' UTC dates.
    firstDate = UnicodeAttribute(null=True)
    lastDate = UnicodeAttribute(null=True)
    # The latest item's value (None when it is not a number, "ND"), unit and sample fraction (when it has one).
    lastValue = NumberAttribute(null=True)
    unit = UnicodeAttribute(null=True)
    lastFraction = UnicodeAttribute(null=True)
    # The latest value of each sample fraction of its values, by latest_key ({"<parameterId>#Total": {"v": 0.4, "u":
    # "mg/L"}, "<parameterId>#Dissolved": ...}; the parameter id alone for values without a fraction), those whose
    # latest item is a number: the explorer colours by one of them. Absent from summaries written before it was kept
    # (and the demo generator's, whose values have no fraction): lastValue is then the one of the parameter id.
    latestValues = MapAttribute(null=True)
    # The media of its values (ActivityMediaName, sorted; empty when none says): WQP's sampleMedia filter
    # judges stations by these instead of reading their values.
    media = ListAttribute(of=UnicodeAttribute, null=True)
    updatedAt = UnicodeAttribute(null=True)

    by_parameter = SeriesByParameter()

