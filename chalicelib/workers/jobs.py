"""Job handlers run by the queue worker, registered by job type.

A domain registers its handler (e.g. the data import) with `@job("import-data")`; the worker looks the
handler up from the message's `type` field.
"""
from __future__ import annotations

from typing import Callable

JobHandler = Callable[[dict], None]
_handlers: dict[str, JobHandler] = {}


class UnknownJob(LookupError):
    pass


def job(job_type: str) -> Callable[[JobHandler], JobHandler]:
    def register(handler: JobHandler) -> JobHandler:
        _handlers[job_type] = handler
        return handler

    return register


def run(message: dict) -> None:
    job_type = message.get("type")
    handler = _handlers.get(job_type)
    if handler is None:
        raise UnknownJob(f"No handler for job type {job_type!r}")
    handler(message)
