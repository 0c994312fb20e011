"""Time-series downloads heavier than TS_DOWNLOAD_DIRECT_MAX_VALUES (lowered here): GET /wapi/ts/download queues a
job and answers 303 to /wapi/ts/downloads/{id}; the queue worker (run as Lambda runs it) writes the CSV to S3 with
the direct path's code; the waiting address waits for it, then redirects to the file. Compared with the direct
download of the same query, byte for byte. Small downloads stay direct, weighed before any value is read."""
from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from chalicelib.core import queued_answers
from chalicelib.timeseries import answers
from tests.api.imports_support import fresh_project
from tests.api.redirects_support import fetched_csv, queued_id, queued_then_waiting, request, work_until_ended

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
START = datetime(2023, 1, 1, tzinfo=timezone.utc)
# 40,000 15-minute temperatures (~5.6 MB of CSV: past the direct path's inline size) and 2,000 hourly pH values
# (January to 25 March 2023; February's bucket holds 672).
TEMPERATURES, PH_VALUES = 40_000, 2_000


@pytest.fixture
def direct_max(settings_env):
    """Sets TS_DOWNLOAD_DIRECT_MAX_VALUES (and a short wait per hop) for one test."""
    return lambda values, wait_seconds=0.5: settings_env(TS_DOWNLOAD_DIRECT_MAX_VALUES=values,
                                                         TS_DOWNLOAD_WAIT_SECONDS=wait_seconds)


