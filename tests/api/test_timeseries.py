"""Time series: machine pushes with an organization API key, idempotent merges into packed buckets, reading
raw and aggregated values, listing and CSV download, and file imports (USGS Water Services JSON, a wide
logger CSV) through the import pipeline."""
from __future__ import annotations

import csv
import io
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.api.imports_support import fresh_project, form, raw_get, run_worker

USGS = Path(__file__).resolve().parents[1] / "fixtures" / "usgs" / "waterservices_iv.json"
YEAR_START = datetime(2023, 1, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def place(api):
    """An organization with a project, a station and an API key of its own."""
    org, project = fresh_project(api)
    station = api.as_("admin").post("/station", {"organizationId": org, "identifier": "LOGGER-1",
                                                 "name": "Logger creek", "latitude": 40.2, "longitude": -75.1}).json
    key = api.as_("admin").post(f"/organization/{org}/api-keys", {"name": "Logger at the bridge"})
    assert key.status_code == 201, key.json
    return {"org": org, "project": project, "station": station["id"], "key": key.json}


def _push(api, place, body, key=None, language=None):
    headers = {"X-API-Key": key or place["key"]["key"], **({"Accept-Language": language} if language else {})}
    return api.as_("anonymous").post(f"/wapi/{place['project']}/ts", body, headers=headers)


def test_an_api_key_is_shown_once_and_listed_without_its_secret(api, place):
    assert place["key"]["key"].startswith("owd_") and place["key"]["active"] is True
    listed = api.as_("admin").get(f"/organization/{place['org']}/api-keys").json
    assert [k["name"] for k in listed] == ["Logger at the bridge"]
    assert "key" not in listed[0] and "hash" not in str(listed[0])
    # A push with the key marks when it was last used, so a group-admin sees which keys are still in use.
    assert _push(api, place, {"series": []}).status_code == 200
    used = api.as_("admin").get(f"/organization/{place['org']}/api-keys").json[0]
    assert used["lastUsedAt"] and used["lastUsedAt"] >= place["key"]["createdAt"]


def test_a_push_merges_values_idempotently_and_says_what_it_rejected(api, place):
    series = {"stationIdentifier": "LOGGER-1", "parameter": "Temperature, water", "unit": "deg C", "values": [
        ["2024-06-01T00:00:00Z", 12.5], ["2024-06-01T00:15:00Z", 12.75, "P"], ["2024-06-01T00:15:00Z", 12.8],
        ["2024-06-01T00:30:00", 13], ["2024-06-01T00:45:00Z", "warm"], ["2024-06-01T01:00:00-05:00", 99]]}
    first = _push(api, place, {"series": [series]})
    assert first.status_code == 200, first.json
    body = first.json
    assert (body["accepted"], body["added"], body["duplicates"], body["rejected"], body["flagged"]) == (3, 3, 1, 2, 1)
    assert [r["message"] for r in body["rejections"]] == [
        "time '2024-06-01T00:30:00' has no time zone: add Z (UTC) or an offset such as -05:00",
        "value 'warm' is not a number"]
    again = _push(api, place, {"series": [series]}).json
    assert (again["added"], again["replaced"], again["unchanged"]) == (0, 0, 3)
    series["values"] = [["2024-06-01T00:00:00Z", 12.4]]
    changed = _push(api, place, {"series": [series]}).json
    assert (changed["added"], changed["replaced"]) == (0, 1)
    data = api.get(f"/wapi/ts/data?series={body['series'][0]}&aggregate=raw").json
    assert data["points"] == [{"t": "2024-06-01T00:00:00Z", "v": 12.4}, {"t": "2024-06-01T00:15:00Z", "v": 12.8},
                              {"t": "2024-06-01T06:00:00Z", "v": 99.0, "flag": "out-of-range"}]


def test_a_push_to_an_unknown_station_or_with_a_bad_key_is_refused(api, place):
    unknown = _push(api, place, {"series": [{"stationIdentifier": "NOWHERE", "parameter": "pH",
                                             "values": [["2024-06-01T00:00:00Z", 7]]}]}).json
    assert unknown["rejected"] == 1
    assert unknown["rejections"][0]["message"] == "all 1 values rejected: unknown station 'NOWHERE': create it first"
    bad = _push(api, place, {"series": []}, key="owd_0123456789abcdef_" + "x" * 43)
    assert (bad.status_code, bad.json["message"]) == (401, "The API key is not valid (unknown, revoked or mistyped).")
    too_many = _push(api, place, {"series": [{"stationIdentifier": "LOGGER-1", "parameter": "pH",
                                              "values": [["2024-01-01T00:00:00Z", 7]] * 10_001}]})
    assert (too_many.status_code, too_many.json["message"]) == (
        413, "A push takes at most 10,000 values; this one has 10,001. Split it.")
    # Many series of few values: each costs its own lookups (2,000 had outlasted API Gateway's 29 s).
    series = [{"stationIdentifier": "LOGGER-1", "parameter": "pH", "sensor": f"s{n}",
               "values": [["2024-01-01T00:00:00Z", 7]]} for n in range(201)]
    too_wide = _push(api, place, {"series": series})
    assert (too_wide.status_code, too_wide.json["message"]) == (
        413, "A push takes at most 200 series; this one has 201. Split it.")
    # Brackets nested thousands deep: Python's parser gives up, a 400 says so (it was a 500).
    nested = _push(api, place, ('{"series": ' + "[" * 3000 + "]" * 3000 + "}").encode())
    assert (nested.status_code, nested.json["message"]) == (400, "Request body nests too deeply to be read.")


def test_a_revoked_key_stops_working_and_another_organizations_key_cannot_push_here(api, place, demo):
    spare = api.as_("admin").post(f"/organization/{place['org']}/api-keys", {"name": "Spare"}).json
    revoked = api.as_("admin").delete(f"/organization/{place['org']}/api-keys/{spare['id']}").json
    assert revoked["active"] is False and revoked["revokedAt"]
    assert _push(api, place, {"series": []}, key=spare["key"]).status_code == 401
    other = api.as_("admin").post(f"/organization/{demo['other_org']}/api-keys", {"name": "Elsewhere"}).json
    refused = _push(api, place, {"series": []}, key=other["key"])
    assert (refused.status_code, refused.json["message"]) == (
        403, "This API key belongs to another organization; it can only push to that organization's projects.")


@pytest.fixture(scope="module")
def year(api, place):
    """A year of 15-minute values (35,040) of one series, pushed 10,000 values at a time; value = day of year."""
    values = []
    for n in range(35_040):
        moment = YEAR_START + timedelta(minutes=15 * n)
        values.append([moment.strftime("%Y-%m-%dT%H:%M:%SZ"), moment.timetuple().tm_yday + (n % 4) / 10])
    series_id = None
    for start in range(0, len(values), 10_000):
        answer = _push(api, place, {"series": [{"stationIdentifier": "LOGGER-1", "parameter": "Specific conductance",
                                                "unit": "uS/cm", "values": values[start:start + 10_000]}]}).json
        assert answer["added"] == len(values[start:start + 10_000]), answer
        series_id = answer["series"][0]
    return series_id


def test_a_year_of_15_minute_values_is_twelve_items_and_reaches_a_chart_as_days(api, year):
    from chalicelib.timeseries.models import TimeBucket

    buckets = list(TimeBucket.query(year, TimeBucket.ts.between("0000", "9999")))
    assert [b.ts for b in buckets] == [f"2023-{m:02d}" for m in range(1, 13)]
    assert sum(int(b.count) for b in buckets) == 35_040
    assert max(len(b.data) for b in buckets) < 400 * 1024
    whole = api.get(f"/wapi/ts/data?series={year}").json
    assert (whole["aggregate"], whole["count"], len(whole["points"])) == ("day", 35_040, 365)
    assert whole["points"][0] == {"t": "2023-01-01T00:00:00Z", "min": 1.0, "mean": 1.15, "max": 1.3, "n": 96}
    week = api.get(f"/wapi/ts/data?series={year}&from=2023-03-01&to=2023-03-07").json
    assert (week["aggregate"], len(week["points"])) == ("raw", 7 * 96)
    month = api.get(f"/wapi/ts/data?series={year}&from=2023-03-01&to=2023-03-31").json
    assert (month["aggregate"], len(month["points"])) == ("hour", 31 * 24)
    assert month["points"][0] == {"t": "2023-03-01T00:00:00Z", "min": 60.0, "mean": 60.15, "max": 60.3, "n": 4}
    months = api.get(f"/wapi/ts/data?series={year}&aggregate=month").json
    assert [p["n"] for p in months["points"]][:2] == [31 * 96, 28 * 96]


def test_series_are_listed_and_downloaded_as_csv(api, place, year):
    listed = api.get(f"/wapi/ts/list?stationId={place['station']}").json
    mine = next(s for s in listed if s["id"] == year)
    assert (mine["count"], mine["firstTime"], mine["lastTime"], mine["unit"], mine["stationIdentifier"],
            mine["parameterName"]) == (35_040, "2023-01-01T00:00:00Z", "2023-12-31T23:45:00Z", "uS/cm", "LOGGER-1",
                                       "Specific conductance")
    assert {s["id"] for s in api.get(f"/wapi/ts/list?projectId={place['project']}").json} >= {year}
    response = raw_get(api, f"/wapi/ts/download?series={year}&from=2023-02-01&to=2023-02-01")
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.body.decode())))
    assert len(rows) == 96
    assert (rows[1]["StationIdentifier"], rows[1]["Parameter"], rows[1]["Time"], rows[1]["Value"]) == (
        "LOGGER-1", "Specific conductance", "2023-02-01T00:15:00Z", "32.1")
    bad = api.get("/wapi/ts/data?series=" + year + "&aggregate=week")
    assert (bad.status_code, bad.json["message"]) == (400, "Invalid aggregate. auto, raw, hour, day, month expected")
    assert api.get("/wapi/ts/list").json["message"] == "Name a series, or a stationId, projectId or organizationId."


