"""Deleting a logger series' values (DELETE /wapi/ts/series/{id}?from&to), as a tester found it (2026-11-27):
several deletions of one series at the same moment each answer what they took (0 when another took it first) and
are each audited with it, the series' description ends counting and spanning what is left, and a series left
without values goes once; a valid period beyond the years a series takes deletes (and reads) nothing instead of
being refused; only a deletion that took something is audited; and an empty bound or a misspelt parameter, which
had deleted the whole series, is refused.

The races are real: the requests run on threads of their own against the test stack, and meet inside
`service.remove_values` (after each has found the series and its caller's right to delete), so they take the
values out and rewrite the description at the same moment. Chalice keeps the request being answered on the app
object, one for every thread (`app.current_request`; on Lambda each request has a process of its own), so here each
thread keeps its own (`one_request_per_thread`), as the earlier races of tests/api/test_dashboards.py and
test_organization_integrity.py did not need to (their requests were alike, or differed only in the token)."""
from __future__ import annotations

import csv
import io
import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

import pytest

from tests.api.imports_support import raw_get

ZH = {"Accept-Language": "zh-CN"}
MONTHS = range(1, 13)
DAYS = range(1, 21)  # 20 values a month, one a day at noon: 240 a year, a bucket a month


def _time(month: int, day: int) -> str:
    return f"2024-{month:02d}-{day:02d}T12:00:00Z"


