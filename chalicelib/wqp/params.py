"""The Water Quality Portal's query parameters, read and checked: a 400 names the unknown parameter or
the bad value, as WQP's own answers do.

Values come from the query string (several by ';' or by repeating the key) and, for a POST, from a JSON
object of arrays (WQP's POST body); parameter names match case-insensitively (bBox, bbox).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from chalicelib.core.errors import BadRequest
from chalicelib.wqp import columns

MIME_TYPES = ("csv", "tsv", "xlsx", "geojson", "kml")
STATION_ONLY_MIME_TYPES = ("geojson", "kml")
# WQP's site types, each with the words of WQX monitoring location type names it covers.
SITE_TYPES = {
    "Aggregate groundwater use": ("aggregate groundwater",),
    "Aggregate surface-water-use": ("aggregate surface",),
    "Aggregate water-use establishment": ("aggregate water-use",),
    "Atmosphere": ("atmosphere",),
    "Estuary": ("estuary", "bay", "harbor"),
    "Facility": ("facility", "pipe", "outfall", "wastewater", "treatment", "plant", "cistern"),
    "Glacier": ("glacier",),
    "Lake, Reservoir, Impoundment": ("lake", "reservoir", "impoundment", "pond"),
    "Land": ("land", "field", "shore", "beach"),
    "Ocean": ("ocean", "sea", "coastal"),
    "Spring": ("spring",),
    "Stream": ("stream", "river", "channel", "canal", "ditch", "creek", "tidal"),
    "Subsurface": ("subsurface", "cave", "soil"),
    "Well": ("well", "borehole", "piezometer"),
    "Wetland": ("wetland", "marsh", "swamp"),
    "Other": (),
}
SAMPLE_MEDIA = ("Air", "Biological", "Habitat", "No media", "Other", "Sediment", "Soil", "Tissue", "Water")
PROVIDERS = ("NWIS", "STEWARDS", "STORET")
# WQP's (deprecated) command.avoid: the providers whose data to leave out.
AVOIDABLE = ("NWIS", "STORET")
MAX_VALUES = 99

# WQP's query parameters (its web services guide) but nldiurl, which names sites by an NLDI navigation this
# portal does not follow: ignoring it would answer every site, so it stays a 400.
_NAMES = ("siteid", "statecode", "countycode", "countrycode", "huc", "bBox", "lat", "long", "within", "siteType",
          "organization", "project", "sampleMedia", "characteristicType", "characteristicName", "pCode",
          "activityId", "startDateLo", "startDateHi", "providers", "command.avoid", "minresults", "minactivities",
          "analyticalmethod", "assemblage", "subjectTaxonomicName", "sorted", "dataProfile", "mimeType", "zip")
CANONICAL = {name.lower(): name for name in _NAMES}
NLDI_NOT_SUPPORTED = ("nldiurl is not supported by this portal: it does not follow NLDI navigations. Name the sites "
                      "with siteid, huc, bBox or lat, long and within instead.")


def _many(description: str, item: dict | None = None) -> dict:
    """A parameter that takes several values (repeated, or joined by ';')."""
    return {"type": "array", "items": {"type": "string", **(item or {})},
            "description": f"{description}; several values by repeating the parameter or joining them with ';'"}


def _one_of(values, description: str) -> dict:
    return {"type": "string", "enum": list(values), "description": f"{description} (case-insensitive)"}


def _profiles() -> list[str]:
    return sorted({columns.PROFILE_NAMES.get(p, columns.SERVICE_NAMES.get(p, p))
                   for profiles in columns.PROFILES.values() for p in profiles})


# WQP's query parameters as the OpenAPI document shows them (GET /openapi.json; Swagger UI's "Try it out"),
# in the formats `parse` reads. A value of a many-valued parameter may hold several joined by ';', so the
# patterns allow that too.
QUERY = {
    "siteid": _many("monitoring location identifiers, as WIDNR_WQX-10032762"),
    "statecode": _many("states: US:<state FIPS code>, as US:55", {"pattern": r"^US:\d{1,2}(;US:\d{1,2})*$"}),
    "countycode": _many("counties: US:<state FIPS>:<county FIPS>, as US:55:025",
                        {"pattern": r"^US:\d{1,2}:\d{3}(;US:\d{1,2}:\d{3})*$"}),
    "countrycode": _many("countries: two-letter codes, as US (stations with a US state are in the US)",
                         {"pattern": r"^[A-Za-z]{2}(;[A-Za-z]{2})*$"}),
    "huc": _many("hydrologic units: 2 to 12 digits (an even number), or a prefix ending in the wildcard *, as "
                 "0709*", {"pattern": r"^((\d{2}){1,6}|\d{2,12}\*)(;((\d{2}){1,6}|\d{2,12}\*))*$"}),
    "bBox": {"type": "string", "pattern": r"^\s*-?\d+(\.\d+)?\s*(,\s*-?\d+(\.\d+)?\s*){3}$",
             "description": "a bounding box: west,south,east,north in decimal degrees, as -90.1,42.9,-89.0,43.3"},
    "lat": {"type": "number", "minimum": -90, "maximum": 90,
            "description": "the latitude of a search around a point (with long and within), in decimal degrees"},
    "long": {"type": "number", "minimum": -180, "maximum": 180,
             "description": "the longitude of a search around a point (with lat and within), in decimal degrees"},
    "within": {"type": "number", "exclusiveMinimum": 0,
               "description": "the radius in miles of a search around a point (with lat and long)"},
    "siteType": {**_many("site types"), "items": {"type": "string", "enum": list(SITE_TYPES)}},
    "organization": _many("organizations: their WQX identifier (OrganizationIdentifier) or name"),
    "project": _many(f"projects: their identifier (ProjectIdentifier); at most {MAX_VALUES}"),
    "sampleMedia": {**_many(f"sample media; at most {MAX_VALUES}"),
                    "items": {"type": "string", "enum": list(SAMPLE_MEDIA)}},
    "characteristicType": _many("characteristic groups, as Physical or Nutrient"),
    "characteristicName": _many("characteristics, as pH or Specific conductance"),
    "pCode": _many("USGS parameter codes of 5 digits (none are kept here: they select nothing)",
                   {"pattern": r"^\d{5}(;\d{5})*$"}),
    "activityId": _many(f"activity identifiers (ActivityIdentifier); at most {MAX_VALUES}"),
    "startDateLo": {"type": "string", "pattern": r"^\d{2}-\d{2}-\d{4}$",
                    "description": "the first day of activities, MM-DD-YYYY, as 01-01-2020"},
    "startDateHi": {"type": "string", "pattern": r"^\d{2}-\d{2}-\d{4}$",
                    "description": "the last day of activities, MM-DD-YYYY, as 12-31-2020"},
    "providers": {**_many("WQP's data providers (accepted; every answer is this portal's own data)"),
                  "items": {"type": "string", "enum": list(PROVIDERS)}},
    "command.avoid": {**_many("WQP's deprecated providers to leave out (none of this portal's data is theirs)"),
                      "items": {"type": "string", "enum": list(AVOIDABLE)}},
    "minresults": {"type": "integer", "minimum": 1, "description": "stations with at least this many results"},
    "minactivities": {"type": "integer", "minimum": 1,
                      "description": "stations with at least this many activities"},
    "analyticalmethod": _many("analytical methods: https URLs, as https://www.nemi.gov/methods/method_summary/4665/ "
                              "(none are kept here: they select nothing)"),
    "assemblage": _many("biological assemblages (none are kept here: they select nothing)"),
    "subjectTaxonomicName": _many("taxa (none are kept here: they select nothing)"),
    "sorted": _one_of(("yes", "no"), "accepted; answers are always in one stable order"),
    "dataProfile": _one_of(_profiles(), "the columns: Result resultPhysChem (default), narrowResult or biological; "
                                        "Activity activity or activityAll; WQX 3.0 Result fullPhysChem (default), "
                                        "basicPhysChem or narrow"),
    "mimeType": _one_of(MIME_TYPES, "the format (csv by default); geojson and kml answer the Station service only"),
    "zip": _one_of(("yes", "no"), "yes: the answer in a zip file (no by default)"),
}
SUMMARY_QUERY = {**{name: schema for name, schema in QUERY.items() if name != "dataProfile"},
                 "summaryYears": _one_of(("1", "5", "all"), "the years summarized, back from today (all by default)")}
_STATE = re.compile(r"US:(\d{1,2})", re.IGNORECASE)
_COUNTY = re.compile(r"US:(\d{1,2}):(\d{3})", re.IGNORECASE)
_HUC = re.compile(r"(\d{2,12})(\*?)")
_DATE = re.compile(r"(\d{2})-(\d{2})-(\d{4})")


@dataclass
class Query:
    interface: str  # "data" (WQX 2 columns) or "wqx3"
    service: str  # lower-case service name, a key of columns.SERVICE_NAMES
    profile: str  # lower-case profile name
    columns: tuple
    site_ids: list[str] = field(default_factory=list)
    state_fips: list[str] = field(default_factory=list)
    county_fips: list[str] = field(default_factory=list)
    countries: list[str] = field(default_factory=list)
    huc_prefixes: list[str] = field(default_factory=list)
    bbox: tuple | None = None
    circle: tuple | None = None  # (lat, long, miles)
    site_types: list[str] = field(default_factory=list)
    organizations: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    media: list[str] = field(default_factory=list)
    characteristic_types: list[str] = field(default_factory=list)
    characteristic_names: list[str] = field(default_factory=list)
    pcodes: list[str] = field(default_factory=list)
    # Analytical methods (URLs), assemblages and taxa: nothing here has them (no methods or biology are kept).
    analytical_methods: list[str] = field(default_factory=list)
    assemblages: list[str] = field(default_factory=list)
    taxa: list[str] = field(default_factory=list)
    activity_ids: list[str] = field(default_factory=list)
    start: date | None = None
    end: date | None = None
    min_results: int | None = None
    min_activities: int | None = None
    mime_type: str = "csv"
    zip: bool = False

    @property
    def service_name(self) -> str:
        return columns.SERVICE_NAMES[self.service]

    @property
    def names_what_is_not_kept(self) -> bool:
        """Whether the query asks for what this portal keeps none of (USGS parameter codes, analytical methods,
        biological assemblages and taxa): it then selects nothing."""
        return bool(self.pcodes or self.analytical_methods or self.assemblages or self.taxa)

    @property
    def reads_values(self) -> bool:
        """Whether the query names something only the values themselves tell (not the station summaries)."""
        return bool(self.media or self.activity_ids or self.pcodes or self.projects or self.start or self.end)


def collect(query_params: dict[str, list[str]], body=None, *, summary: bool = False) -> dict[str, list[str]]:
    """Every value of every parameter by its canonical name (query string and JSON body together); the
    summary service takes summaryYears besides."""
    values: dict[str, list[str]] = {}
    known = {**CANONICAL, "summaryyears": "summaryYears"} if summary else CANONICAL

    def add(name: str, raw) -> None:
        canonical = known.get(name.lower())
        if canonical is None and name.lower() == "nldiurl":  # WQP's, but not followed here: say so, not "unknown"
            raise BadRequest(NLDI_NOT_SUPPORTED)
        if canonical is None:
            raise BadRequest(f"Unknown parameter: {name[:100]}")
        items = raw if isinstance(raw, list) else [raw]
        for item in items:
            if isinstance(item, bool) or not isinstance(item, (str, int, float)):
                raise BadRequest(f"Invalid {canonical}. A string or an array of strings expected")
            values.setdefault(canonical, []).extend(v.strip() for v in str(item).split(";") if v.strip())

    for name, raw in (query_params or {}).items():
        add(name, raw)
    if body not in (None, {}, ""):
        if not isinstance(body, dict):
            raise BadRequest("Request body must be a JSON object of parameter arrays.")
        for name, raw in body.items():
            add(name, raw)
    for name in ("activityId", "project", "sampleMedia"):  # DynamoDB compares at most 100 values at once
        if len(values.get(name, [])) > MAX_VALUES:
            raise BadRequest(f"Invalid {name}. At most {MAX_VALUES} values expected")
    return values


def _one(values: dict, name: str) -> str | None:
    found = values.get(name) or []
    if len(found) > 1:
        raise BadRequest(f"Invalid {name}. One value expected")
    return found[0] if found else None


def _number(text: str, name: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = float("nan")
    if number != number or number in (float("inf"), float("-inf")):
        raise BadRequest(f"Invalid {name}: {text[:50]!r}. A number expected")
    return number


def _day(text: str | None, name: str) -> date | None:
    if text is None:
        return None
    match = _DATE.fullmatch(text)
    try:
        if match:
            return date(int(match[3]), int(match[1]), int(match[2]))
    except ValueError:
        pass
    raise BadRequest(f"Invalid {name}: {text[:50]!r}. A date MM-DD-YYYY expected")


def _choice(text: str, allowed, name: str) -> str:
    by_lower = {a.lower(): a for a in allowed}
    if text.lower() not in by_lower:
        raise BadRequest(f"Invalid {name}: {text[:100]!r}. One of {', '.join(allowed)} expected")
    return by_lower[text.lower()]


def _yes_no(text: str | None, name: str) -> bool:
    if text is None:
        return False
    return _choice(text, ("yes", "no"), name) == "yes"


def parse(interface: str, service: str, values: dict[str, list[str]]) -> Query:
    """A checked query of one service (interface and service already lower-case and known)."""
    profiles = columns.PROFILES[(interface, service)]
    profile_text = _one(values, "dataProfile")
    if profile_text is None:
        profile = next(iter(profiles))
    else:
        profile = profile_text.lower()
        if profile not in profiles:
            names = ", ".join(columns.PROFILE_NAMES.get(p, columns.SERVICE_NAMES.get(p, p)) for p in profiles)
            raise BadRequest(f"Invalid dataProfile: {profile_text[:100]!r}. One of {names} expected")
    query = Query(interface, service, profile, profiles[profile])
    mime = (_one(values, "mimeType") or "csv").lower()
    if mime not in MIME_TYPES:
        raise BadRequest(f"Invalid mimeType: {mime[:50]!r}. One of {', '.join(MIME_TYPES)} expected")
    if mime in STATION_ONLY_MIME_TYPES and service != "station":
        raise BadRequest(f"Invalid mimeType: {mime!r}. {mime} answers the Station service only")
    query.mime_type = mime
    query.zip = _yes_no(_one(values, "zip"), "zip")
    _yes_no(_one(values, "sorted"), "sorted")  # answers are always in one stable order
    for name in values.get("providers", []):
        _choice(name, PROVIDERS, "providers")  # every answer is this portal's own data, whichever is named
    for name in values.get("command.avoid", []):
        _choice(name, AVOIDABLE, "command.avoid")  # none of this portal's data is NWIS's or STORET's

    query.site_ids = values.get("siteid", [])
    for text in values.get("statecode", []):
        match = _STATE.fullmatch(text)
        if not match:
            raise BadRequest(f"Invalid statecode: {text[:50]!r}. US:<state FIPS code> expected, as US:34")
        query.state_fips.append(match[1].zfill(2))
    for text in values.get("countycode", []):
        match = _COUNTY.fullmatch(text)
        if not match:
            raise BadRequest(f"Invalid countycode: {text[:50]!r}. US:<state>:<county FIPS code> expected, "
                             "as US:34:025")
        query.county_fips.append(match[1].zfill(2) + match[2])
    for text in values.get("countrycode", []):
        if not re.fullmatch(r"[A-Za-z]{2}", text):
            raise BadRequest(f"Invalid countrycode: {text[:50]!r}. A two-letter country code expected, as US")
        query.countries.append(text.upper())
    for text in values.get("huc", []):
        match = _HUC.fullmatch(text)
        if not match or (not match[2] and len(match[1]) % 2):
            raise BadRequest(f"Invalid huc: {text[:50]!r}. A hydrologic unit code of 2 to 12 digits expected, "
                             "optionally ending in the wildcard *")
        query.huc_prefixes.append(match[1])
    bbox = values.get("bBox", [])
    if bbox:
        parts = ",".join(bbox).split(",")
        message = (f"Invalid bBox: {','.join(bbox)[:100]!r}. west,south,east,north in decimal degrees expected "
                   "(west <= east, south <= north)")
        if len(parts) != 4:
            raise BadRequest(message)
        west, south, east, north = (_number(p.strip(), "bBox") for p in parts)
        if not (-180 <= west <= east <= 180 and -90 <= south <= north <= 90):
            raise BadRequest(message)
        query.bbox = (west, south, east, north)
    circle = [_one(values, n) for n in ("lat", "long", "within")]
    if any(v is not None for v in circle):
        if not all(v is not None for v in circle):
            raise BadRequest("Invalid lat, long and within. All three are needed for a search around a point")
        lat, lng, within = (_number(v, n) for v, n in zip(circle, ("lat", "long", "within")))
        if not -90 <= lat <= 90:
            raise BadRequest(f"Invalid lat: {circle[0]!r}. A latitude from -90 to 90 expected")
        if not -180 <= lng <= 180:
            raise BadRequest(f"Invalid long: {circle[1]!r}. A longitude from -180 to 180 expected")
        if within <= 0:
            raise BadRequest(f"Invalid within: {circle[2]!r}. A distance in miles above 0 expected")
        query.circle = (lat, lng, within)
    query.site_types = [_choice(t, SITE_TYPES, "siteType") for t in values.get("siteType", [])]
    query.organizations = values.get("organization", [])
    query.projects = values.get("project", [])
    query.media = [_choice(m, SAMPLE_MEDIA, "sampleMedia") for m in values.get("sampleMedia", [])]
    query.characteristic_types = values.get("characteristicType", [])
    query.characteristic_names = values.get("characteristicName", [])
    for text in values.get("pCode", []):
        if not re.fullmatch(r"\d{5}", text):
            raise BadRequest(f"Invalid pCode: {text[:50]!r}. A USGS parameter code of 5 digits expected")
        query.pcodes.append(text)
    for text in values.get("analyticalmethod", []):
        if not re.fullmatch(r"https://[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?", text, re.IGNORECASE):
            raise BadRequest(f"Invalid analyticalmethod: {text[:100]!r}. An https URL of an analytical method "
                             "expected, as https://www.nemi.gov/methods/method_summary/4665/")
        query.analytical_methods.append(text)
    query.assemblages = values.get("assemblage", [])
    query.taxa = values.get("subjectTaxonomicName", [])
    query.activity_ids = values.get("activityId", [])
    query.start = _day(_one(values, "startDateLo"), "startDateLo")
    query.end = _day(_one(values, "startDateHi"), "startDateHi")
    if query.start and query.end and query.start > query.end:
        raise BadRequest("Invalid startDateLo. It must not be after startDateHi")
    minimum = _one(values, "minresults")
    if minimum is not None:
        if not minimum.isdigit() or int(minimum) < 1:
            raise BadRequest(f"Invalid minresults: {minimum[:50]!r}. A whole number of 1 or more expected")
        query.min_results = int(minimum)
    minimum = _one(values, "minactivities")
    if minimum is not None:
        if not minimum.isdigit() or int(minimum) < 1:
            raise BadRequest(f"Invalid minactivities: {minimum[:50]!r}. A whole number of 1 or more expected")
        query.min_activities = int(minimum)
    return query


def parse_summary(values: dict[str, list[str]]) -> tuple[Query, int | None]:
    """A monitoring-location summary query and its summaryYears (1 or 5 years back from today; None: all)."""
    years_text = _one(values, "summaryYears") or "all"
    years = {"1": 1, "5": 5, "all": None}.get(years_text.lower(), 0)
    if years == 0:
        raise BadRequest(f"Invalid summaryYears: {years_text[:50]!r}. One of 1, 5, all expected")
    if _one(values, "dataProfile") is not None:
        raise BadRequest("Invalid dataProfile. The summary service has no data profiles")
    mime = (_one(values, "mimeType") or "csv").lower()
    if mime in STATION_ONLY_MIME_TYPES:
        raise BadRequest(f"Invalid mimeType: {mime!r}. {mime} answers the Station service only")
    query = parse("data", "station", {k: v for k, v in values.items() if k != "summaryYears"})
    query.columns = columns.SUMMARY_MONITORING_LOCATION
    return query, years
