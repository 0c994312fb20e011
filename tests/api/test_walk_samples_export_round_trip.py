"""A download answers the date, time and zone as the file wrote them, so that the download imported again changes
nothing (a walk: a time without a zone came back as UTC, and re-importing the download changed the value). A time
given without a zone was taken as UTC and is answered with the code UTC (a later walk: WQP clients such as
dataretrieval build no date-time from a time without its zone); UTC is stored as no zone, so either imports the same."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
WHEN = ("ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode")


def _export(api, project_id: str) -> str:
    response = raw_get(api, f"/sampleValue?projectId={project_id}")
    assert response.status_code == 200
    return response.body.decode("utf-8").lstrip("\ufeff")


def _rows(text: str) -> dict[str, dict]:
    return {row["MonitoringLocationIdentifier"]: row for row in csv.DictReader(io.StringIO(text))}


def test_a_value_without_a_zone_comes_back_in_utc_and_its_download_imports_unchanged(api):
    org, project = fresh_project(api)
    original = (HEADER + "RT-TZ-1,TZ creek,46.81,-71.20,2024-07-04,09:30,,pH,7.1,std units\n"
                         "RT-TZ-2,Date creek,46.81,-71.21,2024-07-07,,EST,pH,7.2,std units\n"
                         "RT-TZ-3,UTC creek,46.81,-71.22,2024-07-08,10:00,UTC,pH,7.3,std units\n").encode()
    assert import_file(api, org, project, original, "rt.csv")["rowsImported"] == 3
    exported = _export(api, project)
    rows = _rows(exported)
    # No zone is UTC, a date alone keeps its zone and no time, a zone named UTC stays UTC.
    assert [tuple(rows[s][c] for c in WHEN) for s in ("RT-TZ-1", "RT-TZ-2", "RT-TZ-3")] == [
        ("2024-07-04", "09:30:00", "UTC"), ("2024-07-07", "", "EST"), ("2024-07-08", "10:00:00", "UTC")]

    again = import_file(api, org, project, exported.encode(), "export.csv")
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"]) == ("succeeded", 0, 3), again
    back = import_file(api, org, project, original, "rt.csv")
    assert (back["rowsImported"], back["rowsUnchanged"]) == (0, 3), back
    assert _export(api, project) == exported
    station = next(s for s in api.get(f"/organization/{org}/projects/{project}/stations").json
                   if s["identifier"] == "RT-TZ-2")
    assert station["sampleCount"] == 1  # not a second value at midnight UTC


def test_the_portal_services_answer_a_value_without_a_zone_in_utc(api):
    org, project = fresh_project(api)
    name = api.get(f"/organization/{org}").json["name"]
    content = (HEADER + "WQP-TZ-1,TZ pond,46.80,-71.30,2024-07-04,09:30,,pH,7.1,std units\n").encode()
    assert import_file(api, org, project, content, "notz.csv")["rowsImported"] == 1
    response = raw_get(api, f"/wqp/data/Result/search?organization={name.replace(' ', '%20')}&mimeType=csv")
    assert response.status_code == 200, response.body
    [row] = csv.DictReader(io.StringIO(response.body.decode("utf-8")))
    assert tuple(row[c] for c in WHEN) == ("2024-07-04", "09:30:00", "UTC")
    # Its activity too.
    content = (HEADER.rstrip("\n") + ",ActivityIdentifier\n"
               + "WQP-TZ-2,TZ lake,46.81,-71.31,2024-07-05,10:15,,pH,7.4,std units,ACT-TZ-2\n").encode()
    assert import_file(api, org, project, content, "notz-activity.csv")["rowsImported"] == 1
    response = raw_get(api, f"/wqp/data/Activity/search?organization={name.replace(' ', '%20')}&mimeType=csv")
    [activity] = [r for r in csv.DictReader(io.StringIO(response.body.decode("utf-8")))
                  if r["ActivityIdentifier"] == "ACT-TZ-2"]
    assert tuple(activity[c] for c in WHEN) == ("2024-07-05", "10:15:00", "UTC")  # as its result's time


def test_a_deleted_projects_values_are_downloaded_without_its_name_as_the_portal_services_answer_them(api):
    org, project = fresh_project(api)
    key = api.get(f"/project/{project}").json["projectKey"]
    content = (HEADER + "DEL-P-1,Gone creek,46.82,-71.23,2024-07-04,09:30,EST,pH,7.1,std units\n").encode()
    assert import_file(api, org, project, content, "gone.csv")["rowsImported"] == 1
    [station] = [s["id"] for s in api.get(f"/organization/{org}/projects/{project}/stations").json
                 if s["identifier"] == "DEL-P-1"]
    assert _rows(raw_get(api, f"/sampleValue?stationId={station}").body.decode("utf-8").lstrip("\ufeff"))[
        "DEL-P-1"]["ProjectIdentifier"] == key
    assert api.as_("admin").delete(f"/project/{project}").status_code in (200, 204)
    # The station and its value stay with the organization; no answer names the deleted project.
    downloaded = _rows(raw_get(api, f"/sampleValue?stationId={station}").body.decode("utf-8").lstrip("\ufeff"))
    served = raw_get(api, "/wqp/data/Result/search?siteid=DEL-P-1&mimeType=csv").body.decode("utf-8")
    assert downloaded["DEL-P-1"]["ResultMeasureValue"] == "7.1"
    assert downloaded["DEL-P-1"]["ProjectIdentifier"] == "" == _rows(served)["DEL-P-1"]["ProjectIdentifier"]
