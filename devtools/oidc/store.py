"""In-memory storage of authorization codes and refresh tokens.

Memory is enough for a development provider: a restart signs every app out of its refresh tokens,
as a redeployed real provider sometimes does, and access tokens (self-contained JWTs) stay valid.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from authlib.oauth2.rfc6749 import TokenMixin
from authlib.oidc.core import AuthorizationCodeMixin

AUTHORIZATION_CODE_TTL = 120  # seconds; RFC 6749 §4.1.2 recommends at most ten minutes


@dataclass
class AuthorizationCode(AuthorizationCodeMixin):
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user_sub: str
    auth_time: int
    code_challenge: str
    code_challenge_method: str
    nonce: str | None = None
    expires_at: float = 0.0

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time


@dataclass
class RefreshToken(TokenMixin):
    value: str
    client_id: str
    user_sub: str
    scope: str
    auth_time: int
    expires_at: float
    revoked: bool = False

    def check_client(self, client) -> bool:
        return self.client_id == client.get_client_id()

    def get_scope(self) -> str:
        return self.scope

    def get_expires_in(self) -> int:
        return max(0, int(self.expires_at - time.time()))

    def is_expired(self) -> bool:
        return time.time() >= self.expires_at

    def is_revoked(self) -> bool:
        return self.revoked


class MemoryStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._codes: dict[str, AuthorizationCode] = {}
        self._refresh_tokens: dict[str, RefreshToken] = {}

    def save_code(self, code: AuthorizationCode) -> None:
        with self._lock:
            self._forget_expired()
            self._codes[code.code] = code

    def find_code(self, code: str, client_id: str) -> AuthorizationCode | None:
        with self._lock:
            found = self._codes.get(code)
        if found is None or found.client_id != client_id or time.time() >= found.expires_at:
            return None
        return found

    def delete_code(self, code: str) -> None:
        with self._lock:
            self._codes.pop(code, None)

    def nonce_in_use(self, client_id: str, nonce: str) -> bool:
        with self._lock:
            return any(c.client_id == client_id and c.nonce == nonce for c in self._codes.values())

    def save_refresh_token(self, token: RefreshToken) -> None:
        with self._lock:
            self._forget_expired()
            self._refresh_tokens[token.value] = token

    def find_active_refresh_token(self, value: str) -> RefreshToken | None:
        with self._lock:
            token = self._refresh_tokens.get(value)
        if token is None or token.is_revoked() or token.is_expired():
            return None
        return token

    def revoke_refresh_token(self, value: str) -> None:
        with self._lock:
            token = self._refresh_tokens.get(value)
            if token is not None:
                token.revoked = True

    def _forget_expired(self) -> None:
        now = time.time()
        self._codes = {key: code for key, code in self._codes.items() if code.expires_at > now}
        self._refresh_tokens = {key: token for key, token in self._refresh_tokens.items() if token.expires_at > now}
