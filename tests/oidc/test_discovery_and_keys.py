"""Discovery, the JWKS, the key file, CORS and the demo users."""
from __future__ import annotations

import requests
from authlib.oidc.discovery import OpenIDProviderMetadata

from devtools.oidc import create_app, demo_users
from devtools.oidc.keys import load_or_create_signing_key, read_key_file


def test_discovery_describes_the_provider(provider):
    metadata = requests.get(provider.url("/.well-known/openid-configuration"), timeout=10).json()
    assert metadata["issuer"] == provider.issuer
    for name, path in [("authorization_endpoint", "/authorize"), ("token_endpoint", "/token"),
                       ("userinfo_endpoint", "/userinfo"), ("jwks_uri", "/jwks"),
                       ("end_session_endpoint", "/logout")]:
        assert metadata[name] == provider.url(path)
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert {"query", "fragment"} <= set(metadata["response_modes_supported"])
    assert set(metadata["grant_types_supported"]) == {"authorization_code", "refresh_token", "password",
                                                      "client_credentials"}
    assert metadata["id_token_signing_alg_values_supported"] == ["RS256"]
    assert set(metadata["scopes_supported"]) == {"openid", "profile", "email", "offline_access"}
    assert "check_session_iframe" not in metadata
    OpenIDProviderMetadata(metadata).validate()


def test_jwks_publishes_one_public_rs256_key_with_its_kid(provider):
    keys = requests.get(provider.url("/jwks"), timeout=10).json()["keys"]
    assert len(keys) == 1
    key = keys[0]
    assert key["kty"] == "RSA" and key["alg"] == "RS256" and key["use"] == "sig" and key["kid"]
    assert not {"d", "p", "q", "dp", "dq", "qi"} & set(key), "private parts must never be published"


def test_key_file_keeps_the_key_and_kid_across_restarts(tmp_path):
    key_file = tmp_path / "keys" / "oidc.pem"
    first = load_or_create_signing_key(key_file)
    assert key_file.stat().st_mode & 0o077 == 0, "the private key file is readable by its owner only"
    assert load_or_create_signing_key(key_file).kid == first.kid
    assert read_key_file(key_file).public_jwks() == first.public_jwks()
    assert load_or_create_signing_key(None).kid != first.kid


def test_app_keyed_from_a_file_serves_that_key(tmp_path):
    key_file = tmp_path / "oidc.pem"
    app = create_app("http://127.0.0.1:9", key_file=key_file)
    served = app.test_client().get("/jwks").get_json()
    assert served == read_key_file(key_file).public_jwks()


def test_cors_answers_loopback_origins_only(provider):
    allowed = requests.options(provider.url("/token"), timeout=10, headers={
        "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "http://localhost:5173"
    assert "POST" in allowed.headers["Access-Control-Allow-Methods"]
    refused = requests.get(provider.url("/jwks"), headers={"Origin": "http://evil.example"}, timeout=10)
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_extra_redirect_origins_are_trusted_exactly():
    app = create_app("http://127.0.0.1:9", redirect_origins=["http://devbox.lan:5173/"])
    client = app.test_client()
    assert client.get("/jwks", headers={"Origin": "http://devbox.lan:5173"}).headers[
        "Access-Control-Allow-Origin"] == "http://devbox.lan:5173"
    assert "Access-Control-Allow-Origin" not in client.get("/jwks", headers={"Origin": "http://devbox.lan:5174"}).headers


def test_demo_users():
    users = {user["username"]: user for user in demo_users()}
    assert set(users) == {"admin", "orgadmin", "contributor", "viewer", "outsider"}
    assert users["admin"]["name"] == "Ada Admin" and users["outsider"]["name"] == "Otto Outsider"
    for username, user in users.items():
        assert user["password"] == username
        assert user["email"] == f"{username}@demo.openwater.example"
    assert len({user["sub"] for user in users.values()}) == 5


def test_a_token_signed_with_the_key_file_pem_verifies_against_the_served_jwks(tmp_path):
    # How other tests forge tokens on purpose: read the provider's key file and sign with PyJWT.
    import jwt

    key_file = tmp_path / "oidc.pem"
    served = create_app("http://127.0.0.1:9", key_file=key_file).test_client().get("/jwks").get_json()
    signing_key = read_key_file(key_file)
    token = jwt.encode({"sub": "someone"}, signing_key.private_pem(), algorithm="RS256",
                       headers={"kid": signing_key.kid})
    public = jwt.PyJWKSet.from_dict(served)[signing_key.kid]
    assert jwt.decode(token, public.key, algorithms=["RS256"])["sub"] == "someone"
