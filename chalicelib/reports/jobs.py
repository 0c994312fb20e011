"""The queued report job (registered with the queue worker; imported by the worker only)."""
from chalicelib.reports import queue
from chalicelib.workers.jobs import job


@job(queue.JOB_TYPE)
def make_report(message: dict) -> None:
    queue.run(message["reportId"])
