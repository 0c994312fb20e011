"""System information and settings."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes
from chalicelib.core.openapi import NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.system import service

routes = Routes(__name__)


@routes.route("/system/info", auth=rules.public)
def system_info():
    """Name, version, stage and build time of the running API (public)."""
    return service.info()


@routes.route("/openapi.json", auth=rules.public)
@describe(returns={"type": "object", "required": ["openapi", "paths"]})
def openapi_document():
    """This API's OpenAPI 3.1 document: every route, its parameters, body and answers (public)."""
    return service.openapi_document(routes.blueprint.current_app)


@routes.route("/system/settings", auth=rules.public)
def list_settings():
    """All system settings; the entry with id map-service configures the map (public: the map needs it)."""
    return service.list_settings()


@routes.route("/system/settings", methods=["POST"], auth=rules.permission("manage-system-settings"))
@describe(body=fields_body({"id": TEXT, "label": NULLABLE_TEXT, "value": {}}, required=("id", "value")))
def save_setting():
    """Create or replace a setting ({id, label, value})."""
    return service.save_setting(routes.json_body(), require_principal().id)
