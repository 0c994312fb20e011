"""Time-series files: a wide logger CSV, a long CSV and the USGS Water Services JSON layout, read into
values per series, each problem a rejection with a reason a person understands.

- wide: a station column, a time column, optionally a time-zone / UTC-offset column, and one column per
  parameter ("Temperature, water (deg C)", or mapped by the organization's header map to
  {"parameter", "unit"}).
- long: station, parameter, time, value, unit, qualifier (optionally time zone, statistic, sensor).
- usgs-json: the Water Services answer (`format=json`, instantaneous or daily values) exactly as it comes.
"""
from __future__ import annotations

import csv
import html
import io
import math
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from chalicelib.core.names import CONTROL_CHARACTER_IN_CELL, first_control_character
from chalicelib.timeseries import plausible

WIDE, LONG, USGS_JSON = "ts-wide", "ts-long", "usgs-json"
FORMATS = ("auto", WIDE, LONG, USGS_JSON)
SUFFIXES = (".csv", ".txt", ".tsv", ".zip", ".gz", ".json")

STATION = ("station", "stationidentifier", "monitoringlocationidentifier", "site", "siteid", "sitecode", "stationid")
TIME = ("timestamp", "datetime", "date time", "date/time", "time", "activitystartdatetime", "datetimeutc")
ZONE = ("timezone", "time zone", "tz", "utcoffset", "utc offset", "offset", "zone")
PARAMETER = ("parameter", "characteristicname", "characteristic", "variable")
VALUE = ("value", "resultmeasurevalue", "result")
UNIT = ("unit", "units", "unitcode")
QUALIFIER = ("qualifier", "qualifiers", "flag", "qualifiercode")
STATISTIC = ("statistic",)
SENSOR = ("sensor", "sensorid")
USGS_STATISTICS = {"00000": None, "00001": "max", "00002": "min", "00003": "mean", "00006": "sum", "00008": "median"}
NO_ZONE = "has no time zone and the file gives none: add an offset (e.g. 2024-05-01T12:00:00-05:00 or Z) or a time zone column"
# A file with a time zone column whose cell is empty on this row: the cell is what to fill in.
EMPTY_ZONE = "has no time zone and its {column} cell is blank: fill it in, or add an offset to the time (e.g. " \
             "2024-05-01T12:00:00-05:00 or Z)"


class FileProblem(ValueError):
    """The whole file cannot be read; the message says why."""


@dataclass(frozen=True)
class SeriesKey:
    station: str  # identifier as in the file
    parameter: str
    unit: str | None = None
    statistic: str | None = None
    sensor: str | None = None


@dataclass
class StationInfo:
    name: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    site_type: str | None = None  # USGS's site type code (siteTypeCd: ST, LK, GW...)
    huc: str | None = None
    state_fips: str | None = None
    county_fips: str | None = None


# USGS site type codes (siteTypeCd, the main ones) as WQX monitoring location types; a code not listed reads as
# its own text, whose station type is then "other" (imports.formats.station_type_of).
USGS_SITE_TYPES = {"ST": "River/Stream", "ST-CA": "Canal", "ST-DCH": "River/Stream Ephemeral", "ST-TS": "River/Stream",
                   "LK": "Lake", "ES": "Estuary", "OC": "Ocean", "OC-CO": "Ocean", "GW": "Well", "GW-TH": "Well",
                   "SP": "Spring", "WE": "Wetland Undifferentiated"}


def _site_info(info: dict, location: dict) -> StationInfo:
    """A USGS site's name, place, type and codes (its siteProperty list: siteTypeCd, hucCd, stateCd, countyCd)."""
    properties = {p.get("name"): p.get("value") for p in info.get("siteProperty") or [] if isinstance(p, dict)}
    county = properties.get("countyCd")
    return StationInfo(info.get("siteName"), location.get("latitude"), location.get("longitude"),
                       site_type=properties.get("siteTypeCd"), huc=properties.get("hucCd"),
                       state_fips=properties.get("stateCd"), county_fips=county)


