"""The signed-in user's dashboards and their widgets (others' dashboards are invisible)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, OBJECT, TEXT, describe, fields_body
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
WIDGET_COMPONENT = {"enum": list(service.WIDGET_COMPONENTS)}
WIDGET_BODY = fields_body({"component": WIDGET_COMPONENT, "config": OBJECT, "position": POSITION},
                          required=("component",))
# A widget as its dashboard holds it (service.add_widget: a position when none was given).
WIDGET = {"type": "object", "required": ["id", "component", "config", "position"],
          "properties": {"id": TEXT, "component": WIDGET_COMPONENT, "config": OBJECT, "position": POSITION}}
_FIELDS = service.DASHBOARDS.item_schema()
# A dashboard as each route of one answers it (Dashboard.to_dict): every field set at its creation, typed widgets.
DASHBOARD = {**_FIELDS, "required": ["id", "ownerId", "label", "icon", "layout", "config", "widgets", "createdAt"],
             "properties": {**_FIELDS["properties"], "widgets": {"type": "array", "items": WIDGET}}}


@routes.route("/dashboards", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=fields_body({"label": TEXT, "icon": TEXT}, required=("label",)), returns=DASHBOARD)
def create_dashboard():
    """Create a dashboard: label as entered, default icon and layout, empty config and widgets."""
    return created(service.create(_owner(), routes.json_body()).to_dict())


@routes.route("/dashboards/{id}", auth=rules.signed_in)
@describe(returns=DASHBOARD)
def get_dashboard(id):
    """One of the caller's dashboards."""
    return service.get(_owner(), id).to_dict()


@routes.route("/dashboards/{id}", methods=["PATCH"], auth=rules.signed_in)
@describe(body=fields_body({"label": TEXT, "positions": {"type": "object", "additionalProperties": POSITION}}),
          returns=DASHBOARD)
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
@describe(returns=EMPTY)
def delete_dashboard(id):
    """Delete one of the caller's dashboards."""
    service.delete(_owner(), id)
    return {}


@routes.route("/dashboards/{id}/widgets", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body=WIDGET_BODY, returns=DASHBOARD)
def add_widget(id):
    """Add a widget ({component, config}) to one of the caller's dashboards."""
    return created(service.add_widget(_owner(), id, routes.json_body()).to_dict())


@routes.route("/dashboards/{id}/widgets/{widgetId}", methods=["PATCH"], auth=rules.signed_in)
@describe(body=fields_body({"config": OBJECT}, required=("config",)), returns=DASHBOARD)
def update_widget(id, widgetId):
    """Change a widget's config ({config}) on one of the caller's dashboards."""
    return service.update_widget(_owner(), id, widgetId, routes.json_body()).to_dict()


@routes.route("/dashboards/{id}/widgets/{widgetId}", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=DASHBOARD)
def remove_widget(id, widgetId):
    """Remove a widget from one of the caller's dashboards."""
    return service.remove_widget(_owner(), id, widgetId).to_dict()
