"""Time series: the public reads (`wapi/ts/list`, `wapi/ts/data`, `wapi/ts/download`: the same visibility as the
explorer's sampled values; a large download is written by the queue worker and followed through
`wapi/ts/downloads/{id}`), machine pushes (`POST wapi/{projectId}/ts`) and file imports (`import-ts-data`)."""
from __future__ import annotations

from chalicelib.apikeys import service as apikeys
from chalicelib.audit import service as audit
from chalicelib.auth import rules
from chalicelib.auth.principal import current_principal_id
from chalicelib.auth.scopes import may_write, require_write
from chalicelib.core import csv_download, queued_answers
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, Forbidden, Unauthorized
from chalicelib.core.http import Routes, only_query_parameters
from chalicelib.core.messages import localize
from chalicelib.core.responses import answer_when_written, see_other
from chalicelib.core.openapi import CSV, describe
from chalicelib.imports import routes as import_routes
from chalicelib.organizations import service as organizations
from chalicelib.parameters import service as parameters
from chalicelib.projects import service as projects
from chalicelib.stations import service as stations
from chalicelib.timeseries import answers, download, formats, push, service
from chalicelib.timeseries.jobs import TS_IMPORT

routes = Routes(__name__)
_FILTERS = {name: {"type": "string"} for name in ("series", "stationId", "projectId", "organizationId", "parameterId")}
_RANGE = {"from": {"type": "string", "description": "ISO 8601 date or time (UTC when no zone)"},
          "to": {"type": "string", "description": "ISO 8601 date or time (UTC when no zone)"}}
_TIME = {"type": ["string", "null"], "description": "ISO 8601 in UTC"}
_TEXT_OR_NULL = {"type": ["string", "null"]}
SERIES = {"type": "object", "required": list(service.PUBLIC_FIELDS), "properties": {
    **{name: _TEXT_OR_NULL for name in service.PUBLIC_FIELDS},
    "id": {"type": "string", "description": "The series id: ?series= of wapi/ts/data and wapi/ts/download."},
    "projectIds": {"type": "array", "items": {"type": "string"}}, "count": {"type": "integer", "minimum": 0,
                                                                            "description": "Values stored."},
    "firstTime": _TIME, "lastTime": _TIME}}
LISTED_SERIES = {**SERIES, "properties": {**SERIES["properties"], "stationIdentifier": _TEXT_OR_NULL,
                                          "parameterName": _TEXT_OR_NULL}}
_POINT_TIME = {"type": "string", "description": "ISO 8601 in UTC; an aggregate's: its period's start"}
RAW_POINT = {"type": "object", "required": ["t", "v"], "properties": {
    "t": _POINT_TIME, "v": {"type": "number"}, "q": {"type": "string", "description": "the value's qualifier"},
    "flag": {"type": "string", "enum": ["out-of-range"]}}}
AGGREGATED_POINT = {"type": "object", "required": ["t", "min", "mean", "max", "n"], "properties": {
    "t": _POINT_TIME, "min": {"type": "number"}, "mean": {"type": "number"}, "max": {"type": "number"},
    "n": {"type": "integer", "description": "values in the period"},
    "flagged": {"type": "integer", "description": "of them, values out of the parameter's plausible range"}}}
SERIES_DATA = {"type": "object", "required": ["series", "from", "to", "count", "aggregate", "points", "step"],
               "properties": {
    "series": SERIES, "from": _TIME, "to": _TIME, "count": {"type": "integer", "description": "values in the range"},
    "aggregate": {"type": "string", "enum": [level for level in service.AGGREGATES if level != "auto"]},
    "points": {"type": "array", "items": {"anyOf": [RAW_POINT, AGGREGATED_POINT]}},
    "step": {"type": ["integer", "null"], "description": "the points' usual spacing in seconds"},
    "truncated": {"type": "boolean", "description": "raw: more values than ?limit; the rest from `next` on"},
    "next": {"type": "string", "description": "raw, truncated: ?from of the next request"}}}
NOT_YOURS = "This API key belongs to another organization; it can only push to that organization's projects."


