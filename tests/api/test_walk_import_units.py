"""What a walk found of units, as a user sees it: a value in another unit than its parameter's is converted to
the parameter's unit (or refused with a reason a person can act on) in imports and pushes alike, a value given
without a unit is read in its parameter's, and values outside their parameter's plausible range are pointed out."""
from __future__ import annotations

import csv
import io
from datetime import date, timedelta

import boto3

from tests.api.imports_support import fresh_project, import_file

HEADER = b"StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
# The walk's t5_edge.csv: a new station, pH -3, water temperature 1e3 deg C, 77 deg F and 20 without a unit, and
# dissolved oxygen in % against a parameter in mg/L.
T5 = HEADER + b"""WB-NEW-5,Day first creek,46.81,-71.20,2024-07-02,9:30,EST,pH,7.1,std units
WB-NEW-5,,,,2024-07-04,09:30,,pH,7.1,std units
WB-NEW-5,,,,2024-07-05,09:30,EST,pH,-3,std units
WB-NEW-5,,,,2024-07-05,09:30,EST,Water temperature,1e3,deg C
WB-NEW-5,,,,2024-07-06,09:30,EST,Water temperature,77,deg F
WB-NEW-5,,,,2024-07-07,,,Water temperature,20,
WB-NEW-5,,,,2024-07-08,09:30,EST,pH,7.3,
WB-NEW-5,,,,2024-07-08,09:30,EST,pH,7.4,std units
WB-NEW-5,,,,2024-07-09,09:30,EST,Dissolved oxygen,95,%
"""
UNCONVERTIBLE_DO = ("Unit '%' differs from the parameter's unit 'mg/L' and cannot be converted: give the value in "
                    "mg/L, or import it as a parameter of its own.")
ZH = {"Accept-Language": "zh-CN"}


def _parameter(api, label: str, unit: str) -> str:
    """The shared parameter of this label, made in `unit` when missing (the walk's parameters)."""
    admin = api.as_("admin")
    admin.post("/parameter", {"label": label, "unit": unit})
    found = [p for p in admin.get("/parameter?limit=1000").json if p["label"] == label]
    assert found and found[0]["unit"] == unit, found
    return found[0]["id"]


def _values(api, org, identifier, parameter_id) -> list[tuple]:
    from chalicelib.stations import service as stations

    station_id = stations.station_id_for(org, identifier)
    answer = api.get(f"/sampleValue/{station_id}/{parameter_id}").json
    return [(v["time"][:10], v["value"], v.get("unit")) for v in answer["data"]]


def _raw_items(org, identifier, parameter_id) -> list[dict]:
    """The stored value items as DynamoDB holds them (what a download can give back)."""
    import os

    from chalicelib.samples.models import SampleValue
    from chalicelib.stations import service as stations

    client = boto3.client("dynamodb", endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name="us-east-1")
    key = f"{stations.station_id_for(org, identifier)}#{parameter_id}"
    return client.query(TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                        ExpressionAttributeValues={":k": {"S": key}})["Items"]


