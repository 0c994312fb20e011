"""Users and their system roles (administrators)."""
from chalicelib.auth import rules
from chalicelib.auth import service as auth
from chalicelib.auth.principal import require_principal
from chalicelib.core import versions
from chalicelib.core.errors import Forbidden
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, ID_LIST, TEXT, describe
from chalicelib.crud.routes import describe_list
from chalicelib.users import service

routes = Routes(__name__)
MANAGE_USERS = rules.permission("manage-users")
OWN_ACCOUNT = "Delete your own account from your profile, not from the list of users."
USER = {**service.USERS.item_schema(), "required": ["id", "createdAt"]}
# service.roles_of: a user's system roles, named (a role gone since is named by its id).
USER_ROLES = {"type": "array", "items": {"type": "object", "required": ["id", "roleName"],
                                         "properties": {"id": TEXT, "roleName": TEXT}}}


def _may_manage(user_id: str):
    """The user, when the caller may change them: nobody holding a permission the caller lacks (a user manager
    cannot edit, demote or delete a system administrator)."""
    user = service.get_or_404(user_id)
    service.require_may_manage(require_principal(), user)
    return user


@routes.route("/user", auth=MANAGE_USERS)
@describe_list(service.USERS)
def list_users():
    """Users, searched, sorted and paged with the collection query language."""
    return service.search(routes.current_request.query_params)


@routes.route("/user", methods=["POST"], auth=MANAGE_USERS)
@describe(status=201, returns=USER)
def create_user():
    """Register a user by email before their first sign-in (the sign-in takes the record over)."""
    return created(service.public(service.create(routes.json_body(), require_principal())))


@routes.route("/user/{id}", methods=["PATCH"], auth=MANAGE_USERS)
@describe(versioned=True, returns=USER)
def update_user(id):
    """Change a user's email, name or system roles (the whole user object may be sent)."""
    body = routes.json_body()
    user = _may_manage(id)
    if id == require_principal().id and isinstance(body, dict) and "roles" in body and role_ids_from(body["roles"]) != \
            [r["id"] for r in service.roles_of(user)]:
        raise Forbidden("You cannot change your own roles.")
    return versions.answer(service.public(service.admin_update(id, body, require_principal(),
                                                               expected=routes.expected_versions())))


@routes.route("/user/{id}", methods=["DELETE"], auth=MANAGE_USERS)
@describe(returns=EMPTY)
def delete_user(id):
    """Delete a user with their memberships and dashboards (not oneself: that is the profile's)."""
    if id == require_principal().id:
        raise Forbidden(OWN_ACCOUNT)
    _may_manage(id)
    auth.delete_account(id)
    return {}


@routes.route("/user/{id}/roles", auth=MANAGE_USERS)
@describe(returns=USER_ROLES)
def get_user_roles(id):
    """A user's system roles, with the user's version as the ETag."""
    user = service.get_or_404(id)
    return versions.answer(service.roles_of(user), version=versions.version_of(user))


@routes.route("/user/{id}/roles", methods=["PUT"], auth=MANAGE_USERS)
@describe(body=ID_LIST, versioned=True, returns=USER_ROLES)
def set_user_roles(id):
    """Replace a user's system roles, for the user's version the client read (If-Match); nobody changes their own."""
    if id == require_principal().id:
        raise Forbidden("You cannot change your own roles.")
    user = service.set_roles(_may_manage(id), role_ids_from(routes.json_body()), require_principal(),
                             expected=routes.expected_versions())
    return versions.answer(service.roles_of(user), version=versions.version_of(user))


def role_ids_from(body) -> list[str]:
    """Accept `[{id}|id, ...]` or `{"roles": [...]}` — the spec sends the role list as the body."""
    return service.parse_role_ids(body.get("roles") if isinstance(body, dict) else body)