class ProjectWriters(rules.Rule):
    """Data contributors and group admins of the project's organization (a bearer token: a person, or a
    machine client of the client-credentials grant made a member), or an API key of that organization."""

    requires_sign_in = False
    accepts_api_key = True

    def check(self, principal, params) -> None:
        key = (routes.current_request.headers or {}).get(rules.API_KEY_HEADER)
        if key is None and principal is None:
            raise Unauthorized("Sign-in required: a bearer token, or an organization API key in X-API-Key.")
        organization_id = apikeys.organization_of(key) if key is not None else None  # 401 for a bad key
        project = projects.get(params.get("projectId", ""))
        if key is not None:
            if organization_id != project.organizationId:
                raise Forbidden(NOT_YOURS)
        elif not may_write(principal, project.organizationId):
            raise Forbidden(rules.NEEDS_CONTRIBUTOR)


def _params() -> dict:
    return routes.current_request.query_params or {}


def _range(params: dict) -> tuple[int | None, int | None]:
    """?from..to of a read (an empty one: that end open)."""
    return service.parse_range(params.get("from") or None, params.get("to") or None)


def _range_to_delete(params) -> tuple[int | None, int | None]:
    """?from..to of a deletion, where reading a bound as absent deletes more: an empty or repeated bound, or a
    parameter the route does not take (a misspelt ?From=), is refused rather than read as no bound."""
    only_query_parameters(params, _RANGE)
    for name in _RANGE:
        if name in params and len(params.getlist(name)) > 1:
            raise BadRequest(f"Invalid {name}. One value expected")
    return service.parse_range(params.get("from"), params.get("to"))  # "" is refused there, as a bound of no time


def _chosen(params: dict) -> list:
    """The series named by ?series=a,b or selected by stationId / projectId / organizationId (+ parameterId)."""
    if params.get("series"):
        return [service.get(i) for i in dict.fromkeys(params["series"].split(",")) if i]
    station_id, project_id = params.get("stationId"), params.get("projectId")
    organization_id = params.get("organizationId")
    if station_id:
        organization_id = stations.get(station_id).organizationId
    elif project_id:
        organization_id = projects.get(project_id).organizationId
    elif organization_id:
        organizations.get(organization_id)
    else:
        raise BadRequest("Name a series, or a stationId, projectId or organizationId.")
    return service.list_series(organization_id=organization_id, station_id=station_id, project_id=project_id,
                               parameter_id=params.get("parameterId"))


@routes.route("/wapi/ts/list", auth=rules.public)
@describe(query=_FILTERS, returns={"type": "array", "items": LISTED_SERIES})
def list_series():
    """Series (station, parameter, statistic, sensor, unit, count, first and last time) of ?stationId |
    projectId | organizationId, optionally one parameterId."""
    chosen = _chosen(_params())
    identifiers = {k: v.identifier for k, v in stations.existing({s.stationId for s in chosen}).items()}
    labels = {k: v.label for k, v in parameters.existing({s.parameterId for s in chosen}).items()}
    return [{**service.public(s), "stationIdentifier": identifiers.get(s.stationId),
             "parameterName": labels.get(s.parameterId)} for s in chosen]


@routes.route("/wapi/ts/data", auth=rules.public)
@describe(query={"series": {"type": "string", "required": True}, **_RANGE,
                 "aggregate": {"type": "string", "enum": list(service.AGGREGATES)},
                 "limit": {"type": "integer", "minimum": 1, "maximum": service.MAX_RAW_LIMIT}}, returns=SERIES_DATA)
def series_data():
    """One series' values in ?from..to: raw, or min/mean/max per hour, day or month (?aggregate=auto picks the
    finest that fits ?limit points, 2,000 by default). Points are only where there are values; `step` is their
    usual spacing in seconds (a gap of several steps has no values), and out-of-range values are flagged (raw:
    `flag`; aggregated: `flagged`, how many of the period's values)."""
    params = _params()
    if not params.get("series"):
        raise BadRequest("series is required (a series id from wapi/ts/list).")
    series = service.get(params["series"])
    level = params.get("aggregate") or "auto"
    if level not in service.AGGREGATES:
        raise BadRequest(f"Invalid aggregate. {', '.join(service.AGGREGATES)} expected")
    limit = params.get("limit")
    if limit is not None and (not limit.isdigit() or not 0 < int(limit) <= service.MAX_RAW_LIMIT):
        raise BadRequest(f"Invalid limit. Number from 1 to {service.MAX_RAW_LIMIT} expected")
    start, end = _range(params)
    return service.data(series, start=start, end=end, level=level, limit=int(limit) if limit else None)


