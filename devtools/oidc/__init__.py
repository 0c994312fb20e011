"""A real, local OpenID Connect provider for development and tests (Authlib): see README.md."""
from devtools.oidc.app import create_app
from devtools.oidc.users import demo_users

__all__ = ["create_app", "demo_users"]
