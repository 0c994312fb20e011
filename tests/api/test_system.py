"""System information, application entries, and the JSON error shape."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import requests

from devtools.processes import free_port, wait_until_up


def test_system_info_names_the_running_api(api):
    response = api.get("/system/info")
    assert response.status_code == 200
    assert response.json["name"] == "Open Water Data"
    assert response.json["version"] == os.environ["APP_VERSION"]
    assert response.json["buildTime"] == os.environ["BUILD_TIME"]
    assert response.json["stage"]


def test_applications_include_the_default_demo_entry(api):
    entries = api.get("/applications").json
    demo = next(e for e in entries if e["key"] == "demo")
    assert demo["views"], "the demo application has views"
    for view in demo["views"]:
        assert set(view) == {"name", "component", "config", "widgets"}


def test_registering_an_application_key_twice_is_refused():
    from chalicelib.applications.service import ApplicationRegistry, DuplicateApplication

    registry = ApplicationRegistry()
    registry.register({"key": "water", "views": []})
    try:
        registry.register({"key": "water", "views": []})
    except DuplicateApplication as error:
        assert str(error) == "default config already exist with key: water"
    else:
        raise AssertionError("a duplicate key was accepted")


def test_the_api_answers_503_json_when_the_data_store_is_down():
    """chalice local pointed at a port where nothing listens: a clear 503, quickly, never a trace."""
    port, dead = free_port(), free_port()
    env = {**os.environ, "AWS_ENDPOINT_URL": f"http://127.0.0.1:{dead}"}
    chalice = os.path.join(os.path.dirname(sys.executable), "chalice")
    process = subprocess.Popen([chalice, "local", "--no-autoreload", "--stage", "local", "--port", str(port)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/v1/system/info", "API", process)
        started = time.monotonic()
        response = requests.get(f"http://127.0.0.1:{port}/api/v1/organization", timeout=60)
        assert time.monotonic() - started < 30
        assert response.status_code == 503
        assert response.json() == {"statusCode": 503, "error": "Service Unavailable",
                                   "message": "The data store is unavailable. Please try again shortly."}
    finally:
        process.terminate()
        process.wait(timeout=10)
