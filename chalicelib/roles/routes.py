"""System roles, their permissions, and the permission catalogue (administrators)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, ID_LIST, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.crud.routes import describe_list
from chalicelib.roles import service

routes = Routes(__name__)
MANAGE_ROLES = rules.permission("manage-roles")


# Read by role managers, and by user managers, who give users roles (PUT /user/{id}/roles; only roles whose
# permissions they hold themselves).
@routes.route("/roles", auth=rules.any_of(MANAGE_ROLES, rules.permission("manage-users")))
@describe_list(service.ROLES)
def list_roles():
    """All system roles."""
    return service.search(routes.current_request.query_params)


ROLE_FIELDS = {"roleName": TEXT, "description": NULLABLE_TEXT, "permissions": {"type": "array", "items": TEXT}}
ROLE = {**service.ROLES.item_schema(), "required": ["id", "roleName"]}
# An entry of the permission catalogue (chalicelib/data/permissions.json).
PERMISSION = {"type": "object", "required": ["id", "key", "description"],
              "properties": {"id": TEXT, "key": TEXT, "description": TEXT}}
PERMISSIONS = {"type": "array", "items": PERMISSION}


@routes.route("/roles", methods=["POST"], auth=MANAGE_ROLES)
@describe(status=201, body=fields_body(ROLE_FIELDS, required=("roleName",)), returns=ROLE)
def create_role():
    """Create a role ({roleName, description, permissions})."""
    return created(service.create(routes.json_body(), require_principal()).to_dict())


@routes.route("/roles/{id}", methods=["PATCH"], auth=MANAGE_ROLES)
@describe(body=fields_body(ROLE_FIELDS), versioned=True, returns=ROLE)
def update_role(id):
    """Rename a role or change its description or permissions."""
    role = service.update(id, routes.json_body(), require_principal(), expected=routes.expected_versions())
    return versions.answer(role.to_dict())


@routes.route("/roles/{id}", methods=["DELETE"], auth=MANAGE_ROLES)
@describe(returns=EMPTY)
def delete_role(id):
    """Delete a role (built-in roles stay)."""
    service.delete(id, require_principal())
    return {}


@routes.route("/roles/{id}/permissions", auth=MANAGE_ROLES)
@describe(returns=PERMISSIONS)
def get_role_permissions(id):
    """The permissions a role grants (the role's version as the ETag)."""
    role = service.get(id)
    return versions.answer(service.granted_permissions(role), version=versions.version_of(role))


@routes.route("/roles/{id}/permissions", methods=["PUT"], auth=MANAGE_ROLES)
@describe(body=ID_LIST, versioned=True, returns=PERMISSIONS)
def set_role_permissions(id):
    """Replace the permissions a role grants."""
    body = routes.json_body()
    role = service.set_permissions(id, body.get("permissions") if isinstance(body, dict) else body, require_principal(),
                                   expected=routes.expected_versions())
    return versions.answer(service.granted_permissions(role), version=versions.version_of(role))


@routes.route("/permissions", auth=rules.any_of(MANAGE_ROLES, rules.permission("manage-users")))
@describe(returns=PERMISSIONS)
def list_permissions():
    """The built-in permission catalogue."""
    return service.permission_catalogue()
