"""The PDF report of what a visitor looks at: the explorer's filter (or chosen stations) and a date
range → the stations, per parameter the statistics of their values, and the data's sources.

This module gathers the data (no HTTP in here); chalicelib/reports/pdf.py draws it, and only that module
imports reportlab, when a report is asked for, so the API's cold start does not carry it.
"""
from __future__ import annotations

import statistics as stats
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone

from chalicelib.core.errors import BadRequest

# Reports up to this many stations are drawn while the caller waits (bench/report.py); larger ones, up to
# MAX_QUEUED_STATIONS, run as a queued job (chalicelib/reports/queue.py); more is refused.
MAX_STATIONS = 100
MAX_QUEUED_STATIONS = 2000
LANGUAGES = ("en", "zh-CN")
# The explorer's address names → the station query's names (chalicelib.statistics.service.parse_query).
FILTER_NAMES = {"organization": "organizationIds", "project": "projectIds", "parameter": "parameterIds",
                "stationType": "stationTypes", "county": "countyFips", "huc": "huc", "q": "search"}
TOO_MANY = "A report covers at most 2000 stations; this filter matches {count}. Narrow the filter."
NO_STATIONS = "No station matches this filter."
# How many of the chosen values that named no station a message lists.
UNMATCHED_SHOWN = 20
DEFAULT_LICENCE = "CC BY 4.0"
# Concurrent series reads: DynamoDB answers them in parallel (the moto server one at a time); the boto3
# client keeps as many connections (chalicelib/core/aws.py).
READERS = 24


@dataclass
class WithoutNumber:
    """A parameter's results without a number (reported "ND"...) of one detection condition: how many, and the
    detection (or quantitation) limits they give, as written with their unit ("0.05 mg/L")."""

    count: int = 0
    limits: set[str] = field(default_factory=set)


@dataclass
class ParameterSummary:
    """The statistics of one parameter's values of one sample fraction (Dissolved and Total phosphorus are two
    analytes: never counted as one); `fraction` is None for values without one. `count` is every result, as the
    station page counts them; minimum, median and maximum are of those with a number; the others (not detected,
    above a limit...) are in `without_number`, by detection condition."""

    id: str
    label: str
    unit: str | None
    fraction: str | None = None
    count: int = 0
    minimum: float | None = None
    median: float | None = None
    maximum: float | None = None
    first: str | None = None
    last: str | None = None
    # Per station id: (moments, values) of the values with a number, for the chart: each moment as its source
    # wrote it, in its own zone ("2024-05-31T23:30:00" of an EST sample stored as 1 June 04:30 UTC; a date alone).
    series: dict[str, tuple[list[str], list[float]]] = field(default_factory=dict)
    # Per detection condition (None: none given), the results without a number.
    without_number: dict[str | None, WithoutNumber] = field(default_factory=dict)


@dataclass
class Chosen:
    """The stations a report covers (ids, in order), and the chosen values that named no station."""

    ids: list[str]
    not_found: list[str] = field(default_factory=list)


@dataclass
class ReportData:
    language: str
    generated_at: str
    filter_words: list[tuple[str, str]]
    stations: list[dict]
    parameters: list[ParameterSummary]
    sources: list[dict]
    start: str | None
    end: str | None


def _list(value) -> list[str]:
    if value in (None, ""):
        return []
    items = value if isinstance(value, list) else str(value).split(",")
    return [str(item).strip() for item in items if str(item).strip()]


def parse_request(body) -> dict:
    """The report request checked: {filter: {explorer address names}, stationIds, from, to, language}."""
    from chalicelib.statistics import service as statistics

    if not isinstance(body, dict):
        raise BadRequest("Request body must be a JSON object.")
    language = body.get("language") if body.get("language") in LANGUAGES else "en"
    address = body.get("filter") or {}
    if not isinstance(address, dict):
        raise BadRequest("Invalid filter. Object expected")
    query = {FILTER_NAMES[name]: value for name, value in address.items() if name in FILTER_NAMES and value}
    # The date range goes through the explorer's own checks (ISO dates, from not after to).
    query.update({"from": body.get("from") or address.get("from"), "to": body.get("to") or address.get("to")})
    parsed = statistics.parse_query(query)
    station_ids = _list(body.get("stationIds"))
    if len(station_ids) > MAX_QUEUED_STATIONS:
        raise BadRequest(TOO_MANY.format(count=len(station_ids)))
    return {"query": parsed, "stationIds": station_ids, "language": language,
            "start": query["from"] or None, "end": query["to"] or None}