@dataclass
class Parsed:
    format: str
    header: list[str]
    rows: int = 0
    values: dict[SeriesKey, dict[int, tuple[float, str | None]]] = field(default_factory=dict)
    rejections: list[dict] = field(default_factory=list)  # {row, column, value, message, cells}
    duplicates: int = 0
    stations: dict[str, StationInfo] = field(default_factory=dict)  # what the file says of its stations

    def add(self, key: SeriesKey, epoch: int, value: float, qualifier: str | None) -> None:
        series = self.values.setdefault(key, {})
        if epoch in series:
            self.duplicates += 1
        series[epoch] = (value, qualifier)

    def reject(self, row: int | None, column: str | None, value, message: str, cells: list | None = None) -> None:
        self.rejections.append({"row": row, "column": column, "value": None if value is None else str(value)[:200],
                                "message": message, "cells": cells})


def _norm(name: str) -> str:
    return re.sub(r"[\s_]+", " ", name.strip().casefold()).replace(" ", "") if name else ""


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    wanted = {_norm(n) for n in names}
    return next((i for i, h in enumerate(header) if _norm(h) in wanted), None)


def zone_of(text: str | None):
    """A tzinfo from "-05:00", "UTC-5", "+0530", "Z", "UTC" or an IANA name; None when empty or unknown."""
    if text is None or not text.strip():
        return None
    value = text.strip()
    if value.upper() in ("Z", "UTC", "GMT"):
        return timezone.utc
    match = re.fullmatch(r"(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?", value, flags=re.I)
    if match:
        sign = -1 if match.group(1) == "-" else 1
        hours, minutes = int(match.group(2)), int(match.group(3) or 0)
        if hours > 18 or minutes > 59:  # no place is further from UTC than 14 hours
            return None
        return timezone(sign * timedelta(hours=hours, minutes=minutes))
    try:
        return ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def epoch_of(text: str, zone, zone_column: str | None = None) -> tuple[int | None, str | None]:
    """(epoch seconds, None) or (None, the reason); `zone_column`: the file's time zone column, when it has one."""
    value = (text or "").strip()
    if not value:
        return None, "time is empty"
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00").replace("/", "-"))
    except ValueError:
        return None, f"time {value!r} is not a date and time such as 2024-05-01T12:00:00Z"
    if moment.tzinfo is None:
        if zone is None:
            missing = EMPTY_ZONE.format(column=zone_column) if zone_column else NO_ZONE
            return None, f"time {value!r} {missing}"
        moment = moment.replace(tzinfo=zone)
    epoch = plausible.seconds_of(moment)
    problem = plausible.time_problem(epoch)
    if problem is not None:
        return None, f"time {value!r} {problem}"
    return epoch, None


def number_of(text) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


_NAME_AND_UNIT = re.compile(r"^(.*?)\s*[\(\[]([^\)\]]+)[\)\]]\s*$")


def parameter_column(name: str, header_map: dict) -> tuple[str, str | None]:
    mapped = header_map.get(name)
    if isinstance(mapped, dict) and mapped.get("parameter"):
        return mapped["parameter"], mapped.get("unit")
    match = _NAME_AND_UNIT.match(name)
    return (match.group(1).strip(), match.group(2).strip()) if match else (name.strip(), None)


def detect(data: bytes, header: list[str] | None, asked: str) -> str:
    if asked != "auto":
        return asked
    if data.lstrip()[:1] == b"{":
        return USGS_JSON
    if header and _find(header, VALUE) is not None and _find(header, PARAMETER) is not None:
        return LONG
    return WIDE


