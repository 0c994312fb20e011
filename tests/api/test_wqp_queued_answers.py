"""WQP answers past WQP_DIRECT_MAX_RESULTS rows (lowered here): the search queues a job and answers 303 to
/wqp/answers/{id}; the queue worker (run as Lambda runs it) writes the answer to S3 with the direct path's
code; the answers address waits for it, then redirects to the object. Compared with the direct answer of the
same query, byte for byte."""
from __future__ import annotations

import io
import json
import time
import uuid
import zipfile

import pytest
import requests

from chalicelib.wqp import answers
from tests.api.redirects_support import next_path, request

WI = "siteid=WIDNR_WQX-10032762&organization=Demo%20Watershed%20Council"
RESULT = f"/wqp/data/Result/search?{WI}"
ACTIVITY = f"/wqp/data/Activity/search?{WI}"
ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


@pytest.fixture
def direct_max(settings_env):
    """Sets WQP_DIRECT_MAX_RESULTS (and a short wait per hop) for one test."""
    return lambda rows, wait_seconds=0.5: settings_env(WQP_DIRECT_MAX_RESULTS=rows,
                                                       WQP_ANSWER_WAIT_SECONDS=wait_seconds)


def _queued(response) -> str:
    assert response.status_code == 303, response.body
    body = json.loads(response.body)
    assert body["status"] == "queued" and body["url"] == response.headers["Location"]
    assert response.headers["Location"] == f"../../answers/{body['id']}?attempt=1"
    return body["id"]


def _work_until_ended(answer_id: str, timeout: float = 60) -> None:
    """The queue worker, polled as Lambda's event source does, until this answer's job has ended."""
    from tests.api.imports_support import run_worker

    deadline = time.monotonic() + timeout
    while answers._load(answer_id)["status"] not in (answers.SUCCEEDED, answers.FAILED):
        assert time.monotonic() < deadline, f"the job of answer {answer_id} did not end within {timeout} s"
        run_worker()


def _fetched(response) -> bytes:
    assert response.status_code == 303, response.body
    assert json.loads(response.body)["url"] == response.headers["Location"]
    fetched = requests.get(response.headers["Location"], timeout=30)
    assert fetched.status_code == 200
    return fetched.content


def test_a_result_answer_past_the_direct_size_is_written_by_the_worker_with_the_direct_answers_bytes(api, demo,
                                                                                                      direct_max):
    direct = request(api, RESULT)
    assert direct.status_code == 200 and direct.headers["Total-Result-Count"] == "5"
    direct_max(4)
    first = request(api, RESULT)
    answer_id = _queued(first)
    assert (first.headers["Total-Site-Count"], first.headers["Total-Result-Count"]) == ("1", "5")
    path = next_path(first, RESULT)
    assert path == f"/wqp/answers/{answer_id}?attempt=1"

    waiting = request(api, path)  # nothing has run the job yet: after the wait, the next attempt
    assert waiting.status_code == 303 and waiting.headers["Retry-After"]
    assert next_path(waiting, path) == f"/wqp/answers/{answer_id}?attempt=2"
    assert waiting.headers["Total-Result-Count"] == "5"

    _work_until_ended(answer_id)
    ready = request(api, next_path(waiting, path))
    assert ready.headers["Total-Result-Count"] == "5"
    assert _fetched(ready) == direct.body
    head = request(api, RESULT, method="HEAD")  # HEAD stays the counts alone, no job
    assert (head.status_code, head.headers["Total-Result-Count"], head.body in (b"", "")) == (200, "5", True)


def test_a_result_answers_sites_weigh_in_as_values(api, demo, direct_max):
    """A site costs a Query of its series and one of its values at least: it counts as SITE_WEIGHT values."""
    rows = 5 + answers.SITE_WEIGHT["result"]  # the one site's 5 values and its weight
    direct_max(rows)
    assert request(api, RESULT).status_code == 200
    direct_max(rows - 1)
    _queued(request(api, RESULT))


def test_activity_and_zipped_answers_take_the_same_path(api, demo, direct_max):
    direct_activities = request(api, ACTIVITY)
    direct_zip = requests.get(request(api, RESULT + "&zip=yes&mimeType=tsv").headers["Location"], timeout=30)
    direct_max(2)
    activities = request(api, ACTIVITY)
    assert activities.headers["Total-Activity-Count"] == "5"
    activity_id = _queued(activities)
    zipped = request(api, RESULT + "&zip=yes&mimeType=tsv")
    zip_id = _queued(zipped)
    _work_until_ended(activity_id)
    _work_until_ended(zip_id)
    assert _fetched(request(api, next_path(activities, ACTIVITY))) == direct_activities.body
    archive = zipfile.ZipFile(io.BytesIO(_fetched(request(api, f"/wqp/answers/{zip_id}"))))
    expected = zipfile.ZipFile(io.BytesIO(direct_zip.content))
    assert archive.namelist() == expected.namelist() == ["resultphyschem.tsv"]
    assert archive.read("resultphyschem.tsv") == expected.read("resultphyschem.tsv")


def test_a_signed_in_callers_answer_is_theirs_alone_and_an_unknown_one_is_404(api, demo, direct_max):
    direct_max(4, wait_seconds=0)
    answer_id = _queued(request(api, RESULT, identity="viewer"))
    path = f"/wqp/answers/{answer_id}"
    assert request(api, path, identity="viewer").status_code == 303
    for identity in ("anonymous", "other_orgadmin", "admin"):
        refused = request(api, path, identity=identity)
        assert (refused.status_code, json.loads(refused.body)["message"]) == (404, "WQP answer not found."), identity
    for unknown in (str(uuid.uuid4()), "not-an-id"):
        assert request(api, f"/wqp/answers/{unknown}").status_code == 404
    chinese = request(api, f"/wqp/answers/{uuid.uuid4()}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "未找到该 WQP 查询结果。"
    assert json.loads(request(api, f"{path}?attempt=x", identity="viewer").body)["message"] == \
        "Invalid attempt. A whole number expected"
    anonymous_id = _queued(request(api, RESULT))  # what anyone may ask for, anyone holding the id reads
    assert request(api, f"/wqp/answers/{anonymous_id}", identity="other_orgadmin").status_code == 303


def test_a_job_that_fails_answers_a_json_error(api, demo):
    # Parameters that no longer parse stand for any failure while writing.
    status = answers.enqueue("data", "result", {"statecode": ["not a state"]}, {"Total-Result-Count": 1}, None)
    _work_until_ended(status["id"])
    failed = request(api, f"/wqp/answers/{status['id']}")
    body = json.loads(failed.body)
    assert (failed.status_code, body["message"]) == (500, "The WQP answer could not be written. Please ask for it again.")
    chinese = request(api, f"/wqp/answers/{status['id']}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "无法生成该 WQP 查询结果，请重新查询。"
