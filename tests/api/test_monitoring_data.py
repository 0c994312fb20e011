"""Monitoring data as a user sees it: stations, projects, parameters, sample values, downloads,
reference lists and the explorer's statistics, including bad input."""
from __future__ import annotations

import csv
import io
import uuid

import pytest

from chalicelib.parameters.service import parameter_id_for
from chalicelib.stations.service import station_id_for

WQP_SITE = "WIDNR_WQX-10032762"


def _unique() -> str:
    return uuid.uuid4().hex[:8]


def _station(api, demo, **fields):
    body = {"organizationId": demo["org"], "identifier": f"T-{_unique()}", "name": "Test station",
            "latitude": 40.5, "longitude": -75.5, **fields}
    response = api.as_("contributor").post("/station", body)
    assert response.status_code == 201, response.json
    return response.json


def _raw_get(api, path, identity="anonymous"):
    return api.client.http.request("GET", f"/api/v1{path}", headers=api.as_(identity).headers())


# ---------------------------------------------------------------- stations


def test_a_contributor_creates_a_station_and_everyone_reads_it(api, demo):
    station = _station(api, demo, name="Mill Creek at Trenton", countyFips="34021", huc8="02040105")
    read = api.get(f"/station/{station['id']}")
    assert read.status_code == 200
    assert read.json["name"] == "Mill Creek at Trenton"
    assert read.json["countyFips"] == "34021"
    listed = api.get(f"/station?filter=identifier||$eq||{station['identifier']}").json
    assert [s["id"] for s in listed] == [station["id"]]


def test_a_station_identifier_is_unique_within_its_organization(api, demo):
    station = _station(api, demo)
    again = api.as_("contributor").post("/station", {"organizationId": demo["org"], "identifier": station["identifier"],
                                                     "name": "Again", "latitude": 1, "longitude": 1})
    assert again.status_code == 409
    assert station["identifier"] in again.json["message"]


@pytest.mark.parametrize("field,value", [("latitude", 91), ("longitude", -180.5), ("latitude", "north"),
                                         ("countyFips", "123"), ("huc8", "abc")])
def test_bad_station_fields_are_refused_naming_the_field(api, demo, field, value):
    response = api.as_("contributor").post("/station", {"organizationId": demo["org"], "identifier": f"B-{_unique()}",
                                                        "name": "Bad", "latitude": 10, "longitude": 10, field: value})
    assert response.status_code == 400
    assert field in response.json["message"]


def test_a_contributor_cannot_create_stations_of_another_organization(api, demo):
    response = api.as_("contributor").post("/station", {"organizationId": demo["other_org"], "identifier": "X",
                                                        "name": "X", "latitude": 1, "longitude": 1})
    assert response.status_code == 403


def test_unknown_ids_answer_404_json(api):
    missing = str(uuid.uuid4())
    for path in (f"/station/{missing}", f"/project/{missing}", f"/parameter/{missing}",
                 f"/sampleValue/{missing}/{missing}", f"/stationTypes/{missing}", f"/station/{missing}/series"):
        response = api.get(path)
        assert response.status_code == 404, path
        assert response.json["statusCode"] == 404 and response.json["message"]


def test_a_deleted_station_leaves_the_list(api, demo):
    station = _station(api, demo)
    assert api.as_("orgadmin").delete(f"/station/{station['id']}").status_code == 200
    assert api.get(f"/station/{station['id']}").status_code == 404


# ---------------------------------------------------------------- projects


def test_a_projects_stations_are_replaced_and_the_stations_know_their_project(api, demo):
    project = api.as_("contributor").post("/project", {"organizationId": demo["org"], "name": f"P {_unique()}"}).json
    assert project["projectId"] == project["id"]
    first, second = _station(api, demo), _station(api, demo)
    path = f"/organization/{demo['org']}/projects/{project['id']}/stations"
    response = api.as_("contributor").put(path, [first["id"], second["id"]])
    assert response.status_code == 200
    assert [s["id"] for s in api.get(path).json] == [first["id"], second["id"]]
    assert project["id"] in api.get(f"/station/{first['id']}").json["projectIds"]
    api.as_("contributor").put(path, [second["id"]])
    assert project["id"] not in (api.get(f"/station/{first['id']}").json.get("projectIds") or [])


