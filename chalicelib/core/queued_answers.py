"""Answers too large to make while the caller waits, made by the queue worker instead (no HTTP in here).

API Gateway gives a request 29 s. An answer whose size is known to be large before any of it is read (a WQP
Result or Activity search, chalicelib/wqp/answers.py; a sample-value download, chalicelib/samples/answers.py; a
time-series download, chalicelib/timeseries/answers.py; a PDF report of many stations, chalicelib/reports/queue.py)
is queued instead of made: its status (and what the worker needs to make it) is a JSON file in the uploads bucket,
`<prefix>/<id>/status.json`, the answer is stored beside it, and a job naming it goes to the import queue. No
table is needed: S3 keeps the job's state next to its result, and the bucket's lifecycle rule on `downloads/` ends
both a day later (infra/template.yaml).

A caller follows redirects to an address that waits a while for the answer (`wait`): a growing pause between
reads of the status, until it has ended or the wait is over. A job is overdue, and counts as failed, when it is
still running 16 minutes after it started (it died with its Lambda, 15 minutes at most) or still queued 10 minutes
after it was queued (no worker picked it up: the worker starts a job within seconds). An overdue job stays failed:
the worker does not make it when its message comes (again) late, but records the failure, so that an answer once
shown as failed never turns into a success later (decision 0010).

Who may read an answer: its id is a random UUID (122 bits), never listed. A signed-in caller's answer keeps the
verified caller's id (`owner`): another caller gets the same 404 as for an unknown id. An anonymous caller's
answer is what anyone may ask for and get, so its id alone reads it. The worker makes the answer from what the
server stored, never from anything a client sends later.
"""
from __future__ import annotations

import json
import logging
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Callable, Iterable, Sequence

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, InternalError, NotFound
from chalicelib.core.models import utc_now

logger = logging.getLogger(__name__)

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
# A job still running after Lambda's longest invocation (15 minutes) and a margin has died with it.
OVERDUE = timedelta(minutes=16)
# A job still queued this long after it was queued was never picked up (a worker starts one within seconds).
NOT_STARTED = timedelta(minutes=10)
# The worker holds a job overdue this much earlier than readers do, so that it never starts one a reader may
# already have been told has failed (a redelivered message of a job whose Lambda died comes 16 minutes later).
WORKER_MARGIN = timedelta(minutes=1)
# How long a presigned URL of an answer reads it.
PRESIGNED_SECONDS = 900
INVALID_ATTEMPT = "Invalid attempt. A whole number expected"


@dataclass(frozen=True)
class Kind:
    """A kind of queued answer: where its files live in the uploads bucket, and the job that makes it."""

    # status.json and the answer are under <prefix>/<id>/.
    prefix: str
    # The job's type on the import queue (chalicelib/workers/jobs.py), and the message's field naming the answer.
    job_type: str
    id_field: str = "answerId"


def key(kind: Kind, answer_id: str, name: str) -> str:
    """The uploads bucket's key of one of an answer's files."""
    return f"{kind.prefix}/{answer_id}/{name}"


def save(kind: Kind, status: dict) -> dict:
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key(kind, status["id"], "status.json"),
                                Body=json.dumps(status).encode("utf-8"), ContentType="application/json")
    return status


def load_status(kind: Kind, answer_id: str, *, not_found: str) -> dict:
    """The stored status; 404 with `not_found` for an id that is no UUID or names nothing."""
    from botocore.exceptions import ClientError

    try:
        answer_id = str(uuid.UUID(answer_id))
        stored = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket,
                                             Key=key(kind, answer_id, "status.json"))
    except (ValueError, ClientError):
        raise NotFound(not_found) from None
    return json.loads(stored["Body"].read())


def enqueue(kind: Kind, fields: dict) -> dict:
    """Record an answer as queued (a new id, `fields`: what the worker needs, the owner, ...) and hand it to
    the worker."""
    status = save(kind, {"id": str(uuid.uuid4()), "status": QUEUED, **fields, "createdAt": utc_now()})
    aws.client("sqs").send_message(QueueUrl=get_settings().import_queue_url,
                                   MessageBody=json.dumps({"type": kind.job_type, kind.id_field: status["id"]}))
    return status


