"""Sample-value downloads heavier than SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES (lowered here): GET /sampleValue queues a
job and answers 303 to /sampleValueAnswers/{id}; the queue worker (run as Lambda runs it) writes the CSV to S3
with the direct path's code; the waiting address waits for it, then redirects to the file. Compared with the
direct download of the same query, byte for byte. Small downloads stay direct."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from chalicelib.core import queued_answers
from chalicelib.samples import answers
from tests.api.redirects_support import fetched_csv, queued_id, queued_then_waiting, request, work_until_ended

WI_IDENTIFIER = "WIDNR_WQX-10032762"
ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


@pytest.fixture
def direct_max(settings_env):
    """Sets SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES (and a short wait per hop) for one test."""
    return lambda values, wait_seconds=0.5: settings_env(SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES=values,
                                                         SAMPLE_DOWNLOAD_WAIT_SECONDS=wait_seconds)


@pytest.fixture(scope="module")
def wi_station(demo) -> dict:
    """The Wisconsin site of the demo organization, as the API shows it (its summary: values, parameters)."""
    from chalicelib.stations.service import station_id_for

    return {"id": station_id_for(demo["org"], WI_IDENTIFIER)}


def _queued(response) -> str:
    return queued_id(response, "sampleValueAnswers/")


def _work_until_ended(answer_id: str) -> None:
    work_until_ended(answers.KIND, answer_id)


def _fetched(response) -> bytes:
    return fetched_csv(response).content


def test_a_download_past_the_direct_size_is_written_by_the_worker_with_the_direct_downloads_bytes(api, demo,
                                                                                                  direct_max):
    asked = f"/sampleValue?organizationId={demo['org']}"
    # Written while the caller waits, however much the demo organization holds by now (other tests add to it).
    direct_max(10**9)
    direct = request(api, asked)
    assert direct.status_code == 200 and direct.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert direct.body.count(b"\r\n") > 100  # the demo organization's values, a line each
    direct_max(1000)
    answer_id, second = queued_then_waiting(api, asked, "sampleValueAnswers/", "/sampleValueAnswers/")
    _work_until_ended(answer_id)
    ready = request(api, second)
    assert _fetched(ready) == direct.body


def test_a_download_weighs_its_values_and_a_request_per_station_and_series(api, demo, wi_station, direct_max):
    """One station: its values, its series list and a Query per series. At the limit it is written while the
    caller waits; one value past it, by the worker. The SPA's station download stays direct by default."""
    station = request(api, f"/station/{wi_station['id']}")
    summary = json.loads(station.body)
    values, series = int(summary["sampleCount"]), len(summary["parameterIds"])
    assert values and series
    weight = values + answers.REQUEST_WEIGHT * (1 + series)
    parameter = summary["parameterIds"][0]
    asked = f"/sampleValue?stationId={wi_station['id']}&parameterId={parameter}"
    default = request(api, asked)
    assert default.status_code == 200 and default.body.startswith(b"OrganizationIdentifier,")
    direct_max(weight)
    whole = f"/sampleValue?stationId={wi_station['id']}"
    assert request(api, whole).status_code == 200
    direct_max(weight - 1)
    _queued(request(api, whole))
    # One parameter: one series to read (every value of the station counts, the summaries know no more).
    direct_max(values + answers.REQUEST_WEIGHT * 2)
    assert request(api, asked).status_code == 200


def test_the_series_route_beside_the_waiting_address_still_answers(api, demo, wi_station):
    from chalicelib.parameters.service import parameter_id_for

    series = request(api, f"/sampleValue/{wi_station['id']}/{parameter_id_for('Specific conductance')}")
    assert series.status_code == 200
    assert (json.loads(series.body)["stationId"], json.loads(series.body)["count"]) == (wi_station["id"], 5)


def test_a_signed_in_callers_download_is_theirs_alone_and_an_unknown_one_is_404(api, demo, direct_max):
    direct_max(1, wait_seconds=0)
    asked = f"/sampleValue?organizationId={demo['org']}"
    answer_id = _queued(request(api, asked, identity="viewer"))
    path = f"/sampleValueAnswers/{answer_id}"
    assert request(api, path, identity="viewer").status_code == 303
    for identity in ("anonymous", "other_orgadmin", "admin"):
        refused = request(api, path, identity=identity)
        assert (refused.status_code, json.loads(refused.body)["message"]) == (404, "Download of values not found."), \
            identity
    for unknown in (str(uuid.uuid4()), "not-an-id"):
        assert request(api, f"/sampleValueAnswers/{unknown}").status_code == 404
    chinese = request(api, f"/sampleValueAnswers/{uuid.uuid4()}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "未找到该数值下载。"
    invalid = request(api, f"{path}?attempt=x", identity="viewer")
    assert (invalid.status_code, json.loads(invalid.body)["message"]) == (400, "Invalid attempt. A whole number expected")
    assert json.loads(request(api, f"{path}?attempt=x", identity="viewer", headers=ZH).body)["message"] == \
        "attempt 参数无效：应为整数。"
    anonymous_id = _queued(request(api, asked))  # what anyone may ask for, anyone holding the id reads
    assert request(api, f"/sampleValueAnswers/{anonymous_id}", identity="other_orgadmin").status_code == 303


def test_a_job_that_fails_answers_a_json_error(api, demo):
    # A station deleted since the download was asked for stands for any failure while writing.
    status = queued_answers.enqueue(answers.KIND, {"owner": None, "asked": {"station_ids": [str(uuid.uuid4())]}})
    _work_until_ended(status["id"])
    failed = request(api, f"/sampleValueAnswers/{status['id']}")
    body = json.loads(failed.body)
    assert (failed.status_code, body["message"]) == (
        500, "The download of values could not be written. Please ask for it again.")
    chinese = request(api, f"/sampleValueAnswers/{status['id']}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "无法生成该数值下载，请重新下载。"


def test_a_job_still_running_after_its_lambda_ended_answers_the_same_error(api, demo):
    status = queued_answers.enqueue(answers.KIND, {"owner": None, "asked": {}})
    started = (datetime.now(timezone.utc) - timedelta(minutes=17)).strftime("%Y-%m-%dT%H:%M:%SZ")
    queued_answers.save(answers.KIND, {**status, "status": queued_answers.RUNNING, "startedAt": started})
    overdue = request(api, f"/sampleValueAnswers/{status['id']}")
    assert (overdue.status_code, json.loads(overdue.body)["message"]) == (
        500, "The download of values could not be written. Please ask for it again.")
