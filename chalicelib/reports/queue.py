"""Reports too large to draw while the caller waits (more than service.MAX_STATIONS stations) run as a
queued job (chalicelib/core/queued_answers.py, shared with large WQP answers and sample-value downloads): the
request and its progress live in the uploads bucket under `reports/<id>/` (status.json, then report.pdf), the
job goes to the import queue, and the worker draws the PDF while updating the progress. The page polls the
status (GET /report/{id}) and then reads the PDF through the API. A report not started within 10 minutes, or still
running 16 minutes after it started, has failed and stays failed (chalicelib/core/queued_answers.py). Its message is
kept in English and answered in the asker's language (routes.py)."""
from __future__ import annotations

from chalicelib.core import aws, queued_answers
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.queued_answers import FAILED, QUEUED, SUCCEEDED

JOB_TYPE = "report"
KIND = queued_answers.Kind(prefix="reports", job_type=JOB_TYPE, id_field="reportId")
NOT_FOUND = "Report not found."
NOT_READY = "The report is not ready yet."
FAILED_MESSAGE = "The report could not be made. Please try again."
NOT_STARTED_MESSAGE = "The report was not started within 10 minutes. Please try again."


def _status(report_id: str) -> dict:
    return queued_answers.load_status(KIND, report_id, not_found=NOT_FOUND)


def _save(status: dict) -> dict:
    return queued_answers.save(KIND, status)


def public(status: dict) -> dict:
    """What the API shows of a queued report (not the request it keeps for the worker). A job never picked up, or
    still running after its Lambda must have ended, shows as failed, so the page stops waiting."""
    if queued_answers.overdue(status):
        status = {**status, "status": FAILED,
                  "message": NOT_STARTED_MESSAGE if status["status"] == QUEUED else FAILED_MESSAGE}
    return {key: value for key, value in status.items() if key not in ("request", "overdue")}


def enqueue(request: dict, station_count: int) -> dict:
    """Record the report as queued and hand it to the worker."""
    return public(queued_answers.enqueue(KIND, {"progress": 0.0, "stations": station_count, "size": None,
                                                "message": None, "request": request}))


def get(report_id: str) -> dict:
    return public(_status(report_id))


def document(report_id: str) -> bytes:
    status = _status(report_id)
    if status["status"] != SUCCEEDED:
        raise NotFound(NOT_READY)
    obj = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket,
                                      Key=queued_answers.key(KIND, status["id"], "report.pdf"))
    return obj["Body"].read()


def _draw_stored(status: dict) -> dict:
    """Gather with progress, draw, store the PDF; what the status keeps of it."""
    from chalicelib.reports import service

    def progress(done: int, total: int) -> None:
        # Every 50 series reads: a small write, and the browser's bar moves.
        if done == total or done % 50 == 0:
            _save({**status, "progress": round(0.9 * done / max(total, 1), 3)})

    pdf = service.draw(status["request"], progress=progress)
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket,
                                Key=queued_answers.key(KIND, status["id"], "report.pdf"), Body=pdf,
                                ContentType="application/pdf")
    return {"progress": 1.0, "size": len(pdf)}


def run(report_id: str) -> None:
    """The worker's part: the PDF drawn and stored. A repeated delivery of a finished report does nothing."""
    queued_answers.run_job(KIND, report_id, _draw_stored, not_found=NOT_FOUND, failed={"message": FAILED_MESSAGE},
                           not_started={"message": NOT_STARTED_MESSAGE})
