"""Sample values: one series for a chart, and the CSV download (public: published data)."""
from chalicelib.audit import service as audit
from chalicelib.auth import rules
from chalicelib.auth.scopes import require_write
from chalicelib.auth.principal import current_principal_id
from chalicelib.core import csv_download, queued_answers
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest
from chalicelib.core.http import Routes, only_query_parameters
from chalicelib.core.responses import answer_when_written, see_other
from chalicelib.core.openapi import CSV, INSTANT, INTEGER, NULLABLE_NUMBER, NULLABLE_TEXT, TEXT, describe
from chalicelib.parameters import service as parameters
from chalicelib.samples import answers, download, service
from chalicelib.samples.models import VALUE
from chalicelib.stations import service as stations

routes = Routes(__name__)


def _multi(request) -> dict[str, list[str]]:
    """Every value of every query parameter (?a=1&a=2 -> {"a": ["1", "2"]})."""
    params = request.query_params
    return {name: params.getlist(name) for name in params} if params else {}
# Answers up to this size come back in the response itself; larger ones are written to S3 and the
# caller is redirected to a presigned URL (API Gateway and Lambda cap a response at 6 MB).
DATE_OR_TIME = {"type": "string", "description": "an ISO 8601 date (a day as the values' sources wrote it, in "
                                                "their own zones) or date-time (an instant; UTC without a zone)"}

_WRITTEN_DATE = {"type": ["string", "null"], "description": "YYYY-MM-DD, as the values' sources wrote it"}
# series_summaries: one item a parameter the station has values of.
STATION_SERIES = {"type": "array", "items": {
    "type": "object", "required": ["parameterId", "sampleCount", "firstDate", "lastDate", "lastValue", "unit"],
    "properties": {"parameterId": TEXT, "sampleCount": {**INTEGER, "description": "values stored"},
                   "firstDate": _WRITTEN_DATE, "lastDate": _WRITTEN_DATE,
                   "lastValue": {**NULLABLE_NUMBER, "description": "the latest value; null when it is no number"},
                   "unit": {**NULLABLE_TEXT, "description": "the latest value's unit"},
                   "lastFraction": {**TEXT, "description": "the latest value's sample fraction, when it has one"}}}}
_READ = {"stationId": TEXT, "parameterId": TEXT, "count": {**INTEGER, "description": "values answered"},
         "stats": {"type": "object", "properties": {"dynamodbRequests": INTEGER,
                                                    "serverMs": {"type": "number", "description": "milliseconds"}}}}
# read_series: the values as objects, or (format=columns) as two columns of the same length.
SERIES_VALUES = {"anyOf": [
    {"type": "object", "required": ["stationId", "parameterId", "unit", "count", "data", "stats"], "properties": {
        **_READ, "unit": {**NULLABLE_TEXT, "description": "the unit of the last value that gives one"},
        "data": {"type": "array", "items": VALUE}}},
    {"type": "object", "required": ["stationId", "parameterId", "count", "columns", "stats"], "properties": {
        **_READ, "columns": {"type": "object", "required": ["time", "value"], "properties": {
            "time": {"type": "array", "items": INSTANT},
            "value": {"type": "array", "items": NULLABLE_NUMBER}}}}}]}


def _period(params: dict) -> service.Period:
    start_name = next((n for n in ("from", "startDate", "start") if params.get(n)), "from")
    end_name = next((n for n in ("to", "endDate", "end") if params.get(n)), "to")
    return service.period_of(params.get(start_name), start_name, params.get(end_name), end_name)


@routes.route("/sampleValue/{stationId}/{parameterId}", methods=["DELETE"], auth=rules.signed_in)
@describe(query={"from": DATE_OR_TIME, "to": DATE_OR_TIME}, returns={
    "type": "object", "properties": {"deleted": {"type": "integer"}}})
