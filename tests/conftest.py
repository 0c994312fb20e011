"""Test-wide setup, before any test module imports the app (so the app's settings point here):
the AWS stand-in chosen by ENGINE (devtools/engines.py: moto by default, LocalStack with DynamoDB Local
in `make test`) on a loopback socket with infra/template.yaml deployed into it, and the local identity
provider as a real process.

`make test` runs the tests in two processes (pytest-xdist, `-n 2 --dist loadfile`: a file's tests stay
together): each has a stand-in and an identity provider of its own, so they share no data; the process that
hands out the tests starts none."""
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
    """Runs at configuration, before any test module is imported (no conftest imports the app at
    its own import: a sub-folder's conftest is imported before this runs)."""
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


def _hands_out_tests_only(config) -> bool:
    """Whether this process is pytest-xdist's controller, which runs no test itself."""
    return bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    if _hands_out_tests_only(config):
        return
    _start_services()
    if hasattr(config, "workeroutput"):  # said by the controller at the end (a worker's header is not shown)
        config.workeroutput["stand_in"] = _engine["description"]


def pytest_report_header(config):
    if _hands_out_tests_only(config):
        return f"AWS stand-in: one for each worker ({engines.selected()}), named at the end"
    return _engine["description"]


# The files that take longest (measured with --durations), run first: pytest-xdist gives a worker the next file
# when it ends one, so a long file taken last would leave the other worker idle for most of its length.
LONGEST_FIRST = (
    "tests/infra/test_packaged_template.py",  # packages the functions (about a minute)
    "tests/api/test_authorization_matrix.py",
    "tests/api/test_imports.py",
    "tests/api/test_import_malformed.py",
    "tests/unit/test_report_fonts_and_layout.py",
    "tests/api/test_wqp_activities.py",
    "tests/unit/test_api_messages_in_chinese.py",
    "tests/infra/test_engines.py",
)


def pytest_collection_modifyitems(session, config, items):
    """The longest files first, the others in their order (a file's tests stay together and in order)."""
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller keeps what each worker's stand-in was, to say it in the summary."""
    described = getattr(node, "workeroutput", {}).get("stand_in")
    if described:
        _engine.setdefault("workers", {})[node.gateway.id] = described


def pytest_terminal_summary(terminalreporter):
    for worker, described in sorted(_engine.get("workers", {}).items()):
        terminalreporter.write_line(f"{worker}: {described}")


def pytest_unconfigure(config):
    identity.stop_identity_provider()
    engine = _engine.get("engine")
    if engine is not None:
        engine.stop()


@pytest.fixture(scope="session")
def aws_url() -> str:
    return _engine["url"]
