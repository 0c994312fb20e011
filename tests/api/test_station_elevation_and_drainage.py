"""A station keeps its elevation (value, unit, collection method, vertical datum) and its drainage and contributing
drainage areas (value, unit), as a Water Quality Portal Station profile gives them: an import keeps them, GET
/station answers them, and the portal's Station service and its downloads write them back in their WQP columns.
Before, an import dropped them and those columns were answered empty (dataRetrieval's whatWQPsites lost them)."""
from __future__ import annotations

import csv
import io
import uuid

import pytest

from tests.api.imports_support import fresh_project, import_file
from tests.api.test_wqp import WQP_FILES, _followed, _request, _table

MILFORD = "USGS-01405150"
MEASURE_COLUMNS = ("VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode", "VerticalCollectionMethodName",
                   "VerticalCoordinateReferenceSystemDatumName", "DrainageAreaMeasure/MeasureValue",
                   "DrainageAreaMeasure/MeasureUnitCode", "ContributingDrainageAreaMeasure/MeasureValue",
                   "ContributingDrainageAreaMeasure/MeasureUnitCode")
MEASURE_FIELDS = ("elevation", "elevationUnit", "elevationMethod", "verticalDatum", "drainageArea", "drainageAreaUnit",
                  "contributingDrainageArea", "contributingDrainageAreaUnit")
UNKNOWN_ELEVATION_UNIT = "Unknown elevationUnit 'furlongs': use ft, feet, m or meters."
UNKNOWN_ELEVATION_UNIT_ZH = "未知的 elevationUnit“furlongs”：请使用 ft、feet、m 或 meters。"


def _portal_sites() -> dict[str, dict[str, str]]:
    """The real portal site file's measure columns, per site."""
    with open(WQP_FILES / "wqp_sites.csv", encoding="utf-8") as rows:
        return {row["MonitoringLocationIdentifier"]: {c: row[c] for c in MEASURE_COLUMNS} for row in csv.DictReader(rows)}