def _import_request(api, place, content: bytes, name: str, **fields):
    body, headers = form(content, name, **fields)
    path = f"/organization/{place['org']}/projects/{place['project']}"
    return api.as_("admin").post(path + "/import-ts-data", body, headers=headers)


def _import(api, place, content: bytes, name: str, **fields) -> dict:
    path = f"/organization/{place['org']}/projects/{place['project']}"
    response = _import_request(api, place, content, name, **fields)
    assert response.status_code == 202, response.json
    return run_worker(api=api.as_("admin"), path=f"{path}/queued-import/{response.json['logId']}")


def test_the_usgs_water_services_file_is_imported_as_the_service_returns_it(api, place):
    log = _import(api, place, USGS.read_bytes(), "waterservices_iv.json")
    assert (log["status"], log["detectedFormat"], log["rowsTotal"], log["rowsImported"], log["stationsCreated"]) == (
        "succeeded", "usgs-json", 20, 20, 2), log
    assert log["message"] == "20 values of 4 series read."
    stations = {s["identifier"]: s for s in api.get(f"/station?filter=organizationId||$eq||{place['org']}").json}
    gage = stations["USGS-01491000"]
    assert gage["name"] == "CHOPTANK RIVER NEAR GREENSBORO, MD"
    # Its site type and codes as the file gives them (siteTypeCd ST, hucCd, stateCd, countyCd): a surface-water
    # station, which the explorer's "Surface water" filter finds.
    assert {k: gage.get(k) for k in ("stationType", "monitoringLocationType", "huc8", "stateFips", "countyFips")} == {
        "stationType": "surface-water", "monitoringLocationType": "River/Stream", "huc8": "02060005",
        "stateFips": "24", "countyFips": "24011"}
    series = {s["unit"]: s for s in api.get(f"/wapi/ts/list?stationId={gage['id']}").json}
    flow = api.get(f"/wapi/ts/data?series={series['ft3/s']['id']}&aggregate=raw").json["points"]
    assert flow[0] == {"t": "2019-02-14T05:00:00Z", "v": 974.0, "q": "A"}
    again = _import(api, place, USGS.read_bytes(), "waterservices_iv.json")
    assert (again["rowsImported"], again["rowsUnchanged"], again["rowsReplaced"], again["message"]) == (
        0, 20, 0, "20 values of 4 series read (20 already stored).")
    # The service revised a value (provisional data is): the file imported again corrects the stored one.
    revised = USGS.read_bytes().replace(b'"value": "974"', b'"value": "980"', 1)
    assert revised != USGS.read_bytes()
    corrected = _import(api, place, revised, "waterservices_iv.json")
    assert (corrected["rowsImported"], corrected["rowsReplaced"], corrected["rowsUnchanged"]) == (1, 1, 19), corrected


