"""A walk: a volunteer group's first month, with files as their spreadsheets save them. Excel in English (United
States) writes a time cell as "9:30 AM": every row of such a file had been refused ("is not a time of day")."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\r\n"


def _exported(api, project: str) -> list[dict]:
    text = raw_get(api, f"/sampleValue?projectId={project}").body.decode("utf-8").lstrip("\ufeff")
    return list(csv.DictReader(io.StringIO(text)))


def test_twelve_hour_times_of_excel_in_english_are_imported_at_their_hour(api):
    org, project = fresh_project(api)
    sheet = HEADER + ("MC-01,Mill Creek at Old Mill Rd,40.0512,-75.4321,3/14/2026,9:30 AM,EST,pH,7.2,std units\r\n"
                      "MC-01,,,,3/15/2026,1:05 PM,EST,pH,7.3,std units\r\n"
                      "MC-01,,,,3/16/2026,12:10 AM,EST,pH,7.1,std units\r\n")
    log = import_file(api, org, project, ("\ufeff" + sheet).encode(), "mill-creek.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", 3, 0), log
    rows = sorted(_exported(api, project), key=lambda r: r["ActivityStartDate"])
    assert [(r["ActivityStartDate"], r["ActivityStartTime/Time"], r["ActivityStartTime/TimeZoneCode"]) for r in rows] == [
        ("2026-03-14", "09:30:00", "EST"), ("2026-03-15", "13:05:00", "EST"), ("2026-03-16", "00:10:00", "EST")]


def test_a_twelve_hour_time_past_twelve_is_refused_with_the_time_of_day_advice(api):
    org, project = fresh_project(api)
    sheet = HEADER + "MC-01,Mill Creek at Old Mill Rd,40.0512,-75.4321,3/14/2026,13:30 PM,EST,pH,7.2,std units\r\n"
    log = import_file(api, org, project, sheet.encode(), "mill-creek.csv")
    assert (log["status"], log["rowsRejected"]) == ("failed", 1), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["column"], r["message"]) for r in rejected] == [
        ("Time", "Time '13:30 PM' is not a time of day: use HH:MM or HH:MM:SS.")]


def test_a_file_of_excel_on_chinese_windows_keeps_its_chinese_text(api):
    """Excel on Chinese Windows saves "CSV (逗号分隔)" in GBK: its Chinese header had been refused ("save the file
    as UTF-8"), and a file of Chinese notes under a plain header had stored 晴 as "Çç" without a word."""
    org, project = fresh_project(api)
    columns = {"站点": "station", "纬度": "latitude", "经度": "longitude", "日期": "date", "时间": "time",
               "时区": "timeZone", "水温(℃)": {"parameter": "Temperature, water", "unit": "deg C"}, "备注": "comment"}
    assert api.as_("admin").put(f"/organization/{org}/header-map", columns).status_code == 200
    sheet = ("站点,纬度,经度,日期,时间,时区,水温(℃),备注\r\n"
             "QX-01,30.2741,120.1551,2026/8/8,9:30,UTC+8,24.1,晴天，水清\r\n"
             "QX-01,,,2026/8/9,9:40,UTC+8,24.6,小雨后浑浊\r\n")
    log = import_file(api, org, project, sheet.encode("gbk"), "青溪.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", 2, 0), log
    rows = sorted(_exported(api, project), key=lambda r: r["ActivityStartDate"])
    assert [(r["ActivityStartDate"], r["ResultMeasureValue"], r["ResultCommentText"]) for r in rows] == [
        ("2026-08-08", "24.1", "晴天，水清"), ("2026-08-09", "24.6", "小雨后浑浊")]

    plain_header = "Site,Date,Time,TZ,Temp (C),Notes\r\nQX-01,2026/8/10,09:30,UTC+8,24.3,晴\r\nQX-01,2026/8/11,09:30,UTC+8,24.0,阴\r\n"
    columns = {"Site": "station", "Date": "date", "Time": "time", "TZ": "timeZone", "Notes": "comment",
               "Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"}}
    assert api.as_("admin").put(f"/organization/{org}/header-map", columns).status_code == 200
    log = import_file(api, org, project, plain_header.encode("gbk"), "notes.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    notes = {r["ActivityStartDate"]: r["ResultCommentText"] for r in _exported(api, project)}
    assert (notes["2026-08-10"], notes["2026-08-11"]) == ("晴", "阴")