def test_two_people_changing_a_projects_lists_at_once_both_keep_their_changes(api, demo):
    """Member walk, 2026-11-27: two tabs each saved the whole list, and the last save dropped the other's station.
    The dialogs send what they changed ({add, remove}), applied to the list as stored."""
    contributor = api.as_("contributor")
    project = contributor.post("/project", {"organizationId": demo["org"], "name": f"P {_unique()}"}).json
    kept, albany, anchorage = _station(api, demo), _station(api, demo), _station(api, demo)
    path = f"/organization/{demo['org']}/projects/{project['id']}/stations"
    contributor.put(path, [kept["id"]])
    # Both opened the dialog on [kept]; one ticks Albany and saves, then the other ticks Anchorage and saves.
    assert contributor.put(path, {"add": [albany["id"]], "remove": []}).status_code == 200
    both = contributor.put(path, {"add": [anchorage["id"]]})
    assert [s["id"] for s in both.json] == [kept["id"], albany["id"], anchorage["id"]]
    assert project["id"] in api.get(f"/station/{anchorage['id']}").json["projectIds"]
    taken_out = contributor.put(path, {"remove": [kept["id"]]})
    assert [s["id"] for s in taken_out.json] == [albany["id"], anchorage["id"]]
    assert project["id"] not in (api.get(f"/station/{kept['id']}").json.get("projectIds") or [])
    foreign = contributor.put(path, {"add": [str(uuid.uuid4())]})
    assert foreign.status_code == 400 and "stationIds" in foreign.json["message"]
    odd = contributor.put(path, {"add": [], "replace": []})
    assert (odd.status_code, odd.json["message"]) == (400, "Unknown field 'replace'. Fields: add, remove.")
    parameters = f"/organization/{demo['org']}/projects/{project['id']}/parameters"
    ph = api.get("/parameter/parameters?filter=label||$eq||pH").json[0]["id"]
    assert [p["id"] for p in contributor.put(parameters, {"add": [ph]}).json] == [ph]
    assert contributor.put(parameters, {"remove": [ph]}).json == []


def test_project_stations_must_be_stations_of_the_organization(api, demo):
    project = api.as_("contributor").post("/project", {"organizationId": demo["org"], "name": f"P {_unique()}"}).json
    response = api.as_("contributor").put(f"/organization/{demo['org']}/projects/{project['id']}/stations",
                                          [str(uuid.uuid4())])
    assert response.status_code == 400
    assert "stationIds" in response.json["message"]


def test_a_project_stays_in_its_organization_and_keeps_its_key(api, demo):
    project = api.as_("contributor").post("/project", {"organizationId": demo["org"], "name": f"P {_unique()}"}).json
    moved = api.as_("contributor").patch(f"/project/{project['id']}", {"organizationId": demo["other_org"]})
    assert moved.status_code == 400
    assert moved.json["message"] == "Field organizationId cannot be changed."
    rekeyed = api.as_("contributor").patch(f"/project/{project['id']}", {"projectKey": "ANOTHER"})
    assert rekeyed.json["message"] == "Field projectKey cannot be changed."
    read = api.get(f"/project/{project['id']}").json
    assert (read["organizationId"], read["projectKey"]) == (demo["org"], project["projectKey"])
    # Naming the values it has is no change.
    same = api.as_("contributor").patch(f"/project/{project['id']}", {"organizationId": demo["org"], "name": "Renamed"})
    assert same.status_code == 200 and same.json["name"] == "Renamed"