def test_the_history_lists_one_kind_of_import_at_a_time(api, place):
    """The Logger data tab lists the project's time-series imports, the Imports tab its data imports."""
    logger = _import(api, place, USGS.read_bytes(), "waterservices_iv.json")
    path = f"/organization/{place['org']}/projects/{place['project']}"
    body, headers = form(b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit\n", "results.csv")
    data = api.as_("admin").post(path + "/import-data", body, headers=headers).json
    every = {log["logId"]: log["kind"] for log in api.as_("admin").get(path + "/import-history").json}
    assert (every[logger["logId"]], every[data["logId"]]) == ("timeseries", "data")
    for kind, log_id in (("timeseries", logger["logId"]), ("data", data["logId"])):
        listed = api.as_("admin").get(f"{path}/import-history?filter=kind||$eq||{kind}").json
        assert log_id in {log["logId"] for log in listed} and {log["kind"] for log in listed} == {kind}


def test_a_wide_logger_file_rejects_times_without_a_zone_counts_duplicates_and_flags_implausible_values(api, place):
    api.as_("admin").put(f"/organization/{place['org']}/header-map",
                         {"Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"}})
    content = (b"Site,Timestamp,UTC offset,Temp (C),pH\n"
               b"LOGGER-1,2024-07-01 00:00,-05:00,21.5,7.1\n"
               b"LOGGER-1,2024-07-01 00:15,,21.6,7.2\n"
               b"LOGGER-1,2024-07-01 00:30,-05:00,21.7,15.2\n"
               b"LOGGER-1,2024-07-01 00:30,-05:00,21.8,15.3\n")
    log = _import(api, place, content, "logger.csv")
    assert (log["status"], log["detectedFormat"], log["rowsRejected"], log["rowsImported"]) == (
        "partial", "ts-wide", 1, 4), log
    assert log["message"] == ("4 values of 2 series read. 2 duplicate times in the file: the last value of each was "
                              "kept. 1 value is outside its parameter's plausible range: stored and flagged. 1 row was "
                              "rejected (see the rejected rows).")
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected == [{"row": 2, "column": "Timestamp", "value": "2024-07-01 00:15", "message": (
        "The time '2024-07-01 00:15' has no time zone and its UTC offset cell is blank: fill it in, or add an offset "
        "to the time (e.g. 2024-05-01T12:00:00-05:00 or Z).")}]
    listed = api.get(f"/wapi/ts/list?stationId={place['station']}").json
    temperature = next(s for s in listed if s["unit"] == "deg C")
    points = api.get(f"/wapi/ts/data?series={temperature['id']}&aggregate=raw&from=2024-07-01").json["points"]
    assert points == [{"t": "2024-07-01T05:00:00Z", "v": 21.5}, {"t": "2024-07-01T05:30:00Z", "v": 21.8}]
    from chalicelib.parameters import service as parameters

    # The file gives pH no unit: its values are read in the parameter's.
    ph = next(s for s in listed if s["parameterId"] == parameters.parameter_id_for("pH"))
    assert ph["unit"] == parameters.existing([ph["parameterId"]])[ph["parameterId"]].unit
    flagged = api.get(f"/wapi/ts/data?series={ph['id']}&aggregate=raw").json["points"]
    assert flagged == [{"t": "2024-07-01T05:00:00Z", "v": 7.1},
                       {"t": "2024-07-01T05:30:00Z", "v": 15.3, "flag": "out-of-range"}]


