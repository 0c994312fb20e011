"""Organizations and their members."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.errors import Forbidden
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.messages import localize
from chalicelib.core.openapi import EMPTY, FLAG, INSTANT, NULLABLE_INSTANT, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.crud.routes import describe_list
from chalicelib.organizations import service, wqx
from chalicelib.organizations.models import MEMBER_ROLE, MEMBER_ROLE_RANK
from chalicelib.users import service as users

routes = Routes(__name__)
ORG_ADMIN = rules.any_of(rules.permission("manage-organizations"), rules.org_roles(*rules.GROUP_ADMIN))


@routes.route("/organization", auth=rules.public)
@describe_list(service.ORGANIZATIONS)
def list_organizations():
    """All organizations (public: the start-up list of the data section)."""
    return service.search(routes.current_request.query_params)


ORGANIZATION_BODY = {"name": TEXT, "description": NULLABLE_TEXT, "website": NULLABLE_TEXT, "contact": NULLABLE_TEXT,
                     "id": TEXT}
ORGANIZATION = {**service.ORGANIZATIONS.item_schema(), "required": ["id", "name", "createdAt"]}


@routes.route("/organization", methods=["POST"], auth=rules.permission("manage-organizations"))
@describe(status=201, body=fields_body(ORGANIZATION_BODY, required=("name",)), returns=ORGANIZATION)
def create_organization():
    """Create an organization (system administrators)."""
    return created(service.public(service.create(routes.json_body())))


@routes.route("/organization/{organizationId}", auth=rules.public)
@describe(returns=ORGANIZATION)
def get_organization(organizationId):
    """One organization."""
    return versions.answer(service.public(service.get(organizationId)))


@routes.route("/organization/{organizationId}", methods=["PATCH"], auth=ORG_ADMIN)
@describe(body=fields_body(ORGANIZATION_BODY), versioned=True, returns=ORGANIZATION)
def update_organization(organizationId):
    """Change an organization's name, description or website (its group-admins, system administrators)."""
    return versions.answer(service.public(service.update(organizationId, routes.json_body(),
                                                         expected=routes.expected_versions())))


@routes.route("/organization/{organizationId}", methods=["DELETE"], auth=rules.permission("manage-organizations"))
@describe(returns=EMPTY)
def delete_organization(organizationId):
    """Delete an organization (system administrators)."""
    service.delete(organizationId)
    return {}


# A role in an organization (set_member_role, invitations, the profile).
# members_with_users: a member with their role and who they are (email and name null when the account is gone).
_JOINED = {**INSTANT, "description": "when they joined (ISO 8601 in UTC)"}
MEMBER = {"type": "object", "required": ["userId", "roleName", "createdAt", "email", "name"], "properties": {
    "userId": TEXT, "roleName": MEMBER_ROLE, "createdAt": _JOINED, "email": NULLABLE_TEXT, "name": NULLABLE_TEXT}}
# A membership as stored (set_member_role).
MEMBERSHIP = {"type": "object", "required": ["organizationId", "userId", "roleName", "createdAt"], "properties": {
    "organizationId": TEXT, "userId": TEXT, "roleName": MEMBER_ROLE, "createdAt": _JOINED,
    "updatedAt": {**INSTANT, "description": "the last role change (ISO 8601 in UTC); absent before one"}}}


@routes.route("/organization/{organizationId}/members", auth=rules.org_roles(*rules.MEMBER))
@describe(returns={"type": "array", "items": MEMBER})
def list_members(organizationId):
    """Members of an organization with their roles (visible to its members)."""
    return service.members_with_users(organizationId)


@routes.route("/organization/{organizationId}/members/{userId}", methods=["PUT"], auth=ORG_ADMIN)
@describe(body=fields_body({"roleName": MEMBER_ROLE}, required=("roleName",)), returns=MEMBERSHIP)
def set_member_role(organizationId, userId):
    """Change a member's role (its group-admins, system administrators); only system administrators add people
    directly, others join by accepting an invitation."""
    role_name = service.validate_member_role(routes.json_body().get("roleName"))
    principal = require_principal()
    if userId == principal.id and not principal.is_system_admin:
        current = principal.role_in(organizationId)
        if current is None or MEMBER_ROLE_RANK[role_name] > MEMBER_ROLE_RANK[current]:
            raise Forbidden("You cannot raise your own role.")
    users.get_or_404(userId)
    return service.set_member_role(organizationId, userId, role_name, may_add=principal.is_system_admin).to_dict()


@routes.route("/organization/{organizationId}/members/{userId}", methods=["DELETE"],
              auth=rules.any_of(ORG_ADMIN, rules.org_roles(*rules.MEMBER)))
