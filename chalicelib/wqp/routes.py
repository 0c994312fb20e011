"""Water Quality Portal–compatible web services (public: what the explorer shows, to anyone).

WQP matches its path segments case-insensitively (/data/Station/Search, /data/station/search): the
segments are route parameters here, matched in the view, since API Gateway's routes are case-sensitive.
"""
from chalice import Response

from chalicelib.auth import rules
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.http import Routes
from chalicelib.wqp import columns, output, params
from chalicelib.wqp import service as wqp

routes = Routes(__name__)
# Browsers may read the count headers of a cross-origin answer.
_EXPOSED = "Total-Site-Count, Total-Activity-Count, Total-Result-Count, Content-Disposition"


def _query(interface: str, service_name: str, action: str) -> params.Query:
    interface, service_name = interface.lower(), service_name.lower()
    if action.lower() != "search" or (interface, service_name) not in columns.PROFILES:
        raise NotFound(f"Unknown WQP service: /{interface}/{service_name}/{action}. Services: "
                       "/data/{Station,Result,Activity,Organization,Project,ResultDetectionQuantitationLimit}/search "
                       "and /wqx3/{Station,Result,Activity}/search")
    request = routes.current_request
    multi = request.query_params
    values = {name: multi.getlist(name) for name in multi} if multi else {}
    body = routes.json_body() if request.method == "POST" else None
    return params.parse(interface, service_name, params.collect(values, body))


@routes.route("/wqp/{interface}/{service}/{action}", methods=("GET", "HEAD", "POST"), auth=rules.public)
def search(interface, service, action):
    """A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV, TSV, xlsx, GeoJSON or
    KML, zipped on request; HEAD answers the count headers alone. Large answers redirect to S3."""
    query = _query(interface, service, action)
    look = wqp.Lookups.load()
    if routes.current_request.method == "HEAD":
        counts = wqp.counts(query, look)
        return Response(body="", status_code=200, headers=_headers(counts))
    stations, records = wqp.records(query, look)
    answer = output.Answer(get_settings().wqp_inline_bytes)
    try:
        answer.write(query.service_name.lower() if query.service != "result" else query.profile, query.mime_type,
                     query.zip, query.columns, columns.sources(query.columns, query.interface), records)
        headers = _headers(records.headers(stations))
        if answer.inline:
            return Response(body=answer.text(), status_code=200, headers={
                **headers, "Content-Type": answer.content_type,
                "Content-Disposition": f'attachment; filename="{answer.name}"'})
        url = answer.publish()
    finally:
        answer.close()
    return Response(body={"url": url, "expiresIn": output.PRESIGNED_SECONDS}, status_code=303,
                    headers={**headers, "Location": url, "Content-Type": "application/json"})



def _headers(counts: dict) -> dict:
    return {**{name: str(value) for name, value in counts.items()}, "Access-Control-Expose-Headers": _EXPOSED}
