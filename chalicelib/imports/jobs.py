"""Queue jobs of the imports domain: running (or resuming) a data import; recounting the summaries of one that ended
without them."""
from __future__ import annotations

from chalicelib.workers.jobs import job, remaining_ms


# The service the import job's structured log lines name. Not "imports": Powertools' Logger filters out, on every
# handler of the root logger, the records of any logger whose name *contains* its service name, which silenced every
# line of chalicelib.imports.* and chalicelib.workers.imports (a walk's failing imports left no line in any log).
LOG_SERVICE = "import-job"


def job_logger():
    """The import job's Powertools Logger (structured JSON lines, the logId as correlation id)."""
    from aws_lambda_powertools import Logger

    return Logger(service=LOG_SERVICE, child=False)


@job("import-data")
def import_data(message: dict) -> None:
    from chalicelib.imports import telemetry, worker

    log = job_logger()
    log.set_correlation_id(message.get("logId"))
    metrics = telemetry.ImportMetrics()
    try:
        status = worker.run_import(message, remaining_ms, metrics)
        log.info("import job done", extra={"status": status, "receiveCount": message.get("receiveCount")})
    finally:
        metrics.flush()


# Queued when an import ended with its rows written but without its summaries (worker.ImportJob.finalize).
SUMMARIES_RECOUNT_JOB = "import-summaries"


@job(SUMMARIES_RECOUNT_JOB)
def recount_import_summaries(message: dict) -> None:
    from chalicelib.imports import worker

    log = job_logger()
    log.set_correlation_id(message.get("logId"))
    log.info("import summaries recounted" if worker.recount_summaries(message) else "import summaries: nothing to recount",
             extra={"receiveCount": message.get("receiveCount")})
