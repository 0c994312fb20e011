"""What a walk found of station locations in result files, as a user sees it: a coordinate that cannot be read
says what is wrong with it (not "give its location"), Excel's apostrophe before a number is read past, every
problem of a row is listed, the rows after a rejected row that gave a new station's location say where it is, and
the feedback file gives numbers back without a formula guard."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

# The walk's t4_edge.csv (UTF-8 with a byte-order mark).
T4 = "\ufeff" + """StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit
WB-NEW-3,Apostrophe creek,46.8139,'-71.2080,3/7/24,9:30,EST,pH,7.1,std units
WB-NEW-4,Comma creek,"46,8139","-71,2080",3/7/24,9:30,EST,pH,7.1,std units
WB-NEW-5,Day first creek,46.81,-71.20,13/7/24,9:30,EST,pH,7.1,std units
WB-NEW-5,,,,2024-07-03,25:30,EST,pH,7.1,std units
WB-NEW-5,,,,2024-07-03,09:30,XYZ,pH,7.1,std units
WB-NEW-5,,,,2024-07-04,09:30,,pH,7.1,std units
WB-NEW-5,,,,2024-07-05,09:30,EST,pH,-3,std units
WB-NEW-5,,,,2024-07-05,09:30,EST,Water temperature,1e3,deg C
WB-NEW-5,,,,2024-07-06,09:30,EST,Made up param,1,furlongs
"""
LOCATED = ("Unknown station 'WB-NEW-5': its location is given on row 3, which was rejected; fix that row and import "
           "the rejected rows again.")
# The first rows of the walk's t2_excel_semicolon_1252.csv: Excel's semicolons and decimal commas, Windows-1252.
T2 = ("StationIdentifier;StationName;Latitude;Longitude;Date;Time;TimeZone;Parameter;Value;Unit\r\n"
      "WB-RUIS-1;Ruisseau – “Gros” Brook;46,8139;-71,2080;3/7/24;9:30;EST;pH;7,2;std units\r\n"
      "WB-RUIS-1;;;;3/7/24;9:30;EST;pH;7.2;std units\r\n").encode("cp1252")


def _rejected(api, log) -> list[tuple]:
    rows = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    return [(r["row"], r["column"], r["message"]) for r in rows]


def test_a_coordinate_that_cannot_be_read_says_why_and_an_apostrophe_before_a_number_is_read_past(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, T4.encode(), "t4_edge.csv")
    assert (log["status"], log["rowsImported"], log["stationsCreated"], log["rowsRejected"]) == ("partial", 1, 1, 8)
    rejected = _rejected(api, log)
    assert rejected[:2] == [
        (2, "Latitude", "Latitude '46,8139' is not a number: use a point as the decimal separator (46.8139)."),
        (2, "Longitude", "Longitude '-71,2080' is not a number: use a point as the decimal separator (-71.2080).")]
    # The rows of WB-NEW-5 after its first (rejected for its date) say where its location is.
    assert [(row, message) for row, _, message in rejected if row in (6, 7, 8)] == [
        (6, LOCATED), (7, LOCATED), (8, LOCATED)]
    chinese = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers={"Accept-Language": "zh-CN"}).json
    assert [r["message"] for r in chinese["data"][:2]] == [
        "Latitude“46,8139”不是数字：请用小数点作小数分隔符（46.8139）。",
        "Longitude“-71,2080”不是数字：请用小数点作小数分隔符（-71.2080）。"]
    assert [r["message"] for r in chinese["data"] if r["row"] == 6] == [
        "未知站点“WB-NEW-5”：其位置在第 3 行给出，但该行被拒绝；请修正该行，然后重新导入被拒绝的行。"]
    # Excel's text mark: '-71.2080 is the longitude -71.2080.
    stations = {s["identifier"]: s for s in api.as_("admin").get(f"/organization/{org}/projects/{project}/stations").json}
    assert (stations["WB-NEW-3"]["latitude"], stations["WB-NEW-3"]["longitude"]) == (46.8139, -71.208)
    # The feedback file gives the cells back as the file had them: a number is no formula, it gets no apostrophe.
    feedback = raw_get(api.as_("admin"), f"/Util/feedback/{log['logId']}")
    table = list(csv.reader(io.StringIO(feedback.body.decode("utf-8-sig"))))
    assert table[1][:4] == ["WB-NEW-4", "Comma creek", "46,8139", "-71,2080"]


def test_every_problem_of_a_row_is_listed(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, T2, "t2.csv")
    assert [(row, column) for row, column, _ in _rejected(api, log)] == [
        (1, "Latitude"), (1, "Longitude"), (1, "Value"), (2, "StationIdentifier")]
    assert _rejected(api, log)[2][2] == ("Value '7,2' is not a number: write it with a decimal point and no thousands "
                                         "separator (1234.5, not 1234,5 or 1,234.5).")
    assert _rejected(api, log)[3][2] == (
        "Unknown station 'WB-RUIS-1': its location is given on row 1, which was rejected; fix that row and import the "
        "rejected rows again.")
