"""Bearer-token verification with PyJWT against the issuer's JWKS.

Checked: signature (RS256/ES256 only — never `none` or an HMAC keyed with a public key), issuer,
expiry/not-before with a small leeway, and audience (`aud`, or Cognito's `client_id` claim, which
Cognito access tokens carry instead of `aud`).

PyJWT (and with it `cryptography`) is imported on the first verification, not with the app:
anonymous requests (the explorer's) never need it, and it is a third of a cold start.
"""
from __future__ import annotations

import json
import threading
from functools import lru_cache
from typing import TYPE_CHECKING

from chalicelib.core.config import get_settings

ALLOWED_ALGORITHMS = ["RS256", "ES256"]
LEEWAY_SECONDS = 30

if TYPE_CHECKING:
    import jwt


class InvalidToken(Exception):
    pass


class TokenVerifier:
    def __init__(self, issuer: str, audiences: tuple[str, ...], jwks_url: str = "") -> None:
        self.issuer = issuer
        self.audiences = audiences
        self._jwks_url = jwks_url
        self._jwk_client: jwt.PyJWKClient | None = None
        self._lock = threading.Lock()

    def _jwks(self) -> jwt.PyJWKClient:
        import jwt

        with self._lock:
            if self._jwk_client is None:
                url = self._jwks_url or self._discover_jwks_url()
                # PyJWKClient caches the key set and fetches it again when a token names an unknown kid.
                self._jwk_client = jwt.PyJWKClient(url, cache_keys=True, lifespan=3600, timeout=5)
            return self._jwk_client

    def _discover_jwks_url(self) -> str:
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(f"{self.issuer}/.well-known/openid-configuration", timeout=5) as response:
                return json.load(response)["jwks_uri"]
        except (OSError, urllib.error.URLError, ValueError, KeyError) as exc:
            raise InvalidToken("The identity provider cannot be reached to verify the token.") from exc

    def verify(self, token: str) -> dict:
        import jwt

        if not self.issuer:
            raise InvalidToken("Sign-in is not configured on this server.")
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise InvalidToken("Malformed token.") from exc
        if header.get("alg") not in ALLOWED_ALGORITHMS:
            raise InvalidToken("Token algorithm not allowed.")
        if not header.get("kid"):
            raise InvalidToken("Token has no key id.")
        try:
            signing_key = self._jwks().get_signing_key_from_jwt(token)
            claims = jwt.decode(
                token, signing_key.key, algorithms=ALLOWED_ALGORITHMS, issuer=self.issuer,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "iss", "sub"], "verify_aud": False},
            )
        except jwt.ExpiredSignatureError as exc:
            raise InvalidToken("Token expired.") from exc
        except jwt.PyJWKClientError as exc:
            raise InvalidToken("Token signed by an unknown key.") from exc
        except jwt.PyJWTError as exc:
            raise InvalidToken(f"Invalid token: {exc}") from exc
        self._check_audience(claims)
        return claims

    def _check_audience(self, claims: dict) -> None:
        audience = claims.get("aud")
        presented = set([audience] if isinstance(audience, str) else audience or [])
        if claims.get("client_id"):
            presented.add(claims["client_id"])
        if not presented & set(self.audiences):
            raise InvalidToken("Token audience not accepted.")


@lru_cache(maxsize=1)
def verifier() -> TokenVerifier:
    settings = get_settings()
    return TokenVerifier(settings.oidc_issuer, settings.oidc_audiences, settings.oidc_jwks_url)
