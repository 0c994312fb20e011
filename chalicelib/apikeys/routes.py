"""An organization's API keys for machine clients: its group administrators (and system administrators)
create, list and revoke them."""
from chalicelib.apikeys import service
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import FLAG, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.organizations import service as organizations

routes = Routes(__name__)
GROUP_ADMINS = rules.org_roles(*rules.GROUP_ADMIN)
KEYS = "/organization/{organizationId}/api-keys"
API_KEY = {"type": "object", "required": ["id", "organizationId", "name", "createdAt", "active"], "properties": {
    "id": TEXT, "organizationId": TEXT, "name": TEXT, "createdBy": NULLABLE_TEXT, "createdAt": TEXT,
    "lastUsedAt": {**NULLABLE_TEXT, "description": "When a push last used it (to the minute)."},
    "revokedAt": NULLABLE_TEXT, "active": FLAG}}
NEW_API_KEY = {**API_KEY, "required": [*API_KEY["required"], "key"], "properties": {**API_KEY["properties"], "key": {
    "type": "string", "description": "The key to send in the X-API-Key header of a push (POST /wapi/{projectId}/ts "
                                     "to a project of this organization). In this answer only: keep it."}}}


@routes.route(KEYS, auth=GROUP_ADMINS)
@describe(returns={"type": "array", "items": API_KEY})
def list_keys(organizationId):
    """The organization's keys (never their secrets), newest first."""
    organizations.get(organizationId)
    return service.list_keys(organizationId)


@routes.route(KEYS, methods=["POST"], auth=GROUP_ADMINS)
@describe(status=201, body=fields_body({"name": {"type": "string", "minLength": 1, "maxLength": 100, "description":
                                                "Which logger or script uses the key."}}, required=("name",)),
          returns=NEW_API_KEY)
def create_key(organizationId):
    """A new key ({name}); its secret `key` is in this answer only."""
    organizations.get(organizationId)
    return created(service.create(organizationId, require_principal().id, routes.json_body()))


@routes.route(KEYS + "/{keyId}", methods=["DELETE"], auth=GROUP_ADMINS)
@describe(returns=API_KEY)
def revoke_key(organizationId, keyId):
    """Revoke a key: it stops working at once."""
    return service.revoke(organizationId, keyId)
