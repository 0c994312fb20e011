"""Water Quality Portal–compatible web services (public: what the explorer shows, to anyone).

WQP matches its path segments case-insensitively (/data/Station/Search, /data/station/search): the
segments are route parameters here, matched in the view, since API Gateway's routes are case-sensitive.
"""
from datetime import date
from typing import Callable

from chalice import Response

from chalicelib.auth import rules
from chalicelib.auth.principal import current_principal_id
from chalicelib.core import queued_answers
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, NotFound
from chalicelib.core.http import Routes
from chalicelib.core.responses import answer_when_written, see_other
from chalicelib.core.openapi import JSON, describe
from chalicelib.wqp import answers, columns, output, params
from chalicelib.wqp import service as wqp

routes = Routes(__name__)
# Browsers may read the count headers of a cross-origin answer.
_EXPOSED = ("Total-Site-Count, Total-Activity-Count, Total-Result-Count, Total-ActivityMetric-Count, "
            "Total-BiologicalMetric-Count, Total-ProjectMonitoringLocationWeighting-Count, "
            "Total-ResultDetectionQuantitationLimit-Count, Content-Disposition")
# The written records, inline (the redirect to them answers {url, expiresIn}: openapi.REDIRECT).
ANSWER_TYPES = tuple(output.CONTENT_TYPES.values())
# WQP's POST form: the query's parameters as a JSON object of lists (or single values), or form-encoded as
# the portal's own search form posts them (its controllers consume application/x-www-form-urlencoded too).
WQP_BODY = {"type": "object", "additionalProperties": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                                                 {"type": "string"}]}}
FORM = "application/x-www-form-urlencoded"
BODY_TYPES = [JSON, FORM]


def _values(summary: bool = False) -> dict[str, list[str]]:
    request = routes.current_request
    multi = request.query_params
    query_values = {name: multi.getlist(name) for name in multi} if multi else {}
    return params.collect(query_values, _body() if request.method == "POST" else None, summary=summary)


def _body():
    """A POST's parameters: WQP's JSON object, or its form-encoded fields (name=value&name=value)."""
    request = routes.current_request
    if (request.headers.get("content-type") or "").split(";")[0].strip().lower() != FORM:
        return routes.json_body()
    from urllib.parse import parse_qs

    try:
        return parse_qs((request.raw_body or b"").decode("utf-8"), strict_parsing=False)
    except UnicodeDecodeError:
        raise BadRequest("Request body must be UTF-8 form fields (name=value&name=value).") from None


def _headers(counts: dict) -> dict:
    return {**{name: str(value) for name, value in counts.items()}, "Access-Control-Expose-Headers": _EXPOSED}


def _answer(write: Callable[[output.Answer], dict]) -> Response:
    """The answer `write` writes (returning its count headers) inline, or a redirect to it in S3 (large or
    binary answers)."""
    answer = output.Answer(get_settings().wqp_inline_bytes)
    try:
        headers = _headers(write(answer))
        if answer.inline:
            return Response(body=answer.text(), status_code=200, headers={
                **headers, "Content-Type": answer.content_type,
                "Content-Disposition": f'attachment; filename="{answer.name}"'})
        url = answer.publish()
    finally:
        answer.close()
    return see_other(url, headers, expiresIn=output.PRESIGNED_SECONDS)


@routes.route("/wqp/{interface}/{service}/{action}", methods=("GET", "HEAD", "POST"), auth=rules.public,
              content_types=BODY_TYPES)
@describe(status=(200, 303), produces=ANSWER_TYPES, body=WQP_BODY, query=params.QUERY)
def search(interface, service, action):
    """A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV, TSV, xlsx, GeoJSON or
    KML, zipped on request; HEAD answers the count headers alone. Large answers redirect to S3. Activity and
    biological metrics and projects' location weightings answer WQP's columns and no rows (none are kept)."""
    if action.lower() != "search" or (interface.lower(), service.lower()) not in columns.PROFILES:
        # The path as the client spelled it (segments match case-insensitively, but the message quotes them).
        raise NotFound(f"Unknown WQP service: /{interface}/{service}/{action}. Services: "
                       "/data/{Station,Result,Activity,ActivityMetric,BiologicalMetric,Organization,Project,"
                       "ProjectMonitoringLocationWeighting,ResultDetectionQuantitationLimit}/search "
                       "and /wqx3/{Station,Result,Activity}/search")
    interface, service = interface.lower(), service.lower()
    values = _values()
    query = params.parse(interface, service, values)
    look = wqp.Lookups.load()
    if routes.current_request.method == "HEAD":
        return Response(body="", status_code=200, headers=_headers(wqp.counts(query, look)))
    plan = answers.plan(interface, service, values, query, look, current_principal_id())
    if plan.queued is not None:
        queued = plan.queued
        # Relative to /wqp/{interface}/{service}/search, whatever prefix (stage, CDN path) is before it.
        return see_other(f"../../answers/{queued['id']}?attempt=1", _headers(queued["counts"]), id=queued["id"],
                          status=queued["status"])
    return _answer(lambda answer: answers.write(query, look, answer, plan.stations))


@routes.route("/wqp/answers/{answerId}", auth=rules.public)
@describe(status=303, query={"attempt": {"type": "integer", "minimum": 1, "description": "how many times the "
                                         "caller has asked (each redirect to the same answer asks anew)"}})
def queued_answer(answerId):
    """A large Result or Activity answer the worker writes: a redirect to it in S3 once written; until then,
    after waiting up to ~20 s, a redirect to this address again (with the next attempt and Retry-After)."""
    attempt = queued_answers.next_attempt((routes.current_request.query_params or {}).get("attempt"))
    status = answers.wait(answerId, current_principal_id(), get_settings().wqp_answer_wait_seconds)
    return answer_when_written(status, attempt, _headers(status["counts"]))


# API Gateway allows one name per path-parameter position, so the summary's segments reuse the search's:
# /data/summary/monitoringLocation/search is interface/service/action/tail.
@routes.route("/wqp/{interface}/{service}/{action}/{tail}", methods=("GET", "HEAD", "POST"), auth=rules.public,
              content_types=BODY_TYPES)
@describe(status=(200, 303), produces=ANSWER_TYPES, body=WQP_BODY, query=params.SUMMARY_QUERY)
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

    def write(answer: output.Answer) -> dict:
        answer.write("summary", query.mime_type, query.zip, query.columns, query.columns, records)
        return records.summary_headers()

    return _answer(write)
