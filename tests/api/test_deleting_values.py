"""Values recorded by mistake are taken out again by the organization's contributors (owner walk, 2026-11-27: a
wrong push made a series nobody could remove): a station's values of a parameter, or a logger series, whole or
for a period. What is left is recounted, and a parameter whose values are all gone may be deleted."""
from __future__ import annotations

import uuid

from tests.api.imports_support import fresh_project, import_file

ZH = {"Accept-Language": "zh-CN"}


def _imported(api) -> dict:
    """A station with five pH values (1-5 May 2024) and one nitrate value, imported into a new organization."""
    org, project = fresh_project(api)
    identifier = f"DEL-{uuid.uuid4().hex[:6]}"
    rows = [f"{identifier},2024-05-0{day},10:00,UTC,pH,7.{day},std units,40.1,-75.2" for day in range(1, 6)]
    rows.append(f"{identifier},2024-05-03,10:00,UTC,Nitrate,1.5,mg/L as N,40.1,-75.2")
    content = ("StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               + "\n".join(rows) + "\n").encode()
    log = import_file(api, org, project, content, "mistake.csv")
    assert log["rowsImported"] == 6, log["message"]
    station = api.get(f"/station?filter=identifier||$eq||{identifier}").json[0]
    parameters = {p["label"]: p["id"] for p in api.get("/parameter/parameters?limit=1000").json}
    return {"org": org, "station": station, "ph": parameters["pH"], "nitrate": parameters["Nitrate"]}


def _series(api, station_id: str) -> dict[str, int]:
    return {s["parameterId"]: s["sampleCount"] for s in api.get(f"/station/{station_id}/series").json}


def test_a_contributor_deletes_a_period_then_the_rest_and_the_station_is_recounted(api):
    data = _imported(api)
    admin, station = api.as_("admin"), data["station"]
    path = f"/sampleValue/{station['id']}/{data['ph']}"
    period = admin.delete(f"{path}?from=2024-05-02&to=2024-05-03")
    assert (period.status_code, period.json) == (200, {"deleted": 2})
    left = [v["time"][:10] for v in api.get(path).json["data"]]
    assert left == ["2024-05-01", "2024-05-04", "2024-05-05"]
    assert _series(api, station["id"]) == {data["ph"]: 3, data["nitrate"]: 1}
    assert admin.delete(path).json == {"deleted": 3}
    assert _series(api, station["id"]) == {data["nitrate"]: 1}
    assert api.get(f"/station/{station['id']}").json["sampleCount"] == 1
    assert admin.delete(path).json == {"deleted": 0}
    # Said in the trail, by station and parameter.
    entries = admin.get(f"/system/audit?filter=targetId||$eq||{station['id']}%23{data['ph']}").json
    assert {(e["action"], e["targetName"], e["before"]["count"]) for e in entries} == {
        ("delete", f"{station['identifier']} · pH", 2), ("delete", f"{station['identifier']} · pH", 3)}


def test_only_the_stations_organization_deletes_its_values(api, demo):
    data = _imported(api)
    path = f"/sampleValue/{data['station']['id']}/{data['ph']}"
    assert api.as_("anonymous").delete(path).status_code == 401
    assert api.as_("orgadmin").delete(path).status_code == 403  # of another organization
    assert api.as_("viewer").delete(path).status_code == 403
    bad = api.as_("admin").delete(f"{path}?from=May")
    assert (bad.status_code, bad.json["message"]) == (
        400, "Invalid from. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
    assert api.get(path).json["count"] == 5


def test_a_misspelt_or_empty_bound_deletes_nothing(api):
    data = _imported(api)
    admin, path = api.as_("admin"), f"/sampleValue/{data['station']['id']}/{data['ph']}"
    empty = admin.delete(f"{path}?from=")
    assert (empty.status_code, empty.json["message"]) == (
        400, "Invalid from. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
    misspelt = admin.delete(f"{path}?From=2024-05-01", headers=ZH)
    assert misspelt.status_code == 400
    assert "From" in misspelt.json["message"]
    assert admin.delete(f"{path}?From=2024-05-01").json["message"] == (
        "Unknown query parameter: From. This route takes from and to.")
    # A year before 1000 is a year like any other: none of 2024's values are before it.
    assert admin.delete(f"{path}?to=0999-06-01T00:00:00Z").json == {"deleted": 0}
    assert api.get(f"{path}?to=0999-06-01T00:00:00Z").json["count"] == 0
    too_far = admin.delete(f"{path}?from=0001-01-01T00:00:00%2B01:00")
    assert (too_far.status_code, too_far.json["message"]) == (
        400, "Invalid from. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
    assert api.get(path).json["count"] == 5


def test_too_many_values_at_once_are_refused_with_a_shorter_period_asked_for(api, monkeypatch):
    from chalicelib.samples import service

    data = _imported(api)
    monkeypatch.setattr(service, "MAX_REMOVED", 2)
    path = f"/sampleValue/{data['station']['id']}/{data['ph']}"
    refused = api.as_("admin").delete(path, headers=ZH)
    assert (refused.status_code, refused.json["message"]) == (
        400, "此时间段有 5 个数值：每次最多删除 2 个。请选择更短的时间段。")
    assert api.as_("admin").delete(path).json["message"] == (
        "This period holds 5 values: at most 2 are deleted at a time. Choose a shorter period.")
    assert api.get(path).json["count"] == 5


def test_a_logger_series_loses_a_period_then_goes_and_its_parameter_may_go_too(api, demo):
    admin = api.as_("admin")
    parameter = admin.post("/parameter", {"label": f"Logger mistake {uuid.uuid4().hex[:6]}", "unit": "deg C",
                                          "organizationId": demo["org"]}).json
    project = admin.post("/project", {"organizationId": demo["org"], "name": f"Logger {uuid.uuid4().hex[:6]}"}).json
    station = admin.post("/station", {"organizationId": demo["org"], "identifier": f"LOGDEL-{uuid.uuid4().hex[:6]}",
                                      "name": "Logger creek", "latitude": 40.2, "longitude": -75.1}).json
    key = admin.post(f"/organization/{demo['org']}/api-keys", {"name": "Deleting test"}).json["key"]
    values = [[f"2024-0{month}-{day:02d}T00:00:00Z", 10.0 + day] for month in (5, 6) for day in range(1, 11)]
    pushed = api.as_("anonymous").post(f"/wapi/{project['id']}/ts", {"series": [
        {"stationId": station["id"], "parameterId": parameter["id"], "unit": "deg C", "values": values}]},
        headers={"X-API-Key": key})
    assert pushed.json["accepted"] == 20, pushed.json
    (series,) = api.get(f"/wapi/ts/list?stationId={station['id']}").json
    assert admin.delete(f"/parameter/{parameter['id']}").status_code == 409

    period = api.as_("contributor").delete(f"/wapi/ts/series/{series['id']}?from=2024-05-06&to=2024-06-05")
    assert (period.status_code, period.json) == (200, {"deleted": 10})
    (after,) = api.get(f"/wapi/ts/list?stationId={station['id']}").json
    assert (after["count"], after["firstTime"], after["lastTime"]) == (10, "2024-05-01T00:00:00Z", "2024-06-10T00:00:00Z")
    data = api.get(f"/wapi/ts/data?series={series['id']}&aggregate=raw").json
    assert [p["t"][:10] for p in data["points"]] == [f"2024-05-0{d}" for d in range(1, 6)] + [
        "2024-06-06", "2024-06-07", "2024-06-08", "2024-06-09", "2024-06-10"]

    # June goes too: one bucket is left, May's.
    june = api.as_("contributor").delete(f"/wapi/ts/series/{series['id']}?from=2024-06-01&to=2024-06-30")
    assert june.json == {"deleted": 5}
    (may,) = api.get(f"/wapi/ts/list?stationId={station['id']}").json
    assert (may["count"], may["firstTime"], may["lastTime"]) == (5, "2024-05-01T00:00:00Z", "2024-05-05T00:00:00Z")

    assert api.as_("outsider").delete(f"/wapi/ts/series/{series['id']}").status_code == 403
    whole = api.as_("contributor").delete(f"/wapi/ts/series/{series['id']}")
    assert whole.json == {"deleted": 5}
    assert api.get(f"/wapi/ts/list?stationId={station['id']}").json == []
    assert api.as_("contributor").delete(f"/wapi/ts/series/{series['id']}").status_code == 404
    # Nothing records it any more: the parameter may go.
    assert admin.delete(f"/parameter/{parameter['id']}").status_code == 200
