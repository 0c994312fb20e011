"""Test-wide setup: a real moto server on a loopback socket with the infra template deployed into it.

It starts before any test module imports the app, so the app's settings point at it.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools.processes import free_port, start_moto_server  # noqa: E402

_moto: dict = {}


def pytest_configure(config):
    port = free_port()
    process, url = start_moto_server(port)
    _moto.update(process=process, url=url)
    from devtools import local_stack

    os.environ.update(local_stack.deploy(url))
    os.environ.update({
        "STAGE": "test",
        "APP_VERSION": "0.1.0-test",
        "BUILD_TIME": "2026-11-22T00:00:00Z",
    })


def pytest_unconfigure(config):
    process: subprocess.Popen | None = _moto.get("process")
    if process is not None:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def moto_url() -> str:
    return _moto["url"]
