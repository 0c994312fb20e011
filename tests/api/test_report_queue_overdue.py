"""A queued PDF report that will never end shows as failed with its message, so the report page stops waiting (the
queue shared with large WQP answers and sample-value downloads, chalicelib/core/queued_answers.py): one whose
worker died (its Lambda ended it: still running 16 minutes after it started), and one no worker picked up (still
queued 10 minutes after it was queued). Once shown as failed it stays failed: a worker that comes late (a message
delivered again) records the failure instead of making the report. The message is in the asked language."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from devtools.seed import DEMO_ORGANIZATION_ID

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
FAILED = ("The report could not be made. Please try again.", "无法生成该报告，请重试。")
NOT_STARTED = ("The report was not started within 10 minutes. Please try again.", "该报告在 10 分钟内未能开始生成，请重试。")


def _ago(minutes: int) -> str:
    return (datetime.now(timezone.utc) - timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _job(state: str, minutes: int, station_ids: list[str] | None = None) -> str:
    """A queued report `minutes` after it was queued (state queued) or started (state running)."""
    from chalicelib.core import queued_answers
    from chalicelib.reports import queue

    status = queued_answers.enqueue(queue.KIND, {"progress": 0.4 if state == "running" else 0.0, "stations": 101,
                                                 "size": None, "message": None,
                                                 "request": {"stationIds": station_ids or [], "language": "en"}})
    moment = {"startedAt": _ago(minutes)} if state == "running" else {"createdAt": _ago(minutes)}
    queued_answers.save(queue.KIND, {**status, "status": state, **moment})
    return status["id"]


def _running_since(minutes: int) -> str:
    return _job("running", minutes)


@pytest.fixture(scope="module")
def station_id(api) -> str:
    """A demo station: a report of it is made in a moment, were the worker to make it."""
    found = api.post("/statistic", {"organizationIds": [DEMO_ORGANIZATION_ID], "limit": 100}).json["stations"]
    return next(s["id"] for s in found if s["meta"]["sampleCount"] > 0)


def _pdf(api, report_id: str):
    return api.client.http.request("GET", f"/api/v1/report/{report_id}/pdf", headers={"Accept": "application/pdf"})


def test_a_report_still_running_after_its_lambda_ended_shows_as_failed(api):
    overdue = api.get(f"/report/{_running_since(17)}").json
    assert (overdue["status"], overdue["message"]) == ("failed", "The report could not be made. Please try again.")
    assert "request" not in overdue
    running = api.get(f"/report/{_running_since(5)}").json
    assert (running["status"], running["progress"], running["message"]) == ("running", 0.4, None)


def test_a_report_no_worker_picked_up_shows_as_failed_after_10_minutes_in_the_asked_language(api):
    """A job never started had waited for ever: `ended` looked only at startedAt."""
    never = _job("queued", 11)
    for headers, message in zip(({}, ZH), NOT_STARTED):
        shown = api.get(f"/report/{never}", headers=headers).json
        assert (shown["status"], shown["message"]) == ("failed", message)
    waiting = api.get(f"/report/{_job('queued', 5)}").json
    assert (waiting["status"], waiting["message"]) == ("queued", None)


def test_the_failure_message_is_in_the_asked_language(api):
    """GET /report/{id} with Accept-Language: zh-CN had answered the English message the status keeps."""
    died = _running_since(17)
    for headers, message in zip(({}, ZH), FAILED):
        assert api.get(f"/report/{died}", headers=headers).json["message"] == message


@pytest.mark.parametrize("state, minutes, messages", [("queued", 11, NOT_STARTED), ("running", 17, FAILED)],
                         ids=["never picked up", "its Lambda died"])
def test_a_report_shown_as_failed_stays_failed_when_the_worker_comes_late(api, station_id, state, minutes, messages):
    """The worker gets the job's message late (delivered again 16 minutes after a Lambda that died took it): the
    report had then been made, and a page already told "failed" saw it turn into a success. The worker now records
    the failure the readers answer, and makes nothing."""
    from chalicelib.core import queued_answers
    from chalicelib.reports import queue

    report_id = _job(state, minutes, [station_id])
    assert api.get(f"/report/{report_id}").json["status"] == "failed"
    queue.run(report_id)
    stored = queued_answers.load_status(queue.KIND, report_id, not_found="none")
    assert (stored["status"], stored["message"]) == ("failed", messages[0])
    assert stored["overdue"] == state  # the state it outlived, for whoever looks at the stored status
    for headers, message in zip(({}, ZH), messages):
        shown = api.get(f"/report/{report_id}", headers=headers).json
        assert (shown["status"], shown["message"]) == ("failed", message)
        assert "overdue" not in shown and "request" not in shown
    assert _pdf(api, report_id).status_code == 404


def test_a_report_picked_up_in_time_is_made(api, station_id):
    from chalicelib.reports import queue

    report_id = _job("queued", 8, [station_id])
    queue.run(report_id)
    assert api.get(f"/report/{report_id}").json["status"] == "succeeded"
    assert _pdf(api, report_id).body[:5] == b"%PDF-"


def test_a_sample_value_download_no_worker_picked_up_answers_its_failure(api):
    """The other queued answers share the rule: their waiting address answers their failure (500) too."""
    from chalicelib.core import queued_answers
    from chalicelib.samples import answers
    from tests.api.redirects_support import request

    status = queued_answers.enqueue(answers.KIND, {"owner": None, "asked": {}})
    queued_answers.save(answers.KIND, {**status, "createdAt": _ago(11)})
    never = request(api, f"/sampleValueAnswers/{status['id']}")
    assert never.status_code == 500, never.headers  # not a 303 to wait again
    assert (never.status_code, json.loads(never.body)["message"]) == (
        500, "The download of values could not be written. Please ask for it again.")
