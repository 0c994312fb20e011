"""What a dated Result search asks DynamoDB (QA walk: /data/Result/search?characteristicName=pH&startDateLo=...
took 4.2-4.6 s, its HEAD 2.0-2.3 s, on the local stack). A station's series are known from the explorer's
snapshot, so counting asks no series list; a GET whose stations hold fewer values than the direct limit in all
is not counted first; one that is counted reads again only the stations holding matching values."""
from __future__ import annotations

import pytest

from tests.api.test_wqp import _request, _table
from tests.api.test_wqp_activities import _dynamodb_requests

DATED = ("/wqp/data/Result/search?organization=Demo%20Watershed%20Council&startDateLo=06-01-2011"
         "&startDateHi=07-31-2011")


def _queries(made: list[tuple[str, dict]]) -> dict[str, int]:
    """Queries of the series table, value Queries and Select=COUNT Queries of the samples table."""
    from chalicelib.samples.models import SampleValue, Series

    queries = [p for op, p in made if op == "Query"]
    return {"series": sum(1 for p in queries if p["TableName"] == Series.Meta.table_name),
            "values": sum(1 for p in queries if p["TableName"] == SampleValue.Meta.table_name and "Select" not in p),
            "counts": sum(1 for p in queries if p["TableName"] == SampleValue.Meta.table_name
                          and p.get("Select") == "COUNT")}


@pytest.fixture
def direct_max(settings_env):
    return lambda rows: settings_env(WQP_DIRECT_MAX_RESULTS=rows)


def test_head_counts_each_series_by_its_key_without_asking_the_series_lists(api, demo, monkeypatch):
    with _dynamodb_requests(monkeypatch) as made:
        head = _request(api, "HEAD", DATED)
    assert head.status_code == 200 and int(head.headers["Total-Result-Count"]) > 0
    asked = _queries(made)
    assert asked["series"] == 0 and asked["counts"] > 0, asked


def test_a_get_within_the_limit_by_the_station_summaries_is_not_counted_first(api, demo, monkeypatch):
    with _dynamodb_requests(monkeypatch) as made:
        rows = _table(_request(api, "GET", DATED))
    assert rows
    assert _queries(made)["counts"] == 0


def test_a_counted_get_reads_only_the_stations_holding_matching_values(api, demo, monkeypatch, direct_max):
    head = _request(api, "HEAD", DATED)
    sites, results = int(head.headers["Total-Site-Count"]), int(head.headers["Total-Result-Count"])
    expected = _request(api, "GET", DATED).body
    # The limit the answer just fits: its stations' summaries (every value) are over it, so it is counted.
    direct_max(results + 150 * sites)
    with _dynamodb_requests(monkeypatch) as made:
        response = _request(api, "GET", DATED)
    assert response.status_code == 200 and response.body == expected
    asked = _queries(made)
    assert asked["counts"] > 0, asked  # counted (the summaries told too little)
    assert asked["series"] == sites, asked  # then read: the stations with matching values only
