"""The PDF report (/report): the explorer's filter or chosen stations and a date range → a PDF; a report
of more than 100 stations runs as a queued job (/report/{id}, then /report/{id}/pdf).

A PDF goes back through API Gateway only to a request that accepts it (`Accept: application/pdf`: binary
answers, app.py). POST /report without it answers the queued job, as for a large report, whatever the size: JSON,
which any client reads; GET /report/{id}/pdf without it is a 406 that says what to send."""
from chalice import Response

from chalicelib.auth import rules
from chalicelib.core.errors import ApiError
from chalicelib.core.http import Routes
from chalicelib.core import queued_answers
from chalicelib.core.messages import localize
from chalicelib.core.openapi import INSTANT, INTEGER, NULLABLE_TEXT, NUMBER, PDF, TEXT, describe
from chalicelib.reports import queue, service

routes = Routes(__name__)
FILE_NAME = "open-water-data-report.pdf"
PDF_NOT_ACCEPTED = "The report is a PDF: ask for it with the header Accept: application/pdf."
# queue.public: a queued report's status (its PDF at /report/{id}/pdf once it has succeeded).
REPORT_STATUS = {"type": "object", "required": ["id", "status", "progress", "stations", "size", "message",
                                             "createdAt"], "properties": {
    "id": TEXT, "status": {"enum": [queued_answers.QUEUED, queued_answers.RUNNING, queued_answers.SUCCEEDED,
                                    queued_answers.FAILED]},
    "progress": {**NUMBER, "minimum": 0, "maximum": 1}, "stations": INTEGER,
    "size": {"type": ["integer", "null"], "description": "the PDF's bytes, once made"},
    "message": {**NULLABLE_TEXT, "description": "why it failed, in the language Accept-Language asks for"},
    "createdAt": INSTANT, "startedAt": INSTANT, "finishedAt": INSTANT,
    "workerSeconds": {**NUMBER, "description": "how long it took to make, once it has succeeded"}}}


def _accepts_pdf() -> bool:
    """Whether the request's Accept names application/pdf (as Chalice and API Gateway require of a binary answer)."""
    accept = routes.current_request.headers.get("accept") or ""
    return any(part.split(";")[0].strip().lower() == PDF for part in accept.split(","))


def _pdf(document: bytes) -> Response:
    return Response(body=document, status_code=200,
                    headers={"Content-Type": "application/pdf",
                             "Content-Disposition": f'attachment; filename="{FILE_NAME}"'})


@routes.route("/report", methods=["POST"], auth=rules.public)
@describe(status=(200, 202), produces=(PDF,), returns=REPORT_STATUS)
def create_report():
    """A PDF report ({filter | stationIds, from, to, language}): the PDF itself for up to 100 stations (to a
    request with Accept: application/pdf), 202 with the queued job for more (at most 2000), and for any number
    to a request that does not accept a PDF."""
    document, queued = service.create(routes.json_body(), queue_always=not _accepts_pdf())
    if queued is not None:
        return Response(body=queued, status_code=202, headers={"Content-Type": "application/json"})
    return _pdf(document)


@routes.route("/report/{reportId}", auth=rules.public)
@describe(returns=REPORT_STATUS)
def report_status(reportId):
    """A queued report's status and progress (0 to 1); a failed one's message in the asked language."""
    status = queue.get(reportId)
    if status.get("message"):
        status["message"] = localize(status["message"], routes.current_request.headers.get("accept-language"))
    return status


@routes.route("/report/{reportId}/pdf", auth=rules.public)
@describe(produces=(PDF,))
def report_document(reportId):
    """A queued report's PDF, once it has succeeded (to a request with Accept: application/pdf)."""
    document = queue.document(reportId)  # 404 while there is none
    if not _accepts_pdf():
        raise ApiError(PDF_NOT_ACCEPTED, 406)
    return _pdf(document)
