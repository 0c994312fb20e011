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


def queued_id(response, waiting: str) -> str:
    """The id of the answer a 303 says is queued; its Location is the waiting address `waiting`<id>, first attempt."""
    import json

    assert response.status_code == 303, response.body
    body = json.loads(response.body)
    assert body["status"] == "queued" and body["url"] == response.headers["Location"]
    assert response.headers["Location"] == f"{waiting}{body['id']}?attempt=1"
    return body["id"]


def work_until_ended(kind, answer_id: str, timeout: float = 60) -> None:
    """The queue worker, polled as Lambda's event source does, until the job of this queued answer has ended."""
    import time

    from chalicelib.core import queued_answers
    from tests.api.imports_support import run_worker

    deadline = time.monotonic() + timeout
    while queued_answers.load_status(kind, answer_id, not_found="not found")["status"] not in (
            queued_answers.SUCCEEDED, queued_answers.FAILED):
        assert time.monotonic() < deadline, f"the job of answer {answer_id} did not end within {timeout} s"
        run_worker()


def fetched_csv(response):
    """The CSV file a 303 to S3 points at, as S3 answers it."""
    import json

    import requests

    assert response.status_code == 303, response.body
    assert json.loads(response.body)["url"] == response.headers["Location"]
    fetched = requests.get(response.headers["Location"], timeout=30)
    assert fetched.status_code == 200
    assert fetched.headers["Content-Type"] == "text/csv; charset=utf-8"
    return fetched


def queued_then_waiting(api, asked: str, location: str, waiting: str) -> tuple[str, str]:
    """Asks `asked`, which must queue its answer (a 303 to `location`<id>, the waiting address `waiting`<id>), then
    asks the waiting address once: no worker has run, so after its wait it sends the caller on to the next attempt.
    The answer's id and the next attempt's path."""
    import json

    first = request(api, asked)
    answer_id = queued_id(first, location)
    path = next_path(first, asked)
    assert path == f"{waiting}{answer_id}?attempt=1"
    moved_on = request(api, path)
    assert moved_on.status_code == 303 and moved_on.headers["Retry-After"] == "1"
    assert json.loads(moved_on.body)["status"] == "queued"
    assert next_path(moved_on, path) == f"{waiting}{answer_id}?attempt=2"
    return answer_id, next_path(moved_on, path)