def read(data: bytes, asked: str, header_map: dict) -> Parsed:
    """The file's values by series (bytes already unpacked and decoded to UTF-8)."""
    if data.lstrip()[:1] == b"{" or asked == USGS_JSON:
        if asked not in ("auto", USGS_JSON):
            raise FileProblem(f"The file is JSON, not the {asked} CSV layout; import it as usgs-json.")
        return read_usgs_json(data)
    text = io.StringIO(data.decode("utf-8"), newline="")
    sample = text.read(4096)
    text.seek(0)
    delimiter = max((",", "\t", ";"), key=sample.split("\n", 1)[0].count)
    rows = csv.reader(text, delimiter=delimiter)
    header = [h.strip() for h in next(rows, [])]
    if not any(header):
        raise FileProblem("The file is empty.")
    for number, name in enumerate(header, start=1):
        control = first_control_character(name)
        if control:  # a column's name becomes a parameter's (wide layout) or says what the column holds
            raise FileProblem(f"Column {number} of the header holds a control character ({control}); remove it and "
                              "import again.")
    mapped_header = [header_map.get(h) if isinstance(header_map.get(h), str) else h for h in header]
    fmt = detect(data, mapped_header, asked)
    if fmt == USGS_JSON:
        raise FileProblem("The file is CSV, not USGS Water Services JSON; import it as ts-wide or ts-long.")
    parsed = Parsed(fmt, header)
    (read_long if fmt == LONG else read_wide)(rows, header, mapped_header, header_map, parsed)
    return parsed


def _columns(mapped: list[str], required: dict[str, tuple[str, ...]], optional: dict[str, tuple[str, ...]],
             layout: str) -> dict[str, int | None]:
    found = {name: _find(mapped, names) for name, names in {**required, **optional}.items()}
    missing = [name for name in required if found[name] is None]
    if missing:
        raise FileProblem(f"The {layout} layout needs a column for {' and '.join(missing)} "
                          f"(e.g. {', '.join(required[m][0] for m in missing)}); the header has: {', '.join(mapped)}.")
    return found


def read_wide(rows, header, mapped, header_map, parsed: Parsed) -> None:
    at = _columns(mapped, {"station": STATION, "time": TIME}, {"zone": ZONE}, "wide logger")
    fixed = {i for i in at.values() if i is not None}
    parameters = {i: parameter_column(header[i], header_map) for i in range(len(header))
                  if i not in fixed and header[i]}
    if not parameters:
        raise FileProblem("The wide logger layout needs at least one value column besides station and time.")
    _rows(rows, header, at, parsed, lambda cells, row, epoch, station: [
        (SeriesKey(station, label, unit), header[i], cells[i]) for i, (label, unit) in parameters.items()])


def read_long(rows, header, mapped, header_map, parsed: Parsed) -> None:
    at = _columns(mapped, {"station": STATION, "parameter": PARAMETER, "time": TIME, "value": VALUE},
                  {"unit": UNIT, "qualifier": QUALIFIER, "zone": ZONE, "statistic": STATISTIC, "sensor": SENSOR},
                  "long")

    def cell(cells, name):
        index = at[name]
        return (cells[index].strip() or None) if index is not None and index < len(cells) else None

    def values(cells, row, epoch, station):
        key = SeriesKey(station, cell(cells, "parameter") or "", cell(cells, "unit"), cell(cells, "statistic"),
                        cell(cells, "sensor"))
        if not key.parameter:
            parsed.reject(row, header[at["parameter"]], "", "The parameter is empty.", cells)
            return []
        if not _one_line(parsed, row, header[at["parameter"]], key.parameter, cells):
            return []
        return [(key, header[at["value"]], cells[at["value"]], cell(cells, "qualifier"))]

    _rows(rows, header, at, parsed, values)


def _rows(rows, header, at, parsed: Parsed, values_of) -> None:
    for row, cells in enumerate(rows, start=1):
        if not any(c.strip() for c in cells):
            continue
        parsed.rows = row
        if len(cells) != len(header):
            parsed.reject(row, None, None, f"A row has {len(cells)} cells where the header has {len(header)}. "
                                           "Check its delimiters and quotes.", cells)
            continue
        station = cells[at["station"]].strip()
        if not station:
            parsed.reject(row, header[at["station"]], "", "The station is empty.", cells)
            continue
        if not _one_line(parsed, row, header[at["station"]], station, cells):
            continue
        zone = None
        if at.get("zone") is not None and cells[at["zone"]].strip():
            zone = zone_of(cells[at["zone"]])
            if zone is None:
                parsed.reject(row, header[at["zone"]], cells[at["zone"]], f"Unknown time zone {cells[at['zone']]!r}: "
                              "use an offset such as -05:00, or a name such as America/New_York.", cells)
                continue
        epoch, problem = epoch_of(cells[at["time"]], zone, header[at["zone"]] if at.get("zone") is not None else None)
        if problem:
            parsed.reject(row, header[at["time"]], cells[at["time"]], f"The {problem}.", cells)
            continue
        for key, column, text, *rest in values_of(cells, row, epoch, station):
            if not text.strip():
                continue  # no value at this time
            number = number_of(text)
            if number is None:
                parsed.reject(row, column, text, f"{column}: {text!r} is not a number.", cells)
                continue
            parsed.add(key, epoch, number, rest[0] if rest else None)


