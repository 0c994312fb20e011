"""A walk: an import whose worker kept failing ended as "The import failed repeatedly because of an internal error;
please try again later." on a check that imported nothing, with nothing to say whether the file was at fault or what to
do next. The last delivery's failure now says it is the product's, not the file's, names a check as a check, and says
where to tell us."""
from __future__ import annotations

import pytest

from tests.api.imports_support import fresh_project, post_file

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


def test_an_import_whose_rows_are_written_but_whose_summaries_keep_failing_ends_by_its_counts(api):
    """A walk: a 230,000-value import on a slow data store wrote every value, then its stations' summaries timed out
    on five deliveries, and it ended "failed, please import it again". It now ends as its rows did, and says the
    summaries may lag."""
    from chalicelib.imports import worker

    class SummariesDown(worker.ImportJob):
        def refresh(self):
            raise TimeoutError("the data store did not answer within 10 s")

    org, project = fresh_project(api)
    admin = api.as_("admin")
    answer = post_file(admin, org, project, b"StationIdentifier,Date,Parameter,Value,Latitude,Longitude\n"
                       b"SUM-1,2024-05-01,pH,7.1,40.1,-75.2\nSUM-1,2024-05-02,pH,7.3,40.1,-75.2\n", "late.csv")
    log_id = answer.json["logId"]
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    with pytest.raises(TimeoutError):  # an earlier delivery: tried again
        worker.run_import({"logId": log_id, "receiveCount": 1}, lambda: 900_000, job_class=SummariesDown)
    assert admin.get(path).json["status"] == "running"
    from chalicelib.imports.models import ImportLog

    ImportLog.get(log_id).update(actions=[ImportLog.leaseUntil.set(0)])  # the dead worker's lease lapses, as in time
    assert worker.run_import({"logId": log_id, "receiveCount": worker.MAX_RECEIVES}, lambda: 900_000,
                             job_class=SummariesDown) == "succeeded"
    logs = {"en": admin.get(path).json, "zh": admin.get(path, headers=ZH).json}
    assert (logs["en"]["status"], logs["en"]["rowsImported"], logs["en"]["rowsTotal"]) == ("succeeded", 2, 2)
    assert logs["en"]["message"] == (
        "Every row is written, but the summaries of its stations could not be updated: the explorer and the station "
        "pages may show their counts and latest values as before until their values change again.")
    assert logs["zh"]["message"] == (
        "所有行均已写入，但其站点的摘要未能更新：在这些站点的数值再次变化之前，“浏览数据”和站点页面可能仍显示之前的计数和最新值。")