def test_values_in_another_unit_are_converted_and_those_that_cannot_be_are_refused_saying_why(api):
    temperature = _parameter(api, "Water temperature", "deg C")
    _parameter(api, "Dissolved oxygen", "mg/L")
    org, project = fresh_project(api)
    log = import_file(api, org, project, T5, "t5_edge.csv")
    admin = api.as_("admin")
    rejected = admin.get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"], r["value"], r["message"]) for r in rejected] == [
        (8, None, None, "Repeats row 7: the same station, parameter, time, activity, fraction and depth."),
        (9, "Unit", "%", UNCONVERTIBLE_DO)]
    assert admin.get(f"/Util/feedbacklog/{log['logId']}", headers=ZH).json["data"][1]["message"] == (
        "单位“%”与参数的单位“mg/L”不同，且无法换算：请以 mg/L 给出数值，或将其作为单独的参数导入。")
    # One axis, one unit: 77 deg F is 25 deg C, and 20 given without a unit is read in deg C.
    assert _values(api, org, "WB-NEW-5", temperature) == [
        ("2024-07-05", 1000, "deg C"), ("2024-07-06", 25, "deg C"), ("2024-07-07", 20, "deg C")]
    # The converted value keeps what the file said (for downloads to give back the file's cells).
    converted = next(item for item in _raw_items(org, "WB-NEW-5", temperature) if item["time"]["S"] >= "2024-07-06"
                     and "ov" in item)
    assert (converted["v"]["N"], converted["u"]["S"], converted["ov"]["S"], converted["ou"]["S"]) == (
        "25", "deg C", "77", "deg F")
    # Implausible values are taken, and pointed out: pH -3 (row 3) and 1,000 deg C (row 4).
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 7, 2)
    # The conversion is said: 77 deg F taken as 25 deg C (20 without a unit is read in deg C, not converted).
    assert (log["rowsConverted"], log["unitsConverted"]) == (1, ["deg F → deg C"])
    # Row 2 gives 09:30 without a zone: read as UTC, and said so.
    assert log["message"] == ("2 values are outside the plausible range of their parameter (rows 3, 4): check them. "
                              "1 row gives a time without a time zone (row 2): its time was read as UTC. If it is a "
                              "local time, delete its value (Delete values on its station's chart), give its zone in "
                              "TimeZone and import it again. "
                              "2 rows were rejected (see the rejected rows); the others were imported.")
    log_zh = api.as_("admin").get(f"/organization/{org}/projects/{project}/queued-import/{log['logId']}",
                                  headers=ZH).json
    assert log_zh["message"] == ("2 个数值超出其参数的合理范围（第 3, 4 行）：请检查。"
                                 "1 行给出了时刻但没有时区（第 2 行）：其时刻已按 UTC 读取。如果这是当地时间，请删除该数值"
                                 "（在其站点图表上使用“删除数值”），在 TimeZone 中给出时区后重新导入。"
                                 "2 行被拒绝（见被拒绝的行）；其余各行已导入。")
    flagged = [item["time"]["S"][:10] for item in _raw_items(org, "WB-NEW-5", temperature) if "f" in item]
    assert flagged == ["2024-07-05"]


def test_the_same_unit_written_otherwise_is_the_same_unit_and_a_converted_file_imports_again_unchanged(api):
    temperature = _parameter(api, "Water temperature", "deg C")
    org, project = fresh_project(api)
    content = HEADER + (b"WB-UNITS-1,Units creek,40.1,-75.2,2024-07-02,09:30,EST,Water temperature,68,deg F\n"
                        b"WB-UNITS-1,,,,2024-07-03,09:30,EST,Water temperature,21.5,DEG  c\n"
                        b"WB-UNITS-1,,,,2024-07-04,09:30,EST,Water temperature,294.15,deg K\n")
    log = import_file(api, org, project, content)
    assert (log["status"], log["rowsImported"], log["rowsRejected"], log["message"]) == ("succeeded", 3, 0, None)
    # "DEG  c" is deg C written otherwise: not a conversion.
    assert (log["rowsConverted"], log["unitsConverted"]) == (2, ["deg F → deg C", "deg K → deg C"])
    # Stored in the parameter's unit as the parameter writes it: one label a series (the file's "DEG  c" is kept for
    # downloads, below).
    assert _values(api, org, "WB-UNITS-1", temperature) == [
        ("2024-07-02", 20, "deg C"), ("2024-07-03", 21.5, "deg C"), ("2024-07-04", 21, "deg C")]
    again = import_file(api, org, project, content)
    assert (again["rowsImported"], again["rowsUnchanged"]) == (0, 3)
    # Read again, converted again: the values taken unchanged were converted to compare them (said all the same).
    assert (again["rowsConverted"], again["unitsConverted"]) == (2, ["deg F → deg C", "deg K → deg C"])
    # The download gives back the file's cells (value and unit as written), and imports again unchanged.
    exported = api.get(f"/sampleValue?projectId={project}")
    rows = list(csv.DictReader(io.StringIO(exported.body.decode("utf-8-sig"))))
    assert [(r["ResultMeasureValue"], r["ResultMeasure/MeasureUnitCode"]) for r in rows] == [
        ("68", "deg F"), ("21.5", "DEG  c"), ("294.15", "deg K")]
    round_trip = import_file(api, org, project, exported.body, "export.csv")
    assert (round_trip["rowsImported"], round_trip["rowsUnchanged"]) == (0, 3)


