"""The signed-in user's own profile (the spec's auth service)."""
from chalicelib.auth import rules
from chalicelib.auth import service as auth
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes
from chalicelib.users import service as users

routes = Routes(__name__)


@routes.route("/auth/profile", auth=rules.signed_in)
def get_profile():
    """The caller's profile: roles in the system and in organizations."""
    return auth.profile(require_principal())


@routes.route("/auth/profile", methods=["PATCH"], auth=rules.signed_in)
def update_profile():
    """Change the caller's name, current organization or preferences."""
    principal = require_principal()
    user = users.get_or_404(principal.id)
    users.update_profile(user, routes.json_body(), set(principal.memberships))
    return auth.profile(auth.principal_for(user))


@routes.route("/auth/profile", methods=["DELETE"], auth=rules.signed_in)
def delete_own_account():
    """Delete the caller's account with its memberships and dashboards."""
    auth.delete_account(require_principal().id)
    return {}