def test_a_deleted_projects_name_can_be_used_again_by_an_empty_project(api, demo):
    name = f"Reused {_unique()}"
    contributor = api.as_("contributor")
    first = contributor.post("/project", {"organizationId": demo["org"], "name": name, "description": "Old"}).json
    station = _station(api, demo)
    contributor.put(f"/organization/{demo['org']}/projects/{first['id']}/stations", [station["id"]])
    pushed = contributor.post(f"/wapi/{first['id']}/ts", {"series": [{
        "stationId": station["id"], "parameter": "Temperature, water", "unit": "deg C",
        "values": [["2024-05-01T12:00:00Z", 14.5]]}]})
    assert pushed.status_code == 200 and pushed.json["accepted"] == 1, pushed.json
    assert first["id"] in api.get(f"/station/{station['id']}").json["projectIds"]
    assert contributor.delete(f"/project/{first['id']}").status_code in (200, 204)
    # Its stations no longer name it (a walk: a station's page listed it by its bare id).
    assert first["id"] not in (api.get(f"/station/{station['id']}").json.get("projectIds") or [])
    again = contributor.post("/project", {"organizationId": demo["org"], "name": name})
    assert again.status_code == 201, again.json
    assert again.json["name"] == name
    assert again.json.get("description") is None
    # A project of its own: none of the deleted one's stations, series or place in the explorer's filter.
    assert again.json["id"] != first["id"]
    assert api.get(f"/organization/{demo['org']}/projects/{again.json['id']}/stations").json == []
    assert api.get(f"/wapi/ts/list?projectId={again.json['id']}").json == []
    assert again.json["id"] not in (api.get(f"/station/{station['id']}").json.get("projectIds") or [])
    # Found by its key, as imported files name it.
    by_key = api.get(f"/organization/{demo['org']}/projects/{name}/stations")
    assert by_key.status_code == 200 and by_key.json == []
    names = [p["name"] for p in api.get(f"/project/getIdsByOrganizationIds?organizationId={demo['org']}").json]
    assert names.count(name) == 1
    # A project of that name that is not deleted is still a conflict; so is its key under another name.
    twice = contributor.post("/project", {"organizationId": demo["org"], "name": name})
    assert twice.status_code == 409
    assert twice.json["message"] == f"A project named {name!r} already exists in this organization: choose another name."
    same_key = contributor.post("/project", {"organizationId": demo["org"], "name": f"{name} bis", "projectKey": name})
    assert (same_key.status_code, same_key.json["message"]) == (
        409, f"A project with the key {name!r} already exists in this organization.")


def test_project_ids_by_organization_give_id_and_name(api, demo):
    answer = api.get(f"/project/getIdsByOrganizationIds?organizationId={demo['org']}").json
    names = {p["name"] for p in answer}
    assert "Water Quality Portal samples" in names
    assert all(set(p) >= {"id", "name"} for p in answer)
    assert api.get(f"/project/getIdsByOrganizationIds?organizationId={demo['other_org']}").json == []


def test_activities_of_a_project_by_its_key_are_paged_and_searchable(api, demo):
    path = f"/organization/{demo['org']}/projects/WQP/activities"
    page = api.get(f"{path}?page=1&pageSize=2&order=ASC").json
    assert page["total"] == 4 and page["pageCount"] == 2
    assert [a["startDate"] for a in page["data"]] == ["1935-08-29", "1966-09-08"]
    found = api.get(f"{path}?searchContent=USGS-01465874").json
    assert [a["monitoringLocationIdentifier"] for a in found["data"]] == ["USGS-01465874"]
    assert api.get(f"{path}?order=UP").status_code == 400