def test_a_push_in_another_unit_is_converted_to_its_series_unit_or_refused(api):
    _parameter(api, "Water temperature", "deg C")
    org, project = fresh_project(api)
    admin = api.as_("admin")
    admin.post("/station", {"organizationId": org, "identifier": "WB-PUSH-1", "name": "Push creek",
                            "latitude": 40.2, "longitude": -75.1})
    path = f"/wapi/{project}/ts"
    first = admin.post(path, {"series": [{"stationIdentifier": "WB-PUSH-1", "parameter": "Water temperature",
                                          "unit": "deg C", "values": [["2024-06-01T00:00:00Z", 20]]}]}).json
    assert (first["accepted"], first["converted"], first["flagged"]) == (1, 0, 0)
    pushed = admin.post(path, {"series": [{"stationIdentifier": "WB-PUSH-1", "parameter": "Water temperature",
                                           "unit": "deg F", "values": [["2024-06-01T00:15:00Z", 77],
                                                                       ["2024-06-01T00:30:00Z", 212]]}]}).json
    # 77 deg F is 25 deg C (plausible); 212 deg F is 100 deg C, flagged as a reading of 100 deg C would be.
    assert (pushed["accepted"], pushed["converted"], pushed["flagged"], pushed["rejected"]) == (2, 2, 1, 0)
    points = api.get(f"/wapi/ts/data?series={first['series'][0]}&aggregate=raw").json["points"]
    assert [p["v"] for p in points] == [20, 25, 100]
    refused = admin.post(path, {"series": [{"stationIdentifier": "WB-PUSH-1", "parameter": "Water temperature",
                                            "unit": "mg/L", "values": [["2024-06-01T00:45:00Z", 7]]}]}).json
    assert (refused["accepted"], refused["rejected"], refused["rejections"]) == (0, 1, [{
        "series": 0, "value": None, "message": "all 1 values rejected: Unit 'mg/L' differs from the parameter's unit "
        "'deg C' and cannot be converted: give the value in deg C, or import it as a parameter of its own."}])


WQX2_HEADER = ("OrganizationIdentifier,ActivityIdentifier,ActivityTypeCode,ActivityMediaName,ActivityStartDate,"
               "ActivityStartTime/Time,ActivityStartTime/TimeZoneCode,MonitoringLocationIdentifier,CharacteristicName,"
               "ResultMeasureValue,ResultMeasure/MeasureUnitCode")


def _conductance(api) -> tuple[str, str]:
    """The shared parameter Specific conductance (made in uS/cm when missing) and its unit (the reference data's is
    "uS/cm @25C", the same unit)."""
    admin = api.as_("admin")
    admin.post("/parameter", {"label": "Specific conductance", "unit": "uS/cm"})
    [found] = [p for p in admin.get("/parameter?limit=1000").json if p["label"] == "Specific conductance"]
    assert found["unit"] in ("uS/cm", "uS/cm @25C"), found
    return found["id"], found["unit"]


def _wqx2_row(day: int, value: str, unit: str, station: str = "WB-COND-1") -> str:
    """A WQX 2 result of Specific conductance, `day` days into 2024, its activity of that day and station."""
    when = date(2024, 1, 1) + timedelta(days=day)
    return (f"WALK_ORG,COND-{station}-{day},Field Msr/Obs,Water,{when},10:00:00,EST,{station},Specific conductance,"
            f"{value},{unit}")