def delete_values(stationId, parameterId):
    """Delete a station's values of a parameter (?from&to: those of a period; at most 50,000 at a time): its data
    contributors and group administrators. The series and the station are recounted; the change is audited."""
    station = stations.get(stationId)
    require_write(station.organizationId)
    parameter = parameters.get(parameterId)
    params = routes.current_request.query_params or {}
    # What a misspelt or empty bound would read as: no bound, every value of the series.
    only_query_parameters(params, ("from", "to"))
    for name in ("from", "to"):
        if name in params and not params[name].strip():
            raise BadRequest(f"Invalid {name}. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
    period = _period(params)
    deleted = service.remove_values(stationId, parameterId, station.organizationId, period)
    if deleted:
        audit.record("delete", "values", f"{stationId}#{parameterId}",
                     before={"identifier": station.identifier, "parameter": parameter.label, "count": deleted,
                             "from": period.first_day or period.start,
                             "to": period.last_day or (period.end and period.end.rstrip("~"))},
                     organization_id=station.organizationId, target_label=f"{station.identifier} · {parameter.label}")
    return {"deleted": deleted}


@routes.route("/station/{id}/series", auth=rules.public)
@describe(returns=STATION_SERIES)
def station_series(id):
    """The station's series: per parameter its number of values, first and last date, latest value and unit."""
    stations.get(id)
    return service.series_summaries(id)


@routes.route("/sampleValue/{stationId}/{parameterId}", auth=rules.public)
@describe(query={"from": DATE_OR_TIME, "to": DATE_OR_TIME,
                 "limit": {"type": "integer", "minimum": 1, "maximum": service.MAX_SERIES_LIMIT},
                 "order": {"enum": ["ASC", "DESC", "asc", "desc"]}, "format": {"enum": ["objects", "columns"]}},
          returns=SERIES_VALUES)
def series(stationId, parameterId):
    """One station's values of one parameter in time order (?from&to&limit&order=ASC|DESC&format=columns)."""
    params = routes.current_request.query_params or {}
    stations.get(stationId)
    parameters.get(parameterId)
    period = _period(params)
    limit = params.get("limit")
    if limit is not None and (not limit.isdigit() or not 0 < int(limit) <= service.MAX_SERIES_LIMIT):
        raise BadRequest(f"Invalid limit. Number from 1 to {service.MAX_SERIES_LIMIT} expected")
    order = (params.get("order") or "ASC").upper()
    if order not in ("ASC", "DESC"):
        raise BadRequest("Invalid sort order. ASC,DESC expected")
    fmt = params.get("format") or "objects"
    if fmt not in ("objects", "columns"):
        raise BadRequest("Invalid format. objects or columns expected")
    return service.read_series(stationId, parameterId, period=period, limit=int(limit) if limit else None,
                               descending=order == "DESC", columns=fmt == "columns")


def _values(params: dict, *names: str) -> list[str]:
    """Ids from ?name=a,b (repeatable) and from ?filter=name||$eq||a or name||$in||a,b."""
    found = []
    for name in names:
        for value in params.get(name, []):
            found += [v for v in value.split(",") if v]
    for expression in params.get("filter", []):
        parts = expression.split("||")
        if len(parts) == 3 and parts[0] in names and parts[1] in ("$eq", "eq", "$in", "in"):
            found += [v for v in parts[2].split(",") if v]
    return list(dict.fromkeys(found))


_IDS = {"type": "array", "items": {"type": "string"}}


@routes.route("/sampleValue", auth=rules.public)
@describe(status=(200, 303), produces=(CSV,), query={
    "stationId": {**_IDS, "description": "station ids (repeat, or join with commas); at least one of stationId, "
                                         "projectId and organizationId is required"},
    "projectId": {**_IDS, "description": "project ids: the values of their stations"},
    "organizationId": {**_IDS, "description": "organization ids: the values of their stations"},
    "parameterId": {**_IDS, "description": "only the values of these parameters"},
    "from": DATE_OR_TIME, "to": DATE_OR_TIME,
    "filter": {**_IDS, "description": "name||$eq||id or name||$in||id,id (stationId, projectId, organizationId, "
                                      "parameterId)"}})
def download_values():
    """Download values as CSV in Water Quality Portal result columns (?stationId | projectId | organizationId,
    optional parameterId, from, to); large files are redirected (303) to a presigned S3 object, and downloads too
    large to write within the request are written by the queue worker (303 to /sampleValueAnswers/{id})."""
    request = routes.current_request
    multi = _multi(request)
    params = request.query_params or {}
    station_ids = _values(multi, "stationId", "stationIds")
    project_ids = _values(multi, "projectId", "projectIds")
    organization_ids = _values(multi, "organizationId", "organizationIds")
    if not (station_ids or project_ids or organization_ids):
        raise BadRequest("Name at least one stationId, projectId or organizationId.")
    period = _period(params)
    asked = answers.Asked(station_ids, project_ids, organization_ids, _values(multi, "parameterId", "parameterIds"),
                          period.start, period.end, period.first_day, period.last_day)
    chosen = answers.stations_of(asked)
    queued = answers.plan(asked, chosen, current_principal_id())
    if queued is not None:
        # Relative to /sampleValue, whatever prefix (stage, CDN path) is before it.
        return see_other(f"sampleValueAnswers/{queued['id']}?attempt=1", id=queued["id"], status=queued["status"])
    return csv_download.answer(download.COLUMNS, answers.rows(asked, chosen), answers.file_name())


@routes.route("/sampleValueAnswers/{answerId}", auth=rules.public)
@describe(status=303, query={"attempt": {"type": "integer", "minimum": 1, "description": "how many times the "
                                         "caller has asked (each redirect to the same download asks anew)"}})
def queued_download(answerId):
    """A large sample-value download the worker writes: a redirect to it in S3 once written; until then, after
    waiting up to ~20 s, a redirect to this address again (with the next attempt and Retry-After)."""
    attempt = queued_answers.next_attempt((routes.current_request.query_params or {}).get("attempt"))
    return answer_when_written(
        answers.wait(answerId, current_principal_id(), get_settings().sample_download_wait_seconds), attempt)
