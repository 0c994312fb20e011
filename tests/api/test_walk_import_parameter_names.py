"""A walk: a misspelt parameter ("Temprature, water") or a made-up one ("Unobtainium") silently became a new
parameter, the summary only naming it. The result of an import (and of a check, a dry run) now says which new
parameters are no WQX characteristic name, with the closest known name (a WQX name, or a parameter the project has)
when one is close. The rows are taken all the same: a custom parameter is legitimate."""
from __future__ import annotations

from tests.api.imports_support import fresh_project, import_file

HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
ROWS = HEADER + (
    "PN-CREEK-1,Names creek,46.85,-71.24,2024-06-03,09:00,EST,\"Temprature, water\",14.2,deg C\n"
    "PN-CREEK-1,,,,2024-06-03,09:00,EST,Unobtainium,3,mg/L\n"
    "PN-CREEK-1,,,,2024-06-03,09:00,EST,Chlorophyll a,4.1,ug/L\n"
)
SAID = [{"parameter": "Temprature, water", "closest": "Temperature, water"}, {"parameter": "Unobtainium"}]


def test_new_parameters_that_are_no_wqx_name_are_said_with_the_closest_name_and_their_rows_are_taken(api):
    org, project = fresh_project(api)
    path = f"/organization/{org}/projects/{project}"
    check = import_file(api, org, project, ROWS.encode(), "names.csv", dryRun="true")
    assert (check["status"], check["rowsImported"], check["rowsRejected"]) == ("succeeded", 3, 0), check
    assert check["newParameters"] == ["Chlorophyll a", "Temprature, water", "Unobtainium"]
    # Chlorophyll a is a WQX characteristic name: not said.
    assert check["newParametersNotWqx"] == SAID

    log = import_file(api, org, project, ROWS.encode(), "names.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"], log["parametersCreated"]) == (
        "succeeded", 3, 0, 3), log
    assert log["newParametersNotWqx"] == SAID
    admin = api.as_("admin")
    assert admin.get(f"{path}/import-history").json[0]["newParametersNotWqx"] == SAID
    assert admin.get(f"/organization/{org}/import-history").json[0]["newParametersNotWqx"] == SAID

    # A later file misspelling the project's own (custom) parameter is pointed to it.
    later = HEADER + "PN-CREEK-1,,,,2024-06-04,09:00,EST,Unobtainum,2,mg/L\n"
    again = import_file(api, org, project, later.encode(), "later.csv", dryRun="true")
    assert again["newParametersNotWqx"] == [{"parameter": "Unobtainum", "closest": "Unobtainium"}]
    # A file creating no parameter says nothing of names.
    plain = import_file(api, org, project, ROWS.encode(), "names.csv")
    assert (plain["rowsUnchanged"], plain["newParameters"], plain["newParametersNotWqx"]) == (3, [], [])
