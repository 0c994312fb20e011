"""Reports too large to draw while the caller waits (more than service.MAX_STATIONS stations) run as a
queued job, like imports: the request and its progress live in the uploads bucket under
`reports/<id>/` (status.json, then report.pdf), the job goes to the import queue, and the worker draws
the PDF while updating the progress."""
from __future__ import annotations

import json
import logging
import uuid

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.models import utc_now

logger = logging.getLogger(__name__)

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
JOB_TYPE = "report"
NOT_FOUND = "Report not found."
NOT_READY = "The report is not ready yet."
FAILED_MESSAGE = "The report could not be made. Please try again."


def _key(report_id: str, name: str) -> str:
    return f"reports/{report_id}/{name}"


def _put(report_id: str, name: str, body: bytes, content_type: str) -> None:
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=_key(report_id, name), Body=body,
                                ContentType=content_type)


def _status(report_id: str) -> dict:
    from botocore.exceptions import ClientError

    try:
        uuid.UUID(report_id)
        obj = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=_key(report_id, "status.json"))
    except (ValueError, ClientError):
        raise NotFound(NOT_FOUND) from None
    return json.loads(obj["Body"].read())


def _save(status: dict) -> dict:
    _put(status["id"], "status.json", json.dumps(status).encode("utf-8"), "application/json")
    return status


def public(status: dict) -> dict:
    """What the API shows of a queued report (not the request it keeps for the worker)."""
    return {key: value for key, value in status.items() if key != "request"}


def enqueue(request: dict, station_count: int) -> dict:
    """Record the report as queued and hand it to the worker."""
    settings = get_settings()
    status = _save({"id": str(uuid.uuid4()), "status": QUEUED, "progress": 0.0, "stations": station_count,
                    "createdAt": utc_now(), "size": None, "message": None, "request": request})
    aws.client("sqs").send_message(QueueUrl=settings.import_queue_url,
                                   MessageBody=json.dumps({"type": JOB_TYPE, "reportId": status["id"]}))
    return public(status)


def get(report_id: str) -> dict:
    return public(_status(report_id))


def document(report_id: str) -> bytes:
    status = _status(report_id)
    if status["status"] != SUCCEEDED:
        raise NotFound(NOT_READY)
    obj = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=_key(report_id, "report.pdf"))
    return obj["Body"].read()


def run(report_id: str) -> None:
    """The worker's part: gather with progress, draw, store the PDF. A repeated delivery of a finished
    report does nothing."""
    from chalicelib.reports import service

    status = _status(report_id)
    if status["status"] in (SUCCEEDED, FAILED):
        return
    _save({**status, "status": RUNNING})

    def progress(done: int, total: int) -> None:
        # Every 50 series reads: a small write, and the browser's bar moves.
        if done == total or done % 50 == 0:
            _save({**status, "status": RUNNING, "progress": round(0.9 * done / max(total, 1), 3)})

    try:
        pdf = service.draw(status["request"], progress=progress)
    except Exception:  # noqa: BLE001 - the job ends failed with a message, the worker goes on
        logger.exception("report %s failed", report_id)
        _save({**status, "status": FAILED, "message": FAILED_MESSAGE})
        return
    _put(report_id, "report.pdf", pdf, "application/pdf")
    _save({**status, "status": SUCCEEDED, "progress": 1.0, "size": len(pdf), "finishedAt": utc_now()})