def _xlsx_cells(content: bytes) -> list[dict[str, str]]:
    """The first sheet's rows as {column letters: text} (an empty cell is written as no cell at all)."""
    import re
    import zipfile
    from xml.etree import ElementTree

    ns = {"x": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    sheet = ElementTree.fromstring(zipfile.ZipFile(io.BytesIO(content)).read("xl/worksheets/sheet1.xml"))
    return [{re.sub(r"\d", "", cell.get("r")): "".join(cell.itertext()) for cell in row.findall("x:c", ns)}
            for row in sheet.find("x:sheetData", ns).findall("x:row", ns)]


def _stations(api, org: str, project: str) -> dict[str, dict]:
    return {s["identifier"]: s for s in api.get(f"/organization/{org}/projects/{project}/stations").json}


@pytest.fixture(scope="module")
def imported(api):
    """The portal's site file imported into a new organization's project: (organization, project, import log)."""
    org, project = fresh_project(api)
    log = import_file(api, org, project, (WQP_FILES / "wqp_sites.csv").read_bytes(), "sites.csv")
    return org, project, log


def test_an_import_keeps_elevation_and_drainage_area_and_get_answers_them(api, imported):
    org, project, log = imported
    assert (log["status"], log["rowsImported"], log["rowsRejected"], log["detectedFormat"]) == \
        ("succeeded", 5, 0, "wqp-station"), log
    stations = _stations(api, org, project)
    milford = api.get(f"/station/{stations[MILFORD]['id']}").json
    assert {name: milford.get(name) for name in MEASURE_FIELDS} == {
        "elevation": 160, "elevationUnit": "feet", "elevationMethod": "Interpolated from topographic map.",
        "verticalDatum": "NGVD29", "drainageArea": 0.27, "drainageAreaUnit": "sq mi",
        "contributingDrainageArea": None, "contributingDrainageAreaUnit": None}
    # A site without an elevation (USGS-0140811980) has none, and no unit, method or datum either.
    lanes_mills = stations["USGS-0140811980"]
    assert [lanes_mills.get(name) for name in ("elevation", "elevationUnit", "elevationMethod", "verticalDatum")] == \
        [None] * 4
    assert (lanes_mills["drainageArea"], lanes_mills["drainageAreaUnit"]) == (0.76, "sq mi")
    assert stations["USGS-391214074570201"].get("drainageArea") is None
    assert stations["USGS-391214074570201"]["elevation"] == 5


def test_the_answer_matches_the_documented_station_schema(api, imported):
    from jsonschema import Draft202012Validator

    org, project, _ = imported
    document = api.get("/openapi.json").json
    schema = document["paths"]["/api/v1/station/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    properties = schema["properties"]
    assert {name: properties[name]["type"] for name in MEASURE_FIELDS} == {
        name: ["number" if name in ("elevation", "drainageArea", "contributingDrainageArea") else "string", "null"]
        for name in MEASURE_FIELDS}
    create = document["paths"]["/api/v1/station"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert set(MEASURE_FIELDS) <= set(create["properties"])
    station = api.get(f"/station/{_stations(api, org, project)[MILFORD]['id']}").json
    assert not list(Draft202012Validator(schema).iter_errors(station))


@pytest.mark.parametrize("mime_type", ["csv", "tsv"])
def test_the_wqp_station_service_answers_them_as_the_portals_file_has_them(api, imported, mime_type):
    org, _, _ = imported
    response = _request(api, "GET", f"/wqp/data/Station/search?organization={org}&mimeType={mime_type}")
    rows = _table(response, "\t" if mime_type == "tsv" else ",")
    answered = {row["MonitoringLocationIdentifier"]: {c: row[c] for c in MEASURE_COLUMNS} for row in rows}
    assert answered == _portal_sites()
    assert answered[MILFORD]["VerticalMeasure/MeasureValue"] == "160"
    assert answered[MILFORD]["VerticalCoordinateReferenceSystemDatumName"] == "NGVD29"
    assert (answered[MILFORD]["DrainageAreaMeasure/MeasureValue"],
            answered[MILFORD]["DrainageAreaMeasure/MeasureUnitCode"]) == ("0.27", "sq mi")


def test_the_station_download_as_a_spreadsheet_has_them_too(api, imported):
    org, _, _ = imported
    response = _request(api, "GET", f"/wqp/data/Station/search?organization={org}&siteid={MILFORD}&mimeType=xlsx")
    header, row = _xlsx_cells(_followed(response).content)
    cells = {header[at]: row.get(at, "") for at in header}
    assert {c: cells.get(c, "") for c in MEASURE_COLUMNS} == _portal_sites()[MILFORD]


def test_importing_the_same_file_again_changes_nothing(api, imported):
    org, project, _ = imported
    before = _stations(api, org, project)
    again = import_file(api, org, project, (WQP_FILES / "wqp_sites.csv").read_bytes(), "sites.csv")
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"], again["rowsReplaced"],
            again["stationsCreated"]) == ("succeeded", 0, 5, 0, 0), again
    after = _stations(api, org, project)
    assert {k: (s.get("updatedAt"), *(s.get(n) for n in MEASURE_FIELDS)) for k, s in after.items()} == \
        {k: (s.get("updatedAt"), *(s.get(n) for n in MEASURE_FIELDS)) for k, s in before.items()}


def test_a_changed_elevation_replaces_the_stored_one(api):
    org, project = fresh_project(api)
    content = (WQP_FILES / "wqp_sites.csv").read_bytes()
    import_file(api, org, project, content, "sites.csv")
    changed = content.replace(b"NAD83,160,feet,10,feet", b"NAD83,48.8,meters,10,feet")
    assert changed != content
    log = import_file(api, org, project, changed, "sites.csv")
    assert (log["rowsImported"], log["rowsReplaced"], log["rowsUnchanged"]) == (1, 1, 4), log
    milford = _stations(api, org, project)[MILFORD]
    assert (milford["elevation"], milford["elevationUnit"], milford["verticalDatum"]) == (48.8, "meters", "NGVD29")


def test_rows_with_a_bad_elevation_or_area_are_rejected_each_with_its_reason(api):
    org, project = fresh_project(api)
    header = ("MonitoringLocationIdentifier,MonitoringLocationName,LatitudeMeasure,LongitudeMeasure,"
              "VerticalMeasure/MeasureValue,VerticalMeasure/MeasureUnitCode,VerticalCoordinateReferenceSystemDatumName,"
              "DrainageAreaMeasure/MeasureValue,DrainageAreaMeasure/MeasureUnitCode\n")
    rows = ("E-1,Good,40.1,-74.1,12.5, Feet ,NAVD88,3, SQ MI \n"
            "E-2,Letters,40.2,-74.2,abc,feet,NAVD88,,\n"
            "E-3,Furlongs,40.3,-74.3,7,furlongs,NAVD88,,\n"
            "E-4,No unit,40.4,-74.4,,,,2.5,\n"
            "E-5,Nothing given,40.5,-74.5,,,,,\n")
    log = import_file(api, org, project, (header + rows).encode(), "sites.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 3), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected == [
        {"row": 2, "column": "VerticalMeasure/MeasureValue", "value": "abc",
         "message": "VerticalMeasure/MeasureValue 'abc' is not a number: write it as a number, such as 160, and its "
                    "unit in VerticalMeasure/MeasureUnitCode."},
        {"row": 3, "column": "VerticalMeasure/MeasureUnitCode", "value": "furlongs",
         "message": "Unknown VerticalMeasure/MeasureUnitCode 'furlongs': use ft, feet, m or meters."},
        {"row": 4, "column": "DrainageAreaMeasure/MeasureValue", "value": "2.5",
         "message": "DrainageAreaMeasure/MeasureValue '2.5' has no unit: give it in DrainageAreaMeasure/MeasureUnitCode "
                    "(sq mi, acres, sq km or ha)."}]
    stations = _stations(api, org, project)
    assert set(stations) == {"E-1", "E-5"}
    good = stations["E-1"]
    assert (good["elevation"], good["elevationUnit"], good["verticalDatum"], good["drainageArea"],
            good["drainageAreaUnit"]) == (12.5, "feet", "NAVD88", 3, "sq mi")
    assert all(stations["E-5"].get(name) is None for name in MEASURE_FIELDS)


def test_the_api_takes_an_elevation_with_a_known_unit_only(api, demo):
    admin = api.as_("admin")
    body = {"organizationId": demo["org"], "identifier": f"ELEV-{uuid.uuid4().hex[:8]}", "name": "Elevation creek",
            "latitude": 43.07, "longitude": -89.4, "elevation": 259.1, "elevationUnit": "m", "verticalDatum": "NAVD88",
            "drainageArea": 12, "drainageAreaUnit": "sq km"}
    created = admin.post("/station", body)
    assert created.status_code == 201, created.json
    station_id = created.json["id"]
    read = admin.get(f"/station/{station_id}").json
    assert (read["elevation"], read["elevationUnit"], read["verticalDatum"], read["drainageArea"],
            read["drainageAreaUnit"]) == (259.1, "m", "NAVD88", 12, "sq km")

    refused = admin.patch(f"/station/{station_id}", {"elevationUnit": "furlongs"})
    assert (refused.status_code, refused.json["message"]) == (400, UNKNOWN_ELEVATION_UNIT)
    chinese = admin.patch(f"/station/{station_id}", {"elevationUnit": "furlongs"}, headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == UNKNOWN_ELEVATION_UNIT_ZH
    area = admin.patch(f"/station/{station_id}", {"contributingDrainageArea": 3, "contributingDrainageAreaUnit": "sq"})
    assert (area.status_code, area.json["message"]) == (
        400, "Unknown contributingDrainageAreaUnit 'sq': use sq mi, acres, sq km or ha.")
    # A value is never kept without its unit: taking the unit away alone is refused, and so is a new value without one.
    unitless = admin.patch(f"/station/{station_id}", {"elevationUnit": None})
    assert (unitless.status_code, unitless.json["message"]) == (
        400, "elevation '259.1' has no unit: give it in elevationUnit (ft, feet, m or meters).")
    chinese = admin.patch(f"/station/{station_id}", {"elevationUnit": None}, headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "elevation“259.1”没有单位：请在 elevationUnit 中给出（ft、feet、m 或 meters）。"
    new = admin.post("/station", {**body, "identifier": f"ELEV-{uuid.uuid4().hex[:8]}", "drainageAreaUnit": None})
    assert (new.status_code, new.json["message"]) == (
        400, "drainageArea '12' has no unit: give it in drainageAreaUnit (sq mi, acres, sq km or ha).")
    wrong = admin.patch(f"/station/{station_id}", {"elevation": "abc"})
    assert wrong.status_code == 400
    assert admin.get(f"/station/{station_id}").json["elevationUnit"] == "m"

    # A unit written otherwise is stored as the list spells it; the value and unit may go together.
    changed = admin.patch(f"/station/{station_id}", {"elevation": 850, "elevationUnit": "FEET"})
    assert changed.status_code == 200, changed.json
    assert (changed.json["elevation"], changed.json["elevationUnit"]) == (850, "feet")
    gone = admin.patch(f"/station/{station_id}", {"elevation": None, "elevationUnit": None})
    assert gone.status_code == 200, gone.json
    assert admin.get(f"/station/{station_id}").json.get("elevation") is None


def test_the_demo_organizations_portal_sites_show_their_elevation_and_drainage_area(api):
    """`make run`'s demo data loads the same portal file as an import reads it."""
    from chalicelib.stations import service as stations
    from devtools.seed import DEMO_ORGANIZATION_ID

    milford = api.get(f"/station/{stations.station_id_for(DEMO_ORGANIZATION_ID, MILFORD)}").json
    assert {name: milford.get(name) for name in MEASURE_FIELDS} == {
        "elevation": 160, "elevationUnit": "feet", "elevationMethod": "Interpolated from topographic map.",
        "verticalDatum": "NGVD29", "drainageArea": 0.27, "drainageAreaUnit": "sq mi",
        "contributingDrainageArea": None, "contributingDrainageAreaUnit": None}
