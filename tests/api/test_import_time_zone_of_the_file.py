"""An import may be given the zone of the file's times that give none (a walk: volunteers' spreadsheets have a date
and a time column but never a zone; their times were read as UTC, an evening sample in Pennsylvania dated the next
day, and the fix was to delete the values station by station). Rows that give their own zone keep it; a zone far
from its station's clocks is refused per row as a written one is."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import form, fresh_project, import_file, post_file, raw_get

SHEET = ("StationIdentifier,Latitude,Longitude,Date,Time,Parameter,Value,Unit\r\n"
         "TZF-1,40.0512,-75.4321,2026-03-14,19:30,pH,7.2,std units\r\n"
         "TZF-1,40.0512,-75.4321,2026-03-15,08:15,pH,7.3,std units\r\n")
WHEN = ("ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode")


def _exported(api, project: str) -> list[tuple]:
    text = raw_get(api, f"/sampleValue?projectId={project}").body.decode("utf-8").lstrip("\ufeff")
    return sorted(tuple(row[c] for c in WHEN) for row in csv.DictReader(io.StringIO(text)))


def test_times_without_a_zone_take_the_zone_the_import_was_given(api):
    org, project = fresh_project(api)
    template = SHEET
    log = import_file(api, org, project, template.encode(), "volunteers.csv", timeZone="EST")
    assert (log["status"], log["rowsImported"], log["timeZone"]) == ("succeeded", 2, "EST"), log
    assert not log.get("rowsWithoutTimeZone") and "read as UTC" not in (log["message"] or "")
    assert _exported(api, project) == [("2026-03-14", "19:30:00", "EST"), ("2026-03-15", "08:15:00", "EST")]
    # 19:30 EST is 00:30 UTC the next day: the value is stored at that instant, dated as written.
    [station] = api.get(f"/organization/{org}/projects/{project}/stations").json
    [parameter] = api.get(f"/organization/{org}/projects/{project}/parameters").json
    values = api.get(f"/sampleValue/{station['id']}/{parameter['id']}").json["data"]
    assert [(v["time"], v["timeZone"]) for v in values] == [("2026-03-15T00:30:00Z", "EST"),
                                                            ("2026-03-15T13:15:00Z", "EST")]
    # The same file with the same zone again changes nothing; its history says the zone.
    again = import_file(api, org, project, template.encode(), "volunteers.csv", timeZone="EST")
    assert (again["rowsImported"], again["rowsUnchanged"]) == (0, 2), again
    history = api.as_("admin").get(f"/organization/{org}/projects/{project}/import-history").json
    assert [entry["timeZone"] for entry in history] == ["EST", "EST"]


def test_a_row_that_gives_its_own_zone_keeps_it_and_an_offset_is_stored_in_its_one_spelling(api):
    org, project = fresh_project(api)
    sheet = ("StationIdentifier,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\r\n"
             "TZF-2,31.23,121.47,2026-03-14,09:30,,pH,7.2,std units\r\n"
             "TZF-2,31.23,121.47,2026-03-15,09:30,UTC,pH,7.3,std units\r\n")
    log = import_file(api, org, project, sheet.encode(), "shanghai.csv", timeZone="UTC+8")
    assert (log["status"], log["rowsImported"], log["timeZone"]) == ("succeeded", 2, "UTC+08:00"), log
    assert _exported(api, project) == [("2026-03-14", "09:30:00", "UTC+08:00"), ("2026-03-15", "09:30:00", "UTC")]


def test_a_zone_far_from_the_stations_clocks_is_refused_per_row_and_an_unknown_zone_at_once(api):
    org, project = fresh_project(api)
    sheet = ("StationIdentifier,Latitude,Longitude,Date,Time,Parameter,Value,Unit\r\n"
             "TZF-3,31.23,121.47,2026-03-14,09:30,pH,7.2,std units\r\n")
    log = import_file(api, org, project, sheet.encode(), "shanghai-in-cst.csv", timeZone="CST")
    assert (log["status"], log["rowsRejected"]) == ("failed", 1), log
    [rejected] = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert "CST" in rejected["message"] and "US Central" in rejected["message"], rejected
    for zone in ("Mars time", "UTC+15", 8):
        refused = post_file(api.as_("admin"), org, project, sheet.encode(), "x.csv", timeZone=zone)
        assert (refused.status_code, refused.json["message"]) == (
            400, "Invalid timeZone. Use a WQX time zone code such as EST, CDT or UTC, or an offset from UTC such as "
                 "UTC+08:00."), zone
    # A logger file's import takes no such zone: said, not ignored.
    body, headers = form(sheet.encode(), "logger.csv", timeZone="EST")
    refused = api.as_("admin").post(f"/organization/{org}/projects/{project}/import-ts-data", body, headers=headers)
    assert (refused.status_code, refused.json["message"]) == (
        400, "timeZone is taken by data imports only, not by logger file imports.")