def _month(month: int) -> str:
    """?from&to of a month of 2024."""
    last = (datetime(2024 + month // 12, month % 12 + 1, 1) - datetime(2024, month, 1)).days
    return f"from=2024-{month:02d}-01&to=2024-{month:02d}-{last}"


@pytest.fixture
def one_request_per_thread(api):
    """Requests from threads at once (the app keeps each thread's request: chalicelib/core/app_object.py). The test
    client swaps os.environ for a copy during each request, and threads restoring each other's copies can leave one
    behind: the environment is put back afterwards."""
    environment = os.environ
    yield
    os.environ = environment


@pytest.fixture
def meeting(monkeypatch):
    """`meeting(n)`: the next n deletions wait for each other inside service.remove_values, then go on together."""
    from chalicelib.timeseries import service

    remove_values = service.remove_values

    def arrange(count: int) -> None:
        barrier = threading.Barrier(count, timeout=60)

        def met(*args, **kwargs):
            barrier.wait()
            return remove_values(*args, **kwargs)

        monkeypatch.setattr(service, "remove_values", met)

    return arrange


@pytest.fixture
def descriptions_deleted(monkeypatch) -> list[str]:
    """The ids of the series whose description was deleted, once for each deletion that took place."""
    from chalicelib.timeseries.models import META, TimeSeries

    deleted: list[str] = []
    delete = TimeSeries.delete

    def counted(self, *args, **kwargs):
        answer = delete(self, *args, **kwargs)  # a refused (conditional) deletion raises: not counted
        if self.ts == META:
            deleted.append(self.id)
        return answer

    monkeypatch.setattr(TimeSeries, "delete", counted)
    return deleted


@pytest.fixture(scope="module")
def logger(api, demo) -> dict:
    """A station of the demo organization with a parameter of its own, a project and an API key to push with."""
    admin = api.as_("admin")
    suffix = uuid.uuid4().hex[:6]
    parameter = admin.post("/parameter", {"label": f"Logger at once {suffix}", "unit": "deg C",
                                          "organizationId": demo["org"]}).json
    project = admin.post("/project", {"organizationId": demo["org"], "name": f"Logger at once {suffix}"}).json
    station = admin.post("/station", {"organizationId": demo["org"], "identifier": f"ONCE-{suffix}",
                                      "name": "Logger creek", "latitude": 40.2, "longitude": -75.1}).json
    key = admin.post(f"/organization/{demo['org']}/api-keys", {"name": f"At once {suffix}"}).json["key"]
    return {"parameter": parameter["id"], "project": project["id"], "station": station["id"], "key": key}


def _push(api, logger: dict, sensor: str, values: list) -> dict:
    pushed = api.as_("anonymous").post(f"/wapi/{logger['project']}/ts", {"series": [
        {"stationId": logger["station"], "parameterId": logger["parameter"], "sensor": sensor, "unit": "deg C",
         "values": values}]}, headers={"X-API-Key": logger["key"]})
    assert pushed.status_code == 200 and pushed.json["rejected"] == 0, pushed.json
    return pushed.json


def _new_series(api, logger: dict) -> str:
    """A series of its own (a sensor of its own) of 240 values: 20 a month through 2024."""
    answer = _push(api, logger, uuid.uuid4().hex[:8],
                   [[_time(month, day), float(month * 100 + day)] for month in MONTHS for day in DAYS])
    assert answer["added"] == 240
    return answer["series"][0]


def _description(api, logger: dict, series_id: str) -> dict | None:
    """The series as GET /wapi/ts/list describes it (None once it has gone)."""
    listed = api.get(f"/wapi/ts/list?stationId={logger['station']}").json
    return next(({k: s[k] for k in ("count", "firstTime", "lastTime")} for s in listed if s["id"] == series_id), None)


def _stored(series_id: str) -> list[str]:
    """Every item the series keeps (its buckets' keys and "meta"), read consistently."""
    from chalicelib.timeseries.models import TimeBucket

    return [item.ts for item in TimeBucket.query(series_id, consistent_read=True, attributes_to_get=["ts"])]


def _times_left(api, series_id: str) -> list[str]:
    return [p["t"] for p in api.get(f"/wapi/ts/data?series={series_id}&aggregate=raw").json["points"]]


def _audited(api, series_id: str) -> list[dict]:
    entries = api.as_("admin").get(f"/system/audit?filter=targetId||$eq||{series_id}").json
    return [{"action": e["action"], **{k: e["before"].get(k) for k in ("count", "from", "to")}} for e in entries]


def _at_once(calls: list) -> list:
    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(lambda call: call(), calls))


def _deletion(api, series_id: str, query: str = ""):
    path = f"/wapi/ts/series/{series_id}" + (f"?{query}" if query else "")
    return lambda: api.as_("contributor").delete(path)


@pytest.mark.parametrize("round_", range(3))
def test_twelve_deletions_of_its_months_at_once_each_take_their_month_and_the_series_goes_once(
        api, logger, one_request_per_thread, meeting, descriptions_deleted, round_):
    series_id = _new_series(api, logger)
    meeting(12)
    answers = _at_once([_deletion(api, series_id, _month(month)) for month in MONTHS])
    assert [(a.status_code, a.json) for a in answers] == [(200, {"deleted": 20})] * 12
    assert _description(api, logger, series_id) is None
    assert api.get(f"/wapi/ts/data?series={series_id}").status_code == 404
    assert _stored(series_id) == []  # no bucket, and no description written again after it went
    assert descriptions_deleted == [series_id]
    assert sorted((e["count"], e["from"][:10], e["to"][:10]) for e in _audited(api, series_id)) == sorted(
        (20, query[5:15], query[-10:]) for query in map(_month, MONTHS))


def test_deletions_at_once_from_both_ends_leave_the_description_counting_and_spanning_the_rest(
        api, logger, one_request_per_thread, meeting, descriptions_deleted):
    series_id = _new_series(api, logger)
    gone = [1, 2, 3, 4, 5, 6, 12]
    meeting(len(gone))
    answers = _at_once([_deletion(api, series_id, _month(month)) for month in gone])
    assert [(a.status_code, a.json) for a in answers] == [(200, {"deleted": 20})] * len(gone)
    assert _description(api, logger, series_id) == {"count": 100, "firstTime": _time(7, 1),
                                                    "lastTime": _time(11, 20)}
    assert _times_left(api, series_id) == [_time(month, day) for month in range(7, 12) for day in DAYS]
    assert descriptions_deleted == []
    assert sorted(e["count"] for e in _audited(api, series_id)) == [20] * len(gone)


@pytest.mark.parametrize("round_", range(3))
def test_four_deletions_of_the_whole_series_at_once_share_its_values_between_them(
        api, logger, one_request_per_thread, meeting, descriptions_deleted, round_):
    series_id = _new_series(api, logger)
    meeting(4)
    answers = _at_once([_deletion(api, series_id)] * 4)
    assert [a.status_code for a in answers] == [200] * 4, [a.json for a in answers]
    taken = [a.json["deleted"] for a in answers]
    assert sum(taken) == 240
    assert (_description(api, logger, series_id), _stored(series_id), descriptions_deleted) == (None, [], [series_id])
    # Each that took something is audited with what it took; one that found nothing left is not.
    assert sorted(e["count"] for e in _audited(api, series_id)) == sorted(n for n in taken if n)


def test_deletions_of_overlapping_periods_of_one_month_at_once_take_each_value_once(
        api, logger, one_request_per_thread, meeting):
    series_id = _new_series(api, logger)
    periods = ["from=2024-05-01&to=2024-05-10", "from=2024-05-05&to=2024-05-15", "from=2024-05-11&to=2024-05-20",
               "from=2024-05-01&to=2024-05-31", "from=2024-05-03&to=2024-05-04", "from=2024-05-18&to=2024-06-01"]
    meeting(len(periods))
    answers = _at_once([_deletion(api, series_id, period) for period in periods])
    assert [a.status_code for a in answers] == [200] * len(periods), [a.json for a in answers]
    assert sum(a.json["deleted"] for a in answers) == 21  # May's 20 and 1 June
    assert _description(api, logger, series_id) == {"count": 219, "firstTime": _time(1, 1), "lastTime": _time(12, 20)}
    left = _times_left(api, series_id)
    assert len(left) == 219 and not [t for t in left if t.startswith("2024-05")] and _time(6, 1) not in left
    assert sorted(e["count"] for e in _audited(api, series_id)) == sorted(a.json["deleted"] for a in answers
                                                                           if a.json["deleted"])


def test_a_push_into_a_month_a_deletion_empties_meanwhile_keeps_its_values(api, logger, monkeypatch):
    """The push had read May's bucket before the deletion took it: its write finds the bucket gone (it had
    answered 500, looking for the bucket again) and makes it anew."""
    from chalicelib.timeseries import service

    series_id = _new_series(api, logger)
    merge_bucket = service._merge_bucket

    def emptied_meanwhile(series, key, incoming, stored):
        if key == "2024-05" and stored is not None:
            deleted = api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?{_month(5)}")
            assert deleted.json == {"deleted": 20}
        return merge_bucket(series, key, incoming, stored)

    monkeypatch.setattr(service, "_merge_bucket", emptied_meanwhile)
    series = api.get(f"/wapi/ts/list?stationId={logger['station']}").json
    sensor = next(s["sensor"] for s in series if s["id"] == series_id)
    pushed = _push(api, logger, sensor, [[_time(5, 25), 1.0], [_time(5, 26), 2.0]])
    assert (pushed["added"], pushed["series"]) == (2, [series_id])
    monkeypatch.undo()
    assert _description(api, logger, series_id) == {"count": 222, "firstTime": _time(1, 1), "lastTime": _time(12, 20)}
    assert [t for t in _times_left(api, series_id) if t.startswith("2024-05")] == [_time(5, 25), _time(5, 26)]


def test_a_period_beyond_the_years_a_series_takes_deletes_and_reads_nothing(api, logger):
    series_id = _new_series(api, logger)
    next_year = datetime.now(timezone.utc).year + 1
    beyond = {"from=2030-01-01&to=2031-01-01": f"{next_year + 1}-01-01T00:00:00Z",
              "from=1000-01-01&to=1000-01-02": "1799-12-31T23:59:59Z",
              "from=9999-12-31T23:00:00-05:00&to=9999-12-31T23:30:00-05:00": f"{next_year + 1}-01-01T00:00:00Z"}
    for query, second in beyond.items():
        deleted = api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?{query}")
        assert (deleted.status_code, deleted.json) == (200, {"deleted": 0}), query
        # The reads of the same period: nothing, rather than 400. Both bounds are the second beyond the years.
        read = api.get(f"/wapi/ts/data?series={series_id}&{query}")
        assert read.status_code == 200, (query, read.json)
        assert (read.json["count"], read.json["points"], read.json["from"], read.json["to"]) == (0, [], second, second)
        download = raw_get(api, f"/wapi/ts/download?series={series_id}&{query}")
        assert download.status_code == 200, (query, download.body)
        assert list(csv.DictReader(io.StringIO(download.body.decode()))) == []
    # Backwards is still refused, beyond the years too.
    for query in ("from=2031-01-01&to=2030-01-01", "from=2024-05-02&to=2024-05-01"):
        refused = api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?{query}")
        assert (refused.status_code, refused.json["message"]) == (400, "Invalid from. It must not be after to")
        assert api.get(f"/wapi/ts/data?series={series_id}&{query}").status_code == 400
    assert _description(api, logger, series_id)["count"] == 240
    assert _audited(api, series_id) == []
    # A period only partly beyond them still takes what lies within.
    assert api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?from=1000-01-01&to=2024-01-31").json == {
        "deleted": 20}
    assert api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?from=2024-12-01&to=2030-01-01").json == {
        "deleted": 20}
    assert _description(api, logger, series_id) == {"count": 200, "firstTime": _time(2, 1), "lastTime": _time(11, 20)}


