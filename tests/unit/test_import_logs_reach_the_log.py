"""A walk's imports failed five times and left no line in any log: the import job's Powertools Logger, named
"imports", filters out on the root logger's handlers the records of every logger whose name contains its service
name, so chalicelib.imports.* and chalicelib.workers.imports ("job failed", "failed on its last delivery") said
nothing, locally or in CloudWatch."""
from __future__ import annotations

import io
import logging

import pytest


@pytest.fixture
def root_stream():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)  # a plain handler, as Lambda's and `make run`'s are (not pytest's)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield stream
    finally:
        root.removeHandler(handler)


def test_the_import_modules_log_lines_reach_the_log_once_the_job_s_logger_is_made(root_stream):
    from chalicelib.imports import jobs

    jobs.job_logger()
    for name in ("chalicelib.workers.imports", "chalicelib.imports.worker"):
        logging.getLogger(name).error("job failed: message m-1 (%s)", name)
    written = root_stream.getvalue()
    assert "job failed: message m-1 (chalicelib.workers.imports)" in written
    assert "job failed: message m-1 (chalicelib.imports.worker)" in written


def test_no_module_s_logger_is_named_within_a_powertools_service_name():
    """Every module that logs by its own name keeps its lines: no Powertools service name is part of its name (the
    filter compares names by substring; a Logger made once in a process is not filtered again, so the test above
    proves it only in a fresh process)."""
    from pathlib import Path

    from chalicelib.imports import jobs

    root = Path(__file__).resolve().parents[2]
    services = {jobs.LOG_SERVICE, "open-water-data"}  # the API's (chalicelib/core/http.py)
    modules = [".".join(path.relative_to(root).with_suffix("").parts)
               for path in (root / "chalicelib").rglob("*.py") if "getLogger(__name__)" in path.read_text()]
    assert "chalicelib.workers.imports" in modules
    assert [(module, service) for module in modules for service in services if service in module] == []


def test_a_message_that_is_no_job_is_logged_as_it_fails(caplog):
    from types import SimpleNamespace

    from chalicelib.workers import imports

    with pytest.raises(ValueError), caplog.at_level(logging.ERROR, logger="chalicelib.workers.imports"):
        imports._run(SimpleNamespace(body="this is not a job", message_id="m-2"))
    assert "job failed: message m-2 is no job" in caplog.text
