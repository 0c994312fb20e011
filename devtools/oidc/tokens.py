"""Access tokens: RS256 JWTs (RFC 9068 profile) issued and verified with Authlib and joserfc."""
from __future__ import annotations

import time

from authlib.common.security import generate_token
from authlib.integrations.flask_oauth2 import ResourceProtector
from authlib.oauth2.rfc9068 import JWTBearerTokenGenerator, JWTBearerTokenValidator

from devtools.oidc.keys import ALGORITHM, SigningKey

REFRESH_TOKEN_LENGTH = 48


class AccessTokenGenerator(JWTBearerTokenGenerator):
    """Issues the access token the product API verifies: iss, sub, aud (the API), client_id, exp,
    iat, nbf, jti, scope, plus the user's email, email_verified, name and preferred_username so the
    API can create the user's record on first sight, and match invitations on a verified email, without
    calling back to the provider (Cognito adds the same claims with a pre-token-generation trigger)."""

    def __init__(self, issuer: str, signing_key: SigningKey, audience: str, ttl: int) -> None:
        super().__init__(
            issuer,
            alg=ALGORITHM,
            refresh_token_generator=lambda **_: generate_token(REFRESH_TOKEN_LENGTH),
            expires_generator=lambda client, grant_type: ttl,
        )
        self.signing_key = signing_key
        self.audience = audience

    def get_jwks(self):
        return self.signing_key.key_set

    def get_audiences(self, client, user, scope) -> str:
        return self.audience

    def get_auth_time(self, user) -> int | None:
        return getattr(user, "auth_time", None)

    def get_extra_claims(self, client, grant_type, user, scope) -> dict:
        claims = {"nbf": int(time.time())}
        if user is not None:
            account = user.account
            claims.update(email=account.email, email_verified=account.email_verified, name=account.name,
                          preferred_username=account.username)
        return claims


class AccessTokenValidator(JWTBearerTokenValidator):
    """Verifies this provider's own access tokens (for /userinfo): signature, iss, aud, exp."""

    def __init__(self, issuer: str, signing_key: SigningKey, audience: str) -> None:
        super().__init__(issuer=issuer, resource_server=audience)
        self.signing_key = signing_key

    def get_jwks(self):
        return self.signing_key.key_set


def access_token_protector(issuer: str, signing_key: SigningKey, audience: str) -> ResourceProtector:
    protector = ResourceProtector()
    protector.register_token_validator(AccessTokenValidator(issuer, signing_key, audience))
    return protector