@routes.route("/wapi/ts/download", auth=rules.public)
@describe(query={**_FILTERS, **_RANGE}, status=(200, 303), produces=(CSV,))
def download_series():
    """The values as CSV (?series or the filters of wapi/ts/list, from, to); large files by a redirect to S3, and
    downloads too large to write within the request are written by the queue worker (303 to
    wapi/ts/downloads/{id})."""
    params = _params()
    chosen = _chosen(params)
    start, end = _range(params)
    queued = answers.plan(chosen, start, end, current_principal_id())
    if queued is not None:
        # Relative to /wapi/ts/download, whatever prefix (stage, CDN path) is before it.
        return see_other(f"downloads/{queued['id']}?attempt=1", id=queued["id"], status=queued["status"])
    return csv_download.answer(download.COLUMNS, download.rows(chosen, start, end), download.file_name())


@routes.route("/wapi/ts/downloads/{answerId}", auth=rules.public)
@describe(status=303, query={"attempt": {"type": "integer", "minimum": 1, "description": "how many times the "
                                         "caller has asked (each redirect to the same download asks anew)"}})
def queued_series_download(answerId):
    """A large time-series download the worker writes: a redirect to it in S3 once written; until then, after
    waiting up to ~20 s, a redirect to this address again (with the next attempt and Retry-After)."""
    attempt = queued_answers.next_attempt(_params().get("attempt"))
    return answer_when_written(
        answers.wait(answerId, current_principal_id(), get_settings().ts_download_wait_seconds), attempt)


@routes.route("/wapi/ts/series/{seriesId}", methods=["DELETE"], auth=rules.signed_in)
@describe(query=_RANGE, returns={"type": "object", "properties": {"deleted": {"type": "integer"}}})
def delete_series_values(seriesId):
    """Delete a logger series' values (?from&to: those of a period; without them, the whole series): its
    organization's data contributors and group administrators. Answers how many this request took; a series left
    without values goes; audited when values went."""
    series = service.get(seriesId)
    require_write(series.organizationId)
    start, end = _range_to_delete(_params())
    deleted = service.remove_values(series, start, end)
    if deleted:
        station = stations.existing([series.stationId]).get(series.stationId)
        parameter = parameters.existing([series.parameterId]).get(series.parameterId)
        named = " · ".join(x for x in (station and station.identifier, parameter and parameter.label) if x)
        period = {"from": service.iso(start) if start is not None else None,
                  "to": service.iso(end) if end is not None else None}
        audit.record("delete", "time-series", seriesId, before={"seriesKey": series.seriesKey, "count": deleted,
                                                                **period},
                     organization_id=series.organizationId, target_label=named or None)
    return {"deleted": deleted}


_COUNT = {"type": "integer", "minimum": 0}
PUSH_ANSWER = {"type": "object", "required": ["accepted", "rejected", "rejectedSeries", "duplicates", "series",
                                              "rejections", "rejectionsOmitted"], "properties": {
    "accepted": {**_COUNT, "description": "Values stored (a time given twice in a series counts once)."},
    "duplicates": {**_COUNT, "description": "Values whose time came again later in their series (the last kept)."},
    "rejected": {**_COUNT, "description": "Values refused, those of series refused whole included: accepted, "
                                          "duplicates and rejected add up to the values sent."},
    "rejectedSeries": {**_COUNT, "description": "Series entries refused whole (listed with value null)."},
    "added": _COUNT, "replaced": _COUNT, "unchanged": _COUNT, "flagged": _COUNT, "converted": _COUNT,
    "series": {"type": "array", "items": {"type": "string"}, "description": "The ids of the series written."},
    "rejections": {"type": "array", "description": f"The first {push.MAX_REASONS} rejections: a value (its index "
                   "in its series' values) or a whole series (value null), with the reason.", "items": {
        "type": "object", "required": ["series", "value", "message"], "properties": {
            "series": _COUNT, "value": {"type": ["integer", "null"], "minimum": 0}, "message": {"type": "string"}}}},
    "rejectionsOmitted": {**_COUNT, "description": "Rejections beyond those listed."}}}


