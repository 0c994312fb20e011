"""Every protected route rejects a token that is not exactly right with 401 JSON."""
from __future__ import annotations

import base64
import json
import time

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.api.conftest import password_token
from tests.support.identity import identity_provider_key, identity_provider_url

PROFILE = "/api/v1/auth/profile"


def _claims(**overrides) -> dict:
    now = int(time.time())
    claims = {"iss": identity_provider_url(), "sub": "b0b0b0b0-0000-4000-8000-000000000001", "aud": "owd-api",
              "client_id": "spa", "iat": now, "nbf": now, "exp": now + 300, "email": "mallory@example.com"}
    claims.update(overrides)
    return {k: v for k, v in claims.items() if v is not None}


def _signed(claims: dict, key=None, kid: str | None = "real") -> str:
    private_key, real_kid = identity_provider_key()
    headers = {"kid": real_kid if kid == "real" else kid} if kid else {}
    return jwt.encode(claims, key or private_key, algorithm="RS256", headers=headers)


def _unsigned(claims: dict) -> str:
    def b64(data: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()

    _, kid = identity_provider_key()
    return f"{b64({'alg': 'none', 'typ': 'JWT', 'kid': kid})}.{b64(claims)}."


def _hs256_with_public_key(claims: dict) -> str:
    private_key, kid = identity_provider_key()
    public_pem = private_key.public_key().public_bytes(serialization.Encoding.PEM,
                                                        serialization.PublicFormat.SubjectPublicKeyInfo)
    header = {"alg": "HS256", "typ": "JWT", "kid": kid}

    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    import hashlib
    import hmac

    signing_input = f"{b64(json.dumps(header).encode())}.{b64(json.dumps(claims).encode())}"
    signature = hmac.new(public_pem, signing_input.encode(), hashlib.sha256).digest()
    return f"{signing_input}.{b64(signature)}"


FOREIGN_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)

BAD_TOKENS = {
    "malformed": lambda: "not-a-jwt",
    "alg none": lambda: _unsigned(_claims()),
    "HS256 signed with the public key": lambda: _hs256_with_public_key(_claims()),
    "wrong issuer": lambda: _signed(_claims(iss="https://evil.example.com")),
    "wrong audience": lambda: _signed(_claims(aud="someone-else", client_id="someone-else")),
    "expired": lambda: _signed(_claims(exp=int(time.time()) - 3600, iat=int(time.time()) - 7200,
                                       nbf=int(time.time()) - 7200)),
    "not yet valid": lambda: _signed(_claims(nbf=int(time.time()) + 3600)),
    "signed by a foreign key": lambda: _signed(_claims(), key=FOREIGN_KEY),
    "unknown kid": lambda: _signed(_claims(), key=FOREIGN_KEY, kid="no-such-key"),
    "no kid": lambda: _signed(_claims(), kid=None),
}


@pytest.mark.parametrize("case", sorted(BAD_TOKENS))
def test_bad_token_is_refused_with_401(api, case):
    response = api.get("/auth/profile", headers={"Authorization": f"Bearer {BAD_TOKENS[case]()}"})
    assert response.status_code == 401, response.json
    assert response.json["statusCode"] == 401
    assert response.json["error"] == "Unauthorized"
    assert response.json["message"]


def test_missing_token_on_a_protected_route_is_401(api):
    response = api.get("/auth/profile")
    assert response.status_code == 401
    assert response.json == {"statusCode": 401, "message": "Sign-in required.", "error": "Unauthorized"}


def test_a_non_bearer_authorization_header_is_401(api):
    response = api.get("/auth/profile", headers={"Authorization": "Basic YWRtaW46YWRtaW4="})
    assert response.status_code == 401
    assert response.json["message"] == "Authorization header must be 'Bearer <token>'."


def test_a_token_issued_by_the_provider_is_accepted(api):
    response = api.get("/auth/profile", headers={"Authorization": f"Bearer {password_token('viewer')}"})
    assert response.status_code == 200
    assert response.json["email"] == "viewer@demo.openwater.example"


def test_a_correctly_signed_token_for_a_new_subject_provisions_the_user(api):
    claims = _claims(sub="c0ffee00-0000-4000-8000-00000000abcd", email="New.Person@Example.com", name="New Person")
    response = api.get("/auth/profile", headers={"Authorization": f"Bearer {_signed(claims)}"})
    assert response.status_code == 200
    assert response.json["id"] == "c0ffee00-0000-4000-8000-00000000abcd"
    assert response.json["email"] == "new.person@example.com"
    assert response.json["name"] == "New Person"
    assert response.json["systemRoles"] == []
    assert response.json["organizationRole"] is None
