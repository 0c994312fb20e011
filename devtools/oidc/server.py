"""Authlib's Flask authorization server, wired to this provider's clients, users, store and keys."""
from __future__ import annotations

import time

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oidc.rpinitiated import EndSessionEndpoint
from flask import session

from devtools.oidc.clients import SUPPORTED_SCOPES, PublicClient
from devtools.oidc.grants import (
    AuthorizationCodeGrant,
    ClientCredentialsGrant,
    IdTokens,
    OpenIDCodeFlow,
    PasswordGrant,
    RequiredS256CodeChallenge,
    RotatingRefreshTokenGrant,
)
from devtools.oidc.keys import SigningKey
from devtools.oidc.store import MemoryStore, RefreshToken
from devtools.oidc.tokens import AccessTokenGenerator
from devtools.oidc.users import UserDirectory


class LocalAuthorizationServer(AuthorizationServer):
    def __init__(self, *, issuer: str, clients: dict[str, PublicClient], users: UserDirectory,
                 signing_key: SigningKey, api_audience: str, access_token_ttl: int,
                 refresh_token_ttl: int) -> None:
        super().__init__()
        self.issuer = issuer
        self.clients = clients
        self.users = users
        self.signing_key = signing_key
        self.store = MemoryStore()
        self.refresh_token_ttl = refresh_token_ttl
        self.scopes_supported = list(SUPPORTED_SCOPES)
        self.register_token_generator(
            "default", AccessTokenGenerator(issuer, signing_key, api_audience, access_token_ttl))

        id_token_ttl = access_token_ttl
        self.register_grant(AuthorizationCodeGrant, [
            RequiredS256CodeChallenge(),
            OpenIDCodeFlow(issuer, signing_key, id_token_ttl, self.store),
        ])
        self.register_grant(RotatingRefreshTokenGrant, [IdTokens(issuer, signing_key, id_token_ttl)])
        self.register_grant(PasswordGrant, [IdTokens(issuer, signing_key, id_token_ttl)])
        self.register_grant(ClientCredentialsGrant)
        self.register_endpoint(SignOut)

    def query_client(self, client_id: str) -> PublicClient | None:
        return self.clients.get(client_id)

    def save_token(self, token: dict, request) -> None:
        # Access and ID tokens are self-contained JWTs; only refresh tokens need remembering.
        if token.get("refresh_token"):
            self.store.save_refresh_token(RefreshToken(
                value=token["refresh_token"],
                client_id=request.client.get_client_id(),
                user_sub=request.user.get_user_id(),
                scope=token.get("scope", ""),
                auth_time=request.user.auth_time,
                expires_at=time.time() + self.refresh_token_ttl,
            ))


class SignOut(EndSessionEndpoint):
    """RP-initiated logout: ends the provider's session and returns to the app if allowed."""

    def get_server_jwks(self):
        return self.server.signing_key.key_set

    def end_session(self, end_session_request) -> None:
        session.clear()

    def is_post_logout_redirect_uri_legitimate(self, request, post_logout_redirect_uri, client, logout_hint) -> bool:
        # Without an id_token_hint Authlib would never redirect. Here the URI has already passed the
        # client's loopback rule, so it can only lead back to a program on this machine.
        return True
