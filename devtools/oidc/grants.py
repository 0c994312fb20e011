"""Authlib grants and extensions, configured for this provider.

The grants reach the provider's state through `self.server` (see server.py): its store of codes
and refresh tokens and its user directory. All clients are public, so the token endpoint accepts
client authentication method "none" only: PKCE, the user's password or the refresh token itself is
what proves the caller.
"""
from __future__ import annotations

import time

from authlib.oauth2.rfc6749 import AccessDeniedError, InvalidGrantError, InvalidRequestError, grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import OpenIDCode, OpenIDToken, UserInfo
from authlib.oidc.core.grants.util import create_response_mode_response

from devtools.oidc.keys import ALGORITHM, SigningKey
from devtools.oidc.store import AUTHORIZATION_CODE_TTL, AuthorizationCode
from devtools.oidc.users import DemoUser, SignedInUser

RESPONSE_MODES = ("query", "fragment")
PUBLIC_CLIENTS_ONLY = ["none"]


def _signed_in(server, sub: str, auth_time: int) -> SignedInUser | None:
    account = server.users.by_sub(sub)
    return SignedInUser(account, auth_time) if account else None


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = PUBLIC_CLIENTS_ONLY

    @property
    def response_mode(self) -> str:
        return self.request.payload.data.get("response_mode") or "query"

    def validate_authorization_request(self) -> str:
        redirect_uri = super().validate_authorization_request()
        if self.response_mode not in RESPONSE_MODES:
            raise InvalidRequestError("Unsupported 'response_mode': use query or fragment.",
                                      redirect_uri=redirect_uri)
        return redirect_uri

    def create_authorization_response(self, redirect_uri: str, grant_user):
        # As Authlib's own, but the code is delivered in the query or the fragment (response_mode):
        # oidc-client-ts may ask for either.
        if not grant_user:
            raise AccessDeniedError(redirect_uri=redirect_uri)
        self.request.user = grant_user
        code = self.generate_authorization_code()
        self.save_authorization_code(code, self.request)
        params = [("code", code)]
        if self.request.payload.state:
            params.append(("state", self.request.payload.state))
        return create_response_mode_response(redirect_uri, params, self.response_mode)

    def save_authorization_code(self, code: str, request) -> None:
        data = request.payload.data
        self.server.store.save_code(AuthorizationCode(
            code=code,
            client_id=request.client.get_client_id(),
            redirect_uri=request.payload.redirect_uri,
            scope=request.scope,
            user_sub=request.user.get_user_id(),
            auth_time=request.user.auth_time,
            code_challenge=data.get("code_challenge"),
            code_challenge_method=data.get("code_challenge_method"),
            nonce=data.get("nonce"),
            expires_at=time.time() + AUTHORIZATION_CODE_TTL,
        ))

    def query_authorization_code(self, code: str, client) -> AuthorizationCode | None:
        return self.server.store.find_code(code, client.get_client_id())

    def delete_authorization_code(self, authorization_code: AuthorizationCode) -> None:
        self.server.store.delete_code(authorization_code.code)  # a code is good for one exchange

    def authenticate_user(self, authorization_code: AuthorizationCode) -> SignedInUser | None:
        return _signed_in(self.server, authorization_code.user_sub, authorization_code.auth_time)


class RequiredS256CodeChallenge(CodeChallenge):
    """PKCE as OAuth 2.1 asks of public clients: required, S256 only.

    "plain" would give no protection against a stolen authorization request, so it is refused, and
    so is a challenge without a method (RFC 7636 makes a missing method mean "plain").
    """

    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]
    DEFAULT_CODE_CHALLENGE_METHOD = "S256"

    def __init__(self) -> None:
        super().__init__(required=True)

    def validate_code_challenge(self, grant, redirect_uri) -> None:
        data = grant.request.payload.data
        if not data.get("code_challenge"):
            raise InvalidRequestError("PKCE is required: send 'code_challenge' with 'code_challenge_method=S256'.")
        if data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("Unsupported 'code_challenge_method': only S256 is allowed.")
        super().validate_code_challenge(grant, redirect_uri)

    def validate_code_verifier(self, grant, result) -> None:
        # A missing or malformed verifier fails to prove possession of the code just as a wrong one
        # does, so all three answer invalid_grant (Authlib says invalid_request for the first two).
        try:
            super().validate_code_verifier(grant, result)
        except InvalidRequestError as error:
            raise InvalidGrantError(description=error.description) from error