def test_a_machine_client_pushes_with_a_client_credentials_token_once_it_is_a_member(api, place):
    import requests

    from devtools.oidc.clients import MACHINE_CLIENT_ID, MACHINE_CLIENT_SECRET
    from tests.support.identity import identity_provider_url

    token = requests.post(f"{identity_provider_url()}/token", data={"grant_type": "client_credentials"},
                          auth=(MACHINE_CLIENT_ID, MACHINE_CLIENT_SECRET), timeout=10).json()["access_token"]
    body = {"series": [{"stationIdentifier": "LOGGER-1", "parameter": "Gage height", "unit": "ft",
                        "values": [["2024-08-01T00:00:00Z", 3.1]]}]}
    headers = {"Authorization": f"Bearer {token}"}
    refused = api.as_("anonymous").post(f"/wapi/{place['project']}/ts", body, headers=headers)
    assert (refused.status_code, refused.json["message"]) == (
        403, "You need to be a data contributor or group administrator of this organization.")
    member = api.as_("admin").put(f"/organization/{place['org']}/members/{MACHINE_CLIENT_ID}",
                                  {"roleName": "data-contributor"})
    assert member.status_code == 200, member.json
    pushed = api.as_("anonymous").post(f"/wapi/{place['project']}/ts", body, headers=headers)
    assert (pushed.status_code, pushed.json["accepted"]) == (200, 1)
    wrong = requests.post(f"{identity_provider_url()}/token", data={"grant_type": "client_credentials"},
                          auth=(MACHINE_CLIENT_ID, "not-the-secret"), timeout=10)
    assert (wrong.status_code, wrong.json()["error"]) == (401, "invalid_client")


def test_a_long_csv_names_station_parameter_unit_and_qualifier_per_row(api, place):
    content = (b"StationIdentifier,Parameter,Timestamp,TimeZone,Value,Unit,Qualifier\n"
               b"LOGGER-1,Dissolved oxygen,2024-09-01 08:00,America/New_York,8.4,mg/L,P\n"
               b"LOGGER-1,Dissolved oxygen,2024-09-01 08:15,America/New_York,8.3,mg/L,\n"
               b"NOWHERE-9,Dissolved oxygen,2024-09-01 08:15,UTC,8.0,mg/L,\n")
    log = _import(api, place, content, "long.csv", format="ts-long")
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["rowsRejected"]) == (
        "partial", "ts-long", 2, 1), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected[0]["message"] == "Unknown station 'NOWHERE-9': create it first (its only value was not imported)."
    oxygen = next(s for s in api.get(f"/wapi/ts/list?stationId={place['station']}").json if s["unit"] == "mg/L")
    points = api.get(f"/wapi/ts/data?series={oxygen['id']}&aggregate=raw").json["points"]
    assert points == [{"t": "2024-09-01T12:00:00Z", "v": 8.4, "q": "P"}, {"t": "2024-09-01T12:15:00Z", "v": 8.3}]


def test_a_scheduled_source_asks_only_for_data_newer_than_its_last_success():
    from chalicelib.sources.models import ImportSource
    from chalicelib.sources.service import incremental_url

    usgs = ImportSource(url="https://waterservices.usgs.gov/nwis/iv/?format=json&sites=01491000&period=P7D",
                        format="usgs-json", lastSuccessAt="2024-05-01T12:00:00.000Z")
    assert incremental_url(usgs) == ("https://waterservices.usgs.gov/nwis/iv/?format=json&sites=01491000"
                                     "&startDT=2024-05-01T11%3A00%2B0000")
    wqp = ImportSource(url="https://www.waterqualitydata.us/data/Result/search?siteid=USGS-01491000&mimeType=csv",
                       format="wqp-result", lastSuccessAt="2024-05-01T12:00:00.000Z")
    assert incremental_url(wqp).endswith("&startDateLo=05-01-2024")
    usgs.lastSuccessAt = None
    assert incremental_url(usgs) == usgs.url


