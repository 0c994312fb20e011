"""A walk: one parameter, Specific conductance, was labelled "uS/cm @25C" at one station and "uS/cm" at another: a
value whose unit is its parameter's written otherwise kept the file's spelling as its label. It is now stored under
the parameter's unit as the parameter writes it (the number unchanged, and not counted as a conversion), while
downloads still give back the file's cells, so an exported file imports again unchanged."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

WQX2_HEADER = ("OrganizationIdentifier,ActivityIdentifier,ActivityTypeCode,ActivityMediaName,ActivityStartDate,"
               "ActivityStartTime/Time,ActivityStartTime/TimeZoneCode,MonitoringLocationIdentifier,CharacteristicName,"
               "ResultMeasureValue,ResultMeasure/MeasureUnitCode,ResultDetectionConditionText")
UNIT = "uS/cm @25C"  # the parameter's unit, as the reference data and the demo parameters write it


def _row(station: str, day: str, value: str, unit: str, condition: str = "") -> str:
    return (f"WALK_ORG,UL-{station}-{day},Field Msr/Obs,Water,{day},10:00:00,EST,{station},Specific conductance,"
            f"{value},{unit},{condition}")


def test_one_parameter_shows_one_unit_label_at_every_station_and_its_download_gives_the_files_cells_back(api):
    admin = api.as_("admin")
    org, project = fresh_project(api)
    admin.post("/parameter", {"label": "Specific conductance", "unit": UNIT})
    [parameter] = [p for p in admin.get("/parameter?limit=1000").json if p["label"] == "Specific conductance"]
    assert parameter["unit"] == UNIT
    stations = {}
    for identifier, latitude in (("UL-A", 45.1), ("UL-B", 45.2)):
        created = admin.post("/station", {"organizationId": org, "identifier": identifier, "name": f"Creek {identifier}",
                                          "latitude": latitude, "longitude": -73.1})
        assert created.status_code == 201, created.json
        stations[identifier] = created.json["id"]
    # Station A's file writes the parameter's unit; station B's writes it "uS/cm" and "umho/cm" (the same unit), and
    # has a result below detection in "UMHO/CM" (a text, not a number: its label is the parameter's too).
    rows = [_row("UL-A", "2024-03-01", "410", UNIT), _row("UL-A", "2024-03-02", "415", UNIT),
            _row("UL-B", "2024-03-01", "0.52E3", "uS/cm"), _row("UL-B", "2024-03-02", "530", "umho/cm"),
            _row("UL-B", "2024-03-03", "ND", "UMHO/CM", "Not Detected")]
    content = ("\n".join([WQX2_HEADER, *rows]) + "\n").encode()
    log = import_file(api, org, project, content, "conductance.csv")
    # Nothing was converted: the same unit written otherwise is no conversion.
    assert (log["status"], log["rowsImported"], log["rowsConverted"], log["unitsConverted"]) == (
        "succeeded", 5, 0, []), log

    # One label a parameter: every value and the series of both stations say the parameter's unit.
    for identifier in ("UL-A", "UL-B"):
        values = api.get(f"/sampleValue/{stations[identifier]}/{parameter['id']}").json["data"]
        assert {v.get("unit") for v in values} == {UNIT}, values
        [series] = api.get(f"/station/{stations[identifier]}/series").json
        assert series["unit"] == UNIT
    values = api.get(f"/sampleValue/{stations['UL-B']}/{parameter['id']}").json["data"]
    assert [v.get("value") for v in values] == [520, 530, None]  # the numbers as the file gave them

    # The download gives back each cell as the file wrote it: value, unit, date and detection condition.
    exported = raw_get(api, f"/sampleValue?projectId={project}").body.decode("utf-8").lstrip("\ufeff")
    cells = sorted((r["MonitoringLocationIdentifier"], r["ActivityStartDate"], r["ResultMeasureValue"],
                    r["ResultMeasure/MeasureUnitCode"], r["ResultDetectionConditionText"])
                   for r in csv.DictReader(io.StringIO(exported)))
    assert cells == [("UL-A", "2024-03-01", "410", UNIT, ""), ("UL-A", "2024-03-02", "415", UNIT, ""),
                     ("UL-B", "2024-03-01", "0.52E3", "uS/cm", ""), ("UL-B", "2024-03-02", "530", "umho/cm", ""),
                     ("UL-B", "2024-03-03", "ND", "UMHO/CM", "Not Detected")]
    for name, again in (("the file", content), ("its download", exported.encode())):
        log = import_file(api, org, project, again, "again.csv")
        assert (log["rowsImported"], log["rowsUnchanged"], log["rowsConverted"]) == (0, 5, 0), (name, log)
