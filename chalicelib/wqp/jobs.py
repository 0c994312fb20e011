"""The queued WQP answer (registered with the queue worker; imported by the worker only)."""
from chalicelib.workers.jobs import job
from chalicelib.wqp import answers


@job(answers.JOB_TYPE)
def write_answer(message: dict) -> None:
    answers.run(message["answerId"])