def _moment(minutes: int) -> str:
    return (START + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


@pytest.fixture(scope="module")
def logger(api) -> dict:
    """A project with one station's two series, pushed with an organization API key: some values carry a
    qualifier, one is outside the plausible range."""
    org, project = fresh_project(api)
    admin = api.as_("admin")
    assert admin.post("/station", {"organizationId": org, "identifier": "QUEUED-1", "name": "Queued creek",
                                   "latitude": 40.2, "longitude": -75.1}).status_code == 201
    key = admin.post(f"/organization/{org}/api-keys", {"name": "Queued logger"}).json["key"]
    temperatures = [[_moment(15 * n), round(8 + (n % 96) / 10, 2)] + (["P"] if n % 1000 == 0 else [])
                    for n in range(TEMPERATURES)]
    temperatures[7][1] = 99.5  # out of the plausible range: flagged
    ph = [[_moment(60 * n), 7 + (n % 10) / 20] for n in range(PH_VALUES)]
    series = {}
    for parameter, unit, values in (("Temperature, water", "deg C", temperatures), ("pH", None, ph)):
        for first in range(0, len(values), 10_000):
            pushed = api.as_("anonymous").post(f"/wapi/{project}/ts", {"series": [{
                "stationIdentifier": "QUEUED-1", "parameter": parameter, "unit": unit,
                "values": values[first:first + 10_000]}]}, headers={"X-API-Key": key})
            assert pushed.status_code == 200 and pushed.json["rejected"] == 0, pushed.json
            series[parameter] = pushed.json["series"][0]
    return {"org": org, "project": project, "temperature": series["Temperature, water"], "ph": series["pH"]}


def _queued(response) -> str:
    return queued_id(response, "downloads/")


def _work_until_ended(answer_id: str) -> None:
    work_until_ended(answers.KIND, answer_id)


def _file(response) -> bytes:
    """The CSV a 303 to S3 points at."""
    fetched = fetched_csv(response)
    assert fetched.headers["Content-Disposition"].startswith('attachment; filename="time-series-')
    return fetched.content


def test_a_download_past_the_direct_size_is_written_by_the_worker_with_the_direct_downloads_bytes(
        api, logger, direct_max):
    asked = f"/wapi/ts/download?projectId={logger['project']}"
    direct = _file(request(api, asked))  # 5.7 MB: past the inline size, a 303 to S3 of its own
    assert direct.count(b"\r\n") == 1 + TEMPERATURES + PH_VALUES
    assert direct.startswith(b"StationIdentifier,StationId,Parameter,ParameterId,Statistic,Sensor,Unit,Time,Value,"
                             b"Qualifier,Flag\r\nQUEUED-1,")
    assert b",deg C,2023-01-01T00:00:00Z,8,P,\r\n" in direct  # a qualifier
    assert b",deg C,2023-01-01T01:45:00Z,99.5,,out-of-range\r\n" in direct  # a flag
    direct_max(TEMPERATURES + PH_VALUES)  # its values alone at the limit, its two series' requests past it
    answer_id, second = queued_then_waiting(api, asked, "downloads/", "/wapi/ts/downloads/")
    _work_until_ended(answer_id)
    status = queued_answers.load_status(answers.KIND, answer_id, not_found=answers.NOT_FOUND)
    assert status["estimate"] == {"series": 2, "values": TEMPERATURES + PH_VALUES, "counted": 0,
                                  "weight": TEMPERATURES + PH_VALUES + 2 * answers.REQUEST_WEIGHT}
    assert status["size"] == len(direct)
    ready = request(api, second)
    assert _file(ready) == direct


def test_a_range_is_written_by_the_worker_as_the_direct_path_writes_it(api, logger, direct_max):
    asked = f"/wapi/ts/download?series={logger['ph']},{logger['temperature']}&from=2023-02-10&to=2023-03-02T12:00:00Z"
    direct = request(api, asked)
    assert direct.status_code == 200 and direct.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert direct.body.count(b"\r\n") == 1 + (20 * 24 + 13) + (20 * 96 + 49)  # 20.5 days: hourly, 15-minute
    direct_max(1, wait_seconds=0)
    answer_id = _queued(request(api, asked))
    _work_until_ended(answer_id)
    assert _file(request(api, f"/wapi/ts/downloads/{answer_id}")) == direct.body


def test_a_download_weighs_its_series_values_by_their_descriptions_and_a_request_per_series(api, logger,
                                                                                         direct_max):
    """One series wholly in the range: its count and one request. At the limit it is written while the caller
    waits; one value past it, by the worker. A series partly in the range counts its buckets in the range (a
    month's at either end), one outside it nothing."""
    whole = f"/wapi/ts/download?series={logger['ph']}"
    weight = PH_VALUES + answers.REQUEST_WEIGHT
    direct_max(weight)
    assert request(api, whole).status_code == 200
    assert request(api, whole + "&from=2022-12-31&to=2023-03-25T07:00:00Z").status_code == 200  # its first to last
    direct_max(weight - 1)
    _queued(request(api, whole))
    # Three days of February: its bucket's 672 values are the bound, though 72 are read.
    days = whole + "&from=2023-02-10&to=2023-02-12"
    direct_max(672 + answers.REQUEST_WEIGHT)
    short = request(api, days)
    assert short.status_code == 200 and short.body.count(b"\r\n") == 1 + 72
    direct_max(672 + answers.REQUEST_WEIGHT - 1)
    answer_id = _queued(request(api, days))
    assert queued_answers.load_status(answers.KIND, answer_id, not_found=answers.NOT_FOUND)["estimate"] == {
        "series": 1, "values": 672, "counted": 1, "weight": 672 + answers.REQUEST_WEIGHT}
    # Outside the series' span: no value, one request.
    direct_max(answers.REQUEST_WEIGHT)
    assert request(api, whole + "&from=2024-01-01").status_code == 200


def test_the_default_limit_keeps_a_loggers_year_direct(api, logger):
    from chalicelib.core.config import get_settings

    # A year of 15-minute values of five series is written while the caller waits.
    assert 5 * (35_040 + answers.REQUEST_WEIGHT) <= get_settings().ts_download_direct_max_values
    response = request(api, f"/wapi/ts/download?series={logger['ph']}")
    assert response.status_code == 200 and response.body.count(b"\r\n") == 1 + PH_VALUES


def test_the_other_time_series_routes_beside_the_waiting_address_still_answer(api, logger):
    listed = request(api, f"/wapi/ts/list?projectId={logger['project']}")
    assert listed.status_code == 200 and len(json.loads(listed.body)) == 2
    data = request(api, f"/wapi/ts/data?series={logger['ph']}")
    assert (data.status_code, json.loads(data.body)["count"]) == (200, PH_VALUES)


def test_a_signed_in_callers_download_is_theirs_alone_and_an_unknown_one_is_404(api, logger, direct_max):
    direct_max(1, wait_seconds=0)
    asked = f"/wapi/ts/download?series={logger['ph']}"
    answer_id = _queued(request(api, asked, identity="viewer"))
    path = f"/wapi/ts/downloads/{answer_id}"
    assert request(api, path, identity="viewer").status_code == 303
    for identity in ("anonymous", "other_orgadmin", "admin"):
        refused = request(api, path, identity=identity)
        assert (refused.status_code, json.loads(refused.body)["message"]) == (
            404, "Download of time series not found."), identity
    for unknown in (str(uuid.uuid4()), "not-an-id"):
        assert request(api, f"/wapi/ts/downloads/{unknown}").status_code == 404
    chinese = request(api, f"/wapi/ts/downloads/{uuid.uuid4()}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "未找到该时间序列下载。"
    anonymous_id = _queued(request(api, asked))  # what anyone may ask for, anyone holding the id reads
    assert request(api, f"/wapi/ts/downloads/{anonymous_id}", identity="other_orgadmin").status_code == 303


@pytest.mark.parametrize("attempt", ["x", "-1", "1.5", "1234567"])
def test_an_attempt_that_is_no_whole_number_is_refused_saying_so(api, logger, direct_max, attempt):
    direct_max(1, wait_seconds=0)
    answer_id = _queued(request(api, f"/wapi/ts/download?series={logger['ph']}"))
    invalid = request(api, f"/wapi/ts/downloads/{answer_id}?attempt={attempt}")
    assert (invalid.status_code, json.loads(invalid.body)["message"]) == (
        400, "Invalid attempt. A whole number expected")
    chinese = request(api, f"/wapi/ts/downloads/{answer_id}?attempt={attempt}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "attempt 参数无效：应为整数。"


def test_a_job_that_fails_answers_a_json_error(api, demo):
    # A series gone since the download was asked for stands for any failure while writing.
    status = queued_answers.enqueue(answers.KIND, {"owner": None, "series": [str(uuid.uuid4())], "start": None,
                                                   "end": None})
    _work_until_ended(status["id"])
    failed = request(api, f"/wapi/ts/downloads/{status['id']}")
    assert (failed.status_code, json.loads(failed.body)["message"]) == (
        500, "The download of time series could not be written. Please ask for it again.")
    chinese = request(api, f"/wapi/ts/downloads/{status['id']}", headers=ZH)
    assert json.loads(chinese.body)["message"] == "无法生成该时间序列下载，请重新下载。"


def test_a_stored_csv_goes_to_s3_a_part_at_a_time_as_it_is_written_with_the_direct_answers_bytes(api, monkeypatch):
    from chalicelib.core import aws, csv_download
    from chalicelib.core.config import get_settings

    s3, bucket = aws.client("s3"), get_settings().uploads_bucket
    monkeypatch.setattr(csv_download, "PART_BYTES", 5 * 2**20)  # S3's least part: a 12 MB file goes in three
    header = ("Time", "Value", "Note")
    rows = [[f"2023-01-01T00:{n % 60:02d}:00Z", str(n), "a, \"quoted\" note" if n % 7 == 0 else "水"]
            for n in range(360_000)]
    key = f"downloads/tests/{uuid.uuid4()}/all.csv"
    size = csv_download.store(header, iter(rows), key, "all.csv")
    stored = s3.get_object(Bucket=bucket, Key=key)
    whole = stored["Body"].read()
    # An object uploaded in parts has the ETag "<digest>-<parts>".
    assert (size, stored["ETag"].strip('"').rpartition("-")[2]) == (len(whole), "3")
    assert (stored["ContentType"], stored["ContentDisposition"]) == ("text/csv; charset=utf-8",
                                                                      'attachment; filename="all.csv"')
    monkeypatch.setattr(csv_download, "INLINE_BYTES", 10**9)
    assert whole == csv_download.answer(header, rows, "all.csv").body.encode("utf-8")
    small_key = f"downloads/tests/{uuid.uuid4()}/small.csv"  # one put, no upload in parts
    small = csv_download.store(header, rows[:3], small_key, "small.csv")
    small_object = s3.get_object(Bucket=bucket, Key=small_key)
    assert small_object["Body"].read() == whole[:small] and "-" not in small_object["ETag"]