def test_an_activity_opens_with_the_values_it_measured(api, demo):
    # The project of the Wisconsin results (their ProjectIdentifier), by its key.
    path = f"/organization/{demo['org']}/projects/CBSM_URSS_Madison/activities"
    activity = api.get(f"{path}/WIDNR_WQX-45822640").json
    assert (activity["id"], activity["monitoringLocationIdentifier"], activity["media"]) == (
        "WIDNR_WQX-45822640", "WIDNR_WQX-10032762", "Water")
    assert [(r["parameterName"], r["value"], r["unit"]) for r in activity["results"]] == [
        ("Specific conductance", 1000, "uS/cm")]
    assert activity["results"][0]["time"] == "2011-05-09T17:20:00Z"  # the instant
    # ... and as the file wrote it (12:20 CDT).
    assert [(r["date"], r["localTime"], r["timeZone"]) for r in activity["results"]] == [("2011-05-09", "12:20:00", "CDT")]
    # The station's other activities' values (four more of the same parameter) are not this one's.
    missing = api.get(f"{path}/NO-SUCH-ACTIVITY")
    assert (missing.status_code, missing.json["message"]) == (404, "Activity not found.")
    chinese = api.get(f"{path}/NO-SUCH-ACTIVITY", headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "未找到活动。"


# ---------------------------------------------------------------- parameters and reference lists


def test_parameters_carry_their_label_as_name(api):
    parameters = api.get("/parameter/parameters?filter=label||$eq||pH").json
    assert [(p["label"], p["name"]) for p in parameters] == [("pH", "pH")]


def test_an_organizations_parameters_are_replaced_by_ids(api, demo):
    path = f"/organization/{demo['org']}/parameters"
    ph = parameter_id_for("pH")
    assert api.as_("contributor").put(path, [ph]).status_code == 200
    assert [p["label"] for p in api.get(path).json] == ["pH"]
    bad = api.as_("contributor").put(path, [str(uuid.uuid4())])
    assert bad.status_code == 400 and "parameterIds" in bad.json["message"]


def test_reference_lists(api):
    types = api.get("/stationTypes").json
    assert {"key": "surface-water", "label": "Surface water"}.items() <= next(
        t for t in types if t["key"] == "surface-water").items()
    activity_types = api.get("/keylist/activityTypes").json
    assert 55 <= len(activity_types) <= 70
    by_id = {a["id"]: a for a in activity_types}
    assert (by_id[1]["code"], by_id[1]["abbreviation"]) == ("Field Msr/Obs", "FM")
    assert (by_id[4]["code"], by_id[4]["abbreviation"]) == ("Sample-Routine", "SR")
    assert "mg/L" in [u["value"] for u in api.get("/keylist/units").json]
    unknown = api.get("/keylist/colours")
    assert unknown.status_code == 404 and "units" in unknown.json["message"]
    counties = api.get("/county/county").json
    assert len(counties) > 3000
    assert {"id": "06067", "name": "Sacramento County", "stateCode": "CA"}.items() <= next(
        c for c in counties if c["id"] == "06067").items()
    assert {c["stateCode"] for c in api.get("/county/county?state=NJ").json} == {"NJ"}


# ---------------------------------------------------------------- sample values


def test_a_real_wqp_series_reads_in_time_order_and_by_range(api, demo):
    station, parameter = station_id_for(demo["org"], WQP_SITE), parameter_id_for("Specific conductance")
    series = api.get(f"/sampleValue/{station}/{parameter}").json
    assert [v["value"] for v in series["data"]] == [1000, 800, 860, 471, 750]
    assert series["data"][0]["time"] == "2011-05-09T17:20:00Z"  # 12:20 CDT
    ranged = api.get(f"/sampleValue/{station}/{parameter}?from=2011-06-01&to=2011-07-31&format=columns").json
    assert ranged["columns"]["value"] == [800, 860]
    newest = api.get(f"/sampleValue/{station}/{parameter}?order=DESC&limit=1").json
    assert [v["value"] for v in newest["data"]] == [750]
    bad = api.get(f"/sampleValue/{station}/{parameter}?from=yesterday")
    assert bad.status_code == 400 and "from" in bad.json["message"]


def test_a_station_lists_its_series_with_counts_dates_and_latest_values(api, demo):
    station = station_id_for(demo["org"], WQP_SITE)
    series = {s["parameterId"]: s for s in api.get(f"/station/{station}/series").json}
    conductance = series[parameter_id_for("Specific conductance")]
    assert conductance == {"parameterId": parameter_id_for("Specific conductance"), "sampleCount": 5,
                           "firstDate": "2011-05-09", "lastDate": conductance["lastDate"], "lastValue": 750,
                           "unit": conductance["unit"]}
    assert conductance["lastDate"] > "2011-07-31" and conductance["unit"]
    # The station's own summary adds up its series.
    summary = api.get(f"/station/{station}").json
    assert sum(s["sampleCount"] for s in series.values()) == summary["sampleCount"]
    assert sorted(series) == sorted(summary["parameterIds"])


def _write(station_id, values, demo, parameter="pH"):
    from chalicelib.samples import service as samples

    return samples.write([samples.Sample(stationId=station_id, parameterId=parameter_id_for(parameter), time=t,
                                         value=v if isinstance(v, (int, float)) else None,
                                         text=None if isinstance(v, (int, float)) else v, organizationId=demo["org"])
                          for t, v in values])


def test_station_summaries_follow_written_values_and_reach_the_explorer(api, demo):
    station = _station(api, demo, latitude=10.25, longitude=10.25)
    _write(station["id"], [("2020-01-05T10:00:00Z", 7.1), ("2021-03-05T10:00:00Z", 7.4)], demo)
    _write(station["id"], [("2021-03-05T10:00:00Z", 7.4)], demo)  # a repeated write changes nothing
    read = api.get(f"/station/{station['id']}").json
    assert (read["sampleCount"], read["firstDate"], read["lastDate"]) == (2, "2020-01-05", "2021-03-05")
    found = api.post("/statistic", {"bbox": [10, 10, 10.5, 10.5]}).json
    assert [s["id"] for s in found["stations"]] == [station["id"]]
    assert found["stations"][0]["meta"]["sampleCount"] == 2
    assert found["stations"][0]["meta"]["parameterIds"] == [parameter_id_for("pH")]


def test_download_is_csv_in_wqp_columns_and_safe_from_formulas(api, demo):
    station = _station(api, demo, name="=cmd|' /C calc'!A0")
    _write(station["id"], [("2022-05-01T12:00:00Z", -1.5), ("2022-06-01T12:00:00Z", "=HYPERLINK(\"x\")")], demo)
    response = _raw_get(api, f"/sampleValue?stationId={station['id']}")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.body.decode("utf-8"))))
    assert [r["ResultMeasureValue"] for r in rows] == ["-1.5", "'=HYPERLINK(\"x\")"]
    assert rows[0]["MonitoringLocationName"].startswith("'=")
    assert rows[0]["CharacteristicName"] == "pH"
    assert rows[0]["ActivityStartDate"] == "2022-05-01"
    assert rows[0]["MonitoringLocationIdentifier"] == station["identifier"]
    # As the Water Quality Portal does, the organization is named, never by the product's internal id.
    assert (rows[0]["OrganizationIdentifier"], rows[0]["OrganizationFormalName"]) == \
        ("Demo Watershed Council", "Demo Watershed Council")


