"""The registered clients (the SPA, scripts, a machine client), and the loopback rule for redirect URIs.

Why loopback URIs on any port, rather than a fixed list: the SPA runs on whatever port its dev server,
the gateway of `make run`, or a test picked, so ports cannot be listed in advance. Restricting the
host to the machine itself (127.0.0.1, localhost, ::1) keeps codes and tokens from ever being sent
elsewhere: a redirect to a loopback address can only reach a program on the user's own computer.
RFC 8252 §7.3 allows exactly this for loopback redirects ("any port").
"""
from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from authlib.oauth2.rfc6749 import ClientMixin, list_to_scope, scope_to_list

SUPPORTED_SCOPES = ("openid", "profile", "email", "offline_access")
DEFAULT_SCOPE = "openid profile email"  # granted when a request names no scope
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}
# Backslashes, whitespace and control characters are parsed differently by browsers and by
# urllib (e.g. "http://evil.example\@127.0.0.1/"), so a URI containing any of them is refused.
_AMBIGUOUS_CHARACTERS = re.compile(r"[\\\s\x00-\x1f\x7f]")


def _origin(scheme: str, host: str, port: int | None) -> str:
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" + (f":{port}" if port else "")


def parse_origin(uri: str) -> str | None:
    """The origin (scheme://host[:port]) of an http(s) URI without user info, else None."""
    if not uri or _AMBIGUOUS_CHARACTERS.search(uri):
        return None
    try:
        parts = urlsplit(uri)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        return None
    return _origin(parts.scheme, parts.hostname.lower(), port)


@dataclass(frozen=True)
class RedirectPolicy:
    """Which redirect URIs and browser origins are trusted: loopback ones on any port, plus the
    exact origins listed in OIDC_REDIRECT_ORIGINS (e.g. a dev container's forwarded address)."""

    extra_origins: frozenset[str] = frozenset()

    @classmethod
    def with_origins(cls, origins) -> "RedirectPolicy":
        parsed = {parse_origin(origin.strip().rstrip("/")) for origin in origins if origin.strip()}
        return cls(frozenset(origin for origin in parsed if origin))

    def allows_origin(self, origin: str | None) -> bool:
        parsed = parse_origin(origin or "")
        if parsed is None or parsed != (origin or "").rstrip("/").lower():
            return False
        host = urlsplit(parsed).hostname
        return host in LOOPBACK_HOSTS or parsed in self.extra_origins

    def __contains__(self, redirect_uri: object) -> bool:
        # `uri in policy`: lets Authlib's end-session endpoint test post_logout_redirect_uris with it.
        if not isinstance(redirect_uri, str) or "#" in redirect_uri:  # RFC 6749 §3.1.2: no fragment
            return False
        origin = parse_origin(redirect_uri)
        return origin is not None and self.allows_origin(origin)


@dataclass(frozen=True)
class PublicClient(ClientMixin):
    """A public client (no secret): it proves itself with PKCE or with the user's password."""

    client_id: str
    client_name: str
    grant_types: frozenset[str]
    redirect_uris: RedirectPolicy = field(default_factory=RedirectPolicy)
    response_types: frozenset[str] = frozenset()

    @property
    def client_metadata(self) -> dict:
        return {"client_name": self.client_name, "post_logout_redirect_uris": self.redirect_uris}

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> None:
        return None  # a redirect_uri must always be sent

    def get_allowed_scope(self, scope: str | None) -> str:
        requested = scope_to_list(scope) or scope_to_list(DEFAULT_SCOPE)
        return list_to_scope([name for name in requested if name in SUPPORTED_SCOPES])

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri in self.redirect_uris

    def check_client_secret(self, client_secret: str) -> bool:
        return False  # public clients have no secret

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method == "none"

    def check_response_type(self, response_type: str) -> bool:
        return response_type in self.response_types

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type in self.grant_types


# The machine client of the client-credentials grant (a logger pushing time series). Its secret is a demo
# value like the demo users' passwords: this provider is for development only.
MACHINE_CLIENT_ID = "logger-demo"
MACHINE_CLIENT_SECRET = "logger-demo-secret"


@dataclass(frozen=True)
class MachineClient(PublicClient):
    """A confidential client: it proves itself with its secret (HTTP Basic or form), for itself, no user."""

    secret: str = ""

    def check_client_secret(self, client_secret: str) -> bool:
        return bool(self.secret) and hmac.compare_digest(client_secret or "", self.secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in ("client_secret_basic", "client_secret_post")

    def get_allowed_scope(self, scope: str | None) -> str:
        return ""  # no user, so none of the OpenID scopes


def build_clients(redirect_policy: RedirectPolicy) -> dict[str, PublicClient]:
    clients = [
        # The browser SPA (oidc-client-ts): code flow with PKCE S256, refresh tokens.
        PublicClient("spa", "Open Water Data", frozenset({"authorization_code", "refresh_token"}),
                     redirect_policy, frozenset({"code"})),
        # Tests and scripts: the password grant, so no browser is needed to get a token.
        PublicClient("cli", "Open Water Data scripts and tests", frozenset({"password", "refresh_token"})),
        # Machine clients (loggers, scripts): the client-credentials grant; the token's subject is the client.
        MachineClient(MACHINE_CLIENT_ID, "Demo logger", frozenset({"client_credentials"}),
                      secret=MACHINE_CLIENT_SECRET),
    ]
    return {client.client_id: client for client in clients}
