"""The local OpenID Connect provider as a Flask app: `create_app(issuer)`.

Endpoints (all relative to the issuer, which must be an origin such as http://127.0.0.1:8002):
  /.well-known/openid-configuration   discovery
  /jwks                               the public signing key, with its kid
  /authorize                          sign-in page, then the code back to the app (PKCE S256)
  /signup                             create an account (same query as /authorize), then the same
  /token                              authorization_code, refresh_token (rotating), password (cli)
  /userinfo                           the user's claims for a valid access token
  /logout                             RP-initiated logout
"""
from __future__ import annotations

import hmac
import logging
import re
import secrets
import threading
from datetime import timedelta
from pathlib import Path

from authlib.oauth2 import OAuth2Error
from flask import Flask, jsonify, request, session
from werkzeug.exceptions import HTTPException

from devtools.oidc.clients import SUPPORTED_SCOPES, RedirectPolicy, build_clients
from devtools.oidc.grants import RESPONSE_MODES, user_info
from devtools.oidc.keys import ALGORITHM, load_or_create_signing_key
from devtools.oidc.pages import language_of, message, sign_in_page, sign_up_page, signed_out_page
from devtools.oidc.server import LocalAuthorizationServer
from devtools.oidc.tokens import access_token_protector
from devtools.oidc.users import USERS_FILE, SignedInUser, SignUpRefused, UserDirectory

DEFAULT_API_AUDIENCE = "owd-api"
DEFAULT_ACCESS_TOKEN_TTL = 300
DEFAULT_REFRESH_TOKEN_TTL = 12 * 3600
SESSION_COOKIE_NAME = "owd_oidc_session"
FAVICON = Path(__file__).resolve().parent / "favicon.svg"
# Browsers answer these from other origins (the SPA calls them with fetch); /authorize and /logout
# are page navigations and need no CORS.
CORS_PATHS = {"/.well-known/openid-configuration", "/jwks", "/token", "/userinfo"}

log = logging.getLogger(__name__)


