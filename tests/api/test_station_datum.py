"""A station keeps the horizontal datum of its coordinates (WQX HorizontalCoordinateReferenceSystemDatumName):
NAD27 and WGS84 positions of one place differ by up to about 100 m, so the portal's answers name it as the real
portal's files do. Before, stations kept no datum and every answer's datum column was empty."""
from __future__ import annotations

import csv
import uuid

import pytest

from tests.api.imports_support import fresh_project, import_file
from tests.api.test_wqp import DEMO, NJ_SITES, WI, WI_SITE, WQP_FILES, _request, _table

UNKNOWN = "Unknown horizontal datum 'NAD38': use a WQX datum code such as NAD83, WGS84 or NAD27."
UNKNOWN_ZH = "未知的水平基准“NAD38”：请使用 WQX 基准代码，例如 NAD83、WGS84 或 NAD27。"


def _portal(file_name: str, column: str, identifier_column: str) -> dict[str, str]:
    """The real portal file's datum per site."""
    with open(WQP_FILES / file_name, encoding="utf-8") as rows:
        return {row[identifier_column]: row[column] for row in csv.DictReader(rows)}


@pytest.mark.parametrize("path, column", [
    ("/wqp/data/Station/search?statecode=US:34", "HorizontalCoordinateReferenceSystemDatumName"),
    ("/wqp/data/Station/search?statecode=US:34&mimeType=tsv", "HorizontalCoordinateReferenceSystemDatumName"),
    ("/wqp/wqx3/Station/search?statecode=US:34", "Location_HorzCoordReferenceSystemDatum"),
])
def test_station_answers_name_the_datum_as_the_real_portals_site_file_does(api, demo, path, column):
    rows = _table(_request(api, "GET", f"{path}&{DEMO}"), "\t" if "tsv" in path else ",")
    identifier = "MonitoringLocationIdentifier" if column.startswith("Horizontal") else "Location_Identifier"
    answered = {row[identifier]: row[column] for row in rows if row[identifier] in NJ_SITES}
    portal = _portal("wqp_sites.csv", "HorizontalCoordinateReferenceSystemDatumName", "MonitoringLocationIdentifier")
    assert answered == portal and set(portal) == NJ_SITES and set(portal.values()) == {"NAD83"}


@pytest.mark.parametrize("path", ["/wqp/wqx3/Station/search", "/wqp/wqx3/Result/search"])
def test_wqx3_answers_name_the_datum_as_the_real_portals_wqx3_file_does(api, demo, path):
    rows = _table(_request(api, "GET", f"{path}?{WI}"))
    assert rows
    portal = _portal("wqp3_results.csv", "Location_HorzCoordReferenceSystemDatum", "Location_Identifier")
    assert {row["Location_HorzCoordReferenceSystemDatum"] for row in rows} == {portal[WI_SITE]} == {"NAD83"}


def test_a_station_is_written_with_its_datum_and_an_unknown_one_is_refused(api, demo):
    admin = api.as_("admin")
    body = {"organizationId": demo["org"], "identifier": f"DATUM-{uuid.uuid4().hex[:8]}", "name": "Datum creek",
            "latitude": 43.07, "longitude": -89.4, "horizontalDatum": "WGS84"}
    created = admin.post("/station", body)
    assert created.status_code == 201, created.json
    assert admin.get(f"/station/{created.json['id']}").json["horizontalDatum"] == "WGS84"

    refused = admin.patch(f"/station/{created.json['id']}", {"horizontalDatum": "NAD38"})
    assert (refused.status_code, refused.json["message"]) == (400, UNKNOWN)
    chinese = admin.patch(f"/station/{created.json['id']}", {"horizontalDatum": "NAD38"},
                        headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == UNKNOWN_ZH
    assert admin.get(f"/station/{created.json['id']}").json["horizontalDatum"] == "WGS84"


def test_imports_keep_the_datum_and_reject_an_unknown_one(api):
    org, project = fresh_project(api)
    header = "MonitoringLocationIdentifier,MonitoringLocationName,LatitudeMeasure,LongitudeMeasure," \
             "HorizontalCoordinateReferenceSystemDatumName\n"
    sites = header + "D-1,Old survey,43.1,-89.4,NAD27\nD-2,New survey,43.2,-89.5, WGS84 \nD-3,Typo,43.3,-89.6,NAD38\n" \
                     "D-4,None given,43.4,-89.7,\n"
    log = import_file(api, org, project, sites.encode(), "sites.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 3, 1), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected == [{"row": 3, "column": "HorizontalCoordinateReferenceSystemDatumName", "value": "NAD38",
                         "message": UNKNOWN}]
    stations = {s["identifier"]: s for s in api.get(f"/organization/{org}/projects/{project}/stations").json}
    assert {k: s.get("horizontalDatum") for k, s in stations.items()} == {"D-1": "NAD27", "D-2": "WGS84", "D-4": None}

    # A WQX 3 result file creates its station with the datum it names.
    other_org, other_project = fresh_project(api)
    log = import_file(api, other_org, other_project, (WQP_FILES / "wqp3_results.csv").read_bytes(), "wqp3.csv")
    assert (log["status"], log["stationsCreated"]) == ("succeeded", 1), log
    (station,) = api.get(f"/organization/{other_org}/projects/{other_project}/stations").json
    assert station["horizontalDatum"] == "NAD83"
