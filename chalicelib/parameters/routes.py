"""Parameters: public reads; shared parameters are changed by system administrators, an organization's
own parameters (organizationId set) by its data contributors and group administrators."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.auth.scopes import require_write
from chalicelib.core.errors import Forbidden
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, ID_LIST, describe
from chalicelib.crud.parser import parse_uuid_param
from chalicelib.crud.routes import describe_create, describe_list, describe_update, register_collection_routes
from chalicelib.organizations import service as organizations
from chalicelib.parameters import service
from chalicelib.projects import service as projects

routes = Routes(__name__)

register_collection_routes(routes, "/parameter", service.COLLECTION, auth=rules.public, actions=("list", "get"))


def _require_write(organization_id) -> None:
    if organization_id is None:
        if not require_principal().is_system_admin:
            raise Forbidden("Only system administrators can change shared parameters.")
        return
    require_write(organization_id)


@routes.route("/parameter/parameters", auth=rules.public)
@describe_list(service.COLLECTION)
def list_parameters():
    """Parameters with their label copied to name (collection query language)."""
    result = service.search(routes.current_request.query_params)
    if isinstance(result, dict):
        return {**result, "data": [service.with_name(p) for p in result["data"]]}
    return [service.with_name(p) for p in result]


@routes.route("/parameter", methods=["POST"], auth=rules.signed_in)
@describe_create(service.COLLECTION)
def create_parameter():
    """Create a parameter ({label, unit, group, characteristicName, ...}); labels are unique."""
    body = routes.json_body()
    _require_write(body.get("organizationId") if isinstance(body, dict) else None)
    return created(service.create(body))


@routes.route("/parameter/{id}", methods=["PATCH"], auth=rules.signed_in)
@describe_update(service.COLLECTION)
def update_parameter(id):
    """Change a parameter (not its label)."""
    parameter = service.get(parse_uuid_param("id", id))
    _require_write(parameter.organizationId)
    return versions.answer(service.update(parameter, routes.json_body(), expected=routes.expected_versions()))


@routes.route("/parameter/{id}", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=EMPTY)
def delete_parameter(id):
    """Delete a parameter."""
    parameter = service.get(parse_uuid_param("id", id))
    _require_write(parameter.organizationId)
    service.delete(parameter)
    return {}


@routes.route("/organization/{organizationId}/parameters", auth=rules.public)
@describe(returns=service.COLLECTION.items_schema())
def organization_parameters(organizationId):
    """The parameters an organization measures."""
    organizations.get(organizationId)
    return service.organization_parameters(organizationId)


@routes.route("/organization/{organizationId}/parameters", methods=["PUT"],
              auth=rules.org_roles(*rules.CONTRIBUTOR))
@describe(body=ID_LIST, returns=service.COLLECTION.items_schema())
def set_organization_parameters(organizationId):
    """Replace the parameters an organization measures (body: a list of parameter ids)."""
    organizations.get(organizationId)
    return service.set_organization_parameters(organizationId, projects.id_list(routes.json_body(), "parameter"))
