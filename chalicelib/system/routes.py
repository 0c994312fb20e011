"""System information and settings."""
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.system import service

routes = Routes(__name__)


@routes.route("/system/info", auth=rules.public)
def system_info():
    """Name, version, stage and build time of the running API (public)."""
    return service.info()
