"""An organization's API keys for machine clients: its group administrators (and system administrators)
create, list and revoke them."""
from chalicelib.apikeys import service
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import describe
from chalicelib.organizations import service as organizations

routes = Routes(__name__)
GROUP_ADMINS = rules.org_roles(*rules.GROUP_ADMIN)
KEYS = "/organization/{organizationId}/api-keys"


@routes.route(KEYS, auth=GROUP_ADMINS)
def list_keys(organizationId):
    """The organization's keys (never their secrets), newest first."""
    organizations.get(organizationId)
    return service.list_keys(organizationId)


@routes.route(KEYS, methods=["POST"], auth=GROUP_ADMINS)
@describe(status=201, body={"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}})
def create_key(organizationId):
    """A new key ({name}); its secret `key` is in this answer only."""
    organizations.get(organizationId)
    return created(service.create(organizationId, require_principal().id, routes.json_body()))


@routes.route(KEYS + "/{keyId}", methods=["DELETE"], auth=GROUP_ADMINS)
def revoke_key(organizationId, keyId):
    """Revoke a key: it stops working at once."""
    return service.revoke(organizationId, keyId)
