"""The API over real sockets as `make run` serves it (chalice local behind the local gateway): a short
schemathesis run of every operation of its OpenAPI document (0 server errors, 0 answers the document does not
allow), and API Gateway's own answers (unknown route, body over 10 MB) in the API's JSON error shape.
The long run is bench/schemathesis_run.py."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import requests
from werkzeug.serving import make_server

from devtools import api_contract, gateway
from devtools.processes import free_port, wait_until_up
from tests.api.conftest import password_token

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def stack_url(demo, tmp_path_factory):
    """chalice local on a free port (the session's settings and data) behind the local gateway."""
    api_port = free_port()
    process = subprocess.Popen([str(Path(sys.executable).parent / "chalice"), "local", "--no-autoreload",
                                "--stage", "local", "--host", "127.0.0.1", "--port", str(api_port)], cwd=ROOT,
                               env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    server = make_server("127.0.0.1", 0, gateway.create_app(tmp_path_factory.mktemp("site"),
                                                             f"http://127.0.0.1:{api_port}"), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        wait_until_up(f"http://127.0.0.1:{api_port}/api/v1/system/info", "chalice local", process, timeout=60)
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def test_generated_requests_get_no_server_error_and_only_documented_answers(stack_url):
    """One generated request (a fixed seed) as a signed-in viewer to every other operation of the document,
    in its order, within the suite's time budget; bench/schemathesis_run.py sends many to every operation."""
    schema = api_contract.load_schema(stack_url)
    operations = [(result.ok().method.upper(), result.ok().path) for result in schema.get_all_operations()]
    chosen = set(operations[::2]) - api_contract.NOT_EXPLORED
    outcome = api_contract.explore(stack_url, password_token("viewer"), identity="viewer", max_examples=1,
                                   keep=lambda method, path: (method, path) in chosen, schema=schema)
    assert outcome.requests == len(chosen) > 60
    assert not outcome.failures, "\n".join(api_contract.summary(outcome))


@pytest.mark.parametrize("authorization", [None, "Bearer not-a-real-token"])
def test_an_unknown_path_is_a_json_404_with_or_without_a_bearer_token(stack_url, authorization):
    headers = {"Authorization": authorization} if authorization else {}
    response = requests.post(f"{stack_url}/api/v1/no/such/path", headers=headers, timeout=30)
    assert response.status_code == 404
    assert response.json() == {"statusCode": 404, "message": "Cannot POST /api/v1/no/such/path", "error": "Not Found"}


def test_a_body_over_api_gateways_10_mb_is_a_json_413(stack_url):
    body = b'{"name": "' + b"x" * (12 * 2**20) + b'"}'
    response = requests.post(f"{stack_url}/api/v1/contact", data=body, headers={"Content-Type": "application/json"},
                             timeout=30)
    assert response.status_code == 413
    assert response.json() == {"statusCode": 413, "error": "Request Entity Too Large",
                               "message": "Request body is too large. At most 10 MB is accepted."}
