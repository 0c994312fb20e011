"""The signed-in user's dashboards and their widgets (others' dashboards are invisible)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import OBJECT, TEXT, describe, fields_body
from chalicelib.crud.routes import describe_list
from chalicelib.dashboards import service

routes = Routes(__name__)


def _owner() -> str:
    return require_principal().id


@routes.route("/dashboards", auth=rules.signed_in)
@describe_list(service.DASHBOARDS)
def list_dashboards():
    """The caller's dashboards, by label ascending."""
    return service.search(_owner(), routes.current_request.query_params)


POSITION = {"type": "object", "properties": {k: {"type": "number", "minimum": 0, "maximum": service.MAX_POSITION}
                                            for k in service.POSITION_KEYS}, "required": list(service.POSITION_KEYS)}
WIDGET_BODY = fields_body({"component": {"enum": list(service.WIDGET_COMPONENTS)}, "config": OBJECT,
                           "position": POSITION}, required=("component",))


@routes.route("/dashboards", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=fields_body({"label": TEXT, "icon": TEXT}, required=("label",)))
def create_dashboard():
    """Create a dashboard: label as entered, default icon and layout, empty config and widgets."""
    return created(service.create(_owner(), routes.json_body()).to_dict())


@routes.route("/dashboards/{id}", auth=rules.signed_in)
def get_dashboard(id):
    """One of the caller's dashboards."""
    return service.get(_owner(), id).to_dict()


@routes.route("/dashboards/{id}", methods=["PATCH"], auth=rules.signed_in)
@describe(body=fields_body({"label": TEXT, "positions": {"type": "object", "additionalProperties": POSITION}}))
def update_dashboard(id):
    """Rename a dashboard and/or save its widgets' positions ({label}, {positions: {widgetId: {x,y,w,h}}})."""
    body = routes.json_body()
    dashboard = service.get(_owner(), id)
    if "label" in body:
        dashboard = service.rename(_owner(), id, body["label"])
    if "positions" in body:
        dashboard = service.save_layout(_owner(), id, body["positions"])
    return dashboard.to_dict()


@routes.route("/dashboards/{id}", methods=["DELETE"], auth=rules.signed_in)
def delete_dashboard(id):
    """Delete one of the caller's dashboards."""
    service.delete(_owner(), id)
    return {}


@routes.route("/dashboards/{id}/widgets", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=WIDGET_BODY)
def add_widget(id):
    """Add a widget ({component, config}) to one of the caller's dashboards."""
    return created(service.add_widget(_owner(), id, routes.json_body()).to_dict())


@routes.route("/dashboards/{id}/widgets/{widgetId}", methods=["PATCH"], auth=rules.signed_in)
@describe(body=fields_body({"config": OBJECT}, required=("config",)))
def update_widget(id, widgetId):
    """Change a widget's config ({config}) on one of the caller's dashboards."""
    return service.update_widget(_owner(), id, widgetId, routes.json_body()).to_dict()


@routes.route("/dashboards/{id}/widgets/{widgetId}", methods=["DELETE"], auth=rules.signed_in)
def remove_widget(id, widgetId):
    """Remove a widget from one of the caller's dashboards."""
    return service.remove_widget(_owner(), id, widgetId).to_dict()