def _by_id_or_identifier(values: list[str]) -> Chosen:
    """The stations the chosen values name, by id or by identifier (MonitoringLocationIdentifier, as the
    report page asks for them; case aside, as a station's id derives from it). An identifier used in several
    organizations names each of their stations; one of a station the explorer does not show yet (its
    snapshot not rebuilt since) names none."""
    import numpy as np

    from chalicelib.statistics import service as statistics
    from chalicelib.stations import service as stations

    snap = statistics.current()
    organizations = [org for org in snap.d["orgs"] if org]
    # An identifier is unique within its organization, and a station's id derives from the two.
    by_identifier = {value: [stations.station_id_for(org, value) for org in organizations] for value in values}
    derived = np.array(sorted({i for ids in by_identifier.values() for i in ids}), dtype="S36")
    shown = derived[np.isin(derived, snap.a["id"])].astype(str).tolist()
    found = stations.existing([*(value for value in values if _is_id(value)), *shown])
    ids, not_found = [], []
    for value in values:
        named = [i for i in (value, *by_identifier[value]) if i in found]
        ids += named
        if not named:
            not_found.append(value)
    return Chosen(list(dict.fromkeys(ids)), not_found)


def _is_id(value: str) -> bool:
    """Whether a chosen value may be a station's id (a UUID): anything else is only an identifier."""
    import uuid

    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


def _covered(request: dict) -> Chosen:
    """The stations the report covers: the chosen ones, or those the filter matches."""
    from chalicelib.statistics import service as statistics

    if request["stationIds"]:
        chosen = _by_id_or_identifier(request["stationIds"])
        if not chosen.ids:
            unmatched = ", ".join(chosen.not_found[:UNMATCHED_SHOWN]) + (
                ", …" if len(chosen.not_found) > UNMATCHED_SHOWN else "")
            raise BadRequest(f"No station has these ids or identifiers: {unmatched}.")
        if len(chosen.ids) > MAX_QUEUED_STATIONS:  # identifiers of several organizations' stations
            raise BadRequest(TOO_MANY.format(count=len(chosen.ids)))
        return chosen
    found = statistics.search({**request["query"], "format": "objects", "limit": MAX_QUEUED_STATIONS + 1,
                               "offset": 0, "colorBy": None})
    if found["total"] > MAX_QUEUED_STATIONS:
        raise BadRequest(TOO_MANY.format(count=found["total"]))
    return Chosen([station["id"] for station in found["stations"]])


def _stations(ids: list[str]) -> list:
    from chalicelib.stations import service as stations

    chosen = stations.existing(ids)
    ordered = [chosen[i] for i in ids if i in chosen]
    if not ordered:
        raise BadRequest(NO_STATIONS)
    return ordered


def _read(station_id: str, parameter_id: str, start: str | None, end: str | None) -> tuple[str, str, list[dict]]:
    """One series' results in the date range (by their written dates), every stored attribute of each: a result
    without a number comes with its detection condition and limit."""
    from chalicelib.samples import service as samples

    period = samples.period_of(start, "from", end, "to")
    return station_id, parameter_id, samples.read_series(station_id, parameter_id, period=period)["data"]