class RotatingRefreshTokenGrant(grants.RefreshTokenGrant):
    """Each refresh returns a new refresh token and revokes the one used, so a leaked refresh token
    works at most once (and its reuse answers invalid_grant)."""

    TOKEN_ENDPOINT_AUTH_METHODS = PUBLIC_CLIENTS_ONLY
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token: str):
        return self.server.store.find_active_refresh_token(refresh_token)

    def authenticate_user(self, refresh_token) -> SignedInUser | None:
        return _signed_in(self.server, refresh_token.user_sub, refresh_token.auth_time)

    def revoke_old_credential(self, refresh_token) -> None:
        self.server.store.revoke_refresh_token(refresh_token.value)


class PasswordGrant(grants.ResourceOwnerPasswordCredentialsGrant):
    """For the `cli` client only (tests and scripts): no browser needed to get a token."""

    TOKEN_ENDPOINT_AUTH_METHODS = PUBLIC_CLIENTS_ONLY

    def authenticate_user(self, username: str, password: str) -> SignedInUser:
        user = self.server.users.sign_in(username, password)
        if user is None:
            # RFC 6749 §5.2: wrong resource owner credentials are an invalid grant.
            raise InvalidGrantError("Invalid username or password.")
        return user


class IdTokens(OpenIDToken):
    """Adds an OIDC ID token to every token response whose scope includes `openid`."""

    def __init__(self, issuer: str, signing_key: SigningKey, ttl: int) -> None:
        self.issuer = issuer
        self.signing_key = signing_key
        self.ttl = ttl

    def resolve_client_private_key(self, client):
        return self.signing_key.key_set

    def get_client_algorithm(self, client) -> str:
        return ALGORITHM

    def get_client_claims(self, client) -> dict:
        # aud is the client id as a single string: relying parties compare it with the first ID
        # token's aud when a refresh returns a new one.
        return {"iss": self.issuer, "aud": client.get_client_id(), "exp": int(time.time()) + self.ttl}

    def get_compatible_claims(self, request) -> dict:
        claims = super().get_compatible_claims(request)
        claims["auth_time"] = request.user.auth_time  # the sign-in's time, not this response's
        return claims

    def generate_user_info(self, user: SignedInUser, scope: str) -> UserInfo:
        return user_info(user.account, scope)


class OpenIDCodeFlow(IdTokens, OpenIDCode):
    """IdTokens for the code flow, plus Authlib's nonce and `prompt` handling at /authorize."""

    def __init__(self, issuer: str, signing_key: SigningKey, ttl: int, store) -> None:
        IdTokens.__init__(self, issuer, signing_key, ttl)
        OpenIDCode.__init__(self, require_nonce=False)
        self.store = store

    def exists_nonce(self, nonce: str, request) -> bool:
        return self.store.nonce_in_use(request.payload.client_id, nonce)


def user_info(account: DemoUser, scope: str) -> UserInfo:
    """The standard claims of a user that the given scope releases (for ID tokens and /userinfo)."""
    return UserInfo(sub=account.sub, name=account.name, preferred_username=account.username,
                    email=account.email, email_verified=account.email_verified).filter(scope)


class ClientCredentialsGrant(grants.ClientCredentialsGrant):
    """For machine clients (MachineClient): the client's own token, authenticated by its secret."""

    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]
