"""Someone signing in with a token of the local identity provider for an email address of the test's
choosing, verified or not (forged with the provider's own signing key)."""
from __future__ import annotations

import time
import uuid

import jwt

from tests.support.identity import identity_provider_key, identity_provider_url


class Person:
    """Someone who signs in with a token of the identity provider for their email address."""

    def __init__(self, email: str | None = None, email_verified=True):
        self.id = str(uuid.uuid4())
        self.email = email or f"invitee-{uuid.uuid4().hex[:8]}@example.com"
        self.email_verified = email_verified

    def headers(self, signed_in_at: int | None = None) -> dict:
        """A fresh token; `signed_in_at` (auth_time) for one refreshed from an earlier sign-in."""
        now = int(time.time())
        private_key, kid = identity_provider_key()
        claims = {"iss": identity_provider_url(), "sub": self.id, "aud": "owd-api", "client_id": "spa",
                  "iat": now, "nbf": now, "exp": now + 300, "email": self.email, "name": "Invited Person"}
        if signed_in_at is not None:
            claims["auth_time"] = signed_in_at
        if self.email_verified is not None:
            claims["email_verified"] = self.email_verified
        return {"Authorization": f"Bearer {jwt.encode(claims, private_key, algorithm='RS256', headers={'kid': kid})}"}
