"""A walk: an import whose worker kept failing ended as "The import failed repeatedly because of an internal error;
please try again later." on a check that imported nothing, with nothing to say whether the file was at fault or what to
do next. The last delivery's failure now says it is the product's, not the file's, names a check as a check, and says
where to tell us."""
from __future__ import annotations

import os
import uuid

import pytest

from devtools import mailbox
from tests.api.imports_support import fresh_project, post_file, queued_minutes_ago

ZH = {"Accept-Language": "zh-CN"}


def _failing_on_its_last_delivery(api, dry_run: bool) -> dict:
    from chalicelib.imports import worker

    class Broken(worker.ImportJob):
        def run(self):
            raise RuntimeError("a fault of the product, as a worker meets one")

    org, project = fresh_project(api)
    answer = post_file(api.as_("admin"), org, project, b"StationIdentifier,Date,Parameter,Value\nX,2024-05-01,pH,7\n",
                       "sheet.csv", dryRun=str(dry_run).lower())
    log_id = answer.json["logId"]
    with pytest.raises(RuntimeError):  # raised on: the message goes on to the dead-letter queue
        worker.run_import({"logId": log_id, "receiveCount": worker.MAX_RECEIVES}, lambda: 900_000, job_class=Broken)
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    return {"en": api.as_("admin").get(path).json, "zh": api.as_("admin").get(path, headers=ZH).json}


def test_an_import_failing_on_its_last_delivery_says_it_is_not_the_file_and_what_to_do(api):
    logs = _failing_on_its_last_delivery(api, dry_run=False)
    assert logs["en"]["status"] == "failed"
    assert logs["en"]["message"] == (
        "The import failed repeatedly because of an internal error, not because of the file; please import it again "
        "later, and tell us through Contact us if it happens again.")
    assert logs["zh"]["message"] == "导入因内部错误多次失败，并非文件的问题：请稍后重新导入，如果再次发生，请通过“联系我们”告诉我们。"


def test_a_check_failing_on_its_last_delivery_is_called_a_check(api):
    logs = _failing_on_its_last_delivery(api, dry_run=True)
    assert (logs["en"]["status"], logs["en"]["dryRun"]) == ("failed", True)
    assert logs["en"]["message"] == (
        "The check failed repeatedly because of an internal error, not because of the file; please check it again "
        "later, and tell us through Contact us if it happens again.")
    assert logs["zh"]["message"] == "检查因内部错误多次失败，并非文件的问题：请稍后重新检查，如果再次发生，请通过“联系我们”告诉我们。"


def test_an_import_whose_rows_are_written_but_whose_summaries_keep_failing_ends_by_its_counts(api, aws_url, monkeypatch):
    """A walk: a 230,000-value import on a slow data store wrote every value, then its stations' summaries timed out
    on five deliveries, and it ended "failed, please import it again". It now ends as its rows did, says the summaries
    lag, and a job queued for a few minutes later recounts them and takes that sentence off its message."""
    import app
    from chalicelib.core.config import get_settings
    from chalicelib.imports import worker
    from chalicelib.imports.models import ImportLog
    from devtools.worker import LambdaContext, to_lambda_event
    from tests.api.imports_support import queue_arn, sqs, take_message

    class SummariesDown(worker.ImportJob):
        def refresh(self):
            raise TimeoutError("the data store did not answer within 10 s")

    org, project = fresh_project(api)
    admin = api.as_("admin")
    name = f"late-{uuid.uuid4().hex[:6]}.csv"
    answer = post_file(admin, org, project, b"StationIdentifier,Date,Parameter,Value,Latitude,Longitude\n"
                       b"SUM-1,2024-05-01,pH,7.1,40.1,-75.2\nSUM-1,2024-05-02,pH,7.3,40.1,-75.2\n", name)
    log_id = answer.json["logId"]
    queued_minutes_ago(log_id, 5)  # long enough to be emailed about
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    with pytest.raises(TimeoutError):  # an earlier delivery: tried again
        worker.run_import({"logId": log_id, "receiveCount": 1}, lambda: 900_000, job_class=SummariesDown)
    assert admin.get(path).json["status"] == "running"

    ImportLog.get(log_id).update(actions=[ImportLog.leaseUntil.set(0)])  # the dead worker's lease lapses, as in time
    monkeypatch.setenv("IMPORT_SUMMARIES_DELAY_SECONDS", "0")  # the recount's delay (300 s) would hold the test
    get_settings.cache_clear()
    try:
        assert worker.run_import({"logId": log_id, "receiveCount": worker.MAX_RECEIVES}, lambda: 900_000,
                                 job_class=SummariesDown) == "succeeded"
    finally:
        monkeypatch.delenv("IMPORT_SUMMARIES_DELAY_SECONDS")
        get_settings.cache_clear()
    logs = {"en": admin.get(path).json, "zh": admin.get(path, headers=ZH).json}
    assert (logs["en"]["status"], logs["en"]["rowsImported"], logs["en"]["rowsTotal"]) == ("succeeded", 2, 2)
    assert logs["en"]["message"] == (
        "Every row is written, but the summaries of its stations could not be updated yet: they are tried again in a "
        "few minutes, and until then the explorer and the station pages may show their counts and latest values as "
        "before.")
    assert logs["zh"]["message"] == (
        "所有行均已写入，但其站点的摘要暂未能更新：几分钟后将再次尝试，在此之前，“浏览数据”和站点页面可能仍显示之前的计数和最新值。")
    assert admin.get(f"/organization/{org}/projects/{project}/stations").json == []  # not counted yet
    email = admin.get("/auth/profile").json["email"]
    [mail] = [m for m in mailbox.messages(aws_url) if email in m.to and name in m.subject]  # as any long import
    assert mail.subject == f"{name}: imported / 导入成功"
    assert "could not be updated yet: they are tried again in a few minutes" in " ".join(mail.body.split())

    # The recount, as the queue hands it to the worker a few minutes later.
    message = take_message(log_id, "import-summaries")
    assert app.import_worker(to_lambda_event([message], queue_arn()), LambdaContext()) == {"batchItemFailures": []}
    sqs().delete_message(QueueUrl=os.environ["IMPORT_QUEUE_URL"], ReceiptHandle=message["ReceiptHandle"])
    stations = admin.get(f"/organization/{org}/projects/{project}/stations").json
    assert [(s["identifier"], s["sampleCount"]) for s in stations] == [("SUM-1", 2)]
    log = admin.get(path).json
    assert (log["status"], log["rowsImported"], log["message"]) == ("succeeded", 2, None)
    # Delivered again (SQS delivers at least once): nothing left to recount, and nothing changes.
    assert worker.recount_summaries({"logId": log_id}) is False
    assert admin.get(path).json["message"] is None
