"""Application entries of the multi-application shell."""
from chalicelib.applications import service
from chalicelib.auth import rules
from chalicelib.core.http import Routes

routes = Routes(__name__)


@routes.route("/applications", auth=rules.public)
def list_applications():
    """The registered application entries, each with its views (public)."""
    return service.list_applications()
