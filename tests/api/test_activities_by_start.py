"""A project's activities are listed by start date a page at a time from the byStart index: every activity on
exactly one page, in order both ways, and the total without reading the activities themselves."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def project(api, demo):
    """A project of its own with activities on a few dates, some with no time and one with no date at all."""
    from chalicelib.projects import service
    from chalicelib.projects.models import Activity

    contributor = api.as_("contributor")
    made = contributor.post("/project", {"organizationId": demo["org"], "name": f"Activities {uuid.uuid4().hex[:8]}"})
    assert made.status_code in (200, 201), made.json
    project_id = made.json["id"]
    starts = [("2021-05-02", "09:30:00"), ("2021-05-02", None), ("2021-05-02", "09:30"), ("2019-12-31", "23:59:00"),
              (None, None), ("2021-05-02", "14:00:00"), ("2020-07-04", "08:00:00")]
    service.save_activities(
        Activity(projectId=project_id, id=f"A-{n:02d}", organizationId=demo["org"], startDate=date, startTime=time,
                 typeCode="Field Msr/Obs", createdAt="2026-11-27T00:00:00Z")
        for n, (date, time) in enumerate(starts))
    # Two on the same start: the id decides.
    service.save_activities([Activity(projectId=project_id, id=f"A-{n:02d}", organizationId=demo["org"],
                                      startDate="2020-07-04", startTime="08:00:00", createdAt="2026-11-27T00:00:00Z")
                             for n in (9, 8)])
    return f"/organization/{demo['org']}/projects/{project_id}/activities"


EXPECTED_ASC = ["A-04",  # no date
                "A-03", "A-06", "A-08", "A-09",  # 2019-12-31, then 2020-07-04 08:00 by id
                "A-01",  # 2021-05-02 without a time, before any time that day
                "A-02", "A-00", "A-05"]  # 09:30 before 09:30:00 before 14:00:00


def _every_page(api, path: str, order: str, size: int) -> list[str]:
    first = api.get(f"{path}?order={order}&pageSize={size}").json
    ids = [a["id"] for a in first["data"]]
    for page in range(2, first["pageCount"] + 1):
        answer = api.get(f"{path}?order={order}&pageSize={size}&page={page}").json
        assert answer["total"] == first["total"] and answer["page"] == page
        ids += [a["id"] for a in answer["data"]]
    return ids


def test_pages_hold_every_activity_once_in_start_order_both_ways(api, project):
    first = api.get(f"{project}?order=ASC&pageSize=4").json
    assert (first["total"], first["pageCount"], first["page"], first["pageSize"]) == (9, 3, 1, 4)
    assert [a["id"] for a in first["data"]] == EXPECTED_ASC[:4]
    assert _every_page(api, project, "ASC", 4) == EXPECTED_ASC
    assert _every_page(api, project, "DESC", 2) == EXPECTED_ASC[::-1]
    assert _every_page(api, project, "DESC", 500) == EXPECTED_ASC[::-1]
    # The newest first unless asked otherwise; the answer is the activity as stored, without the index's key.
    newest = api.get(project).json["data"][0]
    assert (newest["id"], newest["startDate"], newest["startTime"], newest["typeCode"]) == (
        "A-05", "2021-05-02", "14:00:00", "Field Msr/Obs")
    assert "startKey" not in newest


def test_a_page_past_the_last_is_empty_and_still_counts(api, project):
    answer = api.get(f"{project}?order=ASC&pageSize=4&page=7").json
    assert (answer["data"], answer["total"], answer["pageCount"]) == ([], 9, 3)


def test_a_search_pages_its_matches_in_the_same_order(api, project):
    answer = api.get(f"{project}?order=ASC&pageSize=2&searchContent=2021-05").json
    assert (answer["total"], [a["id"] for a in answer["data"]]) == (4, ["A-01", "A-02"])


def test_activities_written_before_the_index_key_are_listed_after_the_one_time_fill(api, project):
    from chalicelib.core import aws
    from chalicelib.crud import migrations
    from chalicelib.projects import service
    from chalicelib.projects.models import Activity
    from chalicelib.reference.models import CatalogItem

    api.get(project)  # the fill has run in this stack
    project_id = project.split("/")[4]
    # As an older version wrote it: no startKey, so in no page of the index.
    aws.client("dynamodb").put_item(TableName=Activity.Meta.table_name, Item={
        "projectId": {"S": project_id}, "id": {"S": "OLD-1"}, "organizationId": {"S": "x"},
        "startDate": {"S": "2018-01-01"}, "createdAt": {"S": "2026-01-01T00:00:00Z"}})
    assert "OLD-1" not in _every_page(api, project, "ASC", 500)
    # A stack that has not run the fill yet (as one deployed before it): its first listing fills.
    CatalogItem(id=service.START_KEYS_DONE).delete()
    migrations.forget(service.START_KEYS_DONE)
    assert _every_page(api, project, "ASC", 3) == ["A-04", "OLD-1", *EXPECTED_ASC[1:]]
    assert CatalogItem.get(service.START_KEYS_DONE).kind == "migration"
