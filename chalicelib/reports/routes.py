"""The PDF report (/report): the explorer's filter or chosen stations and a date range → a PDF."""
from chalice import Response

from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.reports import service

routes = Routes(__name__)


@routes.route("/report", methods=["POST"], auth=rules.public)
def create_report():
    """A PDF report ({filter | stationIds, from, to, language}); at most 100 stations."""
    document = service.create(routes.json_body())
    return Response(body=document, status_code=200,
                    headers={"Content-Type": "application/pdf",
                             "Content-Disposition": 'attachment; filename="open-water-data-report.pdf"'})
