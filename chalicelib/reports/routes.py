"""The PDF report (/report): the explorer's filter or chosen stations and a date range → a PDF; a report
of more than 100 stations runs as a queued job (/report/{id}, then /report/{id}/pdf)."""
from chalice import Response

from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.core.openapi import JSON, PDF, describe
from chalicelib.reports import queue, service

routes = Routes(__name__)
FILE_NAME = "open-water-data-report.pdf"


def _pdf(document: bytes) -> Response:
    return Response(body=document, status_code=200,
                    headers={"Content-Type": "application/pdf",
                             "Content-Disposition": f'attachment; filename="{FILE_NAME}"'})


@routes.route("/report", methods=["POST"], auth=rules.public)
@describe(status=(200, 202), produces=(PDF, JSON))
def create_report():
    """A PDF report ({filter | stationIds, from, to, language}): the PDF itself for up to 100 stations,
    202 with the queued job for more (at most 2000)."""
    document, queued = service.create(routes.json_body())
    if queued is not None:
        return Response(body=queued, status_code=202, headers={"Content-Type": "application/json"})
    return _pdf(document)


@routes.route("/report/{reportId}", auth=rules.public)
def report_status(reportId):
    """A queued report's status and progress (0 to 1)."""
    return queue.get(reportId)


@routes.route("/report/{reportId}/pdf", auth=rules.public)
@describe(produces=(PDF,))
def report_document(reportId):
    """A queued report's PDF, once it has succeeded."""
    return _pdf(queue.document(reportId))
