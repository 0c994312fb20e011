"""WQP answers too large to write while the caller waits, written by the queue worker instead (no HTTP in here).

A Result or Activity search whose counts (known before any value is read, as HEAD answers them) exceed
WQP_DIRECT_MAX_RESULTS rows is queued like a large PDF report (chalicelib/reports/queue.py): its request and
status live in the uploads bucket under `downloads/wqp/answers/<id>/` (status.json, then the answer), the job
goes to the import queue, and the worker writes the answer with the direct path's own code (`write`), so the
bytes are the same. The caller follows redirects to /wqp/answers/<id>, each of which waits a while for it.

Who may read an answer: the id is a random UUID (122 bits), never listed. A signed-in caller's answer is
kept for that caller (the verified principal's id is stored): another caller gets 404, as for an unknown
id, since signed-in visibility may come to differ from a visitor's. An anonymous caller's answer is what
anyone may ask for and get, so its id alone reads it. The worker computes the answer from what the server
stored (the validated parameters, the owner), never from anything the client sends later.
"""
from __future__ import annotations

import json
import logging
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import InternalError, NotFound
from chalicelib.core.models import utc_now
from chalicelib.wqp import columns, output, params
from chalicelib.wqp import service as wqp

logger = logging.getLogger(__name__)

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
JOB_TYPE = "wqp-answer"
# The services whose answers grow with the values (a row per value or activity), and the header counting rows.
ROWS_HEADER = {"result": "Total-Result-Count", "activity": "Total-Activity-Count"}
# What a site adds to a Result answer's cost, in values: its series list and a Query of values at least, about
# 2 ms of CPU against 13 µs a value (decision 0009, Figures), so 10,000 sites of 10 values weigh as 1,500,000.
SITE_WEIGHT = {"result": 150}
NOT_FOUND = "WQP answer not found."
FAILED_MESSAGE = "The WQP answer could not be written. Please ask for it again."
# A job still running after Lambda's longest invocation (15 minutes) and a margin has died with it.
_OVERDUE = timedelta(minutes=16)


@dataclass
class Plan:
    """How a search is answered: queued for the worker (its status), or written while the caller waits,
    from the stations found while counting when they are known (None: selected when writing)."""

    queued: dict | None = None
    stations: wqp.Stations | None = None


def write(query: params.Query, look: wqp.Lookups, answer: output.Answer,
          stations: wqp.Stations | None = None) -> dict[str, int]:
    """A search's records written into `answer`; its count headers, counted while writing."""
    stations, records = wqp.records(query, look, stations)
    name = query.profile.lower() if query.service == "result" else query.service
    answer.write(name, query.mime_type, query.zip, query.columns, columns.sources(query.columns, query.interface),
                 records)
    return records.headers(stations)


def plan(interface: str, service: str, values: dict[str, list[str]], query: params.Query, look: wqp.Lookups,
         owner: str | None) -> Plan:
    """A Result or Activity search counted before any value is read (as HEAD counts it); past
    WQP_DIRECT_MAX_RESULTS rows (a Result's sites weighed in), its answer queued for the worker (the status,
    with the counts). Otherwise it is small enough to write while the caller waits."""
    header = ROWS_HEADER.get(query.service)
    if header is None:
        return Plan()
    limit = get_settings().wqp_direct_max_results
    if query.service == "result":
        stations = wqp.select_stations(query, look)
        # Most Result answers are far below the limit with every value of their stations: the summaries tell
        # that at once, where counting asks every series (as many requests as writing them).
        most, sites = wqp.most_results(stations)
        if most + SITE_WEIGHT["result"] * sites <= limit:
            return Plan(stations=stations)
        # Counted: only the stations holding matching values are read again to write them.
        counts, stations = wqp.result_counts(query, look, stations)
    else:
        counts, stations = wqp.counts(query, look), None
    weight = counts.get(header, 0) + SITE_WEIGHT.get(query.service, 0) * counts.get("Total-Site-Count", 0)
    if weight <= limit:
        return Plan(stations=stations)
    return Plan(queued=enqueue(interface, service, values, counts, owner))


