"""A queued PDF report whose worker died (its Lambda ended it: still running 16 minutes after it started) shows
as failed with its message, so the report page stops waiting (the queue shared with large WQP answers and
sample-value downloads, chalicelib/core/queued_answers.py)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


def _running_since(minutes: int) -> str:
    from chalicelib.core import queued_answers
    from chalicelib.reports import queue

    status = queued_answers.enqueue(queue.KIND, {"progress": 0.4, "stations": 101, "size": None, "message": None,
                                                 "request": {"stationIds": [], "language": "en"}})
    started = (datetime.now(timezone.utc) - timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")
    queued_answers.save(queue.KIND, {**status, "status": queue.RUNNING, "startedAt": started})
    return status["id"]


def test_a_report_still_running_after_its_lambda_ended_shows_as_failed(api):
    overdue = api.get(f"/report/{_running_since(17)}").json
    assert (overdue["status"], overdue["message"]) == ("failed", "The report could not be made. Please try again.")
    assert "request" not in overdue
    running = api.get(f"/report/{_running_since(5)}").json
    assert (running["status"], running["progress"], running["message"]) == ("running", 0.4, None)
