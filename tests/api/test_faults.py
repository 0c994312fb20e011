"""What a client sees when things go wrong: a slow data store, a body over the limit, a list asked for
more than a page, a failure nobody foresaw. Always the JSON error shape, never a traceback or a hang."""
from __future__ import annotations

import logging
import math
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests

from devtools.processes import free_port, wait_until_up
from tests.api.imports_support import fresh_project

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_give_up_on_a_silent_data_store_before_api_gateway_does():
    from chalicelib.core.config import API_GATEWAY_TIMEOUT_SECONDS, STORE_ATTEMPTS, Settings

    worst = STORE_ATTEMPTS * (Settings.store_connect_timeout_seconds + Settings.store_read_timeout_seconds)
    assert worst < API_GATEWAY_TIMEOUT_SECONDS


def test_a_data_store_that_accepts_but_never_answers_is_a_quick_503():
    """chalice local against an endpoint that takes connections and never answers (a hung data store), with
    a 1 s read timeout: a 503 in the product's shape after the attempts, not a hang."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)
        port = free_port()
        env = {**os.environ, "AWS_ENDPOINT_URL": f"http://127.0.0.1:{silent.getsockname()[1]}",
               "AWS_READ_TIMEOUT_SECONDS": "1"}
        process = subprocess.Popen([str(Path(sys.executable).parent / "chalice"), "local", "--no-autoreload",
                                    "--stage", "local", "--port", str(port)], cwd=ROOT, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/api/v1/system/info", "chalice local", process)
            started = time.monotonic()
            response = requests.get(f"http://127.0.0.1:{port}/api/v1/station", timeout=30)
            seconds = time.monotonic() - started
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
    assert response.status_code == 503
    assert response.json() == {"statusCode": 503, "error": "Service Unavailable",
                               "message": "The data store is unavailable. Please try again shortly."}
    assert seconds < 10


def test_a_body_over_lambdas_limit_is_a_413_in_the_requests_language(api):
    body = b'{"name": "' + b"x" * (6 * 2**20) + b'"}'
    response = api.post("/contact", body)
    assert response.status_code == 413
    assert response.json == {"statusCode": 413, "error": "Request Entity Too Large",
                             "message": "Request body is too large. At most 6 MB is accepted."}
    chinese = api.as_("viewer").post("/dashboards", body, headers={"Accept-Language": "zh-CN"})
    assert (chinese.status_code, chinese.json["message"]) == (413, "请求正文过大：最多接受 6 MB。")


def test_a_list_asked_for_more_than_its_maximum_page_gets_the_maximum(api, demo):
    """A project with more imports than the history's maximum page (200): a page of 200, and the page count
    says there is more. The document names the maximum."""
    from chalicelib.core.models import utc_now
    from chalicelib.imports.models import ImportLog

    organization_id, project_id = fresh_project(api, demo["org"])
    with ImportLog.batch_write() as batch:
        for number in range(201):
            log_id = str(uuid.uuid4())
            batch.save(ImportLog(id=log_id, logId=log_id, projectId=project_id, organizationId=organization_id,
                                 fileName=f"file-{number}.csv", format="auto", status="done", uploadKey="none",
                                 createdBy="test", createdAt=utc_now()))
    path = f"/organization/{organization_id}/projects/{project_id}/import-history"
    page = api.as_("admin").get(f"{path}?limit=100000000&page=1")
    assert page.status_code == 200
    assert (page.json["count"], page.json["total"], page.json["pageCount"]) == (200, 201, math.ceil(201 / 200))
    assert len(page.json["data"]) == 200
    everything = api.as_("admin").get(f"{path}?limit=100000000")
    assert len(everything.json) == 200

    document = api.get("/openapi.json").json
    limit = next(p for p in document["paths"][f"/api/v1/organization/{{organizationId}}/projects/{{projectId}}"
                                              "/import-history"]["get"]["parameters"] if p["name"] == "limit")
    assert "at most 200" in limit["description"]


def test_every_list_that_takes_a_limit_documents_its_maximum_page(api):
    """Every list route is either a collection query (capped) or declares its limit's maximum."""
    document = api.get("/openapi.json").json
    lists = {f"{method.upper()} {path}": operation for path, operations in document["paths"].items()
             for method, operation in operations.items()
             if any(p["name"] == "limit" for p in operation.get("parameters", []))}
    assert "GET /api/v1/station" in lists and "GET /api/v1/user" in lists
    for name, operation in lists.items():
        # Capped ("at most N" in its description), or refused above the schema's maximum (a 400).
        limit = next(p for p in operation["parameters"] if p["name"] == "limit")
        assert "at most" in limit.get("description", "") or "maximum" in limit["schema"], name


@pytest.fixture
def error_log():
    """The records of the API's error log (powertools' Logger under the service's name)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    handler = Keep()
    logger = logging.getLogger(os.environ.get("POWERTOOLS_SERVICE_NAME", "open-water-data"))
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


def test_an_unforeseen_failure_is_a_500_whose_request_id_names_the_logged_traceback(api, monkeypatch, error_log):
    from chalicelib.system import service

    def broken():
        raise RuntimeError("a bug nobody foresaw")

    monkeypatch.setattr(service, "info", broken)
    response = api.get("/system/info")
    assert response.status_code == 500
    request_id = response.json.pop("requestId")
    assert response.json == {"statusCode": 500, "error": "Internal Server Error",
                             "message": "An internal server error occurred."}
    assert "a bug nobody foresaw" not in response.body.decode()
    logged = [r for r in error_log if getattr(r, "requestId", None) == request_id]
    assert len(logged) == 1
    assert logged[0].getMessage() == "unhandled error"
    assert logged[0].exc_info[1].args == ("a bug nobody foresaw",)
