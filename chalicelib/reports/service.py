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
DEFAULT_LICENCE = "CC BY 4.0"
# Concurrent series reads: DynamoDB answers them in parallel (the moto server one at a time); the boto3
# client keeps as many connections (chalicelib/core/aws.py).
READERS = 24


@dataclass
class ParameterSummary:
    id: str
    label: str
    unit: str | None
    count: int = 0
    minimum: float | None = None
    median: float | None = None
    maximum: float | None = None
    first: str | None = None
    last: str | None = None
    # Per station id: (times, values) of the numeric values, for the chart.
    series: dict[str, tuple[list[str], list[float]]] = field(default_factory=dict)


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


def _station_ids(request: dict) -> list[str]:
    """The ids of the stations the report covers: the chosen ones, or those the filter matches."""
    from chalicelib.statistics import service as statistics

    if request["stationIds"]:
        return request["stationIds"]
    found = statistics.search({**request["query"], "format": "objects", "limit": MAX_QUEUED_STATIONS + 1,
                               "offset": 0, "colorBy": None})
    if found["total"] > MAX_QUEUED_STATIONS:
        raise BadRequest(TOO_MANY.format(count=found["total"]))
    return [station["id"] for station in found["stations"]]


def _stations(ids: list[str]) -> list:
    from chalicelib.stations import service as stations

    chosen = stations.existing(ids)
    ordered = [chosen[i] for i in ids if i in chosen]
    if not ordered:
        raise BadRequest(NO_STATIONS)
    return ordered


def _read(station_id: str, parameter_id: str, start: str | None, end: str | None) -> tuple[str, str, dict]:
    from chalicelib.samples import service as samples

    begin = samples.parse_time(start, "from") if start else None
    finish = samples.parse_time(end, "to", end=True) if end else None
    return station_id, parameter_id, samples.read_series(station_id, parameter_id, start=begin, end=finish,
                                                         columns=True)


def _summaries(stations: list, wanted: set[str], start: str | None, end: str | None,
               progress=None) -> list[ParameterSummary]:
    from chalicelib.parameters.models import Parameter

    pairs = [(s.id, p) for s in stations for p in (s.parameterIds or []) if not wanted or p in wanted]
    parameter_ids = sorted({p for _, p in pairs})
    known = {p.id: p for p in Parameter.batch_get(parameter_ids)} if parameter_ids else {}
    units = {}
    for station in stations:
        for parameter_id, latest in (station.to_dict().get("latestValues") or {}).items():
            unit = latest.get("u") if isinstance(latest, dict) else None
            if unit:
                units.setdefault(parameter_id, unit)
    summaries = {p: ParameterSummary(id=p, label=known[p].label if p in known else p,
                                     unit=units.get(p) or (known[p].unit if p in known else None))
                 for p in parameter_ids}
    with ThreadPoolExecutor(max_workers=READERS) as pool:
        for done, (station_id, parameter_id, result) in enumerate(
                pool.map(lambda pair: _read(*pair, start, end), pairs), start=1):
            if progress:
                progress(done, len(pairs))
            times = result["columns"]["time"]
            values = result["columns"]["value"]
            numeric = [(t, v) for t, v in zip(times, values) if v is not None]
            if numeric:
                summaries[parameter_id].series[station_id] = ([t for t, _ in numeric], [v for _, v in numeric])
    for summary in summaries.values():
        values = [v for _, series in summary.series.items() for v in series[1]]
        times = [t for _, series in summary.series.items() for t in series[0]]
        if values:
            summary.count, summary.minimum, summary.maximum = len(values), min(values), max(values)
            summary.median = stats.median(values)
            summary.first, summary.last = min(times)[:10], max(times)[:10]
    return sorted((s for s in summaries.values() if s.count), key=lambda s: s.label.casefold())


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


def _filter_words(request: dict, stations: list, language: str) -> list[tuple[str, str]]:
    """The filter as (label, value) lines, in the report's language."""
    from chalicelib.organizations.models import Organization
    from chalicelib.parameters.models import Parameter
    from chalicelib.reports.words import WORDS

    words = WORDS[language]
    q = request["query"]
    lines = []
    if request["stationIds"]:
        lines.append((words["chosen"], str(len(stations))))
    organizations = _names(Organization, q["organizationIds"])
    parameters = _names(Parameter, q["parameterIds"])
    for label, values in ((words["organizations"], [organizations.get(i, i) for i in q["organizationIds"]]),
                          (words["parameters"], [parameters.get(i, i) for i in q["parameterIds"]]),
                          (words["projects"], q["projectIds"]),
                          (words["stationTypes"], _station_type_names(q["stationTypes"], words)),
                          (words["counties"], q["countyFips"]), (words["huc"], q["huc"])):
        if values:
            lines.append((label, words["separator"].join(values)))
    if q["search"]:
        lines.append((words["search"], q["search"]))
    lines.append((words["dates"], words["between"].format(start=request["start"] or words["beginning"],
                                                         end=request["end"] or words["today"])))
    if not request["stationIds"] and len(lines) == 1:
        lines.insert(0, (words["stations"], words["allStations"]))
    return lines


def gather(request: dict, station_ids: list[str] | None = None, progress=None) -> ReportData:
    """Everything the report shows, read from the stations, series and samples tables."""
    from chalicelib.organizations.models import Organization

    stations = _stations(station_ids if station_ids is not None else _station_ids(request))
    q = request["query"]
    parameters = _summaries(stations, set(q["parameterIds"]), request["start"], request["end"], progress)
    organizations = _names(Organization, [s.organizationId for s in stations if s.organizationId])
    sources = [{"name": organizations.get(org_id, org_id), "licence": DEFAULT_LICENCE,
                "stations": sum(1 for s in stations if s.organizationId == org_id)}
               for org_id in sorted({s.organizationId for s in stations})]
    return ReportData(
        language=request["language"], generated_at=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        filter_words=_filter_words(request, stations, request["language"]),
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


def create(body) -> tuple[bytes | None, dict | None]:
    """(the PDF, None) for up to MAX_STATIONS stations; (None, the queued job) for more."""
    request = parse_request(body)
    station_ids = _station_ids(request)
    if len(station_ids) > MAX_STATIONS:
        from chalicelib.reports import queue

        return None, queue.enqueue(body, len(station_ids))
    data = gather(request, station_ids)
    from chalicelib.reports import pdf  # reportlab loads here, only for a report

    return pdf.render(data), None
