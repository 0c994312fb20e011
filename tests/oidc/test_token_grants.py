"""Refresh token rotation, the password grant (cli only) and /userinfo."""
from __future__ import annotations

import jwt
import requests

from tests.oidc.conftest import code_flow_tokens, password_grant


def refresh(provider, refresh_token: str, client_id: str = "spa") -> requests.Response:
    return requests.post(provider.url("/token"), timeout=10, data={
        "grant_type": "refresh_token", "client_id": client_id, "refresh_token": refresh_token})


def claims(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


def test_refresh_tokens_rotate_and_a_used_one_is_refused(browser, provider):
    first = code_flow_tokens(browser, provider)
    response = refresh(provider, first["refresh_token"])
    assert response.status_code == 200, response.text
    second = response.json()
    assert second["refresh_token"] != first["refresh_token"]
    assert second["access_token"] != first["access_token"]
    # The new ID token belongs to the same sign-in: same subject, audience and auth_time, no nonce.
    old_id, new_id = claims(first["id_token"]), claims(second["id_token"])
    assert (new_id["sub"], new_id["aud"], new_id["auth_time"]) == (old_id["sub"], old_id["aud"], old_id["auth_time"])
    assert "nonce" not in new_id

    reused = refresh(provider, first["refresh_token"])
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    assert refresh(provider, second["refresh_token"]).status_code == 200


def test_a_refresh_token_works_only_for_its_own_client(browser, provider):
    tokens = code_flow_tokens(browser, provider)
    response = refresh(provider, tokens["refresh_token"], client_id="cli")
    assert response.status_code == 400 and response.json()["error"] == "invalid_grant"


def test_password_grant_issues_tokens_to_the_cli_client(provider):
    response = password_grant(provider, "cli", "orgadmin")
    assert response.status_code == 200, response.text
    tokens = response.json()
    access = claims(tokens["access_token"])
    assert access["aud"] == "owd-api" and access["client_id"] == "cli" and access["iss"] == provider.issuer
    assert access["preferred_username"] == "orgadmin" and access["email"] == "orgadmin@demo.openwater.example"
    assert claims(tokens["id_token"])["aud"] == "cli"
    assert refresh(provider, tokens["refresh_token"], client_id="cli").status_code == 200


def test_password_grant_without_scope_gets_the_default_scope(provider):
    response = requests.post(provider.url("/token"), timeout=10, data={
        "grant_type": "password", "client_id": "cli", "username": "viewer", "password": "viewer"})
    assert response.status_code == 200
    assert response.json()["scope"] == "openid profile email"


def test_password_grant_is_refused_for_the_spa(provider):
    response = password_grant(provider, "spa", "admin")
    assert response.status_code == 400 and response.json()["error"] == "unauthorized_client"


def test_password_grant_with_a_wrong_password_is_an_invalid_grant(provider):
    response = password_grant(provider, "cli", "admin", password="admin2")
    assert response.status_code == 400
    assert response.json() == {"error": "invalid_grant", "error_description": "Invalid username or password."}


def test_userinfo_returns_the_users_claims_for_a_valid_access_token(browser, provider):
    tokens = code_flow_tokens(browser, provider, "admin")
    response = requests.get(provider.url("/userinfo"), timeout=10,
                            headers={"Authorization": f"Bearer {tokens['access_token']}"})
    assert response.status_code == 200, response.text
    assert response.json() == {
        "sub": "cb0a684b-c9af-40e5-b1d4-b756f713f1be", "email": "admin@demo.openwater.example",
        "email_verified": True, "name": "Ada Admin", "preferred_username": "admin"}


def test_userinfo_refuses_missing_forged_and_id_tokens(browser, provider):
    tokens = code_flow_tokens(browser, provider)
    for headers in ({}, {"Authorization": "Bearer not-a-jwt"}, {"Authorization": "Bearer"},
                    {"Authorization": f"Bearer {tokens['id_token']}"},  # wrong audience
                    {"Authorization": f"Bearer {tokens['access_token'][:-4]}AAAA"}):  # bad signature
        response = requests.get(provider.url("/userinfo"), headers=headers, timeout=10)
        assert response.status_code in (400, 401), (headers, response.text)
        assert "error" in response.json()