def _summaries(stations: list, wanted: set[str], start: str | None, end: str | None,
               progress=None) -> list[ParameterSummary]:
    """Per parameter and sample fraction, the statistics of the stations' results in the date range: every result
    counted, the figures of those with a number, the others counted by detection condition."""
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples.models import parameter_of_latest_key
    from chalicelib.samples.service import LocalTimes

    pairs = [(s.id, p) for s in stations for p in (s.parameterIds or []) if not wanted or p in wanted]
    parameter_ids = sorted({p for _, p in pairs})
    known = {p.id: p for p in Parameter.batch_get(parameter_ids)} if parameter_ids else {}
    # The units the stations' latest values give, by parameter and fraction, and by parameter (of any fraction).
    units: dict[tuple[str, str | None], str] = {}
    parameter_units: dict[str, str] = {}
    for station in stations:
        for key, latest in (station.to_dict().get("latestValues") or {}).items():
            unit = latest.get("u") if isinstance(latest, dict) else None
            if unit:
                units.setdefault(parameter_of_latest_key(key), unit)
                parameter_units.setdefault(parameter_of_latest_key(key)[0], unit)
    summaries: dict[tuple[str, str | None], ParameterSummary] = {}
    written: dict[tuple[str, str | None], list[str]] = {}

    def summary_of(parameter_id: str, fraction: str | None) -> ParameterSummary:
        key = (parameter_id, fraction)
        if key not in summaries:
            parameter = known.get(parameter_id)
            summaries[key] = ParameterSummary(
                id=parameter_id, label=parameter.label if parameter else parameter_id, fraction=fraction,
                unit=units.get(key) or parameter_units.get(parameter_id) or (parameter.unit if parameter else None))
            written[key] = []
        return summaries[key]

    local = LocalTimes()  # a stored UTC time as its source wrote it
    with ThreadPoolExecutor(max_workers=READERS) as pool:
        for done, (station_id, parameter_id, results) in enumerate(
                pool.map(lambda pair: _read(*pair, start, end), pairs), start=1):
            if progress:
                progress(done, len(pairs))
            by_fraction: dict[str | None, list[dict]] = {}
            for result in results:
                by_fraction.setdefault(result.get("sampleFraction"), []).append(result)
            for fraction, found in by_fraction.items():
                summary = summary_of(parameter_id, fraction)
                summary.unit = summary.unit or next((r["unit"] for r in found if r.get("unit")), None)
                summary.count += len(found)
                moments, values, days = [], [], []
                for result in found:
                    day, clock, _ = local(result["time"], result.get("timeZone"), bool(result.get("dateOnly")))
                    days.append(day)
                    if result["value"] is not None:
                        moments.append(f"{day}T{clock}" if clock else day)
                        values.append(result["value"])
                        continue
                    kind = summary.without_number.setdefault(result.get("detectionCondition"), WithoutNumber())
                    kind.count += 1
                    if result.get("detectionLimit"):
                        kind.limits.add(" ".join(filter(None, (result["detectionLimit"],
                                                               result.get("detectionLimitUnit")))))
                if values:
                    summary.series[station_id] = (moments, values)
                # Values of several zones may order otherwise by date.
                written[(parameter_id, fraction)] += [min(days), max(days)]
    for key, summary in summaries.items():
        values = [v for _, series in summary.series.items() for v in series[1]]
        if values:
            summary.minimum, summary.median, summary.maximum = min(values), stats.median(values), max(values)
        # The first and last dates as the results were written (an evening sample keeps its own day).
        summary.first, summary.last = min(written[key]), max(written[key])
    return sorted(summaries.values(), key=lambda s: (s.label.casefold(), s.id, s.fraction or ""))


def _names(model, ids) -> dict[str, str]:
    ids = sorted(set(ids))
    if not ids:
        return {}
    return {item.id: getattr(item, "name", None) or getattr(item, "label", item.id) for item in model.batch_get(ids)}


def _station_type_names(keys: list[str], words: dict) -> list[str]:
    """Station types by name: a built-in type in the report's language, any other by the reference list's
    label (GET /stationTypes), a key the list does not know as it is."""
    from chalicelib.reference import service as reference
    from chalicelib.reference.models import STATION_TYPE

    built_in = words["stationTypeNames"]
    labels = ({item.key: item.label for item in reference.items_of(STATION_TYPE)}
              if any(key not in built_in for key in keys) else {})
    return [built_in.get(key) or labels.get(key) or key for key in keys]


