"""The queued sample-value download (registered with the queue worker; imported by the worker only)."""
from chalicelib.samples import answers
from chalicelib.workers.jobs import job


@job(answers.JOB_TYPE)
def write_download(message: dict) -> None:
    answers.run(message["answerId"])
