"""Explorer statistics: stations matching a query with their meta and totals (public)."""
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.core.openapi import INTEGER, NULLABLE_NUMBER, NULLABLE_TEXT, NUMBER, TEXT, describe
from chalicelib.statistics import service

routes = Routes(__name__)
_PAGE = {
    "offset": {"type": "integer", "minimum": 0,
               "description": "matching stations to skip: the first of this page (the map asks offset, offset + limit, ... "
                              "up to total)"},
    "limit": {"type": "integer", "minimum": 1,
              "description": f"stations a page: objects {service.DEFAULT_PAGE} by default, at most {service.MAX_PAGE}; "
                             "columns at most the server's page size (STATISTIC_PAGE_ROWS), which is also the default"},
    "format": {"type": "string", "enum": ["objects", "columns"]},
    "colorBy": {"type": "string",
                "description": "a parameter id, or \"<parameterId>#<sample fraction>\" (totals.fractions): each "
                               "station's latest value of it, and its range"},
}
_TEXTS = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
          "description": "one value, several in an array, or comma-separated"}
_FILTERS = {
    "organizationIds": {**_TEXTS, "description": "organization ids"}, "projectIds": {**_TEXTS, "description": "project ids"},
    "parameterIds": {**_TEXTS, "description": "stations that measure any of these parameters: "
                                                "sampled, or by a logger series (wapi/ts)"},
    "stationTypes": {**_TEXTS, "description": "station type keys (GET /stationTypes)"},
    "monitoringLocationTypes": {**_TEXTS, "description": "WQX monitoring location type names"},
    "countyFips": {**_TEXTS, "description": "5-digit county FIPS codes"},
    "stateFips": {**_TEXTS, "description": "state FIPS codes of 1 or 2 digits"},
    "huc": {**_TEXTS, "description": "hydrologic unit codes of 2 to 12 digits (a prefix selects the units in it)"},
    "bbox": {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4,
             "description": "west, south, east, north (a string of the four, comma-separated, too)"},
    "from": {"type": "string", "format": "date", "description": "sampling period overlaps from this date (YYYY-MM-DD)"},
    "to": {"type": "string", "format": "date", "description": "sampling period overlaps up to this date"},
    "search": {"type": "string", "maxLength": 200, "description": "text in a station's identifier or name"},
}
_QUERY = {"type": "object", "additionalProperties": False,
          "description": "Aliases are taken too: " + "; ".join(f"{name}: {', '.join(aliases)}"
                                                                for name, aliases in service.FILTER_KEYS.items())
                         + ". Any other field is refused (400).",
          "properties": {
              **_FILTERS, **_PAGE,
              "precision": {"type": "integer", "minimum": 0, "maximum": 6, "description": "columns: coordinates' decimals"},
              "fields": {"type": "array", "items": {"type": "string"}, "description": "columns: sampleCount, stationType"},
          }}
_DAY = {"type": ["string", "null"], "description": "YYYY-MM-DD, as the values' sources wrote it"}
_IDS = {"type": "array", "items": TEXT}
# Snapshot.station: a station's record in the snapshot (row: its number there), with its values' summary.
STATION = {"type": "object", "required": ["id", "identifier", "name", "latitude", "longitude", "organizationId",
                                          "stationType", "monitoringLocationType", "horizontalDatum", "projectIds",
                                          "row", "meta"], "properties": {
    "id": TEXT, "identifier": TEXT, "name": TEXT, "latitude": NUMBER, "longitude": NUMBER,
    **{name: NULLABLE_TEXT for name in ("organizationId", "stationType", "monitoringLocationType", "horizontalDatum")},
    "projectIds": _IDS, "row": INTEGER,
    "meta": {"type": "object", "required": ["sampleCount", "firstDate", "lastDate", "parameterIds", "loggerSeriesCount",
                                            "loggerParameterIds"], "properties": {
        "sampleCount": INTEGER, "firstDate": _DAY, "lastDate": _DAY,
        "parameterIds": {**_IDS, "description": "sampled"}, "loggerSeriesCount": INTEGER,
        "loggerParameterIds": _IDS,
        "latestValue": {**NULLABLE_NUMBER, "description": "with colorBy: the station's latest value of it"}}}}}
_ANSWER = {"type": "object", "required": ["snapshot", "total", "format", "offset", "limit"], "properties": {
    "snapshot": {"type": "integer", "description": "the snapshot version: pages of one result share it"},
    "total": {"type": "integer", "description": "stations matching the query (on every page)"},
    "offset": {"type": "integer"}, "limit": {"type": "integer"},
    "format": {"type": "string", "enum": ["objects", "columns"]},
    "totals": {"type": "object", "description": "over every matching station; columns: on the first page (offset 0) "
                                                "only. samples, parameters and parameterIds are of sampled values; "
                                                "loggerStations and loggerSeries count the stations with logger series "
                                                "and those series"},
    "columns": {"type": "object", "description": "row, lat, lng delta-coded from zero on each page; sampleCount, "
                                                 "stationType, value aligned with the rows"},
    "stations": {"type": "array", "items": STATION},
}}


def _multi(request) -> dict[str, list[str]]:
    """Every value of every query parameter (?a=1&a=2 -> {"a": ["1", "2"]})."""
    params = request.query_params
    return {name: params.getlist(name) for name in params} if params else {}


@routes.route("/statistic", methods=["POST"], auth=rules.public)
@describe(body=_QUERY, returns=_ANSWER)
def statistic():
    """Stations matching a station query (organizations, projects, parameters, station types, bbox, date
    range, county, state, HUC, search) with meta and totals; format objects or columns (the map), both paged."""
    return service.search(service.parse_query(routes.json_body()))


@routes.route("/statistic/sampleLocationList", auth=rules.public)
@describe(query={**{name: {"type": "string", "description": schema["description"]} for name, schema in _FILTERS.items()},
                 **_PAGE, "snapshot": {"type": "integer", "description": "with rows: the snapshot they are rows of"},
                 "rows": {"type": "string", "description": "row numbers, comma separated: those stations' records"}},
          returns={"anyOf": [_ANSWER, {"type": "array", "items": STATION, "description": "with rows"}]})
def sample_location_list():
    """The same query as GET parameters, answered as columns by default; ?snapshot=v&rows=1,2 looks
    stations up by their row numbers in that snapshot."""
    request = routes.current_request
    params = dict(request.query_params or {})
    if "rows" in params:
        return service.stations_at(params.get("snapshot"), params["rows"])
    multi = _multi(request)
    body = {k: (",".join(v) if len(v) > 1 else v[0]) for k, v in multi.items()}
    body.setdefault("format", "columns")
    return service.search(service.parse_query(body))
