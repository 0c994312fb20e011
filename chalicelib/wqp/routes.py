"""Water Quality Portal–compatible web services (public: what the explorer shows, to anyone).

WQP matches its path segments case-insensitively (/data/Station/Search, /data/station/search): the
segments are route parameters here, matched in the view, since API Gateway's routes are case-sensitive.
"""
from datetime import date
from typing import Callable

from chalice import Response

from chalicelib.auth import rules
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.http import Routes
from chalicelib.core.openapi import JSON, describe
from chalicelib.wqp import columns, output, params
from chalicelib.wqp import service as wqp

routes = Routes(__name__)
# Browsers may read the count headers of a cross-origin answer.
_EXPOSED = "Total-Site-Count, Total-Activity-Count, Total-Result-Count, Content-Disposition"
# The written records (inline), or {url, expiresIn} with the redirect to them.
ANSWER_TYPES = (*output.CONTENT_TYPES.values(), JSON)
# WQP's POST form: the query's parameters as a JSON object of lists (or single values).
WQP_BODY = {"type": "object", "additionalProperties": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                                                 {"type": "string"}]}}


def _values(summary: bool = False) -> dict[str, list[str]]:
    request = routes.current_request
    multi = request.query_params
    query_values = {name: multi.getlist(name) for name in multi} if multi else {}
    return params.collect(query_values, routes.json_body() if request.method == "POST" else None, summary=summary)


def _headers(counts: dict) -> dict:
    return {**{name: str(value) for name, value in counts.items()}, "Access-Control-Expose-Headers": _EXPOSED}


def _answer(name: str, query: params.Query, records, counts: Callable[[], dict]) -> Response:
    """The written records inline, or a redirect to them in S3 (large or binary answers)."""
    answer = output.Answer(get_settings().wqp_inline_bytes)
    try:
        answer.write(name, query.mime_type, query.zip, query.columns, columns.sources(query.columns, query.interface),
                     records)
        headers = _headers(counts())
        if answer.inline:
            return Response(body=answer.text(), status_code=200, headers={
                **headers, "Content-Type": answer.content_type,
                "Content-Disposition": f'attachment; filename="{answer.name}"'})
        url = answer.publish()
    finally:
        answer.close()
    return Response(body={"url": url, "expiresIn": output.PRESIGNED_SECONDS}, status_code=303,
                    headers={**headers, "Location": url, "Content-Type": "application/json"})


@routes.route("/wqp/{interface}/{service}/{action}", methods=("GET", "HEAD", "POST"), auth=rules.public)
@describe(status=(200, 303), produces=ANSWER_TYPES, body=WQP_BODY)
def search(interface, service, action):
    """A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV, TSV, xlsx, GeoJSON or
    KML, zipped on request; HEAD answers the count headers alone. Large answers redirect to S3."""
    interface, service = interface.lower(), service.lower()
    if action.lower() != "search" or (interface, service) not in columns.PROFILES:
        raise NotFound(f"Unknown WQP service: /{interface}/{service}/{action}. Services: "
                       "/data/{Station,Result,Activity,Organization,Project,ResultDetectionQuantitationLimit}/search "
                       "and /wqx3/{Station,Result,Activity}/search")
    query = params.parse(interface, service, _values())
    look = wqp.Lookups.load()
    if routes.current_request.method == "HEAD":
        return Response(body="", status_code=200, headers=_headers(wqp.counts(query, look)))
    stations, records = wqp.records(query, look)
    name = query.profile.lower() if query.service == "result" else query.service
    return _answer(name, query, records, lambda: records.headers(stations))


# API Gateway allows one name per path-parameter position, so the summary's segments reuse the search's:
# /data/summary/monitoringLocation/search is interface/service/action/tail.
@routes.route("/wqp/{interface}/{service}/{action}/{tail}", methods=("GET", "HEAD", "POST"), auth=rules.public)
@describe(status=(200, 303), produces=ANSWER_TYPES, body=WQP_BODY)
def summary(interface, service, action, tail):
    """WQP's monitoring-location summary (/data/summary/monitoringLocation/search?summaryYears=1|5|all):
    per site, year and characteristic, the numbers of results and activities."""
    if (interface.lower(), service.lower(), action.lower(), tail.lower()) != (
            "data", "summary", "monitoringlocation", "search"):
        raise NotFound(f"Unknown WQP service: /{interface}/{service}/{action}/{tail}. The summary service is "
                       "/data/summary/monitoringLocation/search")
    query, years = params.parse_summary(_values(summary=True))
    records = wqp.Counted(query, wqp.summary_records(query, wqp.Lookups.load(), years, date.today()))
    if routes.current_request.method == "HEAD":
        for _ in records:
            pass
        return Response(body="", status_code=200, headers=_headers(records.summary_headers()))
    return _answer("summary", query, records, records.summary_headers)