def test_bad_requests_get_clear_messages(api, place, year):
    admin = api.as_("admin")
    org, project = place["org"], place["project"]
    cases = [
        (admin.get, "/wapi/ts/data", None, 400, "series is required (a series id from wapi/ts/list)."),
        (admin.get, "/wapi/ts/data?series=nope", None, 404, "Time series not found."),
        (admin.get, f"/wapi/ts/data?series={year}&limit=0", None, 400, "Invalid limit. Number from 1 to 50000 expected"),
        (admin.get, f"/wapi/ts/data?series={year}&from=yesterday", None, 400,
         "Invalid from. An ISO 8601 date or time expected"),
        (admin.get, f"/wapi/ts/data?series={year}&from=2023-05-01&to=2023-04-01", None, 400,
         "Invalid from. It must not be after to"),
        (admin.post, f"/wapi/{project}/ts", {"values": []}, 400,
         'Request body must be a JSON object {"series": [{stationId, parameterId, unit, values: [[time, value, '
         'qualifier?], ...]}]}.'),
        (api.as_("anonymous").post, f"/wapi/{project}/ts", {"series": []}, 401,
         "Sign-in required: a bearer token, or an organization API key in X-API-Key."),
        (admin.post, f"/organization/{org}/api-keys", {"name": " "}, 400,
         "name is required (1 to 100 characters): say which logger or script uses the key."),
        (admin.delete, f"/organization/{org}/api-keys/0123456789abcdef", None, 404, "API key not found."),
        (admin.post, f"/organization/{org}/projects/{project}/import-sources", {"name": "x", "url": "https://example.org/",
                                                                             "format": "xlsx", "schedule": "daily"},
         400, "Invalid format. usgs-json, ts-wide, ts-long, wqp-result, wqx3-result, wqp-station, template expected"),
        (admin.post, f"/organization/{org}/projects/{project}/import-sources", {"name": "x", "url": "https://example.org/",
                                                                             "format": "ts-long", "schedule": "yearly"},
         400, "Invalid schedule. hourly, daily, weekly expected"),
        (admin.post, f"/organization/{org}/projects/{project}/import-sources", {"name": "", "url": "https://example.org/"},
         400, "name is required (1 to 100 characters)."),
        (admin.post, f"/organization/{org}/projects/{project}/import-sources", {"name": "x", "colour": "red"},
         400, "Unknown field 'colour'. Fields: enabled, format, name, schedule, url."),
    ]
    for call, path, *body, status, message in cases:
        response = call(path, body[0]) if body[0] is not None else call(path)
        assert (response.status_code, response.json["message"]) == (status, message), path
    bad_format = _import_request(api, place, b"x", "data.csv", format="wqp-result")
    assert (bad_format.status_code, bad_format.json["message"]) == (
        400, "Invalid format. auto, ts-wide, ts-long, usgs-json expected")
    log = _import(api, place, b'{"value": {}}', "odd.json")
    assert (log["status"], log["message"]) == (
        "failed", "The JSON is not a USGS Water Services answer (value.timeSeries is missing).")
    # A file cut short says so and where (a walk: it had said value.timeSeries is missing).
    log = _import(api, place, b'{"value": {"timeSeries": [{"sourceInfo": {"siteName": "CHOP', "cut.json")
    assert (log["status"], log["message"]) == (
        "failed", "The file is not valid JSON: it breaks off or is damaged at character 55.")  # its end
    log = _import(api, place, b"Site,Reading\nLOGGER-1,3\n", "nozone.csv")
    assert (log["status"], log["message"]) == (
        "failed", "The wide logger layout needs a column for time (e.g. timestamp); the header has: Site, Reading.")


def test_a_large_download_is_redirected_to_a_presigned_object(api, year, monkeypatch):
    import requests

    from chalicelib.core import csv_download

    monkeypatch.setattr(csv_download, "INLINE_BYTES", 1000)
    response = raw_get(api, f"/wapi/ts/download?series={year}&from=2023-02-01&to=2023-02-02")
    assert response.status_code == 303
    downloaded = requests.get(response.headers["Location"], timeout=10)
    rows = list(csv.DictReader(io.StringIO(downloaded.text)))
    assert len(rows) == 2 * 96 and rows[-1]["Time"] == "2023-02-02T23:45:00Z"


# ---------------------------------------------------------------- what the QA walk found


@pytest.fixture(scope="module")
def edge(api, place):
    """A station of its own for values at the edges (so the series of the tests above stay as they are)."""
    station = api.as_("admin").post("/station", {"organizationId": place["org"], "identifier": "LOGGER-EDGE",
                                                 "name": "Edge creek", "latitude": 40.3, "longitude": -75.2})
    assert station.status_code == 201, station.json
    return station.json


def _edge_push(api, place, values, **fields):
    series = {"stationIdentifier": "LOGGER-EDGE", "parameter": "Stream flow", "unit": "ft3/s", **fields,
              "values": values}
    response = _push(api, place, {"series": [series]})
    assert response.status_code == 200, response.json
    return response.json


def test_a_push_whose_values_are_not_a_list_is_answered_with_the_reason(api, place, edge):
    for values in (5, True, "12.5", {"t": 1}):
        response = _push(api, place, {"series": [{"stationIdentifier": "X", "parameter": "Temperature, water",
                                                  "values": values}]})
        assert response.status_code == 200, (values, response.body)
        assert (response.json["accepted"], response.json["rejections"]) == (0, [
            {"series": 0, "value": None, "message": "a series needs values: [[time, value, qualifier?], ...]"}])
        assert (response.json["rejected"], response.json["rejectedSeries"]) == (0, 1)  # no values, one series
    not_objects = _push(api, place, {"series": [1, "two"]})
    assert not_objects.status_code == 200
    assert [r["message"] for r in not_objects.json["rejections"]] == [
        "a series is an object {stationId or stationIdentifier, parameter, unit, values}"] * 2


