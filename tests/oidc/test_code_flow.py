"""The browser flow of the SPA: sign-in page, code with PKCE S256, tokens verified with PyJWT."""
from __future__ import annotations

import time

import jwt
import pytest
import requests

from tests.oidc.conftest import (
    ACCESS_TOKEN_TTL,
    Pkce,
    authorization_params,
    exchange_code,
    redirect_params,
    sign_in,
)


def test_code_flow_with_pkce_yields_tokens_that_verify_against_the_jwks(browser, provider):
    pkce = Pkce.new()
    params = authorization_params(pkce)
    page = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    assert page.status_code == 200
    for text in ("Username", "Password", "Sign in", "Open Water Data"):
        assert text in page.text

    returned = redirect_params(sign_in(browser, provider, params, "contributor"))
    assert returned["state"] == params["state"]
    response = exchange_code(provider, returned["code"], pkce.verifier)
    assert response.status_code == 200, response.text
    tokens = response.json()
    assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == ACCESS_TOKEN_TTL
    assert tokens["refresh_token"] and set(tokens["scope"].split()) == {"openid", "profile", "email"}

    jwks = jwt.PyJWKClient(provider.url("/jwks"))
    kid = requests.get(provider.url("/jwks"), timeout=10).json()["keys"][0]["kid"]
    access_key = jwks.get_signing_key_from_jwt(tokens["access_token"])
    assert jwt.get_unverified_header(tokens["access_token"])["kid"] == kid
    access = jwt.decode(tokens["access_token"], access_key.key, algorithms=["RS256"], audience="owd-api",
                        issuer=provider.issuer, options={"require": ["exp", "iat", "nbf", "jti", "sub"]})
    assert access["client_id"] == "spa"
    assert access["sub"] == "5ef3caf6-e590-44a6-af3e-5d8e6a17162a"
    assert access["email"] == "contributor@demo.openwater.example" and access["email_verified"] is True
    assert access["name"] == "Carl Contributor" and access["preferred_username"] == "contributor"
    assert access["scope"] == tokens["scope"]
    assert access["exp"] - access["iat"] == ACCESS_TOKEN_TTL and abs(access["iat"] - time.time()) < 30

    assert jwt.get_unverified_header(tokens["id_token"])["kid"] == kid
    id_token = jwt.decode(tokens["id_token"], jwks.get_signing_key_from_jwt(tokens["id_token"]).key,
                          algorithms=["RS256"], audience="spa", issuer=provider.issuer)
    assert id_token["sub"] == access["sub"] and id_token["nonce"] == params["nonce"]
    assert id_token["email_verified"] is True and id_token["at_hash"] and id_token["auth_time"] <= time.time()


def test_fragment_response_mode_puts_the_code_in_the_fragment(browser, provider):
    pkce = Pkce.new()
    params = authorization_params(pkce, response_mode="fragment")
    response = sign_in(browser, provider, params)
    assert "code" not in redirect_params(response, "query")
    returned = redirect_params(response, "fragment")
    assert returned["state"] == params["state"]
    assert exchange_code(provider, returned["code"], pkce.verifier).status_code == 200


@pytest.mark.parametrize("verifier", ["wrong-" + "v" * 50, None, "short"], ids=["wrong", "missing", "malformed"])
def test_code_verifier_must_match_the_challenge(browser, provider, verifier):
    pkce = Pkce.new()
    code = redirect_params(sign_in(browser, provider, authorization_params(pkce)))["code"]
    response = exchange_code(provider, code, verifier)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_grant"


def test_authorization_without_code_challenge_is_refused(browser, provider):
    params = authorization_params(Pkce.new(), code_challenge=None, code_challenge_method=None)
    response = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    error = redirect_params(response)
    assert error["error"] == "invalid_request" and "PKCE" in error["error_description"]
    assert error["state"] == params["state"]


@pytest.mark.parametrize("method", ["plain", None], ids=["plain", "no-method-means-plain"])
def test_only_the_s256_method_is_accepted(browser, provider, method):
    pkce = Pkce.new()
    params = authorization_params(pkce, code_challenge=pkce.verifier, code_challenge_method=method)
    error = redirect_params(browser.get(provider.url("/authorize"), params=params, allow_redirects=False))
    assert error["error"] == "invalid_request" and "S256" in error["error_description"]


def test_a_code_is_good_for_one_exchange_only(browser, provider):
    pkce = Pkce.new()
    code = redirect_params(sign_in(browser, provider, authorization_params(pkce)))["code"]
    assert exchange_code(provider, code, pkce.verifier).status_code == 200
    again = exchange_code(provider, code, pkce.verifier)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"


def test_a_code_is_bound_to_its_redirect_uri_and_client(browser, provider):
    pkce = Pkce.new()
    code = redirect_params(sign_in(browser, provider, authorization_params(pkce)))["code"]
    other_uri = exchange_code(provider, code, pkce.verifier, redirect_uri="http://127.0.0.1:5173/other")
    assert other_uri.status_code == 400 and other_uri.json()["error"] == "invalid_grant"
    other_client = exchange_code(provider, code, pkce.verifier, client_id="cli")
    assert other_client.status_code == 400 and other_client.json()["error"] in ("invalid_grant", "unauthorized_client")


def test_wrong_password_shows_the_error_on_the_sign_in_page(browser, provider):
    response = sign_in(browser, provider, authorization_params(Pkce.new()), "viewer", password="nope")
    assert response.status_code == 200
    assert "Invalid username or password." in response.text
    assert 'value="viewer"' in response.text, "the username is kept for another try"


def test_sign_in_form_without_its_csrf_token_is_refused(browser, provider):
    params = authorization_params(Pkce.new())
    browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    response = browser.post(provider.url("/authorize"), params=params, allow_redirects=False,
                            data={"username": "viewer", "password": "viewer"})
    assert response.status_code == 400 and "expired" in response.text


@pytest.mark.parametrize("redirect_uri", [
    "http://evil.example/callback",
    "https://127.0.0.1.evil.example/callback",
    "http://127.0.0.1@evil.example/callback",
    "http://evil.example\\@127.0.0.1/callback",
    "javascript://127.0.0.1/%0aalert(1)",
    "http://127.0.0.1:5173/callback#fragment",
    "ftp://127.0.0.1/callback",
])
def test_non_loopback_redirect_uris_are_refused_without_redirecting(browser, provider, redirect_uri):
    response = browser.get(provider.url("/authorize"), allow_redirects=False,
                           params=authorization_params(Pkce.new(), redirect_uri=redirect_uri))
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_request"
    assert "Location" not in response.headers


@pytest.mark.parametrize("redirect_uri", [
    "http://localhost:3000/cb", "http://127.0.0.1:49152/silent-renew.html?x=1", "http://[::1]:8080/cb"])
def test_loopback_redirect_uris_on_any_port_are_accepted(browser, provider, redirect_uri):
    response = browser.get(provider.url("/authorize"), allow_redirects=False,
                           params=authorization_params(Pkce.new(), redirect_uri=redirect_uri))
    assert response.status_code == 200 and "Sign in" in response.text