def provider_metadata(issuer: str) -> dict:
    return {
        "issuer": issuer,
        "authorization_endpoint": f"{issuer}/authorize",
        "token_endpoint": f"{issuer}/token",
        "userinfo_endpoint": f"{issuer}/userinfo",
        "jwks_uri": f"{issuer}/jwks",
        "end_session_endpoint": f"{issuer}/logout",
        "scopes_supported": list(SUPPORTED_SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": list(RESPONSE_MODES),
        "grant_types_supported": ["authorization_code", "refresh_token", "password", "client_credentials"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none", "client_secret_basic", "client_secret_post"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": [ALGORITHM],
        "prompt_values_supported": ["none", "login", "consent"],
        "claims_supported": ["iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "at_hash", "name",
                             "preferred_username", "email", "email_verified"],
    }


def create_app(issuer: str, access_token_ttl: int = DEFAULT_ACCESS_TOKEN_TTL, *,
               api_audience: str = DEFAULT_API_AUDIENCE, key_file: str | Path | None = None,
               redirect_origins: tuple[str, ...] | list[str] = (),
               refresh_token_ttl: int = DEFAULT_REFRESH_TOKEN_TTL, users_file: Path = USERS_FILE) -> Flask:
    issuer = issuer.rstrip("/")
    signing_key = load_or_create_signing_key(key_file)
    redirect_policy = RedirectPolicy.with_origins(redirect_origins)
    users = UserDirectory.from_file(users_file)
    server = LocalAuthorizationServer(
        issuer=issuer, clients=build_clients(redirect_policy), users=users, signing_key=signing_key,
        api_audience=api_audience, access_token_ttl=access_token_ttl, refresh_token_ttl=refresh_token_ttl)
    protector = access_token_protector(issuer, signing_key, api_audience)
    # One token request at a time: a code or refresh token checked by one request cannot then be
    # spent by a concurrent one before the first marks it used. Throughput is no concern here.
    token_endpoint_lock = threading.Lock()
    frame_ancestors = " ".join(["'self'", "http://127.0.0.1:*", "http://localhost:*",
                                *sorted(redirect_policy.extra_origins)])

    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=signing_key.session_secret(),
        # Cookies ignore ports, so a distinct name keeps this session apart from other local apps'.
        SESSION_COOKIE_NAME=SESSION_COOKIE_NAME,
        SESSION_COOKIE_HTTPONLY=True,
        # Lax is sent in the SPA's silent-check iframe only when the SPA and the provider are the
        # same site: use the same host name for both (127.0.0.1, or localhost, not a mix).
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(seconds=refresh_token_ttl),
    )

    def signed_in_user() -> SignedInUser | None:
        sub, auth_time = session.get("sub"), session.get("auth_time")
        account = users.by_sub(sub) if isinstance(sub, str) else None
        if account is None or not isinstance(auth_time, int):
            return None
        return SignedInUser(account, auth_time)

    def start_session(user: SignedInUser) -> None:
        session.clear()
        session.permanent = True
        session.update(sub=user.account.sub, auth_time=user.auth_time)

    def query_string() -> str:
        # The sign-in and sign-up pages carry the app's authorization request along in their addresses.
        return request.query_string.decode("ascii", "replace")

    def render_sign_in(grant, *, error: str = "", username: str = "", status: int = 200):
        session["csrf_token"] = session.get("csrf_token") or secrets.token_urlsafe(24)
        html = sign_in_page(client_name=grant.client.client_name, action=request.full_path,
                            csrf_token=session["csrf_token"], users=users.demo(),
                            sign_up_url=f"/signup?{query_string()}",
                            error=message(error, page_language()) if error else "",
                            username=username or request.args.get("login_hint", ""), language=page_language())
        return html, status, {"Cache-Control": "no-store"}

    def render_sign_up(grant, *, error: str = "", status: int = 200):
        session["csrf_token"] = session.get("csrf_token") or secrets.token_urlsafe(24)
        html = sign_up_page(client_name=grant.client.client_name, action=request.full_path,
                            csrf_token=session["csrf_token"], sign_in_url=f"/authorize?{query_string()}",
                            email=request.form.get("email", request.args.get("login_hint", "")),
                            name=request.form.get("name", ""),
                            error=message(error, page_language()) if error else "", language=page_language())
        return html, status, {"Cache-Control": "no-store"}

    def page_language() -> str:
        # The form posts back to the same query, so the language asked for stays for its answer.
        return language_of(request.values.get("ui_locales"))

    def csrf_token_matches() -> bool:
        expected, sent = session.get("csrf_token"), request.form.get("csrf_token", "")
        return bool(expected) and hmac.compare_digest(expected.encode(), sent.encode())

    def authorization_error(error: OAuth2Error):
        # Errors that may go back to a verified redirect URI go there, in the response mode asked for
        # (e.g. login_required for prompt=none); the others are answered here as JSON.
        if error.redirect_uri and request.values.get("response_mode") == "fragment":
            error.redirect_fragment = True
        return server.handle_error_response(None, error)

    @app.get("/.well-known/openid-configuration")
    def discovery():
        return jsonify(provider_metadata(issuer))

    @app.get("/jwks")
    def jwks():
        return jsonify(signing_key.public_jwks())

    # Browsers ask for /favicon.ico on every page unless it names an icon: both answer the same one.
    @app.get("/favicon.svg")
    @app.get("/favicon.ico")
    def favicon():
        return FAVICON.read_bytes(), 200, {"Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400"}

    @app.route("/authorize", methods=["GET", "POST"])
    def authorize():
        # On POST the user is signing in again, so an existing session must not stand in for them.
        signed_in = signed_in_user() if request.method == "GET" else None
        try:
            grant = server.get_consent_grant(end_user=signed_in)
        except OAuth2Error as error:
            return authorization_error(error)
        except ValueError:
            # Authlib refuses to build an error description that would echo characters outside the
            # RFC 6749 set (quotes, backslashes, non-ASCII) from a malformed parameter.
            return oauth_error(400, "invalid_request", "Malformed authorization request.")

        if request.method == "GET":
            if signed_in is not None and grant.prompt != "login":
                return server.create_authorization_response(grant=grant, grant_user=signed_in)
            return render_sign_in(grant)

        if not csrf_token_matches():
            return render_sign_in(grant, error="form_expired", status=400)
        user = users.sign_in(request.form.get("username", ""), request.form.get("password", ""))
        if user is None:
            return render_sign_in(grant, error="invalid_credentials", username=request.form.get("username", ""))
        start_session(user)
        return server.create_authorization_response(grant=grant, grant_user=user)

    @app.route("/signup", methods=["GET", "POST"])
    def sign_up():
        """Development only: an account made here, as a hosted sign-up page makes one, then signed in and
        sent back to the app like a sign-in (the query is the app's authorization request)."""
        try:
            grant = server.get_consent_grant(end_user=None)
        except OAuth2Error as error:
            return authorization_error(error)
        except ValueError:
            return oauth_error(400, "invalid_request", "Malformed authorization request.")
        if request.method == "GET":
            return render_sign_up(grant)
        if not csrf_token_matches():
            return render_sign_up(grant, error="form_expired", status=400)
        try:
            user = users.sign_up(request.form.get("email", ""), request.form.get("name", ""),
                                 request.form.get("password", ""))
        except SignUpRefused as refused:
            return render_sign_up(grant, error=str(refused))
        start_session(user)
        return server.create_authorization_response(grant=grant, grant_user=user)

    @app.post("/token")
    def token():
        with token_endpoint_lock:
            return server.create_token_response()

    @app.route("/userinfo", methods=["GET", "POST"])
    def userinfo():
        with protector.acquire("openid") as claims:
            account = users.by_sub(claims["sub"])
        if account is None:
            return oauth_error(401, "invalid_token", "The token's user is unknown.")
        return jsonify(user_info(account, claims.get("scope", "")))

    @app.route("/logout", methods=["GET", "POST"])
    def logout():
        try:
            end_session_request = server.validate_endpoint_request("end_session")
        except OAuth2Error:
            # Still sign out (signing out is never harmful), but do not redirect: per RP-Initiated
            # Logout §4 an invalid request (e.g. an id_token_hint signed by an earlier key) must not.
            session.clear()
            return signed_out_page(message("logout_unverified", page_language()), page_language()), 200
        response = server.create_endpoint_response("end_session", end_session_request)
        if response is not None:
            return response
        note = ""
        if request.values.get("post_logout_redirect_uri"):
            note = message("return_not_allowed", page_language())
        return signed_out_page(note, page_language())

    @app.after_request
    def add_headers(response):
        origin = request.headers.get("Origin")
        if request.path in CORS_PATHS and redirect_policy.allows_origin(origin):
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers.add("Vary", "Origin")
            if request.method == "OPTIONS":
                response.headers["Access-Control-Allow-Methods"] = "GET, POST"
                response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type"
                response.headers["Access-Control-Max-Age"] = "600"
        if response.mimetype == "text/html":
            # The sign-in page may be framed only by local apps (the SPA's silent check uses an iframe).
            response.headers["Content-Security-Policy"] = f"frame-ancestors {frame_ancestors}"
            response.headers["X-Content-Type-Options"] = "nosniff"
            response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if getattr(error, "body", None) is not None:  # Authlib's resource errors carry their JSON body
            return error.get_response()
        name = re.sub(r"[^a-z]+", "_", (error.name or "error").lower()).strip("_")
        response = oauth_error(error.code or 400, name, error.description or "")
        allowed_methods = dict(error.get_headers()).get("Allow")
        if allowed_methods:
            response.headers["Allow"] = allowed_methods
        return response

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception):
        log.exception("Unexpected error in the local OIDC provider")
        return oauth_error(500, "server_error", "Unexpected error in the local identity provider.")

    return app


def oauth_error(status: int, error: str, description: str):
    response = jsonify(error=error, error_description=description)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response
