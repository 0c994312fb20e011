"""The Water Quality Portal's services over this product's data (no HTTP in here).

Stations are chosen from the explorer's snapshot (chalicelib/statistics), so a WQP client sees what the
explorer shows the same caller; values are read series by series (chalicelib/samples), one page at a
time, so an answer of any size passes through in bounded memory. Every service yields records keyed by
WQP's legacy (WQX 2) column names; columns.py shapes them into a profile's columns.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from types import SimpleNamespace
from typing import Iterator

from chalicelib.reference import zones as time_zones
from chalicelib.samples import download
from chalicelib.samples.service import UTC, LocalTimes, query_pages, read_ahead, series_of
from chalicelib.wqp.columns import EMPTY_SERVICES
from chalicelib.wqp.params import MAX_VALUES, SITE_TYPES, Query

PROVIDER = "OWD"  # this portal's name in WQP's ProviderName column
COUNTRY_NAME = "United States"  # of every station with a state (CountryCode US)
# The record keys of WQX 3.0's place names (no legacy column holds them).
PLACE_NAMES = frozenset(("Location_State", "Location_StatePostalCode", "Location_CountryName", "Location_CountyName"))
_EARTH_MILES = 3958.8
# The Station profile's columns of the station's elevation and drainage areas: (snapshot column, its dictionary).
MEASURE_COLUMNS = {
    "DrainageAreaMeasure/MeasureValue": ("drain", "measures"),
    "DrainageAreaMeasure/MeasureUnitCode": ("drain_unit", "measure_terms"),
    "ContributingDrainageAreaMeasure/MeasureValue": ("cdrain", "measures"),
    "ContributingDrainageAreaMeasure/MeasureUnitCode": ("cdrain_unit", "measure_terms"),
    "VerticalMeasure/MeasureValue": ("elev", "measures"), "VerticalMeasure/MeasureUnitCode": ("elev_unit", "measure_terms"),
    "VerticalCollectionMethodName": ("elev_method", "measure_terms"),
    "VerticalCoordinateReferenceSystemDatumName": ("elev_datum", "measure_terms"),
}
# Of those, the ones this product writes itself (numbers, and units of a short list): never a formula.
OWN_MEASURES = ("DrainageAreaMeasure/MeasureValue", "DrainageAreaMeasure/MeasureUnitCode",
                "ContributingDrainageAreaMeasure/MeasureValue", "ContributingDrainageAreaMeasure/MeasureUnitCode",
                "VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode")
_CHUNK = 4096


@dataclass
class Lookups:
    """The small tables an answer names things from, read once per request."""

    organizations: dict  # id -> Organization
    projects: dict  # id -> Project
    parameters: dict  # id -> Parameter

    @classmethod
    def load(cls) -> "Lookups":
        from chalicelib.organizations.directory import live_organizations
        from chalicelib.parameters import service as parameters
        from chalicelib.projects import service as projects

        return cls(live_organizations(),
                   projects.live_by_id(),
                   parameters.all_parameters())

    def organization_identifier(self, organization_id: str) -> str:
        """WQP's OrganizationIdentifier: the organization's WQX id when it has one, else its name."""
        organization = self.organizations.get(organization_id)
        if organization is None:
            return organization_id
        from chalicelib.organizations.directory import wqx_id_of

        return wqx_id_of(organization) or organization.name

    def organization_ids(self, names: list[str]) -> set[str]:
        wanted = {n.casefold() for n in names}
        return {o.id for o in self.organizations.values()
                if wanted & {o.id.casefold(), o.name.casefold(), self.organization_identifier(o.id).casefold()}}

    def project_ids(self, keys: list[str]) -> set[str]:
        wanted = {k.casefold() for k in keys}
        return {p.id for p in self.projects.values() if wanted & {p.id.casefold(), p.projectKey.casefold()}}

    def parameter_ids(self, query: Query) -> set[str] | None:
        """The parameters the characteristic filters name (None: no such filter)."""
        if not (query.characteristic_names or query.characteristic_types):
            return None
        names = {n.casefold() for n in query.characteristic_names}
        types = {t.casefold() for t in query.characteristic_types}
        return {p.id for p in self.parameters.values()
                if (not names or (p.characteristicName or p.label).casefold() in names or p.label.casefold() in names)
                and (not types or (p.group or "").casefold() in types)}


# ---------------------------------------------------------------- stations


@dataclass
class Stations:
    """The stations a query selects: rows of the explorer's snapshot, in its (spatial) order."""

    snapshot: object
    rows: object  # numpy array of row numbers


def _site_type_of(location_type: str) -> str:
    text = location_type.casefold()
    return next((name for name, words in SITE_TYPES.items() if any(w in text for w in words)), "Other")


