"""What a walk found of wide files (a column per parameter, through the organization's column names), as a user
sees it: a cell that is no number gets advice a wide file can follow, and a row whose other values were imported
is said to be partly rejected, not rejected."""
from __future__ import annotations

from tests.api.imports_support import fresh_project, import_file, raw_get

# The walk's t6_headermap_wide_1252.csv (Windows-1252: "Temp (°C)").
T6 = ("Site,Site name,Lat,Long,Sample Date,Sample Time,TZ,Temp (°C),pH,Notes,Volunteer\r\n"
      "WB-HM-1,Hemlock Run at footbridge,41.2001,-76.3002,3/7/24,9:05,EST,6.5,7.1,cloudy,Jo\r\n"
      "WB-HM-1,,,,3/14/24,9:10,EST,7.0,ND,,Jo\r\n"
      "WB-HM-1,,,,3/21/24,9:00,EDT,8.25,7.3,,Sam\r\n"
      "WB-HM-2,Hemlock Run at mouth,41.1901,-76.3102,3/7/24,10:05,EST,,7.4,no thermometer,Jo\r\n").encode("cp1252")
COLUMNS = {"Site": "station", "Site name": "stationName", "Lat": "latitude", "Long": "longitude",
           "Sample Date": "date", "Sample Time": "time", "TZ": "timeZone", "Notes": "comment",
           "Temp (°C)": {"parameter": "Water temperature", "unit": "deg C"},
           "pH": {"parameter": "pH", "unit": "std units"}}
ND_IN_A_WIDE_FILE = ("pH 'ND' is not a number: leave the cell empty if nothing was measured, or import results below "
                     "detection in the long layout, with a DetectionCondition column.")


def _wide_project(api) -> tuple[str, str]:
    org, project = fresh_project(api)
    saved = api.as_("admin").put(f"/organization/{org}/header-map", COLUMNS)
    assert saved.status_code == 200, saved.json
    return org, project


def test_a_wide_rows_rejected_cell_gets_advice_a_wide_file_can_follow_and_the_row_is_partly_rejected(api):
    api.as_("admin").post("/parameter", {"label": "Water temperature", "unit": "deg C"})
    org, project = _wide_project(api)
    log = import_file(api, org, project, T6, "t6_headermap_wide_1252.csv")
    # Row 2's temperature is imported, its pH is not.
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 6, 1)
    assert log["message"] == ("1 row was partly rejected (see the rejected rows): its other values were imported.")
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"], r["value"], r["message"]) for r in rejected] == [
        (2, "pH", "ND", ND_IN_A_WIDE_FILE)]
    zh = {"Accept-Language": "zh-CN"}
    assert api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers=zh).json["data"][0]["message"] == (
        "pH“ND”不是数字：未测量时请将单元格留空；低于检测限的结果请以长格式导入，并使用 DetectionCondition 列。")
    again = api.as_("admin").get(f"/organization/{org}/projects/{project}/queued-import/{log['logId']}", headers=zh)
    assert again.json["message"] == "1 行被部分拒绝（见被拒绝的行）：该行的其他数值已导入。"


def test_a_wide_file_with_rows_rejected_whole_and_in_part_says_both(api):
    org, project = _wide_project(api)
    content = T6 + ("WB-HM-1,,,,3/28/24,9:00,EST,9.0,<5,,Jo\r\n"  # partly: its temperature is imported
                    "WB-HM-1,,,,2024-13-01,9:00,EST,9.5,7.2,,Jo\r\n").encode("cp1252")  # whole: no such month
    log = import_file(api, org, project, content, "wide.csv", dryRun="true")
    assert (log["status"], log["rowsRejected"]) == ("partial", 3)
    assert log["message"] == ("Dry run: nothing was written. 1 row was rejected (see the rejected rows); the others "
                              "can be imported. 2 rows were partly rejected (see the rejected rows): their other "
                              "values can be imported.")
    zh = api.as_("admin").get(f"/organization/{org}/projects/{project}/queued-import/{log['logId']}",
                              headers={"Accept-Language": "zh-CN"}).json["message"]
    assert zh == ("仅检查：未写入任何数据。1 行被拒绝（见被拒绝的行）；其余各行可以导入。"
                  "2 行被部分拒绝（见被拒绝的行）：这些行的其他数值可以导入。")
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    # A wide row's date is one cell: its problem is said once, not once per parameter column.
    assert [(r["row"], r["column"]) for r in rejected] == [(2, "pH"), (5, "pH"), (6, "Sample Date")]


def test_a_wide_rows_unknown_station_is_said_once_not_once_per_parameter_column(api):
    """A walk: a volunteer's new site, in a file whose map gives no location columns, was refused three times on
    its row (temperature, pH, dissolved oxygen), and its row of the rejected rows' file said the sentence three times."""
    org, project = fresh_project(api)
    columns = {"Site": "station", "Date": "date", "Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"},
               "pH": {"parameter": "pH"}, "DO (mg/L)": {"parameter": "Dissolved oxygen (DO)", "unit": "mg/L"}}
    assert api.as_("admin").put(f"/organization/{org}/header-map", columns).status_code == 200
    content = b"Site,Date,Temp (C),pH,DO (mg/L)\r\nMC-NEW,6/13/2026,17.9,7.4,8.0\r\n"
    log = import_file(api, org, project, content, "new-site.csv")
    assert (log["status"], log["rowsRejected"]) == ("failed", 1)
    unknown = ("Unknown station 'MC-NEW': import its station first (a station file, such as the Water Quality Portal's "
               "Station profile), or add Latitude and Longitude columns with its location.")
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"], r["message"]) for r in rejected] == [(1, "Site", unknown)]
    feedback = raw_get(api.as_("admin"), f"/Util/feedback/{log['feedbackFileId']}").body.decode("utf-8-sig")
    assert feedback.splitlines()[1] == f'MC-NEW,6/13/2026,17.9,7.4,8.0,1,"{unknown}"'
