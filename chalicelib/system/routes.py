"""System information and settings."""
from chalicelib.auth import rules
from chalicelib.auth.principal import current_principal, require_principal
from chalicelib.core.http import Routes
from chalicelib.core.openapi import NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.crud.collection import model_schema
from chalicelib.system import service
from chalicelib.system.models import Setting

routes = Routes(__name__)
# service.info: what is running.
INFO = {"type": "object", "required": ["name", "version", "stage", "buildTime"], "properties": {
    "name": TEXT, "version": TEXT, "stage": TEXT, "buildTime": {**TEXT, "description": "empty when not known"}}}
# A setting as stored (a default one before it is: id, label and value).
SETTING = model_schema(Setting, Setting.get_attributes(), required=("id",))


@routes.route("/system/info", auth=rules.public)
@describe(returns=INFO)
def system_info():
    """Name, version, stage and build time of the running API (public)."""
    return service.info()


@routes.route("/openapi.json", auth=rules.public)
@describe(returns={"type": "object", "required": ["openapi", "paths"]})
def openapi_document():
    """This API's OpenAPI 3.1 document: every route, its parameters, body and answers (public)."""
    return service.openapi_document(routes.blueprint.current_app)


MANAGE_SETTINGS = rules.permission("manage-system-settings")


@routes.route("/system/settings", auth=rules.public)
@describe(returns={"type": "array", "items": SETTING})
def list_settings():
    """All system settings; the entry with id map-service configures the map (public: the map needs it). Who changed
    a setting (updatedBy) is answered to those who may change settings only."""
    principal = current_principal()
    return service.list_settings(with_editor=principal is not None and MANAGE_SETTINGS.allows(principal, {}))


@routes.route("/system/settings", methods=["POST"], auth=MANAGE_SETTINGS)
@describe(body=fields_body({"id": TEXT, "label": NULLABLE_TEXT, "value": {}}, required=("id", "value")),
          returns=SETTING)
def save_setting():
    """Create or replace a setting ({id, label, value}); the map-service value is checked as an organization's is."""
    return service.save_setting(routes.json_body(), require_principal().id)