def test_a_large_download_is_redirected_to_a_presigned_object(api, demo, monkeypatch):
    from chalicelib.core import csv_download

    monkeypatch.setattr(csv_download, "INLINE_BYTES", 100)
    response = _raw_get(api, f"/sampleValue?organizationId={demo['org']}&parameterId={parameter_id_for('pH')}")
    assert response.status_code == 303
    import requests

    downloaded = requests.get(response.headers["Location"], timeout=10)
    assert downloaded.status_code == 200
    assert downloaded.text.startswith("OrganizationIdentifier,")
    assert downloaded.text.count("\n") > 5


def test_a_download_needs_a_selection(api):
    response = api.get("/sampleValue?from=2020-01-01")
    assert response.status_code == 400 and "stationId" in response.json["message"]


# ---------------------------------------------------------------- the explorer


@pytest.mark.parametrize("body,field", [({"bbox": [10, 0, 5, 1]}, "bbox"), ({"bbox": "a,b,c,d"}, "bbox"),
                                        ({"from": "2020-13-01"}, "from"), ({"countyFips": ["1"]}, "countyFips"),
                                        ({"huc": ["123"]}, "huc"), ({"format": "xml"}, "format")])
def test_bad_station_queries_are_refused_naming_the_field(api, body, field):
    response = api.post("/statistic", body)
    assert response.status_code == 400
    assert field in response.json["message"]


