"""Test-wide setup, before any test module imports the app (so the app's settings point here):
a real moto server on a loopback socket with infra/template.yaml deployed into it, and the local
identity provider as a real process."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools.processes import free_port, start_moto_server  # noqa: E402
from tests.support import identity  # noqa: E402

API_AUDIENCE = "owd-api"
_moto: dict = {}


def _start_services() -> None:
    """Runs when this file is imported: before any other conftest (such as tests/api/conftest.py,
    which imports the app when a sub-folder is run on its own) can read the settings."""
    # An endpoint given from outside (LocalStack: AWS_ENDPOINT_URL=http://localhost:4566) is used
    # as it is; otherwise a moto server of our own.
    url = os.environ.get("AWS_ENDPOINT_URL")
    if not url:
        process, url = start_moto_server(free_port())
        _moto.update(process=process, url=url)
    _moto["url"] = url
    from devtools import local_stack

    os.environ.update(local_stack.deploy(url))
    issuer = identity.start_identity_provider()
    os.environ.update({
        "STAGE": "local",
        "APP_VERSION": "0.1.0-test",
        "BUILD_TIME": "2026-11-22T00:00:00Z",
        "OIDC_ISSUER": issuer,
        "OIDC_AUDIENCE": API_AUDIENCE,
        "ADMIN_EMAILS": "admin@demo.openwater.example",
    })


_start_services()


def pytest_unconfigure(config):
    identity.stop_identity_provider()
    process = _moto.get("process")
    if process is not None:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def moto_url() -> str:
    return _moto["url"]
