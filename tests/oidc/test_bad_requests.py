"""Bad input gets a clear 4xx in OAuth 2 JSON form, never a 500."""
from __future__ import annotations

import pytest
import requests

from tests.oidc.conftest import Pkce, authorization_params

TOKEN_REQUESTS = [
    {},
    {"grant_type": "implicit"},
    {"grant_type": "client_credentials", "client_id": "cli"},
    {"grant_type": "password", "client_id": "nobody", "username": "admin", "password": "admin"},
    {"grant_type": "password", "client_id": "cli"},
    {"grant_type": "authorization_code", "client_id": "spa"},
    {"grant_type": "authorization_code", "client_id": "spa", "code": "nope", "code_verifier": "v" * 43},
    {"grant_type": "refresh_token", "client_id": "spa"},
    {"grant_type": "refresh_token", "client_id": "spa", "refresh_token": "\"\\é"},
    {"grant_type": "password", "client_id": "cli", "username": "admin", "password": "admin", "scope": "admin"},
    {"grant_type": "\"quoted\\", "client_id": "cli"},
]


@pytest.mark.parametrize("data", TOKEN_REQUESTS)
def test_bad_token_requests_get_oauth_errors(provider, data):
    response = requests.post(provider.url("/token"), data=data, timeout=10)
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["error"]


def test_token_endpoint_with_odd_client_authentication(provider):
    for headers in ({"Authorization": "Basic !!!"}, {"Authorization": "Basic Y2xpOnNlY3JldA=="},
                    {"Content-Type": "application/json"}):
        response = requests.post(provider.url("/token"), headers=headers, timeout=10,
                                 data='{"grant_type": "password"}' if "Content-Type" in headers else
                                 {"grant_type": "password", "client_id": "cli", "username": "a", "password": "a"})
        assert 400 <= response.status_code < 500, response.text
        assert response.json()["error"]


@pytest.mark.parametrize("overrides", [
    {"client_id": None},
    {"client_id": "nobody"},
    {"redirect_uri": None},
    {"redirect_uri": 'http://evil.example/"\\é'},
    {"response_type": "token"},
    {"response_type": '"\\'},
    {"response_mode": "form_post"},
    {"scope": "openid admin"},
    {"prompt": "none login"},
    {"code_challenge": "too-short", "code_challenge_method": "S256"},
])
def test_bad_authorization_requests_get_oauth_errors(provider, overrides):
    response = requests.get(provider.url("/authorize"), allow_redirects=False,
                            params=authorization_params(Pkce.new(), **overrides))
    assert response.status_code in (302, 400, 401), response.text
    if response.status_code == 302:
        assert "error=" in response.headers["Location"]
    else:
        assert response.json()["error"]


def test_unknown_paths_and_methods_answer_json(provider):
    missing = requests.get(provider.url("/nope"), timeout=10)
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    wrong_method = requests.get(provider.url("/token"), timeout=10)
    assert wrong_method.status_code == 405 and wrong_method.json()["error"] == "method_not_allowed"
