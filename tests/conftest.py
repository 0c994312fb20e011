"""Test-wide setup, before any test module imports the app (so the app's settings point here):
the AWS stand-in chosen by ENGINE (devtools/engines.py: moto by default, LocalStack with DynamoDB Local
in `make test`) on a loopback socket with infra/template.yaml deployed into it, and the local identity
provider as a real process."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devtools import engines  # noqa: E402
from devtools.processes import free_port  # noqa: E402
from tests.support import identity  # noqa: E402

API_AUDIENCE = "owd-api"
_engine: dict = {}


def _start_services() -> None:
    """Runs when this file is imported: before any other conftest (such as tests/api/conftest.py,
    which imports the app when a sub-folder is run on its own) can read the settings."""
    # An endpoint given from outside (LocalStack: AWS_ENDPOINT_URL=http://localhost:4566) is used
    # as it is; otherwise a moto server of our own.
    url = os.environ.get("AWS_ENDPOINT_URL")
    if url:
        _engine["description"] = f"AWS stand-in: the endpoint given, {url}"
    else:
        engine = engines.start(engines.selected(), free_port())
        url = engine.url
        os.environ.update(engines.app_settings(engine.name))
        _engine.update(engine=engine, description=engine.describe())
    _engine["url"] = url
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


def pytest_report_header(config):
    return _engine["description"]


def pytest_unconfigure(config):
    identity.stop_identity_provider()
    engine = _engine.get("engine")
    if engine is not None:
        engine.stop()


@pytest.fixture(scope="session")
def aws_url() -> str:
    return _engine["url"]
