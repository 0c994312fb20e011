"""The local OIDC provider in a background thread on a free loopback port, and helpers that walk
its browser flow with requests (no redirects followed, so each step can be checked)."""
from __future__ import annotations

import base64
import hashlib
import html
import re
import secrets
import threading
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from werkzeug.serving import make_server

from devtools.oidc import create_app

ACCESS_TOKEN_TTL = 120
APP_REDIRECT_URI = "http://127.0.0.1:5173/auth/callback"


@dataclass
class Provider:
    issuer: str

    def url(self, path: str) -> str:
        return f"{self.issuer}{path}"


@pytest.fixture(scope="session")
def provider(tmp_path_factory):
    server = make_server("127.0.0.1", 0, app=None, threaded=True)  # bind first: the port names the issuer
    issuer = f"http://127.0.0.1:{server.server_port}"
    server.app = create_app(issuer, ACCESS_TOKEN_TTL, key_file=tmp_path_factory.mktemp("oidc") / "key.pem")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Provider(issuer)
    server.shutdown()
    server.server_close()


@pytest.fixture
def browser() -> requests.Session:
    """A fresh cookie jar: one browser profile."""
    with requests.Session() as session:
        yield session


@dataclass
class Pkce:
    verifier: str
    challenge: str

    @classmethod
    def new(cls) -> "Pkce":
        verifier = secrets.token_urlsafe(48)
        digest = hashlib.sha256(verifier.encode("ascii")).digest()
        return cls(verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii"))


def authorization_params(pkce: Pkce, **overrides) -> dict:
    params = {
        "response_type": "code", "client_id": "spa", "redirect_uri": APP_REDIRECT_URI,
        "scope": "openid profile email", "state": secrets.token_urlsafe(8), "nonce": secrets.token_urlsafe(8),
        "code_challenge": pkce.challenge, "code_challenge_method": "S256",
    }
    params.update(overrides)
    return {key: value for key, value in params.items() if value is not None}


def sign_in_form(response: requests.Response) -> tuple[str, str]:
    """The sign-in form's action URL (relative) and CSRF token."""
    action = re.search(r'<form method="post" action="([^"]*)"', response.text)
    csrf = re.search(r'name="csrf_token" value="([^"]*)"', response.text)
    assert action and csrf, f"no sign-in form in: {response.text[:300]}"
    return html.unescape(action.group(1)), html.unescape(csrf.group(1))


def sign_in(browser: requests.Session, provider: Provider, params: dict, username: str = "viewer",
            password: str | None = None) -> requests.Response:
    page = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    assert page.status_code == 200, page.text
    action, csrf = sign_in_form(page)
    return browser.post(provider.url(action), allow_redirects=False, data={
        "csrf_token": csrf, "username": username, "password": username if password is None else password})


def redirect_params(response: requests.Response, part: str = "query") -> dict:
    assert response.status_code == 302, response.text
    location = urlsplit(response.headers["Location"])
    return {key: values[0] for key, values in parse_qs(getattr(location, part)).items()}


def exchange_code(provider: Provider, code: str, verifier: str | None, **overrides) -> requests.Response:
    data = {"grant_type": "authorization_code", "client_id": "spa", "code": code,
            "redirect_uri": APP_REDIRECT_URI, "code_verifier": verifier}
    data.update(overrides)
    return requests.post(provider.url("/token"), data={k: v for k, v in data.items() if v is not None}, timeout=10)


def code_flow_tokens(browser: requests.Session, provider: Provider, username: str = "viewer") -> dict:
    pkce = Pkce.new()
    code = redirect_params(sign_in(browser, provider, authorization_params(pkce), username))["code"]
    response = exchange_code(provider, code, pkce.verifier)
    assert response.status_code == 200, response.text
    return response.json()


def password_grant(provider: Provider, client_id: str = "cli", username: str = "viewer",
                   password: str | None = None) -> requests.Response:
    return requests.post(provider.url("/token"), timeout=10, data={
        "grant_type": "password", "client_id": client_id, "username": username,
        "password": username if password is None else password, "scope": "openid profile email"})