def _county_names(fips: list[str]) -> dict[str, str]:
    """Counties by 5-digit FIPS code as the explorer's county filter names them: "Dane County, WI"."""
    if not fips:
        return {}
    from chalicelib.reference import service as reference

    wanted = set(fips)
    return {c["id"]: f"{c['name']}, {c['stateCode']}" for c in reference.counties() if c["id"] in wanted}


def _filter_words(request: dict, stations: list, language: str, not_found: list[str]) -> list[tuple[str, str]]:
    """The filter as (label, value) lines, in the report's language: everything by the name a person reads
    (organizations, parameters, projects, station types, counties), a code only where nothing names it
    (hydrologic units are known by their codes, an id nothing is found for stays as it was given)."""
    from chalicelib.organizations.models import Organization
    from chalicelib.parameters.models import Parameter
    from chalicelib.projects.models import Project
    from chalicelib.reports.words import WORDS

    words = WORDS[language]
    q = request["query"]
    lines = []
    if request["stationIds"]:
        lines.append((words["chosen"], str(len(stations))))
        if not_found:
            lines.append((words["notFound"], words["separator"].join(not_found)))
    organizations = _names(Organization, q["organizationIds"])
    parameters = _names(Parameter, q["parameterIds"])
    projects = _names(Project, q["projectIds"])
    counties = _county_names(q["countyFips"])
    for label, values in ((words["organizations"], [organizations.get(i, i) for i in q["organizationIds"]]),
                          (words["parameters"], [parameters.get(i, i) for i in q["parameterIds"]]),
                          (words["projects"], [projects.get(i, i) for i in q["projectIds"]]),
                          (words["stationTypes"], _station_type_names(q["stationTypes"], words)),
                          (words["counties"], [counties.get(i, i) for i in q["countyFips"]]),
                          (words["huc"], q["huc"])):
        if values:
            lines.append((label, words["separator"].join(values)))
    if q["search"]:
        lines.append((words["search"], q["search"]))
    lines.append((words["dates"], words["between"].format(start=request["start"] or words["beginning"],
                                                         end=request["end"] or words["today"])))
    if not request["stationIds"] and len(lines) == 1:
        lines.insert(0, (words["stations"], words["allStations"]))
    return lines


def gather(request: dict, chosen: Chosen | None = None, progress=None) -> ReportData:
    """Everything the report shows, read from the stations, series and samples tables."""
    from chalicelib.organizations.models import Organization

    chosen = chosen if chosen is not None else _covered(request)
    stations = _stations(chosen.ids)
    q = request["query"]
    parameters = _summaries(stations, set(q["parameterIds"]), request["start"], request["end"], progress)
    organizations = _names(Organization, [s.organizationId for s in stations if s.organizationId])
    sources = [{"name": organizations.get(org_id, org_id), "licence": DEFAULT_LICENCE,
                "stations": sum(1 for s in stations if s.organizationId == org_id)}
               for org_id in sorted({s.organizationId for s in stations})]
    return ReportData(
        language=request["language"], generated_at=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        filter_words=_filter_words(request, stations, request["language"], chosen.not_found),
        stations=[{"id": s.id, "identifier": s.identifier, "name": s.name, "latitude": float(s.latitude),
                   "longitude": float(s.longitude), "organization": organizations.get(s.organizationId, "")}
                  for s in stations],
        parameters=parameters, sources=sources, start=request["start"], end=request["end"])


def draw(body, progress=None) -> bytes:
    """The report of a request body as PDF bytes."""
    request = parse_request(body)
    data = gather(request, progress=progress)
    from chalicelib.reports import pdf  # reportlab loads here, only for a report

    return pdf.render(data)


def create(body, queue_always: bool = False) -> tuple[bytes | None, dict | None]:
    """(the PDF, None) for up to MAX_STATIONS stations; (None, the queued job) for more, or for any number with
    `queue_always` (a caller that cannot take the PDF as an answer)."""
    request = parse_request(body)
    chosen = _covered(request)
    if queue_always or len(chosen.ids) > MAX_STATIONS:
        from chalicelib.reports import queue

        return None, queue.enqueue(body, len(chosen.ids))
    data = gather(request, chosen)
    from chalicelib.reports import pdf  # reportlab loads here, only for a report

    return pdf.render(data), None
