"""Job handlers run by the queue worker, registered by job type.

A domain registers its handler (e.g. the data import) with `@job("import-data")`; the worker looks the
handler up from the message's `type` field.
"""
from __future__ import annotations

import contextlib
import contextvars
import importlib
from typing import Callable

# Modules that register job handlers; imported by the worker only, so API cold starts stay small.
JOB_MODULES = ("chalicelib.statistics.jobs", "chalicelib.imports.jobs", "chalicelib.reports.jobs",
               "chalicelib.timeseries.jobs", "chalicelib.wqp.jobs", "chalicelib.samples.jobs",
               "chalicelib.organizations.jobs")

JobHandler = Callable[[dict], None]
_handlers: dict[str, JobHandler] = {}
_context: contextvars.ContextVar = contextvars.ContextVar("lambda_context", default=None)
# Without a Lambda context (a job run by hand), as much time as Lambda's longest invocation.
DEFAULT_REMAINING_MS = 900_000


class UnknownJob(LookupError):
    pass


def job(job_type: str) -> Callable[[JobHandler], JobHandler]:
    def register(handler: JobHandler) -> JobHandler:
        _handlers[job_type] = handler
        return handler

    return register


def load_handlers() -> None:
    for module in JOB_MODULES:
        importlib.import_module(module)


def known_types() -> frozenset[str]:
    load_handlers()
    return frozenset(_handlers)


def run(message: dict) -> None:
    load_handlers()
    job_type = message.get("type")
    handler = _handlers.get(job_type)
    if handler is None:
        raise UnknownJob(f"No handler for job type {job_type!r}")
    handler(message)


@contextlib.contextmanager
def lambda_context(context):
    """Jobs run inside this block can ask how much of the invocation's time is left."""
    token = _context.set(context)
    try:
        yield
    finally:
        _context.reset(token)


def remaining_ms() -> int:
    context = _context.get()
    if context is None or not hasattr(context, "get_remaining_time_in_millis"):
        return DEFAULT_REMAINING_MS
    return int(context.get_remaining_time_in_millis())