def test_a_value_converted_to_its_parameters_unit_is_counted_and_its_units_named_in_the_log_and_history(api):
    # The walk: a WQX 2 row of 0.75 mS/cm for Specific conductance (in uS/cm) was "6 values imported", no more.
    conductance, unit = _conductance(api)
    said = [f"mS/cm → {unit}"]
    org, project = fresh_project(api)
    admin = api.as_("admin")
    assert admin.post("/station", {"organizationId": org, "identifier": "WB-COND-1", "name": "Conductance creek",
                                   "latitude": 40.3, "longitude": -75.3}).status_code == 201
    rows = [_wqx2_row(day, value, "uS/cm") for day, value in ((1, "512"), (2, "498"), (3, "530"), (5, "505"),
                                                                (6, "520"))]
    content = "\n".join([WQX2_HEADER, *rows[:3], _wqx2_row(4, "0.75", "mS/cm"), *rows[3:]]).encode() + b"\n"
    dry = import_file(api, org, project, content, "pbv3_results.csv", dryRun="true")
    assert (dry["status"], dry["rowsImported"], dry["rowsConverted"], dry["unitsConverted"]) == (
        "succeeded", 6, 1, said), dry
    log = import_file(api, org, project, content, "pbv3_results.csv")
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["rowsConverted"],
            log["unitsConverted"]) == ("succeeded", "wqp-result", 6, 1, said), log
    assert ("2024-01-05", 750, unit) in _values(api, org, "WB-COND-1", conductance)
    # The same in the history (the project's and the organization's) and in Chinese (numbers and unit codes).
    path = f"/organization/{org}/projects/{project}"
    newest = admin.get(f"{path}/import-history").json[0]
    assert (newest["logId"], newest["rowsConverted"], newest["unitsConverted"]) == (log["logId"], 1, said)
    latest = admin.get(f"/organization/{org}/import-history").json[0]
    assert (latest["rowsConverted"], latest["unitsConverted"]) == (1, said)
    in_chinese = admin.get(f"{path}/queued-import/{log['logId']}", headers=ZH).json
    assert (in_chinese["rowsConverted"], in_chinese["unitsConverted"]) == (1, said)
    # A file with nothing to convert says 0 and names no units.
    plain = import_file(api, org, project, "\n".join([WQX2_HEADER, _wqx2_row(7, "501", "uS/cm")]).encode() + b"\n")
    assert (plain["status"], plain["rowsConverted"], plain["unitsConverted"]) == ("succeeded", 0, [])
    # The history's item is described in the OpenAPI document with the new fields.
    described = api.get("/openapi.json").json["paths"]["/api/v1" + "/organization/{organizationId}/projects/"
                                                        "{projectId}/import-history"]["get"]
    assert "rowsConverted" in str(described) and "unitsConverted" in str(described)


def test_the_count_of_converted_values_is_whole_after_a_worker_is_killed_and_the_import_resumes(api):
    from tests.api.imports_support import killed_mid_file, post_file, run_worker

    _, parameter_unit = _conductance(api)
    org, project = fresh_project(api)
    admin = api.as_("admin")
    for n in range(3):
        admin.post("/station", {"organizationId": org, "identifier": f"WB-COND-R{n}", "name": f"Resume creek {n}",
                                "latitude": 40.0 + n / 10, "longitude": -75.0})
    lines, converted = [WQX2_HEADER], 0
    for n in range(300):  # every fourth in mS/cm, the others in uS/cm
        unit, value = ("mS/cm", "0.5") if n % 4 == 0 else ("uS/cm", "500")
        converted += unit == "mS/cm"
        lines.append(_wqx2_row(n, value, unit, f"WB-COND-R{n % 3}"))
    log_id = post_file(admin, org, project, ("\n".join(lines) + "\n").encode(), "resume.csv").json["logId"]
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    killed, _ = killed_mid_file(admin, path, log_id, 100)
    assert killed["status"] == "running" and 100 <= killed["rowsDone"] < 300
    # Counted with the checkpoint: the rows done so far, no more.
    assert killed["rowsConverted"] == len([n for n in range(killed["rowsDone"]) if n % 4 == 0])
    resumed = run_worker(api=admin, path=path, timeout=120)
    assert (resumed["status"], resumed["rowsImported"], resumed["rowsConverted"], resumed["unitsConverted"]) == (
        "succeeded", 300, converted, [f"mS/cm → {parameter_unit}"]), resumed