def run_job(kind: Kind, answer_id: str, make: Callable[[dict], dict], *, not_found: str,
            failed: dict | None = None, not_started: dict | None = None) -> None:
    """The worker's part: `make` makes and stores the answer from its running status and returns what the
    status keeps of it (its key, size, counts ...). A repeated delivery of an ended job does nothing. A job that
    raises ends failed (with the fields `failed`), and the worker goes on. A job delivered when it is (nearly)
    overdue is not made: it ends failed, with the fields `not_started` if it never started, else `failed` (its
    Lambda died mid-way: readers already say it failed, and a new try would most likely run out of time again)."""
    status = load_status(kind, answer_id, not_found=not_found)
    if status["status"] in (SUCCEEDED, FAILED):
        return
    if overdue(status, margin=WORKER_MARGIN):
        fields = (not_started if status["status"] == QUEUED else failed) or {}
        save(kind, {**status, **fields, "status": FAILED, "overdue": status["status"], "finishedAt": utc_now()})
        return
    status = save(kind, {**status, "status": RUNNING, "startedAt": utc_now()})
    started = time.perf_counter()
    try:
        made = make(status)
    except Exception:  # noqa: BLE001 - the job ends failed with a message, the worker goes on
        logger.exception("queued answer %s (%s) failed", answer_id, kind.job_type)
        save(kind, {**status, **(failed or {}), "status": FAILED, "finishedAt": utc_now()})
        return
    save(kind, {**status, **made, "status": SUCCEEDED, "finishedAt": utc_now(),
                "workerSeconds": round(time.perf_counter() - started, 3)})


def overdue(status: dict, margin: timedelta = timedelta(0)) -> bool:
    """Whether a job that has not ended never will: still queued NOT_STARTED after it was queued (no worker picked
    it up), or still running OVERDUE after it started (its Lambda ended it); `margin` sooner."""
    since, limit = {QUEUED: ("createdAt", NOT_STARTED), RUNNING: ("startedAt", OVERDUE)}.get(status["status"],
                                                                                          (None, None))
    moment = status.get(since) if since else None
    return bool(moment) and (datetime.fromisoformat(moment.replace("Z", "+00:00"))
                             < datetime.now(timezone.utc) - limit + margin)


def ended(status: dict) -> bool:
    """Whether the job has succeeded or failed, or is overdue (never picked up, or its Lambda ended it)."""
    return status["status"] in (SUCCEEDED, FAILED) or overdue(status)


def wait_for(kind: Kind, answer_id: str, caller: str | None, seconds: float, *, not_found: str,
             failed: str) -> dict:
    """The answer's status once its job has ended, or after waiting `seconds` for it: 404 (`not_found`) for an
    unknown id or another caller's answer, 500 (`failed`) for a job that failed or is overdue."""
    deadline = time.monotonic() + seconds
    status = load_status(kind, answer_id, not_found=not_found)
    if status.get("owner") is not None and status["owner"] != caller:
        raise NotFound(not_found)
    pause = 0.1
    while not ended(status) and time.monotonic() + pause < deadline:
        time.sleep(pause)
        pause = min(1.0, pause * 2)  # a small job is answered soon; a large one costs a read a second
        status = load_status(kind, answer_id, not_found=not_found)
    if ended(status) and status["status"] != SUCCEEDED:  # failed, or overdue
        raise InternalError(failed)
    return status


def store_csv(kind: Kind, answer_id: str, header: Sequence[str], rows: Iterable[Sequence], filename: str) -> dict:
    """A CSV answer written as the direct path writes it (chalicelib/core/csv_download.py, so the bytes are the
    same) and stored beside its status; what the status keeps of it (its key and size)."""
    from chalicelib.core import csv_download  # with Chalice's Response: only where a CSV is stored

    stored = key(kind, answer_id, filename)
    return {"key": stored, "size": csv_download.store(header, rows, stored, filename)}


def url(status: dict) -> str:
    """A presigned URL of an answer that has succeeded (its status keeps the answer's key)."""
    return aws.client("s3").generate_presigned_url(
        "get_object", Params={"Bucket": get_settings().uploads_bucket, "Key": status["key"]},
        ExpiresIn=PRESIGNED_SECONDS)


def next_attempt(attempt: str | None) -> int:
    """The attempt a waiting address redirects to: the one asked (`?attempt=`, none: 0) plus one. The
    number only makes each redirect a new address (clients stop at a loop) and says how long a caller waits."""
    attempt = "0" if attempt is None else attempt
    if not attempt.isdigit() or len(attempt) > 6:
        raise BadRequest(INVALID_ATTEMPT)
    return int(attempt) + 1
