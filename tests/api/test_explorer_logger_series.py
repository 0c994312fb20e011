"""Logger series in the explorer (walk of a volunteer group publishing data): a USGS Water Services file imported on a
project's Logger tab made two gauges whose only data are logger series. The explorer's Parameters filter (stations
that measure a parameter) finds them by their series' parameters; its counts keep samples apart from logger series;
the station summaries name their series, kept in step when a series gets values (file, push) or loses its last ones.
The WQP services answer sampled results, and keep finding stations by sampled parameters only."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.imports_support import form, fresh_project, run_worker

USGS = Path(__file__).resolve().parents[1] / "fixtures" / "usgs" / "waterservices_iv.json"


def _import(api, org: str, project: str) -> dict:
    body, headers = form(USGS.read_bytes(), "waterservices_iv.json")
    path = f"/organization/{org}/projects/{project}"
    response = api.as_("admin").post(path + "/import-ts-data", body, headers=headers)
    assert response.status_code == 202, response.json
    return run_worker(api=api.as_("admin"), path=f"{path}/queued-import/{response.json['logId']}")


@pytest.fixture(scope="module")
def gauges(api):
    """A new organization whose project imported the USGS file: two gauges, each with streamflow and gage height."""
    org, project = fresh_project(api)
    log = _import(api, org, project)
    assert (log["status"], log["rowsImported"], log["stationsCreated"]) == ("succeeded", 20, 2), log
    stations = {s["identifier"]: s for s in api.get(f"/station?filter=organizationId||$eq||{org}").json}
    series = api.get(f"/wapi/ts/list?organizationId={org}").json
    flow = next(s["parameterId"] for s in series if s["unit"] == "ft3/s")
    stage = next(s["parameterId"] for s in series if s["unit"] == "ft")
    return {"org": org, "project": project, "stations": stations, "series": series, "flow": flow, "stage": stage}


def _explore(api, org: str, **query) -> dict:
    response = api.post("/statistic", {"organizationIds": [org], **query})
    assert response.status_code == 200, response.json
    return response.json


def test_the_parameters_filter_finds_the_stations_of_its_logger_series(api, gauges):
    answer = _explore(api, gauges["org"], parameterIds=[gauges["flow"]])
    assert answer["total"] == 2, answer  # had been 0 stations: "No station matches these filters"
    found = {s["identifier"]: s["meta"] for s in answer["stations"]}
    assert set(found) == {"USGS-01491000", "USGS-01645000"}
    # Its samples stay samples (none), its logger series are said apart.
    assert found["USGS-01491000"] == {"sampleCount": 0, "firstDate": None, "lastDate": None, "parameterIds": [],
                                      "loggerSeriesCount": 2,
                                      "loggerParameterIds": sorted([gauges["flow"], gauges["stage"]])}
    totals = answer["totals"]
    assert (totals["stations"], totals["samples"], totals["loggerStations"], totals["loggerSeries"]) == (2, 0, 2, 4)
    # Colour by reads sampled latest values: no logger parameter is offered there.
    assert totals["parameterIds"] == [] and totals["parameters"] == 0
    # The map's columns (GET too) find them alike.
    columns = api.get(f"/statistic/sampleLocationList?organizationIds={gauges['org']}"
                      f"&parameterIds={gauges['stage']}").json
    assert (columns["total"], columns["totals"]["loggerStations"]) == (2, 2)


def test_the_station_summary_names_its_logger_series(api, gauges):
    station = api.get(f"/station/{gauges['stations']['USGS-01491000']['id']}").json
    assert station["loggerSeries"] == sorted([f"{gauges['flow']}##", f"{gauges['stage']}##"])
    assert not station.get("sampleCount") and not station.get("parameterIds")


def test_a_pushed_series_makes_its_station_found_and_losing_its_last_values_unfinds_it(api, gauges):
    org, project = gauges["org"], gauges["project"]
    created = api.as_("admin").post("/station", {"organizationId": org, "identifier": "PUSHED-1", "name": "Pushed",
                                                 "latitude": 39.1, "longitude": -76.1})
    assert created.status_code == 201, created.json
    station_id = created.json["id"]
    key = api.as_("admin").post(f"/organization/{org}/api-keys", {"name": "Gauge"}).json["key"]
    pushed = api.post(f"/wapi/{project}/ts", {"series": [{
        "stationIdentifier": "PUSHED-1", "parameterId": gauges["stage"], "sensor": "radar",
        "values": [["2024-06-01T00:00:00Z", 3.2], ["2024-06-01T00:15:00Z", 3.3]]}]}, headers={"X-API-Key": key})
    assert pushed.status_code == 200 and pushed.json["accepted"] == 2, pushed.json
    stage = _explore(api, org, parameterIds=[gauges["stage"]])
    assert {s["identifier"] for s in stage["stations"]} == {"USGS-01491000", "USGS-01645000", "PUSHED-1"}
    assert api.get(f"/station/{station_id}").json["loggerSeries"] == [f"{gauges['stage']}##radar"]
    # More values of a series its station names already change nothing the explorer shows: its snapshot is not
    # marked stale (a logger pushing every 15 minutes would have had the explorer rebuilt on each read).
    from chalicelib.statistics import service as statistics

    marked = statistics._pointer()["changedAt"]
    more = api.post(f"/wapi/{project}/ts", {"series": [{
        "stationIdentifier": "PUSHED-1", "parameterId": gauges["stage"], "sensor": "radar",
        "values": [["2024-06-01T00:30:00Z", 3.4]]}]}, headers={"X-API-Key": key})
    assert more.json["added"] == 1 and statistics._pointer()["changedAt"] == marked

    # Part of its values go: it still has the series.
    series_id = pushed.json["series"][0]
    some = api.as_("admin").request("DELETE", f"/wapi/ts/series/{series_id}?from=2024-06-01T00:10:00Z")
    assert some.json == {"deleted": 2}
    assert "PUSHED-1" in {s["identifier"] for s in _explore(api, org, parameterIds=[gauges["stage"]])["stations"]}
    # Its last values go, and the series with them: the station no longer measures gage height.
    last = api.as_("admin").request("DELETE", f"/wapi/ts/series/{series_id}")
    assert last.json == {"deleted": 1}
    assert not api.get(f"/station/{station_id}").json.get("loggerSeries")
    stage = _explore(api, org, parameterIds=[gauges["stage"]])
    assert {s["identifier"] for s in stage["stations"]} == {"USGS-01491000", "USGS-01645000"}
    assert stage["totals"]["loggerSeries"] == 4  # the gauges' two each


def test_the_wqp_services_find_stations_by_sampled_parameters_only(api, gauges):
    import csv
    import io

    def sites(query: str) -> set[str]:
        response = api.get(f"/wqp/data/Station/search?organization={gauges['org']}{query}&mimeType=csv")
        assert response.status_code == 200, response.body
        return {row["MonitoringLocationIdentifier"] for row in csv.DictReader(io.StringIO(response.body.decode()))}

    assert {"USGS-01491000", "USGS-01645000"} <= sites("")
    flow = api.get(f"/parameter/{gauges['flow']}").json
    assert sites(f"&characteristicName={flow['characteristicName'] or flow['label']}") == set()


def test_series_written_before_stations_named_theirs_are_named_by_the_backfill(api, gauges):
    from chalicelib.statistics import service as statistics
    from chalicelib.stations.models import Station
    from chalicelib.timeseries import service as timeseries

    station_id = gauges["stations"]["USGS-01645000"]["id"]
    Station(id=station_id).update(actions=[Station.loggerSeries.remove()])  # as a station written before
    statistics.mark_stale()
    assert {s["identifier"] for s in _explore(api, gauges["org"], parameterIds=[gauges["flow"]])["stations"]} == {
        "USGS-01491000"}
    assert timeseries.name_series_in_stations() >= 2
    assert timeseries.name_series_in_stations() == 0  # named once: a second run changes nothing
    assert {s["identifier"] for s in _explore(api, gauges["org"], parameterIds=[gauges["flow"]])["stations"]} == {
        "USGS-01491000", "USGS-01645000"}


def test_the_first_rebuild_of_a_stack_names_the_series_written_before_stations_named_theirs(api, gauges):
    from chalicelib.crud import migrations
    from chalicelib.reference.models import CatalogItem
    from chalicelib.statistics import service as statistics
    from chalicelib.stations.models import Station

    station_id = gauges["stations"]["USGS-01645000"]["id"]
    Station(id=station_id).update(actions=[Station.loggerSeries.remove()])  # as a station written before
    CatalogItem(id=statistics.LOGGER_SERIES_NAMED).delete()  # a stack that has not named them yet
    migrations.forget(statistics.LOGGER_SERIES_NAMED)
    statistics.mark_stale()
    assert {s["identifier"] for s in _explore(api, gauges["org"], parameterIds=[gauges["flow"]])["stations"]} == {
        "USGS-01491000", "USGS-01645000"}
    assert Station.get(station_id).loggerSeries
