"""Queue jobs of the imports domain: running (or resuming) a data import."""
from __future__ import annotations

from chalicelib.workers.jobs import job, remaining_ms


@job("import-data")
def import_data(message: dict) -> None:
    from aws_lambda_powertools import Logger

    from chalicelib.imports import telemetry, worker

    log = Logger(service="imports", child=False)
    log.set_correlation_id(message.get("logId"))
    metrics = telemetry.ImportMetrics()
    try:
        status = worker.run_import(message, remaining_ms, metrics)
        log.info("import job done", extra={"status": status, "receiveCount": message.get("receiveCount")})
    finally:
        metrics.flush()
