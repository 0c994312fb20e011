"""Queue jobs of organizations (registered with the queue worker; imported by the worker only)."""
from chalicelib.organizations import retire
from chalicelib.workers.jobs import job


@job(retire.JOB_TYPE)
def retire_stations(message: dict) -> None:
    retire.retire_stations(message["organizationId"])
