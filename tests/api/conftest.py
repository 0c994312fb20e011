"""API tests: the Chalice app through Chalice's test client, backed by the moto server of
tests/conftest.py, with tokens issued by the real local identity provider (password grant, cli client)."""
from __future__ import annotations

import json
import time
import uuid

import pytest
import requests
from chalice.test import Client

from tests.support.identity import identity_provider_url

IDENTITIES = ("anonymous", "viewer", "contributor", "orgadmin", "other_orgadmin", "admin")
# The user who plays "group-admin of another organization" in the authorization matrix.
OTHER_ORGADMIN_USERNAME = "outsider"


# A token is asked for again this long before it expires: the provider's tokens live 5 minutes, and a suite run
# on a busy machine outlasts them (its late tests had answered "Token expired.").
TOKEN_MARGIN_SECONDS = 60
_tokens: dict[str, tuple[str, float]] = {}


def password_token(username: str) -> str:
    """A bearer token of `username` (password grant), the same one until it nears its expiry."""
    token, renew_at = _tokens.get(username, ("", 0.0))
    if time.monotonic() < renew_at:
        return token
    response = requests.post(f"{identity_provider_url()}/token", data={
        "grant_type": "password", "client_id": "cli", "username": username, "password": username,
        "scope": "openid profile email"}, timeout=10)
    response.raise_for_status()
    answer = response.json()
    _tokens[username] = (answer["access_token"],
                         time.monotonic() + max(0, int(answer.get("expires_in", 0)) - TOKEN_MARGIN_SECONDS))
    return answer["access_token"]


def _json_or_none(body):
    """The answer's JSON; None for no body or another kind (a CSV download)."""
    try:
        return json.loads(body) if body else None
    except ValueError:
        return None


class Api:
    """A small wrapper: JSON bodies in and out, a bearer token per identity."""

    def __init__(self, client: Client, identity: str = "anonymous"):
        self.client = client
        self.identity = identity

    def as_(self, identity: str) -> "Api":
        return Api(self.client, identity)

    def headers(self) -> dict:
        headers = {"Content-Type": "application/json"}
        if self.identity != "anonymous":
            username = OTHER_ORGADMIN_USERNAME if self.identity == "other_orgadmin" else self.identity
            headers["Authorization"] = f"Bearer {password_token(username)}"
        return headers

    def request(self, method: str, path: str, body=None, headers: dict | None = None):
        """`body` is sent as JSON; bytes are sent as they are (a multipart form, with its Content-Type in headers)."""
        data = body if isinstance(body, bytes) or body is None else json.dumps(body)
        response = self.client.http.request(method, f"/api/v1{path}", body=data,
                                            headers={**self.headers(), **(headers or {})})
        response.json = _json_or_none(response.body)
        return response

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body, **kw)

    def put(self, path, body=None, **kw):
        return self.request("PUT", path, body, **kw)

    def patch(self, path, body=None, **kw):
        return self.request("PATCH", path, body, **kw)

    def delete(self, path, **kw):
        return self.request("DELETE", path, **kw)


@pytest.fixture(scope="session")
def demo() -> dict:
    """The demo data of `make run`, plus a second organization whose group-admin is the outsider."""
    from devtools import seed  # the app's modules read the settings when imported (tests/conftest.py)

    seed.seed(stations=60)  # generated stations: a few keep the suite fast
    ids = {u["username"]: u["sub"] for u in seed.demo_users()}
    from chalicelib.organizations import service as organizations

    other = organizations.create({"name": f"Other organization {uuid.uuid4().hex[:6]}"})
    organizations.set_member_role(other.id, ids[OTHER_ORGADMIN_USERNAME], "group-admin")
    return {"org": seed.DEMO_ORGANIZATION_ID, "other_org": other.id, "users": ids}


@pytest.fixture(scope="session")
def api(demo) -> Api:
    import app

    with Client(app.app, stage_name="local") as client:
        yield Api(client)


@pytest.fixture
def settings_env(monkeypatch):
    """Sets settings through their environment variables for one test (`settings_env(NAME=value, ...)`): read
    again at once, and as they were once the test is over."""
    from chalicelib.core.config import get_settings

    def set_settings(**values) -> None:
        for name, value in values.items():
            monkeypatch.setenv(name, str(value))
        get_settings.cache_clear()

    yield set_settings
    monkeypatch.undo()
    get_settings.cache_clear()
