"""The provider's own session: silent sign-in (prompt=none), prompt=login, and logout."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.oidc.conftest import (
    APP_REDIRECT_URI,
    Pkce,
    authorization_params,
    code_flow_tokens,
    exchange_code,
    redirect_params,
)


def test_prompt_none_without_a_session_returns_login_required(browser, provider):
    params = authorization_params(Pkce.new(), prompt="none")
    response = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    assert response.headers["Location"].startswith(APP_REDIRECT_URI)
    error = redirect_params(response)
    assert error["error"] == "login_required" and error["state"] == params["state"]


def test_prompt_none_error_follows_the_fragment_response_mode(browser, provider):
    params = authorization_params(Pkce.new(), prompt="none", response_mode="fragment")
    response = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    assert redirect_params(response, "fragment")["error"] == "login_required"


def test_prompt_none_with_a_session_signs_in_silently(browser, provider):
    first = code_flow_tokens(browser, provider, "orgadmin")
    pkce = Pkce.new()
    params = authorization_params(pkce, prompt="none")
    silent = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    returned = redirect_params(silent)
    assert returned["state"] == params["state"] and "error" not in returned
    tokens = exchange_code(provider, returned["code"], pkce.verifier).json()
    assert tokens["access_token"] and tokens["id_token"] != first["id_token"]


def test_a_session_skips_the_form_unless_prompt_login_asks_for_it(browser, provider):
    code_flow_tokens(browser, provider)
    again = browser.get(provider.url("/authorize"), params=authorization_params(Pkce.new()), allow_redirects=False)
    assert "code" in redirect_params(again)
    forced = browser.get(provider.url("/authorize"), allow_redirects=False,
                         params=authorization_params(Pkce.new(), prompt="login"))
    assert forced.status_code == 200 and "Sign in" in forced.text


def test_logout_ends_the_session_and_returns_to_the_app_with_state(browser, provider):
    tokens = code_flow_tokens(browser, provider)
    response = browser.get(provider.url("/logout"), allow_redirects=False, params={
        "id_token_hint": tokens["id_token"], "post_logout_redirect_uri": "http://127.0.0.1:5173/signed-out",
        "state": "bye"})
    assert response.status_code == 302
    location = urlsplit(response.headers["Location"])
    assert (location.netloc, location.path, location.query) == ("127.0.0.1:5173", "/signed-out", "state=bye")

    silent = browser.get(provider.url("/authorize"), allow_redirects=False,
                         params=authorization_params(Pkce.new(), prompt="none"))
    assert redirect_params(silent)["error"] == "login_required"


def test_logout_without_a_redirect_shows_signed_out(browser, provider):
    code_flow_tokens(browser, provider)
    response = browser.get(provider.url("/logout"), allow_redirects=False)
    assert response.status_code == 200 and "You are signed out." in response.text
    silent = browser.get(provider.url("/authorize"), allow_redirects=False,
                         params=authorization_params(Pkce.new(), prompt="none"))
    assert redirect_params(silent)["error"] == "login_required"


@pytest.mark.parametrize("hint", ["valid", "garbage"])
def test_logout_never_redirects_off_the_machine_or_on_an_invalid_hint(browser, provider, hint):
    tokens = code_flow_tokens(browser, provider)
    target = "https://evil.example/" if hint == "valid" else "http://127.0.0.1:5173/signed-out"
    response = browser.get(provider.url("/logout"), allow_redirects=False, params={
        "id_token_hint": tokens["id_token"] if hint == "valid" else "x.y.z", "post_logout_redirect_uri": target})
    assert response.status_code == 200 and "You are signed out." in response.text