@describe(returns=EMPTY)
def remove_member(organizationId, userId):
    """Remove a member (group-admins and administrators; any member may leave)."""
    principal = require_principal()
    if userId != principal.id and not ORG_ADMIN.allows(principal, {"organizationId": organizationId}):
        raise Forbidden("Only group administrators can remove other members.")
    service.remove_member(organizationId, userId)
    return {}


# service.get_setting: the organization's own value of a setting, or the system's (inherited).
SETTING = {"type": "object", "required": ["id", "organizationId", "inherited", "value", "updatedAt"], "properties": {
    "id": TEXT, "organizationId": TEXT,
    "inherited": {**FLAG, "description": "true: the organization has none of its own; value is the system's"},
    "value": {"description": "the organization's own (an object), else the system setting's value (null when there "
                             "is none)"},
    "updatedAt": {**NULLABLE_INSTANT, "description": "when the organization's own was saved; null when inherited"}}}


@routes.route("/organization/{organizationId}/settings/{settingKey}", auth=rules.public)
@describe(returns=SETTING)
def get_organization_setting(organizationId, settingKey):
    """An organization's setting (map-service: its views' base map); the system's value when it has none."""
    setting = service.get_setting(organizationId, settingKey)
    return versions.answer(setting, version=service.setting_version(setting))


@routes.route("/organization/{organizationId}/settings/{settingKey}", methods=["PUT"], auth=ORG_ADMIN)
@describe(body=fields_body({"value": {"type": ["object", "null"]}}, required=("value",)), versioned=True,
          returns=SETTING)
def put_organization_setting(organizationId, settingKey):
    """Set an organization's setting ({value}; null goes back to the system's value). If-Match: the version read
    ("inherited" while the organization has none of its own)."""
    setting = service.save_setting(organizationId, settingKey, routes.json_body(), require_principal().id,
                                   expected=routes.expected_versions())
    return versions.answer(setting, version=service.setting_version(setting))


WQX_ADMIN = rules.org_roles(*rules.GROUP_ADMIN)
_UNSET = "null while the account is not set"
# wqx.get_account: the account without its private key (masked once set).
WQX_ACCOUNT = {"type": "object", "required": list(wqx.ACCOUNT_FIELDS), "properties": {
    "organizationId": TEXT, "wqxOrganizationId": {**NULLABLE_TEXT, "description": _UNSET},
    "userId": {**NULLABLE_TEXT, "description": f"the WQX Web user; {_UNSET}"},
    "privateKey": {"enum": [wqx.MASK, None], "description": f"masked: the key itself is never answered; {_UNSET}"},
    "privateKeySetAt": {**NULLABLE_INSTANT, "description": _UNSET},
    "configured": {**FLAG, "description": "whether a private key is set"},
    "updatedAt": {**NULLABLE_INSTANT, "description": f"when it was saved (its version, If-Match's); {_UNSET}"}}}
# wqx.check_connection: whether WQX Web took the account's signed call, and why not.
WQX_CONNECTION = {"type": "object", "required": ["connected", "message"],
                  "properties": {"connected": FLAG, "message": TEXT}}


@routes.route("/organization/{organizationId}/wqx-account", auth=WQX_ADMIN)
@describe(returns=WQX_ACCOUNT)
def get_wqx_account(organizationId):
    """The organization's WQX Web account; the private key only masked, with the date it was set."""
    account = wqx.get_account(organizationId)
    return versions.answer(account, version=wqx.version(account))


# The account as GET answers it may come back whole (privateKey masked: the stored key is kept; updatedAt: the
# version read, If-Match's too).
WQX_ACCOUNT_BODY = fields_body({"wqxOrganizationId": TEXT, "userId": TEXT, "privateKey": TEXT, "organizationId": TEXT,
                                "privateKeySetAt": NULLABLE_TEXT, "configured": FLAG, "updatedAt": NULLABLE_TEXT},
                               required=("wqxOrganizationId", "userId"))


@routes.route("/organization/{organizationId}/wqx-account", methods=["PUT"], auth=WQX_ADMIN)
@describe(body=WQX_ACCOUNT_BODY, versioned=True, returns=WQX_ACCOUNT)
def put_wqx_account(organizationId):
    """Set the WQX Web account ({wqxOrganizationId, userId, privateKey}); the key goes to Secrets Manager."""
    account = wqx.save_account(organizationId, routes.json_body(), require_principal().id,
                               expected=routes.expected_versions())
    return versions.answer(account, version=wqx.version(account))


@routes.route("/organization/{organizationId}/wqx-account/test", methods=["POST"], auth=WQX_ADMIN)
@describe(returns=WQX_CONNECTION)
def test_wqx_account(organizationId):
    """Try the stored WQX Web account with a signed call ({connected, message}, the message in the asked language)."""
    result = wqx.check_connection(organizationId)
    return {**result, "message": localize(result["message"], routes.current_request.headers.get("accept-language"))}