def test_only_a_deletion_that_took_values_is_audited_with_its_count_and_period(api, logger):
    series_id = _new_series(api, logger)
    contributor = api.as_("contributor")
    assert contributor.delete(f"/wapi/ts/series/{series_id}?from=2023-01-01&to=2023-12-31").json == {"deleted": 0}
    assert contributor.delete(f"/wapi/ts/series/{series_id}?from=2024-05-21&to=2024-05-31").json == {"deleted": 0}
    assert _audited(api, series_id) == []
    assert contributor.delete(f"/wapi/ts/series/{series_id}?from=2024-03-01&to=2024-03-10").json == {"deleted": 10}
    assert contributor.delete(f"/wapi/ts/series/{series_id}?from=2024-03-01&to=2024-03-10").json == {"deleted": 0}
    assert _audited(api, series_id) == [{"action": "delete", "count": 10, "from": "2024-03-01T00:00:00Z",
                                        "to": "2024-03-10T23:59:59Z"}]
    assert contributor.delete(f"/wapi/ts/series/{series_id}").json == {"deleted": 230}
    assert sorted((e["count"], e["from"], e["to"]) for e in _audited(api, series_id)) == [
        (10, "2024-03-01T00:00:00Z", "2024-03-10T23:59:59Z"), (230, None, None)]