def test_a_pushs_counts_agree_with_the_rejections_it_lists(api, place, edge):
    # {"series": [1]} had answered rejected: 0 beside one rejection listed. `rejected` counts values, those of a
    # series refused whole included; `rejectedSeries` counts the series refused whole (listed with value null).
    one = _push(api, place, {"series": [1]}).json
    assert {k: one[k] for k in ("accepted", "rejected", "rejectedSeries", "rejectionsOmitted")} == {
        "accepted": 0, "rejected": 0, "rejectedSeries": 1, "rejectionsOmitted": 0}
    assert one["rejections"] == [{"series": 0, "value": None, "message": (
        "a series is an object {stationId or stationIdentifier, parameter, unit, values}")}]
    good = {"stationIdentifier": "LOGGER-EDGE", "parameter": "Gage height", "unit": "ft", "values": [
        ["2024-03-01T00:00:00Z", 1.5], ["2024-03-01T00:00:00Z", 1.6], ["2024-03-01T00:15:00Z", "high"],
        ["2024-03-01T00:30:00Z", 1.7]]}
    unknown = {"stationIdentifier": "NOWHERE", "parameter": "Gage height", "values": [["2024-03-01T00:00:00Z", 1]] * 3}
    mixed = _push(api, place, {"series": [good, "two", unknown, {"stationIdentifier": "X", "values": 5}]}).json
    assert {k: mixed[k] for k in ("accepted", "duplicates", "rejected", "rejectedSeries", "rejectionsOmitted")} == {
        "accepted": 2, "duplicates": 1, "rejected": 4, "rejectedSeries": 3, "rejectionsOmitted": 0}, mixed
    assert mixed["accepted"] + mixed["duplicates"] + mixed["rejected"] == 4 + 3  # every value sent, counted once
    assert [(r["series"], r["value"]) for r in mixed["rejections"]] == [(0, 2), (1, None), (2, None), (3, None)]
    assert sum(1 for r in mixed["rejections"] if r["value"] is None) == mixed["rejectedSeries"]
    # Past the first 100 reasons the list stops; the count of those left out says so.
    many = _push(api, place, {"series": [{**good, "values": [["2024-03-02T00:00:00Z", "x"]] * 150}, *[7] * 5]}).json
    assert (many["rejected"], many["rejectedSeries"], len(many["rejections"]), many["rejectionsOmitted"]) == (
        150, 5, 100, 55), {k: v for k, v in many.items() if k != "rejections"}
    # The OpenAPI document says what each count counts.
    operation = api.get("/openapi.json").json["paths"]["/api/v1/wapi/{projectId}/ts"]["post"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"rejected", "rejectedSeries", "rejectionsOmitted"} <= set(answer["required"])
    assert "accepted + duplicates + rejected is the number of values sent" in operation["description"]


def test_a_number_beyond_what_can_be_stored_is_rejected_with_the_reason(api, place, edge):
    answer = _edge_push(api, place, [["2024-06-01T00:00:00Z", 10 ** 400], ["2024-06-01T00:15:00Z", -(10 ** 400)],
                                     ["2024-06-01T00:30:00Z", 10 ** 300], ["2024-06-01T00:45:00Z", True]])
    assert (answer["accepted"], answer["rejected"]) == (1, 3)
    assert [(r["value"], r["message"]) for r in answer["rejections"]] == [
        (0, "value is too large to be stored (a value is at most about ±1.8e308)"),
        (1, "value is too large to be stored (a value is at most about ±1.8e308)"),
        (3, "value True is not a number")]


def test_times_before_1800_or_more_than_2_days_ahead_are_rejected_each_with_the_reason(api, place, edge):
    # A value stamped a year ahead is a logger's clock or time zone set wrong: refused, not stored at the right
    # edge of every chart. Two days ahead is the most a zone given wrongly (26 hours at most) and a drift explain.
    now = datetime.now(timezone.utc).replace(microsecond=0)
    soon, late = now + timedelta(days=1, hours=23), now + timedelta(days=2, minutes=5)
    late_in_new_york = _iso(late.astimezone(timezone(timedelta(hours=-5))))  # the same instant, another zone
    next_year = now.year + 1
    answer = _edge_push(api, place, [
        ["0001-01-01T00:00:00+05:00", 1], ["9999-12-31T23:00:00-05:00", 2], ["1799-12-31T23:59:59Z", 3],
        ["1800-01-01T00:00:00Z", 4], [f"{next_year}-12-31T23:59:59Z", 5], [f"{next_year + 1}-01-01T00:00:00Z", 6],
        ["1800-01-01T03:00:00+05:00", 7], [_iso(soon), 8], [_iso(late), 9],
        [late_in_new_york, 10]], parameter="Discharge")
    assert (answer["accepted"], answer["rejected"], answer["rejectedSeries"]) == (2, 8, 0), answer
    early = "is before 1800 (in UTC), the earliest time this portal takes"
    ahead = "is more than 2 days in the future: check the logger's clock and time zone"
    assert [(r["value"], r["message"]) for r in answer["rejections"]] == [
        (0, f"time '0001-01-01T00:00:00+05:00' {early}"), (1, f"time '9999-12-31T23:00:00-05:00' {ahead}"),
        (2, f"time '1799-12-31T23:59:59Z' {early}"), (4, f"time '{next_year}-12-31T23:59:59Z' {ahead}"),
        (5, f"time '{next_year + 1}-01-01T00:00:00Z' {ahead}"), (6, f"time '1800-01-01T03:00:00+05:00' {early}"),
        (8, f"time '{_iso(late)}' {ahead}"), (9, f"time '{late_in_new_york}' {ahead}")]
    from chalicelib.timeseries.models import TimeBucket

    series_id = answer["series"][0]
    keys = [b.ts for b in TimeBucket.query(series_id, TimeBucket.ts.between("0000", "9999-99"))]
    assert keys == ["1800-01", soon.strftime("%Y-%m")]  # four-digit years: the keys sort as the times do
    data = api.get(f"/wapi/ts/data?series={series_id}&aggregate=raw").json
    assert data["points"] == [{"t": "1800-01-01T00:00:00Z", "v": 4.0}, {"t": _iso(soon), "v": 8.0}]
    listed = next(s for s in api.get(f"/wapi/ts/list?stationId={edge['id']}").json if s["id"] == series_id)
    assert (listed["firstTime"], listed["lastTime"]) == ("1800-01-01T00:00:00Z", _iso(soon))
    # The reasons in Chinese, when the client asks for it.
    in_chinese = _push(api, place, {"series": [{"stationIdentifier": "LOGGER-EDGE", "parameter": "Discharge",
                                                "unit": "ft3/s", "values": [["1799-12-31T23:59:59Z", 3],
                                                                            [_iso(late), 9]]}]},
                       language="zh-CN").json
    assert [r["message"] for r in in_chinese["rejections"]] == [
        "时间“1799-12-31T23:59:59Z”早于 1800 年（按 UTC），本门户不接受更早的时间",
        f"时间“{_iso(late)}”比现在晚 2 天以上：请检查记录仪的时钟和时区"]


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def test_a_read_from_or_to_a_time_beyond_those_years_reads_from_their_first_or_to_their_last(api, place, edge, year):
    next_year = datetime.now(timezone.utc).year + 1
    for query in ("from=0001-01-01T00:00:00%2B05:00", "from=0001-01-01", "to=9999-12-31T23:00:00-05:00",
                  "to=9999-12-31", "from=0001-01-01T00:00:00%2B05:00&to=9999-12-31T23:00:00-05:00"):
        response = api.get(f"/wapi/ts/data?series={year}&{query}")
        assert (response.status_code, response.json["count"]) == (200, 35_040), (query, response.body)
        if "from" in query:
            assert response.json["from"] == "1800-01-01T00:00:00Z"
        if "to" in query:
            assert response.json["to"] == f"{next_year}-12-31T23:59:59Z"
    later = api.get(f"/wapi/ts/data?series={year}&from=9999-12-31T23:00:00-05:00").json
    assert (later["count"], later["from"], later["points"]) == (0, f"{next_year + 1}-01-01T00:00:00Z", [])
    earlier = api.get(f"/wapi/ts/data?series={year}&to=0001-01-01").json
    assert (earlier["count"], earlier["to"], earlier["points"]) == (0, "1799-12-31T23:59:59Z", [])
    download = raw_get(api, f"/wapi/ts/download?series={year}&from=0001-01-01T00:00:00%2B05:00&to=2023-01-01")
    assert download.status_code == 200
    assert len(list(csv.DictReader(io.StringIO(download.body.decode())))) == 96


