"""Requests whose answers are redirects (queued answers: /wqp/answers, /sampleValueAnswers), read as a client
following them would."""
from __future__ import annotations

from urllib.parse import urljoin, urlsplit


def request(api, path: str, identity: str = "anonymous", method: str = "GET", headers: dict | None = None):
    """The answer as it came (not followed, whatever its body)."""
    caller = api.as_(identity)
    return caller.client.http.request(method, f"/api/v1{path}", headers={**caller.headers(), **(headers or {})})


def next_path(response, asked: str) -> str:
    """The API path a redirect names (relative to the address asked), without /api/v1."""
    target = urljoin(f"http://api.example/api/v1{asked}", response.headers["Location"])
    parts = urlsplit(target)
    return parts.path.removeprefix("/api/v1") + (f"?{parts.query}" if parts.query else "")