_NAME = {"type": "string", "maxLength": 100}
_UNIT = {"type": "string", "maxLength": push.UNIT_LIMIT}
# A series entry of a push, field by field as push.SERIES_FIELDS takes them: an entry with any other is refused whole.
PUSH_SERIES = {"type": "object", "required": ["values"], "additionalProperties": False, "properties": {
    "stationId": {"type": "string", "description": "The station's id (GET /station); or stationIdentifier."},
    "stationIdentifier": {**_NAME, "description": "The station's identifier in the project's organization, as "
                                                  "shown on its page; the station must exist."},
    "station": {**_NAME, "description": "The same as stationIdentifier."},
    "parameterId": {"type": "string", "description": "The parameter's id (GET /parameter/parameters); or parameter."},
    "parameter": {**_NAME, "description": "The parameter's name, as Temperature, water; a name not known yet makes "
                                          "a new parameter once one of its values is accepted."},
    "parameterName": {**_NAME, "description": "The same as parameter."},
    "unit": {**_UNIT, "description": "The unit of the values sent; values in another unit than the series' are "
                                     "converted to it, or refused when they cannot be."},
    "statistic": {**_UNIT, "description": "What a value is of a period, as Mean or Maximum; one series per statistic."},
    "sensor": {**_NAME, "description": "The sensor, when a station has several of the parameter; one series per "
                                       "sensor."},
    "values": {"type": "array", "description": "[time, value] or [time, value, qualifier]: the time in ISO 8601 with "
               "a zone (Z or an offset such as -05:00), the value a number, the qualifier text of at most 20 "
               "characters.", "items": {"type": "array", "minItems": 2, "maxItems": 3, "prefixItems": [
                   {"type": "string"}, {"type": "number"}, {"type": "string", "maxLength": 20}]}}}}
PUSH_BODY = {"type": "object", "required": ["series"], "properties": {
    "series": {"type": "array", "maxItems": push.MAX_SERIES, "items": PUSH_SERIES}},
    "examples": [{"series": [{"stationIdentifier": "LOGGER-1", "parameter": "Temperature, water", "unit": "deg C",
                             "values": [["2024-06-01T00:00:00Z", 12.5], ["2024-06-01T00:15:00Z", 12.75, "P"]]}]}]}


@routes.route("/wapi/{projectId}/ts", methods=["POST"], auth=ProjectWriters())
@describe(body=PUSH_BODY, body_required=True, returns=PUSH_ANSWER, description="projectId is the project's id (the "
    f"id of GET /project), not its projectKey. At most {push.MAX_VALUES:,} values in at most {push.MAX_SERIES} "
    "series; a larger push is refused (413): split it. Authenticate with a bearer token or "
    "an organization API key in the X-API-Key header. `rejected` counts values, those of a series refused whole "
    "included, so accepted + duplicates + rejected is the number of values sent; `rejectedSeries` counts the series "
    "entries refused whole (each listed with value null), and `rejectionsOmitted` the rejections beyond the "
    f"{push.MAX_REASONS} listed. A value stamped more than 2 days after the server's time is refused (a logger's "
    "clock or time zone set wrong).")
def push_values(projectId):
    """Up to 10,000 values of one or more series: the counts of accepted and rejected values, with reasons."""
    answer = push.push(projects.get(projectId), routes.json_body())
    language = routes.current_request.headers.get("accept-language")
    for rejection in answer["rejections"]:  # each reason in the language asked for, where it is translated
        rejection["message"] = localize(rejection["message"], language)
    return answer


@routes.route(import_routes.PROJECT + "/import-ts-data", methods=["POST"], auth=import_routes.CONTRIBUTORS,
              content_types=["application/json", "multipart/form-data"])
@describe(status=202, body=import_routes.QUEUE_BODY, returns=import_routes.QUEUED)
def import_ts_data(organizationId, projectId):
    """Queue a time-series import (wide logger CSV, long CSV, USGS Water Services JSON), as import-data does."""
    return import_routes.queue_from_request(organizationId, projectId, routes.current_request,
                                            kind=TS_IMPORT)