@pytest.mark.parametrize("query, message", [
    ("from=", "Invalid from. An ISO 8601 date or time expected"),
    ("to=", "Invalid to. An ISO 8601 date or time expected"),
    ("from=2024-05-01&to=", "Invalid to. An ISO 8601 date or time expected"),
    ("from=%20", "Invalid from. An ISO 8601 date or time expected"),
    ("From=2024-05-01", "Unknown query parameter: From. This route takes from and to."),
    ("from=2024-05-01&To=2024-05-31", "Unknown query parameter: To. This route takes from and to."),
    ("start=2024-05-01&end=2024-05-31", "Unknown query parameter: start. This route takes from and to."),
    ("from=2024-05-01&from=", "Invalid from. One value expected"),
    ("from=2024-05-01&from=2024-06-01", "Invalid from. One value expected"),
])
def test_an_empty_bound_or_a_parameter_the_route_does_not_take_deletes_nothing(api, logger, query, message):
    series_id = _new_series(api, logger)
    refused = api.as_("contributor").delete(f"/wapi/ts/series/{series_id}?{query}")
    assert (refused.status_code, refused.json["message"]) == (400, message)
    assert _description(api, logger, series_id)["count"] == 240
    assert _audited(api, series_id) == []


def test_the_refusals_read_in_chinese(api, logger):
    series_id = _new_series(api, logger)
    contributor = api.as_("contributor")
    for query, message in (("From=2024-05-01", "未知的查询参数：From。此路由接受 from 和 to。"),
                           ("from=", "from 无效：应为 ISO 8601 日期或时间。"),
                           ("to=2024-01-01&to=2024-02-01", "to 无效：应为单个值。")):
        refused = contributor.delete(f"/wapi/ts/series/{series_id}?{query}", headers=ZH)
        assert (refused.status_code, refused.json["message"]) == (400, message)


def test_the_shared_check_of_query_parameters_names_what_a_route_takes():
    from chalicelib.core.errors import BadRequest
    from chalicelib.core.http import only_query_parameters
    from chalicelib.core.messages import localize

    only_query_parameters(None, ("from", "to"))
    only_query_parameters({"to": "2024-01-01"}, ("from", "to"))
    said = {}
    for allowed in ((), ("from",), ("from", "to"), ("from", "startDate", "start", "to", "endDate", "end")):
        with pytest.raises(BadRequest) as refused:
            only_query_parameters({"from": "2024-01-01", "From": "2024-01-01", "x": "1"}, allowed)
        said[allowed] = refused.value.message
    assert list(said.values()) == [
        "Unknown query parameter: from. This route takes none.",
        "Unknown query parameter: From. This route takes only from.",
        "Unknown query parameter: From. This route takes from and to.",
        "Unknown query parameter: From. This route takes from, startDate, start, to, endDate and end."]
    assert [localize(message, "zh-CN") for message in said.values()] == [
        "未知的查询参数：from。此路由不接受查询参数。", "未知的查询参数：From。此路由只接受 from。",
        "未知的查询参数：From。此路由接受 from 和 to。",
        "未知的查询参数：From。此路由接受 from、startDate、start、to、endDate 和 end。"]