def _dicts(items) -> list[dict]:
    """The objects of a JSON list (anything else in it, or no list, gives none)."""
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def read_usgs_json(data: bytes) -> Parsed:
    import json

    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        # A file cut short (a download broken off) or damaged: say where, not that a key is missing.
        raise FileProblem(f"The file is not valid JSON: it breaks off or is damaged at character {exc.pos + 1:,}."
                          ) from exc
    except (ValueError, RecursionError) as exc:
        raise FileProblem("The JSON is not a USGS Water Services answer (value.timeSeries is missing).") from exc
    try:
        series_list = document["value"]["timeSeries"]
        if not isinstance(series_list, list):
            raise TypeError("value.timeSeries is not a list")
    except (KeyError, TypeError) as exc:
        raise FileProblem("The JSON is not a USGS Water Services answer (value.timeSeries is missing).") from exc
    parsed = Parsed(USGS_JSON, ["timeSeries", "dateTime", "value", "qualifiers"])
    for index, series in enumerate(series_list, start=1):
        try:
            info, variable = series["sourceInfo"], series["variable"]
            site = info["siteCode"][0]
            station = f"{site.get('agencyCode') or 'USGS'}-{site['value']}"
            name = html.unescape(variable["variableName"])
            unit = variable.get("unit", {}).get("unitCode")
            label = name.rsplit(",", 1)[0].strip() if unit and "," in name else name
            options = (variable.get("options") or {}).get("option") or []
            code = next((o.get("optionCode") for o in options if o.get("name") == "Statistic"), None)
            statistic = USGS_STATISTICS.get(code, code) if code else None
            no_data = variable.get("noDataValue")
            zone = zone_of(((info.get("timeZoneInfo") or {}).get("defaultTimeZone") or {}).get("zoneOffset"))
            location = (info.get("geoLocation") or {}).get("geogLocation") or {}
            parsed.stations.setdefault(station, _site_info(info, location))
        except (KeyError, IndexError, TypeError, AttributeError):
            parsed.reject(index, "timeSeries", series.get("name") if isinstance(series, dict) else None,
                          f"Time series {index} lacks its site or variable; it is skipped.")
            continue
        key = SeriesKey(station, label, unit, statistic)
        for block in _dicts(series.get("values")):
            for entry in _dicts(block.get("value")):
                parsed.rows += 1
                row = parsed.rows
                qualifiers = entry.get("qualifiers")
                qualifiers = [str(q) for q in qualifiers] if isinstance(qualifiers, list) else []
                cells = [series.get("name", ""), str(entry.get("dateTime")), str(entry.get("value")),
                         " ".join(qualifiers)]
                epoch, problem = epoch_of(str(entry.get("dateTime") or ""), zone)
                if problem:
                    parsed.reject(row, "dateTime", entry.get("dateTime"), f"The {problem}.", cells)
                    continue
                number = number_of(entry.get("value"))
                if number is None:
                    parsed.reject(row, "value", entry.get("value"), f"{entry.get('value')!r} is not a number.", cells)
                    continue
                if no_data is not None and number == no_data:
                    continue  # the service's "no value" marker
                parsed.add(key, epoch, number, ",".join(qualifiers) or None)
    return parsed


def _one_line(parsed: Parsed, row: int, column: str, text: str, cells) -> bool:
    """Whether a name (a station's, a parameter's) holds no control character; else its row is rejected, as the
    result imports and the API refuse such a name."""
    control = first_control_character(text)
    if control:
        parsed.reject(row, column, text, CONTROL_CHARACTER_IN_CELL.format(column=column, character=control), cells)
    return control is None