def test_a_unit_longer_than_a_unit_may_be_is_refused_saying_its_limit(api, place, edge):
    for unit in ("u" * 41, 5):
        answer = _edge_push(api, place, [["2024-06-01T00:00:00Z", 1]], parameter="Turbidity", unit=unit)
        assert answer["rejections"][0]["message"] == "all 1 values rejected: unit must be text of at most 40 characters"


def test_the_csv_writes_each_value_in_its_shortest_exact_form(api, place, edge):
    answer = _edge_push(api, place, [["2024-07-01T00:00:00Z", 1e308], ["2024-07-01T00:15:00Z", 12.0],
                                     ["2024-07-01T00:30:00Z", 0.1], ["2024-07-01T00:45:00Z", -2.5e-7],
                                     ["2024-07-01T01:00:00Z", 123456789012345]], parameter="Salinity", unit="PSU")
    assert answer["accepted"] == 5, answer
    response = raw_get(api, f"/wapi/ts/download?series={answer['series'][0]}")
    rows = list(csv.DictReader(io.StringIO(response.body.decode())))
    assert [row["Value"] for row in rows] == ["1e+308", "12", "0.1", "-2.5e-07", "123456789012345"]


def test_a_file_with_a_time_beyond_the_years_rejects_that_row_and_imports_the_others(api, place, edge):
    rows = [f"LOGGER-EDGE,2024-08-01T00:{m:02d}:00-05:00,{7 + m / 100}" for m in range(0, 60, 15)]
    ahead = (datetime.now(timezone.utc) + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:00-05:00")
    content = ("Station,Timestamp,Temperature (deg C)\n" + "\n".join(
        rows[:2] + ["OWD-NE-0000004,9999-12-31T23:00:00-05:00,7.1", "LOGGER-EDGE,1799-12-31T18:59:59-05:00,7.1",
                    f"LOGGER-EDGE,{ahead},7.2"] + rows[2:]) + "\n").encode()
    log = _import(api, place, content, "edge.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 4, 3), log
    assert log["message"] == "4 values of 1 series read. 3 rows were rejected (see the rejected rows)."
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["message"]) for r in rejected] == [
        (3, "The time '9999-12-31T23:00:00-05:00' is more than 2 days in the future: check the logger's clock and "
            "time zone."),
        (4, "The time '1799-12-31T18:59:59-05:00' is before 1800 (in UTC), the earliest time this portal takes."),
        (5, f"The time '{ahead}' is more than 2 days in the future: check the logger's clock and time zone.")]
    in_chinese = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}",
                                      headers={"Accept-Language": "zh-CN"}).json["data"]
    assert [r["message"] for r in in_chinese] == [
        "时间“9999-12-31T23:00:00-05:00”比现在晚 2 天以上：请检查记录仪的时钟和时区。",
        "时间“1799-12-31T18:59:59-05:00”早于 1800 年（按 UTC），本门户不接受更早的时间。",
        f"时间“{ahead}”比现在晚 2 天以上：请检查记录仪的时钟和时区。"]