@pytest.mark.parametrize("body,message", [
    ({"startDate": "2021-01-01", "endDate": "2020-01-01"}, "Invalid startDate. It must not be after endDate"),
    ({"from": "2021-01-01", "to": "2020-01-01"}, "Invalid from. It must not be after to"),
    ({"dateFrom": "2020-13-01"}, "Invalid dateFrom. ISO 8601 date expected (YYYY-MM-DD)"),
])
def test_a_date_is_refused_by_the_name_the_client_gave_it(api, body, message):
    response = api.post("/statistic", body)
    assert response.status_code == 400
    assert response.json["message"] == message


def test_explorer_filters_by_county_text_and_date_with_totals(api, demo):
    everything = api.post("/statistic", {"organizationIds": [demo["org"]], "limit": 5}).json
    assert everything["total"] >= 60 and len(everything["stations"]) == 5
    assert everything["totals"]["samples"] > 0
    # Import tests load the same WQP files into organizations of their own: look in the demo's.
    demo_org = {"organizationIds": [demo["org"]]}
    wqp = api.post("/statistic", {"search": "pheasant branch", **demo_org}).json
    assert [s["identifier"] for s in wqp["stations"]] == [WQP_SITE]
    assert wqp["stations"][0]["meta"]["firstDate"] == "2011-05-09"
    assert api.post("/statistic", {"search": "pheasant branch", "to": "2010-12-31", **demo_org}).json["total"] == 0
    nj = api.post("/statistic", {"countyFips": ["34011"], **demo_org}).json
    assert {s["identifier"] for s in nj["stations"]} >= {"USGS-391214074570201", "USGS-01412119"}


def test_the_map_gets_columns_and_looks_stations_up_by_row(api, demo):
    columns = api.get(f"/statistic/sampleLocationList?organizationId={demo['org']}").json
    assert columns["format"] == "columns" and columns["total"] == len(columns["columns"]["row"])
    rows, lat = [], 0
    row = 0
    for delta in columns["columns"]["row"][:3]:
        row += delta
        rows.append(row)
    lat = columns["columns"]["lat"][0] / 10 ** columns["precision"]
    found = api.get(f"/statistic/sampleLocationList?snapshot={columns['snapshot']}&rows={','.join(map(str, rows))}").json
    assert [s["row"] for s in found] == rows
    assert abs(found[0]["latitude"] - lat) < 1e-4
    _station(api, demo)  # the data changed: the old snapshot's row numbers are no longer valid
    stale = api.get(f"/statistic/sampleLocationList?snapshot={columns['snapshot']}&rows=0")
    assert stale.status_code == 409


def test_the_explorers_project_filter_finds_the_stations_the_projects_activities_sampled(api, demo):
    """As the WQP services do (a project's sites are those its activities sampled): the Wisconsin results'
    project holds their one site, not only the portal's default project."""
    import csv
    import io

    project = api.get(f"/organization/{demo['org']}/projects/CBSM_URSS_Madison/stations").json
    assert [s["identifier"] for s in project] == ["WIDNR_WQX-10032762"]
    project_id = next(p["id"] for p in api.get(f"/project/getIdsByOrganizationIds?organizationId={demo['org']}").json
                      if p["name"] == "CBSM_URSS_Madison")
    explorer = api.post("/statistic", {"projectIds": [project_id], "format": "objects"}).json
    assert [s["identifier"] for s in explorer["stations"]] == ["WIDNR_WQX-10032762"]
    wqp = api.get("/wqp/data/Station/search?project=CBSM_URSS_Madison&organization=Demo%20Watershed%20Council"
                  "&mimeType=csv")
    assert [row["MonitoringLocationIdentifier"] for row in csv.DictReader(io.StringIO(wqp.body.decode()))] == [
        "WIDNR_WQX-10032762"]