def _key(answer_id: str, name: str) -> str:
    return f"downloads/wqp/answers/{answer_id}/{name}"


def _save(status: dict) -> dict:
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=_key(status["id"], "status.json"),
                                Body=json.dumps(status).encode("utf-8"), ContentType="application/json")
    return status


def _load(answer_id: str) -> dict:
    from botocore.exceptions import ClientError

    try:
        answer_id = str(uuid.UUID(answer_id))
        stored = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=_key(answer_id, "status.json"))
    except (ValueError, ClientError):
        raise NotFound(NOT_FOUND) from None
    return json.loads(stored["Body"].read())


def enqueue(interface: str, service: str, values: dict[str, list[str]], counts: dict[str, int],
            owner: str | None) -> dict:
    """Record a search's answer as queued and hand it to the worker. `values` are the search's parameters,
    validated already; `owner` the verified caller's id (None: anonymous)."""
    status = _save({"id": str(uuid.uuid4()), "status": QUEUED, "owner": owner, "interface": interface,
                    "service": service, "values": values, "counts": counts, "createdAt": utc_now()})
    aws.client("sqs").send_message(QueueUrl=get_settings().import_queue_url,
                                   MessageBody=json.dumps({"type": JOB_TYPE, "answerId": status["id"]}))
    return status


def run(answer_id: str) -> None:
    """The worker's part: the answer written and stored as the direct path would answer it. A repeated
    delivery of an ended job does nothing; one of a job that died mid-way writes it again (the same bytes)."""
    status = _load(answer_id)
    if status["status"] in (SUCCEEDED, FAILED):
        return
    status = _save({**status, "status": RUNNING, "startedAt": utc_now()})
    started = time.perf_counter()
    answer = output.Answer(get_settings().wqp_inline_bytes)
    try:
        query = params.parse(status["interface"], status["service"], status["values"])
        counts = write(query, wqp.Lookups.load(), answer)
        key = _key(answer_id, answer.name)
        answer.store(key)
        size = answer.size
    except Exception:  # noqa: BLE001 - the job ends failed with a message, the worker goes on
        logger.exception("WQP answer %s failed", answer_id)
        _save({**status, "status": FAILED, "finishedAt": utc_now()})
        return
    finally:
        answer.close()
    _save({**status, "status": SUCCEEDED, "key": key, "size": size, "counts": counts, "finishedAt": utc_now(),
           "workerSeconds": round(time.perf_counter() - started, 3)})


def _ended(status: dict) -> bool:
    if status["status"] in (SUCCEEDED, FAILED):
        return True
    started = status.get("startedAt")
    return bool(started) and datetime.fromisoformat(started.replace("Z", "+00:00")) < datetime.now(timezone.utc) - _OVERDUE


def wait(answer_id: str, caller: str | None, seconds: float) -> dict:
    """The answer's status once it has ended, or after waiting `seconds` for it: 404 for an unknown id or
    another caller's answer, 500 with a message for a job that failed."""
    deadline = time.monotonic() + seconds
    status = _load(answer_id)
    if status.get("owner") is not None and status["owner"] != caller:
        raise NotFound(NOT_FOUND)
    pause = 0.1
    while not _ended(status) and time.monotonic() + pause < deadline:
        time.sleep(pause)
        pause = min(1.0, pause * 2)  # a small job is answered soon; a large one costs a read a second
        status = _load(answer_id)
    if _ended(status) and status["status"] != SUCCEEDED:  # failed, or overdue
        raise InternalError(FAILED_MESSAGE)
    return status


def url(status: dict) -> str:
    """A presigned URL of an answer that has succeeded."""
    return output.presigned_url(status["key"])