def test_an_imports_summary_counts_with_thousands_separators_in_the_singular_or_plural_and_in_chinese(api, place,
                                                                                                      edge):
    start = datetime(2024, 9, 1, tzinfo=timezone.utc)
    rows = [f"LOGGER-EDGE,{(start + timedelta(minutes=n)).strftime('%Y-%m-%dT%H:%M:%SZ')},{n % 7}"
            for n in range(1_001)]
    content = ("Station,Timestamp,Gage height (ft)\n" + "\n".join(rows + ["LOGGER-EDGE,2024-09-02T00:00:00Z,90000"])
               + "\nLOGGER-EDGE,,1\n").encode()
    log = _import(api, place, content, "minutes.csv")
    assert (log["status"], log["message"]) == ("partial", (
        "1,002 values of 1 series read. 1 value is outside its parameter's plausible range: stored and flagged. "
        "1 row was rejected (see the rejected rows)."))
    path = f"/organization/{place['org']}/projects/{place['project']}/queued-import/{log['logId']}"
    in_chinese = api.as_("admin").get(path, headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json
    assert in_chinese["message"] == ("已读取 1 个序列的 1,002 个数值。1 个数值超出其参数的合理范围：已存储并标记。"
                                     "1 行被拒绝（见被拒绝的行）。")
    again = _import(api, place, content, "minutes.csv", dryRun="true")
    assert again["message"] == ("Dry run: nothing was written. 1,002 values of 1 series read. 1 value is outside its "
                                "parameter's plausible range: stored and flagged. 1 row was rejected (see the "
                                "rejected rows).")


def test_an_unexpected_error_ends_the_import_as_failed_saying_so(api, place, edge, monkeypatch):
    from chalicelib.timeseries import service

    def broken(series, points):
        raise OverflowError("a fault the worker did not foresee")

    monkeypatch.setattr(service, "merge", broken)
    log = _import(api, place, b"Station,Timestamp,pH\nLOGGER-EDGE,2024-10-01T00:00:00Z,7\n", "broken.csv")
    assert (log["status"], log["message"]) == ("failed", "The import stopped because of an internal error; please "
                                                         "try again later, and tell us if it happens again.")
    path = f"/organization/{place['org']}/projects/{place['project']}/queued-import/{log['logId']}"
    assert api.as_("admin").get(path, headers={"Accept-Language": "zh-CN"}).json["message"] == (
        "导入因内部错误而停止，请稍后再试；如果再次发生，请告诉我们。")


def test_a_logger_file_in_another_unit_is_converted_to_its_series_unit_or_refused(api, place):
    """As pushes are: 70.7 deg F goes into a deg C series as 21.5; a unit that cannot become deg C is refused."""
    header_map = f"/organization/{place['org']}/header-map"
    admin = api.as_("admin")
    parameter = f"Temperature, logger {uuid.uuid4().hex[:6]}"
    rows = b"Site,Timestamp,UTC offset,T\nLOGGER-1,2024-08-01 00:00,-05:00,%s\n"
    for unit, value in (("deg C", b"21.5"), ("deg F", b"70.7")):
        admin.put(header_map, {"T": {"parameter": parameter, "unit": unit}})
        log = _import(api, place, rows % value, f"logger-{unit}.csv")
        assert (log["status"], log["rowsRejected"]) == ("succeeded", 0), log
    from chalicelib.parameters import service as parameters

    [series] = [s for s in api.get(f"/wapi/ts/list?stationId={place['station']}").json
                if s["parameterId"] == parameters.parameter_id_for(parameter)]
    assert series["unit"] == "deg C"
    assert api.get(f"/wapi/ts/data?series={series['id']}&aggregate=raw").json["points"] == [
        {"t": "2024-08-01T05:00:00Z", "v": 21.5}]

    admin.put(header_map, {"T": {"parameter": parameter, "unit": "mg/L"}})
    refused = _import(api, place, rows % b"3.0", "logger-mg.csv")
    assert (refused["status"], refused["rowsImported"]) == ("failed", 0), refused
    [why] = admin.get(f"/Util/feedbacklog/{refused['logId']}").json["data"]
    assert why["message"] == ("Unit 'mg/L' differs from the parameter's unit 'deg C' and cannot be converted: give the "
                              "value in deg C, or import it as a parameter of its own.")


def test_a_parameter_named_by_a_push_is_made_only_once_one_of_its_values_is_accepted(api, place):
    """A walk: a push whose every value was refused had still added its parameter to every visitor's filter."""
    from chalicelib.parameters.service import parameter_id_for

    name = f"Ghost level {uuid.uuid4().hex[:6]}"
    refused = _push(api, place, {"series": [{"stationIdentifier": "LOGGER-1", "parameter": name, "unit": "m",
                                             "values": [["not a time", 1], ["2024-06-01T00:00:00Z", "high"]]}]}).json
    assert (refused["accepted"], refused["rejected"]) == (0, 2)
    assert api.get(f"/parameter/{parameter_id_for(name)}").status_code == 404
    taken = _push(api, place, {"series": [{"stationIdentifier": "LOGGER-1", "parameter": name, "unit": "m",
                                           "values": [["2024-06-01T00:00:00Z", 1.5]]}]}).json
    assert taken["accepted"] == 1
    made = api.get(f"/parameter/{parameter_id_for(name)}").json
    assert (made["label"], made["unit"]) == (name, "m")
