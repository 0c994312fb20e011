"""Helpers of the import tests: a fresh organization and project, a multipart upload, and the queue
worker run as Lambda runs it (devtools.worker.poll_once over the real queue) until an import ends."""
from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

import boto3
from urllib3 import encode_multipart_formdata

ROOT = Path(__file__).resolve().parents[2]
WQP = ROOT / "devtools" / "demo" / "wqp"
FINISHED = ("succeeded", "partial", "failed", "cancelled")


def sqs():
    return boto3.client("sqs", endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name="us-east-1")


def queue_arn(url: str | None = None) -> str:
    url = url or os.environ["IMPORT_QUEUE_URL"]
    return sqs().get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]


def fresh_project(api, organization_id: str | None = None) -> tuple[str, str]:
    """A new organization (unless one is given) and a new project of it, made by the system admin."""
    admin = api.as_("admin")
    if organization_id is None:
        response = admin.post("/organization", {"name": f"Import test {uuid.uuid4().hex[:8]}"})
        assert response.status_code == 201, response.json
        organization_id = response.json["id"]
    response = admin.post("/project", {"organizationId": organization_id, "name": f"Imports {uuid.uuid4().hex[:8]}"})
    assert response.status_code == 201, response.json
    return organization_id, response.json["id"]


def form(content: bytes, file_name: str = "data.csv", **fields) -> tuple[bytes, dict]:
    body, content_type = encode_multipart_formdata(
        {"file": (file_name, content, "text/csv"), **{k: str(v) for k, v in fields.items()}})
    return body, {"Content-Type": content_type}


def post_file(api, organization_id: str, project_id: str, content: bytes, file_name: str = "data.csv", **fields):
    body, headers = form(content, file_name, **fields)
    return api.post(f"/organization/{organization_id}/projects/{project_id}/import-data", body, headers=headers)


def run_worker(until_log=None, api=None, path: str | None = None, timeout: float = 30) -> dict | None:
    """Poll the import queue with the Lambda handler until the import at `path` has ended."""
    import app
    from devtools.worker import poll_once

    url = os.environ["IMPORT_QUEUE_URL"]
    arn = queue_arn(url)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        poll_once(app.import_worker, url, arn, wait_seconds=1)
        if path is None:
            return None
        log = api.get(path).json
        if log["status"] in FINISHED:
            return log
    raise AssertionError(f"the import at {path} did not end within {timeout} s: {log}")


def import_file(api, organization_id: str, project_id: str, content: bytes, file_name: str = "data.csv",
                identity: str = "admin", **fields) -> dict:
    """Post a file, run the worker, and answer the ended import's log."""
    caller = api.as_(identity)
    response = post_file(caller, organization_id, project_id, content, file_name, **fields)
    assert response.status_code == 202, response.json
    log_id = response.json["logId"]
    return run_worker(api=caller, path=f"/organization/{organization_id}/projects/{project_id}/queued-import/{log_id}")


def raw_get(api, path: str):
    """A GET whose body is not JSON (a CSV download): the response as it came."""
    return api.client.http.request("GET", f"/api/v1{path}", headers=api.headers())


# ---------------------------------------------------------------- a worker killed mid-file

# The killed worker: the Lambda handler on the one message it is given, as Lambda would call it (`setup`: lines run
# before it, such as another block size).
KILLED_WORKER = """
import json, sys
import app
from devtools.worker import LambdaContext, to_lambda_event
{setup}
message, arn = json.loads(sys.argv[1]), sys.argv[2]
app.import_worker(to_lambda_event([message], arn), LambdaContext())
"""


def take_message(log_id: str, job_type: str | None = None) -> dict:
    """The import's queue message (of that job type, if given), taken off the queue as a worker would (other messages
    are put back)."""
    import json
    import os
    import time

    client = sqs()
    url = os.environ["IMPORT_QUEUE_URL"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for message in client.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=1,
                                              AttributeNames=["All"]).get("Messages", []):
            body = json.loads(message["Body"])
            if body.get("logId") == log_id and job_type in (None, body.get("type")):
                return message
            client.change_message_visibility(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"], VisibilityTimeout=0)
    raise AssertionError("the import's message never arrived")


def killed_mid_file(api, path: str, log_id: str, kill_after_rows: int, setup: str = "") -> tuple[dict, dict]:
    """Runs the import in a worker process of its own (chunks of 50 rows, a 2 s lease), kills it once at least
    `kill_after_rows` rows are done, waits for its lease to end and shows the message again, as SQS does after its
    visibility timeout. Answers the import's log as the kill left it, and the message."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    message = take_message(log_id)
    environment = {**os.environ, "IMPORT_CHUNK_ROWS": "50", "IMPORT_LEASE_SECONDS": "2"}
    worker = subprocess.Popen([sys.executable, "-c", KILLED_WORKER.format(setup=setup), json.dumps(message),
                               queue_arn()], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        while api.get(path).json["rowsDone"] < kill_after_rows:
            assert worker.poll() is None, "the worker ended before it could be killed"
            assert time.monotonic() < deadline, "the worker made no progress"
            time.sleep(0.05)
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.wait(timeout=10)
    killed = api.get(path).json
    time.sleep(3.5)  # the dead worker's lease ends (2 s, in whole seconds: up to 1 s more)
    sqs().change_message_visibility(QueueUrl=os.environ["IMPORT_QUEUE_URL"], ReceiptHandle=message["ReceiptHandle"],
                                    VisibilityTimeout=0)
    return killed, message


def queued_minutes_ago(log_id: str, minutes: int) -> None:
    """The import waited in the queue this long (a busy queue, or a large file before it)."""
    from datetime import datetime, timedelta, timezone

    from chalicelib.imports.models import ImportLog

    then = (datetime.now(timezone.utc) - timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    ImportLog.get(log_id).update(actions=[ImportLog.createdAt.set(then)])