def select_stations(query: Query, look: Lookups) -> Stations:
    """The matching stations: the explorer's filter, then WQP's own (sites, HUC prefixes, a circle, site
    types, countries, minresults, media), then those only activities tell (projects by activity,
    minactivities). A filter naming nothing that exists selects nothing."""
    import numpy as np

    from chalicelib.statistics import service as statistics
    from chalicelib.statistics import snapshot as columns
    from chalicelib.stations.service import station_id_for

    snap = statistics.current()
    none = Stations(snap, np.zeros(0, dtype=np.int64))
    organization_ids = look.organization_ids(query.organizations) if query.organizations else None
    project_ids = look.project_ids(query.projects) if query.projects else None
    parameter_ids = look.parameter_ids(query)
    if query.names_what_is_not_kept or any(ids is not None and not ids
                                           for ids in (organization_ids, project_ids, parameter_ids)):
        return none  # no parameter codes, methods or biology are kept here; the others name nothing that exists
    day = lambda d: (d - columns.EPOCH).days if d else None  # noqa: E731
    rows = columns.matching_rows(snap, {
        "bbox": query.bbox, "stateFips": query.state_fips, "countyFips": query.county_fips,
        "organizationIds": sorted(organization_ids or ()), "parameterIds": sorted(parameter_ids or ()),
        "from": day(query.start), "to": day(query.end)})
    a = snap.a
    if query.site_ids and len(rows):
        wanted = [station_id_for(org, site).encode() for org in snap.d["orgs"] if org for site in query.site_ids]
        rows = rows[np.isin(a["id"][rows], np.array(wanted, dtype="S36"))]
    if query.huc_prefixes and len(rows):
        hit = np.zeros(len(rows), dtype=bool)
        huc8, huc12 = a["huc8"][rows], a["huc12"][rows]
        for prefix in query.huc_prefixes:
            # A station may know its 8-digit unit, its 12-digit one, or both (the first 8 digits agree).
            if len(prefix) <= 8:
                hit |= (huc8 > 0) & (huc8 // np.uint32(10 ** (8 - len(prefix))) == np.uint32(int(prefix)))
            hit |= (huc12 > 0) & (huc12 // np.uint64(10 ** (12 - len(prefix))) == np.uint64(int(prefix)))
        rows = rows[hit]
    if query.circle and len(rows):
        lat, lng, miles = query.circle
        phi1, phi2 = math.radians(lat), np.radians(a["lat"][rows])
        dphi, dlmb = phi2 - phi1, np.radians(a["lng"][rows] - lng)
        h = np.sin(dphi / 2) ** 2 + math.cos(phi1) * np.cos(phi2) * np.sin(dlmb / 2) ** 2
        rows = rows[2 * _EARTH_MILES * np.arcsin(np.sqrt(np.clip(h, 0, 1))) <= miles]
    if query.site_types and len(rows):
        allowed = np.array([_site_type_of(t) in query.site_types for t in snap.d["mlts"]] or [False])
        rows = rows[allowed[a["mlt"][rows]]]
    if query.countries and len(rows):
        # Stations keep a state FIPS code, not a country: a station with one is in the US.
        rows = rows[a["state"][rows] > 0] if "US" in query.countries else rows[:0]
    if query.min_results and len(rows):
        rows = rows[a["count"][rows] >= query.min_results]
    if query.media and len(rows):
        # By the media the station summaries keep; stations whose media are not known are kept, their
        # values are asked (stations_with_values, or the values' own filter).
        rows = rows[columns.media_mask(snap, rows, query.media)[0]]
    if project_ids and len(rows):
        # A station is in a project by membership, or by an activity of the project sampled there (asked last:
        # only the stations every other filter kept).
        members = np.isin(rows, columns.matching_rows(snap, {"projectIds": sorted(project_ids)}))
        if not members.all():
            sampled = sampled_by(Stations(snap, rows[~members]), look, project_ids)[0]
            members |= np.isin(a["id"][rows], np.array(sorted(s.encode() for s in sampled) or [b""], dtype="S36"))
        rows = rows[members]
    if query.min_activities and len(rows):
        held = activity_counts(Stations(snap, rows), look)
        rows = rows[np.array([held.get(i.decode(), 0) >= query.min_activities for i in a["id"][rows].tolist()],
                             dtype=bool)]
    return Stations(snap, rows)


def station_records(stations: Stations, look: Lookups) -> Iterator[dict]:
    """One record per station (Station profile keys, and WQX 3.0's place names), read from the snapshot's
    columns a chunk at a time."""
    snap, a = stations.snapshot, stations.snapshot.a
    orgs = [(look.organization_identifier(o), look.organizations[o].name if o in look.organizations else o)
            for o in snap.d["orgs"]]
    mlts, datums = snap.d["mlts"], snap.d["datums"]
    states = ["", *(f"{s:02d}" for s in range(1, 256))]
    places = _places()
    ident, ident_ptr, name, name_ptr = a["ident"], a["ident_ptr"], a["name"], a["name_ptr"]
    for start in range(0, len(stations.rows), _CHUNK):
        chunk = stations.rows[start:start + _CHUNK]
        # The elevation's and drainage areas' columns: (record key, the dictionary's texts, the chunk's codes).
        measures = [(key, snap.d[dictionary], a[column][chunk].tolist())
                    for key, (column, dictionary) in MEASURE_COLUMNS.items()]
        # Identifiers and names as Python strings a chunk at a time (one decode each, no per-row slicing).
        idents = _texts(ident, ident_ptr, chunk)
        names = _texts(name, name_ptr, chunk)
        columns = zip(a["id"][chunk].tolist(), a["org"][chunk].tolist(), a["mlt"][chunk].tolist(),
                      a["lat"][chunk].tolist(), a["lng"][chunk].tolist(), a["datum"][chunk].tolist(),
                      a["state"][chunk].tolist(), a["county"][chunk].tolist(), a["huc8"][chunk].tolist(),
                      a["huc12"][chunk].tolist(), idents, names)
        for offset, (station_id, org, mlt, lat, lng, datum, state, county, huc8, huc12, identifier,
                     station_name) in enumerate(columns):
            organization_id, organization_name = orgs[org]
            yield {
                "id": station_id.decode(), "organizationId": snap.d["orgs"][org],
                "OrganizationIdentifier": organization_id, "OrganizationFormalName": organization_name,
                "MonitoringLocationIdentifier": identifier, "MonitoringLocationName": station_name,
                "MonitoringLocationTypeName": mlts[mlt], "HUCEightDigitCode": f"{huc8:08d}" if huc8 else "",
                "HUCTwelveDigitCode": f"{huc12:012d}" if huc12 else "", "LatitudeMeasure": lat,
                "LongitudeMeasure": lng, "HorizontalCoordinateReferenceSystemDatumName": datums[datum],
                "CountryCode": "US" if state else "", "StateCode": states[state],
                "CountyCode": f"{county % 1000:03d}" if county else "", "ProviderName": PROVIDER,
                "Location_State": places.state_names[state], "Location_StatePostalCode": places.postal_codes[state],
                "Location_CountryName": COUNTRY_NAME if state else "",
                "Location_CountyName": places.wqx3_county_names.get(county, ""),
                **{key: texts[codes[offset]] for key, texts, codes in measures}}


class StationRecords:
    """The stations' records; for CSV and TSV also their lines, formatted straight from the snapshot's
    columns with numpy (station_lines.py): a million-station answer is this product's largest, and a
    record per row would take several times DuckDB's time. The lines hold what station_records holds,
    made safe and quoted as the CSV writer quotes."""

    def __init__(self, stations: Stations, look: Lookups):
        self.stations, self.look = stations, look

    def __iter__(self) -> Iterator[dict]:
        return station_records(self.stations, self.look)

    def delimited_lines(self, sources: tuple, delimiter: str) -> Iterator[bytes]:
        import numpy as np

        from chalicelib.wqp import station_lines
        from chalicelib.wqp.output import LINE_END

        snap, a, look = self.stations.snapshot, self.stations.snapshot.a, self.look
        field = lambda text: station_lines.field_text(text, delimiter)  # noqa: E731
        Table = station_lines.Table
        organizations = Table([field(look.organization_identifier(o)) for o in snap.d["orgs"]])
        organization_names = Table([field(look.organizations[o].name if o in look.organizations else o)
                                    for o in snap.d["orgs"]])
        location_types = Table([field(m) for m in snap.d["mlts"]])
        datums = Table([field(d) for d in snap.d["datums"]])
        states = Table(["", *(f"{s:02d}" for s in range(1, 256))])
        countries = Table(["", *(["US"] * 255)])
        counties = Table([*(f"{c:03d}" for c in range(1000)), ""])  # code 1000: no county
        identifiers = station_lines.TextColumn(a["ident"], a["ident_ptr"], delimiter)
        names = station_lines.TextColumn(a["name"], a["name_ptr"], delimiter)
        county_code = lambda r: np.where(a["county"][r] > 0, a["county"][r] % 1000, 1000)  # noqa: E731
        # Each field: its parts for a chunk of rows (spans written one after the other), or a constant.
        fields = {
            "OrganizationIdentifier": lambda r: [organizations.spans(a["org"][r])],
            "OrganizationFormalName": lambda r: [organization_names.spans(a["org"][r])],
            "MonitoringLocationIdentifier": identifiers.spans, "MonitoringLocationName": names.spans,
            "MonitoringLocationTypeName": lambda r: [location_types.spans(a["mlt"][r])],
            "HUCEightDigitCode": lambda r: [station_lines.digits(a["huc8"][r], 8)],
            "HUCTwelveDigitCode": lambda r: [station_lines.digits(a["huc12"][r], 12)],
            "LatitudeMeasure": lambda r: [station_lines.floats(a["lat"][r])],
            "LongitudeMeasure": lambda r: [station_lines.floats(a["lng"][r])],
            "HorizontalCoordinateReferenceSystemDatumName": lambda r: [datums.spans(a["datum"][r])],
            "CountryCode": lambda r: [countries.spans(a["state"][r])],
            "StateCode": lambda r: [states.spans(a["state"][r])],
            "CountyCode": lambda r: [counties.spans(county_code(r))],
            "ProviderName": field(PROVIDER),
        }
        for key, (column, dictionary) in MEASURE_COLUMNS.items():
            texts = Table(snap.d[dictionary] if key in OWN_MEASURES else [field(t) for t in snap.d[dictionary]])
            fields[key] = lambda r, texts=texts, column=column: [texts.spans(a[column][r])]
        if PLACE_NAMES & set(sources):  # WQX 3.0's place names, formatted only for an answer that has them
            fields.update(self._place_fields(field))
        layout = [fields.get(source, "") if source else "" for source in sources]
        return station_lines.lines(self.stations.rows, layout, delimiter, LINE_END)


    def _place_fields(self, field) -> dict:
        """The fields of the stations' state, country and county names."""
        import numpy as np

        from chalicelib.wqp.station_lines import Table

        a, places = self.stations.snapshot.a, _places()
        state_names = Table([field(name) for name in places.state_names])
        postal_codes = Table([field(code) for code in places.postal_codes])
        country_names = Table(["", *([field(COUNTRY_NAME)] * 255)])
        # The answer's counties (5-digit FIPS numbers, 0: none), each named once.
        county_fips = np.unique(a["county"][self.stations.rows])
        county_names = Table([field(places.wqx3_county_names.get(c, "")) for c in county_fips.tolist()])
        return {"Location_State": lambda r: [state_names.spans(a["state"][r])],
                "Location_StatePostalCode": lambda r: [postal_codes.spans(a["state"][r])],
                "Location_CountryName": lambda r: [country_names.spans(a["state"][r])],
                "Location_CountyName": lambda r: [county_names.spans(np.searchsorted(county_fips, a["county"][r]))]}


def _texts(blob, ptr, rows) -> list[str]:
    """The texts of some rows of a UTF-8 blob column: gathered with numpy, decoded once, split on a
    separator no text holds (the unit separator, \x1f)."""
    import numpy as np

    starts, stops = ptr[rows], ptr[rows + 1]
    lengths = stops - starts
    if not len(rows):
        return []
    # Byte positions of every wanted text, in order, with one separator byte after each.
    total = int(lengths.sum()) + len(rows)
    out = np.full(total, 0x1F, dtype=np.uint8)
    ends = np.cumsum(lengths + 1)
    firsts = ends - lengths - 1
    offsets = np.arange(total) - np.repeat(firsts, lengths + 1)
    keep = offsets < np.repeat(lengths, lengths + 1)
    out[keep] = blob[np.repeat(starts, lengths + 1)[keep] + offsets[keep]]
    texts = out[:-1].tobytes().decode("utf-8").split("\x1f")
    if len(texts) != len(rows):  # a text holding the separator itself: decode row by row
        texts = [blob[a:b].tobytes().decode("utf-8") for a, b in zip(starts.tolist(), stops.tolist())]
    return texts


# ---------------------------------------------------------------- values


# WQP's dates are ActivityStartDate's: a value's date as its source wrote it, in its own zone. Stored times are UTC,
# and a written date lies within a day of its UTC time (the zones are 21 hours apart), so a dated search reads a
# day more on each side and keeps the values whose written date is inside the dates asked.
_DAY = timedelta(days=1)
_LAST_OF_DAY = "T23:59:59Z~"  # after every stored time of a day ("2024-07-11T23:59:59Z#activity...")


def _time_range(query: Query, *, wide: bool = False) -> tuple[str | None, str | None]:
    """The stored times of the query's dates; `wide`: a day more on each side (for the written dates)."""
    slack = _DAY if wide else timedelta(0)
    return ((query.start - slack).isoformat() if query.start else None,
            (query.end + slack).isoformat() + _LAST_OF_DAY if query.end else None)


def _written_in_range(query: Query, records: Iterator[dict]) -> Iterator[dict]:
    """The records (read by the wide range) whose written date (ActivityStartDate) is inside the query's dates."""
    low = query.start.isoformat() if query.start else ""
    high = query.end.isoformat() if query.end else "9999"
    for record in records:
        if low <= (record["ActivityStartDate"] or "") <= high:
            yield record


def _dated_windows(query: Query) -> tuple[tuple[str, str] | None, list[tuple[str, str]]]:
    """The stored times of a dated search in two kinds: the inner window, whose values all have their written date
    inside the query's dates (counted as they are), and the windows at its edges, whose values are read to see
    their written dates. Without dates: everything is inner."""
    low = (query.start + _DAY).isoformat() if query.start else "0"
    high = (query.end - _DAY).isoformat() + _LAST_OF_DAY if query.end else "9999~"
    wide_low, wide_high = _time_range(query, wide=True)
    if low > high:  # dates a day or two apart: read them all
        return None, [(wide_low or "0", wide_high or "9999~")]
    edges = []
    if query.start:
        edges.append((wide_low, low))  # up to the first time of the inner window's first day (exclusive)
    if query.end:
        edges.append((query.end.isoformat(), wide_high))  # from the first time of the last day asked
    return (low, high), edges


def _value_filter(query: Query, look: Lookups):
    """The check of one stored value against the query's value-level filters (None: every value passes)."""
    media = {m.casefold() for m in query.media}
    activities = set(query.activity_ids)
    projects = look.project_ids(query.projects) if query.projects else None
    if not (media or activities or projects is not None):
        return None

    def keep(item: dict, station) -> bool:
        if media and item.get("m", {}).get("S", "").casefold() not in media:
            return False
        if activities and item.get("a", {}).get("S") not in activities:
            return False
        if projects is not None:
            project = item.get("p", {}).get("S")
            # A value without a project of its own belongs to its station's projects.
            return project in projects if project else bool(projects & set(station.projectIds))
        return True

    return keep


def result_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """Every matching value as a record: the value's own columns and its station's."""
    snap = stations.snapshot
    start, end = _time_range(query, wide=True)
    parameter_ids = look.parameter_ids(query)
    keep = _value_filter(query, look)
    ptr, codes = snap.a["proj_ptr"], snap.a["proj_code"]

    def targets() -> Iterator[SimpleNamespace]:
        for row, station in zip(stations.rows.tolist(), station_records(stations, look)):
            projects = [snap.d["projects"][c] for c in codes[ptr[row]:ptr[row + 1]]]
            yield SimpleNamespace(id=station["id"], organizationId=station["organizationId"], projectIds=projects,
                                  identifier=station["MonitoringLocationIdentifier"],
                                  name=station["MonitoringLocationName"], record=station)

    # One selection of every station: several are read at once, in this order (download.records).
    selection = download.Selection(targets(), parameter_ids, start, end, keep,
                                   station_columns=lambda target: target.record, wqx_zones_only=True)
    found = download.records(selection, organizations=look.organizations, parameters=look.parameters,
                             projects=look.projects)
    if query.start or query.end:
        found = _written_in_range(query, found)
    if "Project_Name" in query.columns:
        found = _with_project_names(found, look)
    yield from found


def _with_project_names(records: Iterator[dict], look: Lookups) -> Iterator[dict]:
    """Records with the name of their project (WQX 3.0's Project_Name): a value names its project by the
    project's identifier, unique within its organization, whose stations hold the organization's values."""
    by_key = {(p.organizationId, p.projectKey): p.name for p in look.projects.values()}
    for record in records:
        # Every record has the key: the writer fills the columns the first record has (output._cells).
        record["ProjectName"] = by_key.get((record["organizationId"], record["ProjectIdentifier"]))
        yield record


def stations_with_values(query: Query, look: Lookups, stations: Stations) -> Stations:
    """When the query names what only values tell (media, activities), the stations that have at least
    one matching value. Dates alone are judged by the station summaries (first and last date), as the
    explorer judges them: one check per station would not scale to a million stations. So are media
    alone (select_stations kept the stations that have them): only stations whose media are not known,
    or media with other value filters, are checked value by value."""
    import numpy as np

    from chalicelib.statistics import snapshot as columns

    if not (query.media or query.activity_ids):
        return stations
    rows = stations.rows
    known = np.zeros(len(rows), dtype=bool)
    media_alone = not (query.activity_ids or query.projects or query.start or query.end
                       or look.parameter_ids(query) is not None)
    if media_alone:
        known = ~columns.media_mask(stations.snapshot, rows, query.media)[1]
    asked = Stations(stations.snapshot, rows[~known])
    found = [row for row, count in zip(asked.rows.tolist(), _counts_by_station(query, look, asked, first_only=True))
             if count]
    return Stations(stations.snapshot, np.sort(np.concatenate((rows[known], np.array(found, dtype=np.int64)))))


def _counts_by_station(query: Query, look: Lookups, stations: Stations, first_only: bool = False) -> Iterator[int]:
    """Matching values per station, counted by DynamoDB (Select=COUNT: no value leaves the table); the
    station summaries answer when the query names no value-level filter."""
    from chalicelib.samples.models import SampleValue, series_key

    snap = stations.snapshot
    parameter_ids = look.parameter_ids(query)
    if parameter_ids is None and not query.reads_values:
        yield from snap.a["count"][stations.rows].tolist()
        return
    inner, edges = _dated_windows(query)
    written_date = LocalTimes().date_of
    low, high = (query.start.isoformat() if query.start else "", query.end.isoformat() if query.end else "9999")
    condition, names, values = "seriesKey = :k AND #t BETWEEN :a AND :b", {"#t": "time"}, {}
    filters = []
    if query.media:
        filters.append("m IN (" + ", ".join(f":m{i}" for i in range(len(query.media))) + ")")
        values.update({f":m{i}": {"S": m} for i, m in enumerate(query.media)})
    if query.activity_ids:
        filters.append("a IN (" + ", ".join(f":i{i}" for i in range(len(query.activity_ids))) + ")")
        values.update({f":i{i}": {"S": a} for i, a in enumerate(query.activity_ids)})
    project_ids = look.project_ids(query.projects) if query.projects else None
    ptr, codes = snap.a["proj_ptr"], snap.a["proj_code"]

    def station_total(row: int, station_id: str) -> Iterator[int]:
        expression = list(filters)
        extra = {}
        if project_ids is not None:
            members = project_ids & {snap.d["projects"][c] for c in codes[ptr[row]:ptr[row + 1]]}
            ids = sorted(project_ids)
            extra = {f":p{i}": {"S": p} for i, p in enumerate(ids)}
            inside = "p IN (" + ", ".join(extra) + ")"
            expression.append(f"({inside} OR attribute_not_exists(p))" if members else inside)
        if not query.reads_values:  # the series' own counts
            yield sum(int(series.count) for series in series_of(station_id)
                      if parameter_ids is None or series.parameterId in parameter_ids)
            return
        total = 0
        # The snapshot lists the station's parameters, so each series is counted by its key: no Query of the
        # series table first (it was half of a dated Result search's requests, and a GET counts before writing).
        for parameter_id in snap.parameter_ids(row):
            if parameter_ids is not None and parameter_id not in parameter_ids:
                continue
            key = {":k": {"S": series_key(station_id, parameter_id)}}

            def window(a: str, b: str, **read) -> dict:
                request = dict(TableName=SampleValue.Meta.table_name, KeyConditionExpression=condition,
                               ExpressionAttributeNames={**names, **read.pop("names", {})},
                               ExpressionAttributeValues={**values, **extra, **key, ":a": {"S": a}, ":b": {"S": b}},
                               **read)
                if expression:
                    request["FilterExpression"] = " AND ".join(expression)
                return request

            # The inner window's values are counted by DynamoDB; those at its edges are read for their written dates.
            pages = [(page["Count"] for page in query_pages(**window(*inner, Select="COUNT")))] if inner else []
            pages += [(sum(low <= written_date(item) <= high for item in page["Items"])
                       for page in query_pages(**window(a, b, ProjectionExpression="#t, tz, #do",
                                                        names={"#do": "do"})))
                      for a, b in edges]
            for counts in pages:
                for count in counts:
                    total += count
                    if first_only and total:
                        break
                if first_only and total:
                    break
            if first_only and total:
                break
        yield total

    # A station's series and counts are a few requests in a row: several stations are counted at once.
    yield from read_ahead(station_total(row, station_id.decode())
                          for row, station_id in zip(stations.rows.tolist(), snap.a["id"][stations.rows].tolist()))


def most_results(stations: Stations) -> tuple[int, int]:
    """At most how many values and sites a Result search of these stations answers, from the station
    summaries alone (every value of every station; no value is read)."""
    import numpy as np

    return int(stations.snapshot.a["count"][stations.rows].sum(dtype=np.uint64)), len(stations.rows)


def result_counts(query: Query, look: Lookups, stations: Stations) -> tuple[dict[str, int], Stations]:
    """Total-Site-Count and Total-Result-Count of a Result query, without reading the values; and the
    stations holding matching values (an answer written next need not ask the others again)."""
    import numpy as np

    found = np.fromiter(_counts_by_station(query, look, stations), dtype=np.int64, count=len(stations.rows))
    counts = {"Total-Site-Count": int((found > 0).sum()), "Total-Result-Count": int(found.sum())}
    return counts, Stations(stations.snapshot, stations.rows[found > 0])


# ---------------------------------------------------------------- activities, organizations, projects
#
# The activities table is keyed by project (projectId, id) and has no index by station, but every value of an
# activity carries its id (a) and its project (p). So the activities held at some stations are found one of two
# ways, chosen by what the snapshot says they would read (_by_values):
# - by the stations' values: per series one Query of the values that name an activity (a and p projected),
#   then those activities by key (BatchGetItem): what the stations hold, whatever their projects hold;
# - by the activity lists of their organizations' projects (a Query per project): what the organizations hold,
#   whatever the stations hold.
# Both answer the same activities, in the same order (project, then activity id), but for an activity none of
# whose values is stored at its station (decision 0009): only the lists know it.

# The stations' values are read when, with STATION_WEIGHT values for each station's series list and Queries,
# they weigh at most 1/BY_VALUES_SHARE of their organizations' values: the lists hold at most an activity per
# value (every activity an import writes has a value), and in WQX data mostly one per several values.
BY_VALUES_SHARE = 4
STATION_WEIGHT = 150
_KEYS = ("projectId", "id", "stationId")  # what counting activities by station reads of them


def _by_values(stations: Stations) -> bool:
    """Whether the stations' activities are found from their values rather than from project lists."""
    import numpy as np

    a, rows = stations.snapshot.a, stations.rows
    if not len(rows):
        return True
    own = int(a["count"][rows].sum(dtype=np.uint64)) + STATION_WEIGHT * len(rows)
    held = int(a["count"][np.isin(a["org"], np.unique(a["org"][rows]))].sum(dtype=np.uint64))
    return own * BY_VALUES_SHARE <= held


def _activity_pages(project_id: str, projection: tuple[str, ...] = ()) -> Iterator[list[dict]]:
    """A project's activities as DynamoDB's items (query_pages: no per-attribute parsing), a page at a time
    (projection: only these attributes)."""
    from chalicelib.projects.models import Activity

    request = dict(TableName=Activity.Meta.table_name, KeyConditionExpression="projectId = :p",
                   ExpressionAttributeValues={":p": {"S": project_id}})
    if projection:
        request["ExpressionAttributeNames"] = {f"#a{n}": name for n, name in enumerate(projection)}
        request["ProjectionExpression"] = ", ".join(request["ExpressionAttributeNames"])
    for page in query_pages(**request):
        yield page["Items"]


def _value_activity_keys(station_id: str, window: tuple[str | None, str | None], activity_ids: list[str],
                         project_ids: set[str] | None) -> set[tuple[str | None, str]]:
    """(project, activity) of every value of a station that names an activity (project None: the value names
    none), from a Query per series that sends only those two attributes back."""
    from chalicelib.samples.models import SampleValue, series_key

    start, end = window
    values = {":from": {"S": start or "0"}, ":to": {"S": end or "9999~"}}
    filters = ["attribute_exists(a)"]
    if activity_ids:
        values.update({f":i{n}": {"S": a} for n, a in enumerate(activity_ids)})
        filters.append("a IN (" + ", ".join(f":i{n}" for n in range(len(activity_ids))) + ")")
    if project_ids is not None and len(project_ids) <= MAX_VALUES:  # IN takes 100 operands (more: kept later)
        values.update({f":p{n}": {"S": p} for n, p in enumerate(sorted(project_ids))})
        filters.append("(p IN (" + ", ".join(f":p{n}" for n in range(len(project_ids))) + ") OR attribute_not_exists(p))")
    keys: set[tuple[str | None, str]] = set()
    for series in series_of(station_id):
        for page in query_pages(TableName=SampleValue.Meta.table_name, ExpressionAttributeNames={"#t": "time"},
                                KeyConditionExpression="seriesKey = :k AND #t BETWEEN :from AND :to",
                                FilterExpression=" AND ".join(filters), ProjectionExpression="a, p",
                                ExpressionAttributeValues={**values, ":k": {"S": series_key(station_id,
                                                                                           series.parameterId)}}):
            keys.update(((item.get("p") or {}).get("S"), item["a"]["S"]) for item in page["Items"])
    return keys


def _activities_by_key(keys: list[tuple[str, str]]) -> list[dict]:
    """Activity items by (project, activity id): BatchGetItem, 100 keys a request (chalicelib/core/batches)."""
    from chalicelib.core import batches
    from chalicelib.projects.models import Activity

    return batches.get_all(Activity.Meta.table_name, [{"projectId": {"S": p}, "id": {"S": i}} for p, i in keys])


def _station_activities(station_id: str, organization_id: str, look: Lookups, window, activity_ids: list[str],
                        project_ids: set[str] | None) -> list[dict]:
    """The activities whose values a station holds (by its values' keys), of live projects (project_ids: of
    these), as the activity lists hold them."""
    keys = _value_activity_keys(station_id, window, activity_ids, project_ids)
    live = {p.id for p in look.projects.values() if p.organizationId == organization_id
            and (project_ids is None or p.id in project_ids)}
    # A value naming no project: its activity is in one of its organization's projects.
    unplaced = sorted(a for p, a in keys if p is None)
    wanted = sorted({(p, a) for p, a in keys if p in live} | {(p, a) for p in live for a in unplaced})
    return [item for item in _activities_by_key(wanted) if (item.get("stationId") or {}).get("S") == station_id]


def _held_activities(query: Query | None, look: Lookups, stations: Stations, project_ids: set[str] | None = None,
                     projection: tuple[str, ...] = ()) -> Iterator[list[dict]]:
    """The activities held at the stations (of project_ids only, when given), in chunks, in the order of
    project and activity id. A query narrows them by activity ids and (a day either side, for time zones)
    dates, which the caller checks again against each activity; without one, every activity."""
    from datetime import timedelta

    snap, rows = stations.snapshot, stations.rows
    if not len(rows) or (project_ids is not None and not project_ids):
        return
    station_ids = snap.a["id"][rows].tolist()
    if _by_values(stations):
        activity_ids = query.activity_ids if query else []
        start = query.start - timedelta(days=1) if query and query.start else None
        end = query.end + timedelta(days=1) if query and query.end else None
        window = (start.isoformat() if start else None, end.isoformat() + "T23:59:59Z~" if end else None)

        def one(station_id: str, organization_id: str) -> Iterator[list[dict]]:
            yield _station_activities(station_id, organization_id, look, window, activity_ids, project_ids)

        organizations = [snap.d["orgs"][c] for c in snap.a["org"][rows].tolist()]
        found = [item for items in read_ahead(one(s.decode(), o) for s, o in zip(station_ids, organizations))
                 for item in items]
        found.sort(key=lambda item: (item["projectId"]["S"], item["id"]["S"]))
        yield found
        return
    wanted = {i.decode() for i in station_ids}
    organization_ids = {snap.d["orgs"][c] for c in set(snap.a["org"][rows].tolist())}
    listed = sorted(p.id for p in look.projects.values() if p.organizationId in organization_ids
                    and (project_ids is None or p.id in project_ids))
    # Several projects are read at once, their pages in the projects' order.
    for items in read_ahead(_activity_pages(p, projection) for p in listed):
        yield [item for item in items if (item.get("stationId") or {}).get("S") in wanted]


def activity_counts(stations: Stations, look: Lookups) -> dict[str, int]:
    """How many activities each station holds (stations holding none are left out)."""
    from collections import Counter

    held: Counter = Counter()
    for items in _held_activities(None, look, stations, projection=_KEYS):
        held.update(item["stationId"]["S"] for item in items)
    return dict(held)


def _clock(written: str | None) -> str | None:
    """A time of day as WQP writes it, HH:MM:SS (an activity keeps its file's "9:30"; its results answer
    09:30:00)."""
    if written and (found := re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?", written)):
        hours, minutes, seconds = found.groups()
        return f"{int(hours):02d}:{minutes}:{seconds or '00'}"
    return written


def activity_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """The activities held at the matching stations, filtered, in the order of project and activity id."""
    by_id = {r["id"]: r for r in station_records(stations, look)}
    wanted_projects = look.project_ids(query.projects) if query.projects else None
    media = {m.casefold() for m in query.media}
    start, end = (query.start.isoformat() if query.start else None, query.end.isoformat() if query.end else None)
    for items in _held_activities(query, look, stations, wanted_projects):
        for item in items:
            text = lambda name: item[name]["S"] if name in item else None  # noqa: E731
            station = by_id.get(text("stationId"))
            if station is None or (query.activity_ids and item["id"]["S"] not in query.activity_ids):
                continue
            if media and (text("media") or "").casefold() not in media:
                continue
            day = text("startDate")
            if (start and (day or "") < start) or (end and (day or "9") > end):
                continue
            project = look.projects.get(item["projectId"]["S"])
            day, clock, zone = _wqx_moment(day, text("startTime"), text("timeZone"))
            end_day, end_clock, end_zone = _wqx_moment(text("endDate"), text("endTime"), text("endTimeZone"))
            yield {**station, "ActivityIdentifier": item["id"]["S"], "ActivityTypeCode": text("typeCode"),
                   "ActivityMediaName": text("media"), "ActivityMediaSubdivisionName": text("mediaSubdivision"),
                   "ActivityStartDate": day, "ActivityStartTime/Time": clock, "ActivityStartTime/TimeZoneCode": zone,
                   "ActivityEndDate": end_day, "ActivityEndTime/Time": end_clock,
                   "ActivityEndTime/TimeZoneCode": end_zone,
                   "ProjectIdentifier": project.projectKey if project else None, "ProjectName": project.name if project else None,
                   "ActivityConductingOrganizationText": text("conductingOrganization"),
                   "ActivityCommentText": text("comment"), "HydrologicCondition": text("hydrologicCondition"),
                   "HydrologicEvent": text("hydrologicEvent")}


def _wqx_moment(day: str | None, time: str | None, zone: str | None) -> tuple:
    """An activity's date, time and zone as WQP clients read them: a time given without its zone was taken as UTC
    (as its results' times are answered); one written with an offset is given in UTC, as WQP clients know WQX's zone
    codes only."""
    return time_zones.in_wqx_codes(day, _clock(time), zone or (UTC if time else None))


def _project_codes(stations: Stations):
    import numpy as np

    a = stations.snapshot.a
    if not len(stations.rows) or not len(a["proj_code"]):
        return []
    starts, stops = a["proj_ptr"][stations.rows], a["proj_ptr"][stations.rows + 1]
    return np.unique(np.concatenate([a["proj_code"][s:e] for s, e in zip(starts.tolist(), stops.tolist())]
                                    or [np.zeros(0, dtype=np.uint32)])).tolist()


def organization_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """The organizations owning matching stations, by name."""
    import numpy as np

    snap = stations.snapshot
    codes = np.unique(snap.a["org"][stations.rows]).tolist() if len(stations.rows) else []
    found = [look.organizations[snap.d["orgs"][c]] for c in codes if snap.d["orgs"][c] in look.organizations]
    for organization in sorted(found, key=lambda o: o.name.casefold()):
        yield {"OrganizationIdentifier": look.organization_identifier(organization.id),
               "OrganizationFormalName": organization.name, "OrganizationDescriptionText": organization.description,
               "ElectronicAddress": organization.website, "Telephonic": None, "ProviderName": PROVIDER}


def sampled_by(stations: Stations, look: Lookups, project_ids: set[str]) -> tuple[set[str], set[str]]:
    """Of the stations, those holding an activity of the projects, and those projects."""
    station_ids, sampled = set(), set()
    for items in _held_activities(None, look, stations, project_ids, projection=_KEYS):
        for item in items:
            station_ids.add(item["stationId"]["S"])
            sampled.add(item["projectId"]["S"])
    return station_ids, sampled


def project_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """The projects holding matching stations (as members, or by an activity sampled at one), by
    organization and project identifier."""
    snap = stations.snapshot
    wanted = look.project_ids(query.projects) if query.projects else None
    members = {snap.d["projects"][c] for c in _project_codes(stations)}
    organization_ids = {snap.d["orgs"][c] for c in set(snap.a["org"][stations.rows].tolist())}
    # Only projects the stations are not members of are asked for activities there.
    others = {p.id for p in look.projects.values() if p.organizationId in organization_ids and p.id not in members
              and (wanted is None or p.id in wanted)}
    sampled = sampled_by(stations, look, others)[1] if others else set()
    found = [p for p in look.projects.values() if (wanted is None or p.id in wanted) and (p.id in members or p.id in sampled)]
    for project in sorted(found, key=lambda p: (look.organization_identifier(p.organizationId), p.projectKey)):
        organization = look.organizations.get(project.organizationId)
        yield {"OrganizationIdentifier": look.organization_identifier(project.organizationId),
               "OrganizationFormalName": organization.name if organization else None,
               "ProjectIdentifier": project.projectKey, "ProjectName": project.name,
               "ProjectDescriptionText": project.description, "ProviderName": PROVIDER}


LIMIT_VALUE = "DetectionQuantitationLimitMeasure/MeasureValue"


def detection_limit_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """Detection and quantitation limits of matching results: a row per result that has one (imports keep a
    result's first limit, its unit and type), in the Result search's order. No result identifier is kept, so
    ResultIdentifier stays empty: the activity and characteristic name the result."""
    for record in result_records(query, look, stations):
        if record.get(LIMIT_VALUE):
            yield record


def no_records(query: Query, look: Lookups, stations: Stations) -> Iterator[dict]:
    """Activity metrics, biological (habitat) metrics and projects' monitoring-location weightings: this
    product keeps none, so these services answer WQP's columns and no rows."""
    return iter(())


# ---------------------------------------------------------------- one search


_RECORDS = {"station": lambda q, look, s: StationRecords(s, look), "result": result_records,
            "activity": activity_records, "organization": organization_records, "project": project_records,
            "resultdetectionquantitationlimit": detection_limit_records,
            **{service: no_records for service in EMPTY_SERVICES}}


def _no_stations() -> Stations:
    import numpy as np

    return Stations(None, np.zeros(0, dtype=np.int64))


class Counted:
    """Records passing through, counted as WQP's count headers count them."""

    def __init__(self, query: Query, records: Iterator[dict], *, counting: bool = True):
        self.query, self.records, self.counting = query, records, counting
        # Lines formatted by the records themselves (StationRecords), when they can.
        self.delimited_lines = getattr(records, "delimited_lines", None) if not counting else None
        self.rows = self.results = 0
        self.sites: set[str] = set()

    def __iter__(self) -> Iterator[dict]:
        if not self.counting:  # a Station answer's count is the stations selected
            yield from self.records
            return
        for record in self.records:
            self.rows += 1
            self.results += record.get("ResultCount", 0)
            self.sites.add(record.get("id"))
            yield record

    def summary_headers(self) -> dict[str, int]:
        return {"Total-Site-Count": len(self.sites), "Total-Result-Count": self.results}

    def headers(self, stations: Stations) -> dict[str, int]:
        if self.query.service in EMPTY_SERVICES:
            return {name: 0 for name in EMPTY_SERVICES[self.query.service]}
        if self.query.service == "result":
            return {"Total-Site-Count": len(self.sites), "Total-Result-Count": self.rows}
        if self.query.service == "resultdetectionquantitationlimit":
            return {"Total-Site-Count": len(self.sites), "Total-ResultDetectionQuantitationLimit-Count": self.rows}
        if self.query.service == "activity":
            return {"Total-Site-Count": len(self.sites), "Total-Activity-Count": self.rows}
        return {"Total-Site-Count": len(stations.rows)}


def records(query: Query, look: Lookups, stations: Stations | None = None) -> tuple[Stations, Counted]:
    """The records of a search, counted as they are read (stations: selected already, when known)."""
    if query.service in EMPTY_SERVICES:  # nothing to select: the parameters were checked
        return _no_stations(), Counted(query, no_records(query, look, _no_stations()))
    if stations is None:
        stations = select_stations(query, look)
    if query.service != "result":  # a Result search reads the values anyway
        stations = stations_with_values(query, look, stations)
    return stations, Counted(query, _RECORDS[query.service](query, look, stations),
                             counting=query.service != "station")


def counts(query: Query, look: Lookups) -> dict[str, int]:
    """The count headers of a search without reading its values (HEAD)."""
    if query.service in EMPTY_SERVICES:
        return Counted(query, iter(())).headers(_no_stations())
    stations = select_stations(query, look)
    if query.service == "result":
        return result_counts(query, look, stations)[0]
    stations = stations_with_values(query, look, stations)
    if query.service in ("activity", "resultdetectionquantitationlimit"):  # what only the records tell
        counted = Counted(query, _RECORDS[query.service](query, look, stations))
        for _ in counted:
            pass
        return counted.headers(stations)
    return {"Total-Site-Count": len(stations.rows)}


# ---------------------------------------------------------------- the monitoring-location summary


@dataclass(frozen=True)
class Places:
    """US place names by FIPS code (the Census file the explorer's county filter lists, chalicelib/reference)."""

    state_names: list[str]  # by state FIPS number (0: none)
    postal_codes: list[str]  # by state FIPS number, as WI
    county_names: dict[str, str]  # by 5-digit county FIPS code, as the Census names them: Dane County
    wqx3_county_names: dict[int, str]  # by 5-digit FIPS number, as WQX 3.0 names them: Dane


@lru_cache(maxsize=1)
def _places() -> Places:
    from chalicelib.reference.service import counties

    found = counties()
    state_names, postal_codes = [""] * 256, [""] * 256
    for county in found:
        state_names[int(county["stateFips"])] = county["stateName"]
        postal_codes[int(county["stateFips"])] = county["stateCode"]
    # WQP's WQX 3.0 files name a county without the word County (Location_CountyName "Dane" in
    # devtools/demo/wqp/wqp3_results.csv); parishes, boroughs and the like keep their whole name.
    return Places(state_names, postal_codes, {c["id"]: c["name"] for c in found},
                  {int(c["id"]): c["name"].removesuffix(" County") for c in found})


def station_page_base() -> str | None:
    """The address this portal's station pages are under ({APP_URL}/#/sts/station/), when APP_URL is set: the
    default is the local development server's, no address a WQP client could open."""
    from chalicelib.core.config import Settings, get_settings

    url = get_settings().app_url
    return f"{url}/#/sts/station/" if url and url != Settings.app_url else None


def summary_records(query: Query, look: Lookups, years: int | None, today) -> Iterator[dict]:
    """Per site, year and characteristic: how many results and activities (the value keys are read,
    nothing else), for the last `years` years back from today or for all. Activities are the values'
    (project, activity id): a value without an activity has none, as it has none in the Activity service.
    LastResultSubmittedDate stays empty: values keep no date of their own writing."""
    from collections import defaultdict

    from chalicelib.samples.models import SampleValue, series_key

    stations = stations_with_values(query, look, select_stations(query, look))
    places = _places()
    page_base = station_page_base()
    start, end = _time_range(query)
    if years:
        since = today.replace(year=today.year - years).isoformat()
        start = max(start or since, since)
    parameter_ids = look.parameter_ids(query)
    keep = _value_filter(query, look)
    ptr, codes = stations.snapshot.a["proj_ptr"], stations.snapshot.a["proj_code"]

    def station_rows(row: int, station: dict) -> Iterator[list[dict]]:
        """One station's summary rows, as one chunk."""
        counts: dict[tuple, list] = defaultdict(lambda: [0, set()])
        target = SimpleNamespace(projectIds=[stations.snapshot.d["projects"][c] for c in codes[ptr[row]:ptr[row + 1]]])
        for series in series_of(station["id"]):
            if parameter_ids is not None and series.parameterId not in parameter_ids:
                continue
            parameter = look.parameters.get(series.parameterId)
            name = (parameter.characteristicName or parameter.label) if parameter else series.parameterId
            kind = (parameter.group if parameter else None) or ""
            request = dict(TableName=SampleValue.Meta.table_name, ExpressionAttributeNames={"#t": "time"},
                           KeyConditionExpression="seriesKey = :k AND #t BETWEEN :a AND :b",
                           ExpressionAttributeValues={":k": {"S": series_key(station["id"], series.parameterId)},
                                                      ":a": {"S": start or "0"}, ":b": {"S": end or "9999~"}},
                           ProjectionExpression="#t, a, p" + (", m" if keep else ""))
            for page in query_pages(**request):
                for item in page["Items"]:
                    if keep is not None and not keep(item, target):
                        continue
                    entry = counts[(item["time"]["S"][:4], kind, name)]
                    entry[0] += 1
                    activity = item.get("a", {}).get("S")
                    if activity:  # a value without an activity identifier belongs to no activity
                        entry[1].add((item.get("p", {}).get("S"), activity))
        state, county = station["StateCode"], station["CountyCode"]
        named = {"StateName": places.state_names[int(state)] if state else "",
                 "CountyName": places.county_names.get(state + county, "") if state and county else "",
                 "MonitoringLocationUrl": page_base + station["id"] if page_base else ""}
        yield [{**station, **named, "Provider": PROVIDER, "YearSummarized": year, "CharacteristicType": kind,
                "CharacteristicName": name, "ActivityCount": len(activities), "ResultCount": results,
                "ResolvedMonitoringLocationTypeName": _site_type_of(station["MonitoringLocationTypeName"]),
                "MonitoringLocationLatitude": station["LatitudeMeasure"],
                "MonitoringLocationLongitude": station["LongitudeMeasure"]}
               for (year, kind, name), (results, activities) in sorted(counts.items())]

    # Several stations are read at once; their rows come out in the stations' order.
    for rows in read_ahead(station_rows(row, station)
                           for row, station in zip(stations.rows.tolist(), station_records(stations, look))):
        yield from rows
