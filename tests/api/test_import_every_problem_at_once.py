"""A row the checks reject (a wrong date, say) is also checked against what is stored, as a written row is: its
station (of another organization, or unknown without a location) and its unit (one its parameter's cannot be
converted from). The feedback names every problem of the row at once, so a user fixes the file in one pass rather
than one problem per attempt."""
from __future__ import annotations

from tests.api.imports_support import fresh_project, import_file
from tests.api.test_walk_import_units import HEADER, UNCONVERTIBLE_DO, ZH, _parameter


DATE_HINT = "use YYYY-MM-DD or M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are 2000-2068)"
UNKNOWN = "Unknown station '{}': create it first, or give its location in Latitude and Longitude."


def _feedback(api, log: dict, headers: dict | None = None) -> list[tuple]:
    rows = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers=headers or {}).json["data"]
    return [(r["row"], r["column"], r["value"], r["message"]) for r in rows]


def test_a_rejected_row_also_names_its_unknown_station_and_its_unit_that_cannot_be_converted(api):
    _parameter(api, "Dissolved oxygen", "mg/L")
    org, project = fresh_project(api)
    content = HEADER + (b"WB-ALL-1,All at once creek,46.81,-71.20,2024-07-02,09:30,EST,Dissolved oxygen,8.1,mg/L\n"
                        b"WB-ALL-1,,,,2024-13-02,09:30,EST,Dissolved oxygen,95,%\n"
                        b"WB-NOWHERE,,,,2024-07-32,09:30,EST,Dissolved oxygen,8.2,mg/L\n"
                        b"WB-NOWHERE-2,,,,2024-07-03,9:70,EST,Dissolved oxygen,95,%\n"
                        b"WB-PLACED,,47.1,x,2024-07-03,09:30,EST,Dissolved oxygen,8.0,mg/L\n")
    log = import_file(api, org, project, content, "all_at_once.csv")
    # Counted once per row, however many problems it has.
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 1, 4)
    assert sorted(_feedback(api, log)) == sorted([
        (2, "Date", "2024-13-02", f"Date '2024-13-02' is not a date: there is no such month ({DATE_HINT})."),
        (2, "Unit", "%", UNCONVERTIBLE_DO),
        (3, "StationIdentifier", "WB-NOWHERE", UNKNOWN.format("WB-NOWHERE")),
        (3, "Date", "2024-07-32", "Date '2024-07-32' is not a date: that month has no such day."),
        (4, "StationIdentifier", "WB-NOWHERE-2", UNKNOWN.format("WB-NOWHERE-2")),
        (4, "Time", "9:70", "Time '9:70' is not a time of day: use HH:MM or HH:MM:SS."),
        (4, "Unit", "%", UNCONVERTIBLE_DO),
        # A station whose location is given (wrongly) is not said to be unknown: its coordinates are the problem.
        (5, "Longitude", "x", "Longitude 'x' is not a longitude (a number from -180 to 180).")])
    assert ("单位“%”与参数的单位“mg/L”不同，且无法换算：请以 mg/L 给出数值，或将其作为单独的参数导入。"
            in [message for row, _, _, message in _feedback(api, log, ZH) if row == 2])


def test_a_rejected_row_of_another_organizations_station_says_so_beside_its_other_problem(api, demo):
    from chalicelib.stations.service import station_id_for

    org, project = fresh_project(api)
    theirs = station_id_for(demo["org"], "WIDNR_WQX-10032762")
    content = HEADER + f"{theirs},,,,2024-05-01,25:00,EST,pH,7.2,std units\n".encode()
    log = import_file(api, org, project, content)
    assert (log["status"], log["rowsRejected"]) == ("failed", 1)
    assert sorted(_feedback(api, log)) == [
        (1, "StationIdentifier", theirs, f"Station '{theirs}' belongs to another organization; import it into a "
                                         "project of that organization."),
        (1, "Time", "25:00", "Time '25:00' is not a time of day: use HH:MM or HH:MM:SS.")]


def test_a_rejected_row_of_a_new_parameter_or_a_station_made_by_the_file_has_nothing_more_to_say(api):
    org, project = fresh_project(api)
    label = "Walk parameter never stored"
    content = HEADER + (f"WB-MADE-1,Made creek,40.1,-75.2,2024-07-02,09:30,EST,{label},1.5,mg/L\n"
                        f"WB-MADE-1,,,,2024-07-40,09:30,EST,{label},2,ug/L\n"
                        f"WB-MADE-2,,,,2024-07-40,09:30,EST,Another {label},2,furlongs\n").encode()
    log = import_file(api, org, project, content)
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 1, 2)
    # Row 2: ug/L converts to the new parameter's mg/L and its station was made by row 1: only its date is wrong.
    # Row 3: an unknown unit is said once (not again as one that cannot be converted), and its station is unknown;
    # its parameter is stored by no row, so there is no unit to compare with.
    assert sorted(_feedback(api, log)) == sorted([
        (2, "Date", "2024-07-40", "Date '2024-07-40' is not a date: that month has no such day."),
        (3, "Date", "2024-07-40", "Date '2024-07-40' is not a date: that month has no such day."),
        (3, "StationIdentifier", "WB-MADE-2", UNKNOWN.format("WB-MADE-2")),
        (3, "Unit", "furlongs", "Unknown unit 'furlongs': use a WQX unit code such as mg/L, deg C or uS/cm.")])
