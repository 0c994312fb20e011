"""A walk: a project's Activities list stayed empty after importing the template (rows without an
ActivityIdentifier), while Water Quality Portal result files made activities. A template row that names no activity
now belongs to the activity of its station at its date and time (and of its activity type), with an identifier made
from them: the same file imported again finds its values unchanged and makes no second activity."""
from __future__ import annotations

import csv
import io
from urllib.parse import quote

import boto3

from tests.api.imports_support import fresh_project, import_file, raw_get

HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit,ActivityType\n"
# A field sheet: three measurements at one visit of a creek, another visit (written as M/D/YYYY, in the evening),
# a field replicate of the first visit's pH (another activity type: another activity), and a date with no time at a
# second creek.
FIELD_SHEET = HEADER + (
    "TA-CREEK-1,Template creek,46.81,-71.20,2024-05-01,09:30,EST,pH,7.2,std units,\n"
    "TA-CREEK-1,,,,2024-05-01,09:30,EST,Temperature, water,12.5,deg C,\n"
    "TA-CREEK-1,,,,2024-05-01,09:30,EST,Specific conductance,412,uS/cm,\n"
    "TA-CREEK-1,,,,5/8/2024,18:45:30,EST,pH,7.4,std units,\n"
    "TA-CREEK-1,,,,2024-05-01,09:30,EST,pH,7.3,std units,Quality Control Field Replicate Msr/Obs\n"
    "TA-CREEK-2,Second creek,46.82,-71.21,2024-05-02,,,pH,6.9,std units,\n"
).replace("Temperature, water", '"Temperature, water"')
ACTIVITIES = [  # (id, start date, start time, type, station) as the Activities list shows them, by start
    ("TA-CREEK-1-20240501-0930-FM", "2024-05-01", "09:30", "Field Msr/Obs", "TA-CREEK-1"),
    ("TA-CREEK-1-20240501-0930-QCFRM", "2024-05-01", "09:30", "Quality Control Field Replicate Msr/Obs", "TA-CREEK-1"),
    ("TA-CREEK-2-20240502-FM", "2024-05-02", None, "Field Msr/Obs", "TA-CREEK-2"),
    ("TA-CREEK-1-20240508-184530-FM", "2024-05-08", "18:45:30", "Field Msr/Obs", "TA-CREEK-1"),
]


def _activities(api, org: str, project: str) -> dict:
    return api.get(f"/organization/{org}/projects/{project}/activities?pageSize=100&order=ASC").json


def _listed(page: dict) -> list[tuple]:
    return [(a["id"], a.get("startDate"), a.get("startTime"), a.get("typeCode"), a.get("monitoringLocationIdentifier"))
            for a in page["data"]]


def test_template_rows_without_an_activity_make_one_activity_per_visit_and_importing_again_changes_nothing(api):
    org, project = fresh_project(api)
    assert _activities(api, org, project)["total"] == 0
    log = import_file(api, org, project, FIELD_SHEET.encode(), "field-sheet.csv")
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["rowsRejected"]) == (
        "succeeded", "template", 6, 0), log
    page = _activities(api, org, project)
    assert page["total"] == 4
    assert _listed(page) == ACTIVITIES
    # An activity opens with the values measured at that visit (the three field measurements, not the replicate).
    visit = api.get(f"/organization/{org}/projects/{project}/activities/{quote(ACTIVITIES[0][0])}").json
    assert sorted((r["parameterName"], r["value"]) for r in visit["results"]) == [
        ("Specific conductance", 412), ("Temperature, water", 12.5), ("pH", 7.2)]

    again = import_file(api, org, project, FIELD_SHEET.encode(), "field-sheet.csv")
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"], again["rowsReplaced"]) == (
        "succeeded", 0, 6, 0), again
    assert _listed(_activities(api, org, project)) == ACTIVITIES
    # The download names each value's activity, and imports again unchanged as a Water Quality Portal file.
    exported = raw_get(api, f"/sampleValue?projectId={project}").body.decode("utf-8").lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert sorted({r["ActivityIdentifier"] for r in rows}) == sorted(a[0] for a in ACTIVITIES)
    round_trip = import_file(api, org, project, exported.encode(), "export.csv")
    assert (round_trip["detectedFormat"], round_trip["rowsImported"], round_trip["rowsUnchanged"]) == (
        "wqp-result", 0, 6), round_trip
    assert _activities(api, org, project)["total"] == 4


def test_a_row_naming_its_activity_keeps_it_beside_a_row_given_its_visits(api):
    org, project = fresh_project(api)
    content = (HEADER.rstrip("\n") + ",ActivityIdentifier\n"
               "TA-NAMED-1,Named creek,46.83,-71.22,2024-06-01,10:00,EST,pH,7.0,std units,,MY-VISIT-1\n"
               "TA-NAMED-1,,,,2024-06-01,10:00,EST,\"Temperature, water\",14,deg C,,\n")
    log = import_file(api, org, project, content.encode(), "named.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    assert [a[0] for a in _listed(_activities(api, org, project))] == ["MY-VISIT-1", "TA-NAMED-1-20240601-1000-FM"]


def test_values_imported_before_their_rows_had_activities_move_to_them_when_the_file_is_imported_again(api):
    """Before this change a template row's value was stored under its time alone; importing its file again moves it
    under its activity (one value, not two), says it corrected stored values, and then finds it unchanged."""
    import os

    from chalicelib.samples.models import SampleValue

    org, project = fresh_project(api)
    content = HEADER + "TA-OLD-1,Old creek,46.84,-71.23,2024-04-01,08:00,EST,pH,7.1,std units,\n"
    assert import_file(api, org, project, content.encode(), "old.csv")["rowsImported"] == 1
    # As the value was stored before: under its time, without an activity.
    client = boto3.client("dynamodb", endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name="us-east-1")
    # The series' own values (a Scan of the shared table reads one 1 MB page: other tests' values may fill it).
    from chalicelib.parameters import service as parameters
    from chalicelib.samples.models import series_key
    from chalicelib.stations import service as stations

    key = series_key(stations.station_id_for(org, "TA-OLD-1"), parameters.parameter_id_for("pH"))
    [item] = [i for i in client.query(TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                                      ExpressionAttributeValues={":k": {"S": key}})["Items"]
              if i.get("a", {}).get("S") == "TA-OLD-1-20240401-0800-FM"]
    client.delete_item(TableName=SampleValue.Meta.table_name,
                       Key={"seriesKey": item["seriesKey"], "time": item["time"]})
    old = {k: v for k, v in item.items() if k != "a"} | {"time": {"S": "2024-04-01T13:00:00Z"}}
    client.put_item(TableName=SampleValue.Meta.table_name, Item=old)

    moved = import_file(api, org, project, content.encode(), "old.csv")
    assert (moved["rowsImported"], moved["rowsReplaced"], moved["rowsUnchanged"]) == (1, 1, 0), moved
    stored = client.query(TableName=SampleValue.Meta.table_name, KeyConditionExpression="seriesKey = :k",
                          ExpressionAttributeValues={":k": item["seriesKey"]})["Items"]
    assert [(i["time"]["S"], i["a"]["S"]) for i in stored] == [
        ("2024-04-01T13:00:00Z#TA-OLD-1-20240401-0800-FM", "TA-OLD-1-20240401-0800-FM")]
    station = next(s for s in api.get(f"/organization/{org}/projects/{project}/stations").json
                   if s["identifier"] == "TA-OLD-1")
    assert station["sampleCount"] == 1
    again = import_file(api, org, project, content.encode(), "old.csv")
    assert (again["rowsImported"], again["rowsUnchanged"]) == (0, 1), again
