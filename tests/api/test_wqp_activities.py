"""WQP's activities (sampling events) over this product's data: what the Activity and Project searches read to
find a station's activities (its values' activity ids, not every activity of its organization's projects),
that both ways of finding them answer the same, and that the monitoring-location summary counts the same
activities the Activity search answers."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.api.test_wqp import DEMO, WI, WI_SITE, _request, _table


@contextmanager
def _dynamodb_requests(monkeypatch):
    """Every DynamoDB request made meanwhile, by any client (boto3's and pynamodb's, on any thread), as
    (operation, its parameters)."""
    from botocore.client import BaseClient

    made: list[tuple[str, dict]] = []
    original = BaseClient._make_api_call

    def recording(client, operation, parameters):
        if client.meta.service_model.service_name == "dynamodb":
            made.append((operation, parameters))
        return original(client, operation, parameters)

    with monkeypatch.context() as patch:
        patch.setattr(BaseClient, "_make_api_call", recording)
        yield made


def _activity_requests(made: list[tuple[str, dict]]) -> tuple[list[str], int]:
    """The requests to the activities table, and how many activities they asked for by key."""
    from chalicelib.projects.models import Activity

    table = Activity.Meta.table_name
    operations = [op for op, p in made if p.get("TableName") == table or table in p.get("RequestItems", {})]
    keys = sum(len(p["RequestItems"][table]["Keys"]) for op, p in made if table in p.get("RequestItems", {}))
    return operations, keys


@pytest.fixture(scope="module")
def generated_site(api, demo) -> str:
    """A generated station with values, none of which names an activity (the demo network's)."""
    stations = _table(_request(api, "GET", f"/wqp/data/Station/search?{DEMO}&minresults=1"))
    return next(s["MonitoringLocationIdentifier"] for s in stations if s["MonitoringLocationIdentifier"].startswith("OWD-"))


SCALE_SITE = "WQP-ACTIVITY-SCALE-SITE"
SCALE_ACTIVITIES = 3000


@pytest.fixture(scope="module")
def large_project(api, demo):
    """A project of 3,000 activities (a value each, as an import writes them) at a station of its own: what a
    search of another site must not read (a project had grown to ~24,000 activities, and Activity and Project
    searches of one site took 5-11 s reading them all)."""
    from datetime import datetime, timedelta, timezone

    from chalicelib.core.models import utc_now
    from chalicelib.parameters import service as parameters
    from chalicelib.projects import service as projects
    from chalicelib.projects.models import Activity
    from chalicelib.samples import service as samples

    project = projects.ensure(demo["org"], "WQP-ACTIVITY-SCALE", "Many activities elsewhere")
    created = api.as_("contributor").post("/station", {"organizationId": demo["org"], "identifier": SCALE_SITE,
                                                       "name": "Many activities", "latitude": 44.0, "longitude": -100.0})
    assert created.status_code == 201, created.json
    parameter = parameters.ensure("WQP activity scale test", unit="mg/L")
    start = datetime(2020, 1, 1, tzinfo=timezone.utc)
    activities, values = [], []
    for n in range(SCALE_ACTIVITIES):
        moment, identifier = start + timedelta(days=n // 10, hours=n % 10), f"SCALE-{n:05d}"
        activities.append(Activity(projectId=project.id, id=identifier, organizationId=demo["org"],
                                   typeCode="Sample-Routine", startDate=moment.date().isoformat(),
                                   startTime=moment.strftime("%H:%M:%S"), timeZone="UTC",
                                   stationId=created.json["id"], monitoringLocationIdentifier=SCALE_SITE,
                                   createdAt=utc_now()))
        values.append(samples.Sample(stationId=created.json["id"], parameterId=parameter.id,
                                     time=samples.sort_time(moment, identifier), value=float(n), unit="mg/L",
                                     organizationId=demo["org"], extra={"activityId": identifier,
                                                                        "projectId": project.id}))
    projects.save_activities(activities)
    samples.write(values)
    return project


def test_a_one_site_activity_search_reads_that_sites_activities_alone(api, demo, large_project, generated_site,
                                                                      monkeypatch):
    """Structural: no project's activity list is read (no Query of the activities table), and only the
    activities the site's values name are fetched, by key."""
    with _dynamodb_requests(monkeypatch) as made:
        response = _request(api, "GET", f"/wqp/data/Activity/search?siteid={generated_site}&mimeType=csv")
    assert _table(response) == [] and response.headers["Total-Activity-Count"] == "0"
    operations, keys = _activity_requests(made)
    assert operations == [] and keys == 0  # its values name no activity: the activities table is not asked
    samples = [p for op, p in made if op == "Query" and "seriesKey" in p.get("KeyConditionExpression", "")]
    assert samples and all(p["ProjectionExpression"] == "a, p" for p in samples)

    with _dynamodb_requests(monkeypatch) as made:
        response = _request(api, "GET", f"/wqp/data/Activity/search?{WI}")
    assert len(_table(response)) == 5 and response.headers["Total-Activity-Count"] == "5"
    # Its five activities by key, twice: counted before the answer is written (as HEAD counts them, to decide
    # whether the worker writes it), then written.
    assert _activity_requests(made) == (["BatchGetItem"] * 2, 10)

    with _dynamodb_requests(monkeypatch) as made:
        head = _request(api, "HEAD", f"/wqp/data/Activity/search?{WI}")
    assert head.headers["Total-Activity-Count"] == "5"
    assert _activity_requests(made) == (["BatchGetItem"], 5)


def test_a_one_site_project_search_reads_no_activity_list(api, demo, large_project, generated_site, monkeypatch):
    with _dynamodb_requests(monkeypatch) as made:
        projects = _table(_request(api, "GET", f"/wqp/data/Project/search?{WI}"))
    assert "CBSM_URSS_Madison" in {p["ProjectIdentifier"] for p in projects}
    assert "WQP-ACTIVITY-SCALE" not in {p["ProjectIdentifier"] for p in projects}
    operations, keys = _activity_requests(made)
    assert set(operations) <= {"BatchGetItem"} and keys <= 5  # the site's own activities at most
    with _dynamodb_requests(monkeypatch) as made:
        _table(_request(api, "GET", f"/wqp/data/Project/search?siteid={generated_site}"))
    assert _activity_requests(made) == ([], 0)
    # The station filter by project asks the same way.
    with _dynamodb_requests(monkeypatch) as made:
        assert {r["MonitoringLocationIdentifier"] for r in _table(_request(
            api, "GET", f"/wqp/data/Station/search?{WI}&project=WQP-ACTIVITY-SCALE"))} == set()
    assert "Query" not in _activity_requests(made)[0]


@pytest.mark.parametrize("path", [
    f"/wqp/data/Activity/search?{WI}",
    f"/wqp/data/Activity/search?{WI}&startDateLo=06-01-2011&startDateHi=07-31-2011",
    f"/wqp/data/Activity/search?{WI}&activityId=WIDNR_WQX-45822640;WIDNR_WQX-50689894&sampleMedia=Water",
    f"/wqp/data/Activity/search?{WI}&project=CBSM_URSS_Madison",
    "/wqp/data/Activity/search?siteid=USGS-01405150",
    f"/wqp/wqx3/Activity/search?{WI}&mimeType=tsv",
    f"/wqp/data/Project/search?{WI}",
    f"/wqp/data/Project/search?{DEMO}&statecode=US:34",
    f"/wqp/data/Station/search?{DEMO}&minactivities=1",
    f"/wqp/data/Station/search?{DEMO}&project=CBSM_URSS_Madison",
    f"/wqp/data/Station/search?{DEMO}&project=WQP-ACTIVITY-SCALE",
    f"/wqp/data/Activity/search?siteid={SCALE_SITE}&startDateLo=03-01-2020&startDateHi=03-31-2020",
    f"/wqp/data/summary/monitoringLocation/search?siteid={SCALE_SITE}&summaryYears=all",
])
def test_finding_activities_by_values_or_by_project_lists_answers_the_same(api, demo, large_project, path,
                                                                            monkeypatch):
    """The same answer, byte for byte, whichever way the activities are found (the choice forced each way)."""
    from chalicelib.wqp import service

    answers = []
    for share in (10 ** 9, 0):  # every query by project lists, then every query by values
        monkeypatch.setattr(service, "BY_VALUES_SHARE", share)
        response = _request(api, "GET", path)
        assert response.status_code == 200, response.body
        answers.append((response.body, {k: v for k, v in response.headers.items() if k.startswith("Total-")}))
    assert answers[0] == answers[1]


def test_minactivities_counts_activities_not_sampling_days(api, demo, large_project, generated_site):
    # The generated site was sampled on several days; its values name no activity, so it has none.
    assert _table(_request(api, "GET", f"/wqp/data/Station/search?siteid={generated_site}&minresults=1"))
    assert _table(_request(api, "GET", f"/wqp/data/Station/search?siteid={generated_site}&minactivities=1")) == []

    def sites(query: str) -> set[str]:
        return {r["MonitoringLocationIdentifier"] for r in _table(_request(api, "GET", f"/wqp/data/Station/search?{query}"))}

    assert sites(f"{DEMO}&minactivities=5") == {WI_SITE, SCALE_SITE}
    assert sites(f"{DEMO}&minactivities=6") == {SCALE_SITE}
    assert sites(f"siteid={SCALE_SITE}&minactivities={SCALE_ACTIVITIES}") == {SCALE_SITE}
    assert sites(f"siteid={SCALE_SITE}&minactivities={SCALE_ACTIVITIES + 1}") == set()
    # The activities themselves, whichever site is asked.
    response = _request(api, "GET", f"/wqp/data/Activity/search?siteid={SCALE_SITE}")
    assert response.headers["Total-Activity-Count"] == str(SCALE_ACTIVITIES) == str(len(_table(response)))


def test_the_summary_counts_the_activities_the_activity_search_answers(api, demo, generated_site):
    """Activities are sampling events: values without an activity identifier have none, in the summary as in
    the Activity search (the generated network's values name none), while their results are counted."""
    summary = _table(_request(api, "GET", "/wqp/data/summary/monitoringLocation/search"
                                          f"?siteid={generated_site}&{DEMO}&summaryYears=all"))
    assert sum(int(r["ResultCount"]) for r in summary) > 0
    assert {r["ActivityCount"] for r in summary} == {"0"}
    activities = _request(api, "GET", f"/wqp/data/Activity/search?siteid={generated_site}&{DEMO}")
    assert _table(activities) == [] and activities.headers["Total-Activity-Count"] == "0"
    results = _table(_request(api, "GET", f"/wqp/data/Result/search?siteid={generated_site}&{DEMO}"))
    assert len(results) == sum(int(r["ResultCount"]) for r in summary)
    assert {r["ActivityIdentifier"] for r in results} == {""}
    # A site whose values name their activities: the summary's count is the Activity search's.
    [row] = _table(_request(api, "GET", f"/wqp/data/summary/monitoringLocation/search?{WI}&summaryYears=all"))
    activities = _request(api, "GET", f"/wqp/data/Activity/search?{WI}")
    results = _table(_request(api, "GET", f"/wqp/data/Result/search?{WI}"))
    assert row["ActivityCount"] == activities.headers["Total-Activity-Count"] == "5"
    assert {r["ActivityIdentifier"] for r in _table(activities)} == {r["ActivityIdentifier"] for r in results}
