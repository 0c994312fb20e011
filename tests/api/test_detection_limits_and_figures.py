"""A result's detection limit and its value's figures, from the file to every answer (a hydrologist's check against
the real WQP files): a "Not Detected" result keeps its limit (value, unit and type) and a value keeps the text it
was written with (7.10, 0.0100, 20.0, 1.5E-3), in the export CSV, the series read, WQP's Result search (WQX 2 and
WQX 3 columns) and its ResultDetectionQuantitationLimit search; the same file imported again changes nothing, and
a limit that is no number is refused with its reason. WQP's own detection-limit file adds limits to stored results."""
from __future__ import annotations

import csv
import io
from urllib.parse import quote

from tests.api.imports_support import WQP, fresh_project, import_file, raw_get

LIMIT_COLUMNS = ("DetectionQuantitationLimitTypeName", "DetectionQuantitationLimitMeasure/MeasureValue",
                 "DetectionQuantitationLimitMeasure/MeasureUnitCode")
WQX3_LIMIT_COLUMNS = ("DetectionLimit_TypeA", "DetectionLimit_MeasureA", "DetectionLimit_MeasureUnitA")
SITE = "WIDNR_WQX-10032762"

# activity -> (characteristic, value as written, unit, detection condition, limit type, limit, limit unit)
RESULTS = {
    "DL-1": ("Nitrate dl-test", "", "mg/L", "Not Detected", "Method Detection Level", "0.50", "mg/L"),
    "DL-2": ("pH dl-test", "7.10", "std units", "", "", "", ""),
    "DL-3": ("Phosphorus dl-test", "0.0100", "mg/L", "", "Lower Reporting Limit", "0.005", "mg/L"),
    "DL-4": ("Temperature dl-test", "20.0", "deg C", "", "", "", ""),
    "DL-5": ("Lead dl-test", "1.5E-3", "mg/L", "", "", "", ""),
    "DL-6": ("Conductance dl-test", "1000", "uS/cm", "", "", "", ""),
}
WITH_LIMITS = {"DL-1", "DL-3"}


def _rows(name: str, changes: list[dict]) -> bytes:
    """A real WQP result file's first row, once per change (the columns named there replaced)."""
    source = list(csv.DictReader(io.StringIO((WQP / name).read_text(encoding="utf-8"))))[0]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(source), lineterminator="\n")
    writer.writeheader()
    for change in changes:
        writer.writerow({**source, **change})
    return out.getvalue().encode("utf-8")


def _wqx2_file() -> bytes:
    return _rows("wqp_results.csv", [
        {"ActivityIdentifier": activity, "CharacteristicName": characteristic, "ResultMeasureValue": value,
         "ResultMeasure/MeasureUnitCode": unit, "ResultDetectionConditionText": condition,
         "DetectionQuantitationLimitTypeName": kind, "DetectionQuantitationLimitMeasure/MeasureValue": limit,
         "DetectionQuantitationLimitMeasure/MeasureUnitCode": limit_unit}
        for activity, (characteristic, value, unit, condition, kind, limit, limit_unit) in RESULTS.items()])


def _wqx3_file() -> bytes:
    # WQX 3 has two limits a result (A and B): the first is kept.
    return _rows("wqp3_results.csv", [
        {"Activity_ActivityIdentifier": activity, "Result_Characteristic": characteristic, "Result_Measure": value,
         "Result_MeasureUnit": unit, "Result_ResultDetectionCondition": condition, "DetectionLimit_TypeA": kind,
         "DetectionLimit_MeasureA": limit, "DetectionLimit_MeasureUnitA": limit_unit,
         "DetectionLimit_TypeB": "Upper Quantitation Limit" if limit else "",
         "DetectionLimit_MeasureB": "99" if limit else "", "DetectionLimit_MeasureUnitB": "mg/L" if limit else ""}
        for activity, (characteristic, value, unit, condition, kind, limit, limit_unit) in RESULTS.items()])


def _csv(body: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


def _export(api, project: str) -> dict[str, dict]:
    response = raw_get(api, f"/sampleValue?projectId={project}")
    assert response.status_code == 200
    return {row["ActivityIdentifier"]: row for row in _csv(response.body)}


def _wqp(api, path: str, org: str):
    name = api.get(f"/organization/{org}").json["name"]
    response = api.as_("admin").request("GET", f"/wqp/{path}?siteid={SITE}&organization={quote(name)}&mimeType=csv")
    assert response.status_code == 200, response.body
    return response


def _expected(activity: str) -> dict:
    characteristic, value, unit, condition, kind, limit, limit_unit = RESULTS[activity]
    return {"CharacteristicName": characteristic, "ResultMeasureValue": value, "ResultMeasure/MeasureUnitCode": unit,
            "ResultDetectionConditionText": condition, "DetectionQuantitationLimitTypeName": kind,
            "DetectionQuantitationLimitMeasure/MeasureValue": limit,
            "DetectionQuantitationLimitMeasure/MeasureUnitCode": limit_unit}


def _imported(api, content: bytes, name: str, *, station_first: bool) -> tuple[str, str]:
    org, project = fresh_project(api)
    if station_first:  # WQX 2 rows carry no location: the station exists before
        created = api.as_("admin").post("/station", {"organizationId": org, "identifier": SITE,
                                                     "name": "Pheasant Branch", "latitude": 43.1, "longitude": -89.5})
        assert created.status_code == 201, created.json
    log = import_file(api, org, project, content, name)
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", len(RESULTS), 0), log
    return org, project


def _check_every_answer(api, org: str, project: str) -> None:
    # The export CSV, cell by cell.
    exported = _export(api, project)
    assert set(exported) == set(RESULTS)
    for activity, row in exported.items():
        assert {name: row[name] for name in _expected(activity)} == _expected(activity), activity

    # The series read: the number, the text as written where it differs, and the limit.
    (station,) = api.get(f"/organization/{org}/projects/{project}/stations").json
    parameters = {p["label"]: p["id"] for p in api.get(f"/organization/{org}/projects/{project}/parameters").json}
    for activity, (characteristic, value, unit, _, kind, limit, limit_unit) in RESULTS.items():
        (read,) = api.get(f"/sampleValue/{station['id']}/{parameters[characteristic]}").json["data"]
        assert read["value"] == (float(value) if value else None), activity
        assert read.get("originalValue") == (value if value not in ("", "1000") else None), activity
        assert (read.get("detectionLimit"), read.get("detectionLimitUnit"), read.get("detectionLimitType")) == (
            limit or None, limit_unit or None, kind or None), activity

    # WQP's Result search, WQX 2 columns (resultPhysChem and narrowResult).
    for profile in ("", "&dataProfile=narrowResult"):
        response = _wqp(api, "data/Result/search", org) if not profile else api.as_("admin").request(
            "GET", f"/wqp/data/Result/search?siteid={SITE}&organization="
                   f"{quote(api.get(f'/organization/{org}').json['name'])}&mimeType=csv{profile}")
        rows = {row["ActivityIdentifier"]: row for row in _csv(response.body)}
        assert set(rows) == set(RESULTS)
        for activity, row in rows.items():
            assert {name: row[name] for name in _expected(activity)} == _expected(activity), (profile, activity)

    # WQX 3 columns (fullPhysChem and narrow).
    for path in ("wqx3/Result/search", "wqx3/Result/search?dataProfile=narrow"):
        service, _, profile = path.partition("?")
        name = quote(api.get(f"/organization/{org}").json["name"])
        response = api.as_("admin").request(
            "GET", f"/wqp/{service}?siteid={SITE}&organization={name}&mimeType=csv{'&' + profile if profile else ''}")
        assert response.status_code == 200, response.body
        rows = {row["Activity_ActivityIdentifier"]: row for row in _csv(response.body)}
        assert set(rows) == set(RESULTS)
        for activity, row in rows.items():
            expected = _expected(activity)
            assert row["Result_Measure"] == expected["ResultMeasureValue"], (path, activity)
            assert tuple(row[c] for c in WQX3_LIMIT_COLUMNS) == tuple(expected[c] for c in LIMIT_COLUMNS), (path, activity)

    # WQP's detection-limit service: a row per result that has a limit, in the portal's columns.
    from chalicelib.wqp import columns

    response = _wqp(api, "data/ResultDetectionQuantitationLimit/search", org)
    assert next(csv.reader(io.StringIO(response.body.decode("utf-8")))) == list(columns.DETECTION_LIMIT)
    rows = {row["ActivityIdentifier"]: row for row in _csv(response.body)}
    assert set(rows) == WITH_LIMITS
    assert response.headers["Total-ResultDetectionQuantitationLimit-Count"] == str(len(WITH_LIMITS))
    assert response.headers["Total-Site-Count"] == "1"
    for activity, row in rows.items():
        expected = _expected(activity)
        assert row["MonitoringLocationIdentifier"] == SITE and row["ProviderName"] == "OWD"
        assert row["CharacteristicName"] == expected["CharacteristicName"]
        assert tuple(row[c] for c in LIMIT_COLUMNS) == tuple(expected[c] for c in LIMIT_COLUMNS)


def test_a_wqx2_file_keeps_its_limits_and_figures_in_every_answer_and_imports_again_unchanged(api):
    content = _wqx2_file()
    org, project = _imported(api, content, "limits.csv", station_first=True)
    _check_every_answer(api, org, project)
    again = import_file(api, org, project, content, "limits.csv")
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"]) == ("succeeded", 0, len(RESULTS)), again
    # The export itself imports again unchanged: its limits and figures are those stored.
    exported = raw_get(api, f"/sampleValue?projectId={project}").body
    back = import_file(api, org, project, exported, "export.csv")
    assert (back["status"], back["rowsImported"], back["rowsUnchanged"]) == ("succeeded", 0, len(RESULTS)), back


def test_a_wqx3_file_keeps_its_first_limit_and_its_figures(api):
    content = _wqx3_file()
    org, project = _imported(api, content, "limits3.csv", station_first=False)
    _check_every_answer(api, org, project)
    again = import_file(api, org, project, content, "limits3.csv")
    assert (again["rowsImported"], again["rowsUnchanged"]) == (0, len(RESULTS)), again


def test_the_template_takes_a_limit_and_refuses_one_that_is_no_number(api):
    org, project = fresh_project(api)
    content = (b"StationIdentifier,Latitude,Longitude,Date,Parameter,Value,Unit,DetectionCondition,DetectionLimit,"
               b"DetectionLimitUnit\n"
               b"DL-T1,40.1,-75.2,2024-05-01,Nitrate dl-test,ND,mg/L,Not Detected,0.050,mg/L\n"
               b"DL-T1,40.1,-75.2,2024-05-02,Nitrate dl-test,ND,mg/L,Not Detected,<0.05,mg/L\n"
               b"DL-T1,40.1,-75.2,2024-05-03,Nitrate dl-test,ND,mg/L,Not Detected,0.05,furlongs\n")
    log = import_file(api, org, project, content, "template.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 1, 2), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected == [
        {"row": 2, "column": "DetectionLimit", "value": "<0.05", "message": "DetectionLimit '<0.05' is not a number: "
         "write the detection limit as a number, such as 0.5, and its unit in DetectionLimitUnit."},
        {"row": 3, "column": "DetectionLimitUnit", "value": "furlongs",
         "message": "Unknown unit 'furlongs': use a WQX unit code such as mg/L, deg C or uS/cm."}]
    zh = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers={"Accept-Language": "zh-CN"}).json["data"]
    assert zh[0]["message"] == ("DetectionLimit“<0.05”不是数字：请将检测限写为数字（例如 0.5），并在 DetectionLimitUnit "
                                "中写明其单位。")
    (row,) = _export(api, project).values()
    assert tuple(row[c] for c in LIMIT_COLUMNS) == ("", "0.050", "mg/L")
    assert (row["ResultMeasureValue"], row["ResultDetectionConditionText"]) == ("ND", "Not Detected")


def test_the_portals_detection_limit_file_adds_limits_to_stored_results(api):
    org, project = fresh_project(api)
    limits = _csv((WQP / "wqp_detection_limits.csv").read_bytes())
    # The results the limits belong to: "Not Detected" chloride at each site, one of them also Dissolved.
    results = "StationIdentifier,Latitude,Longitude,Date,ActivityIdentifier,Parameter,Value,Unit,DetectionCondition\n"
    for n, row in enumerate(limits[:4]):
        results += (f"{row['MonitoringLocationIdentifier']},40.{n},-74.{n},2001-0{n + 1}-01,{row['ActivityIdentifier']},"
                    f"{row['CharacteristicName']},ND,mg/L,Not Detected\n")
    log = import_file(api, org, project, results.encode(), "results.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 4), log

    content = (WQP / "wqp_detection_limits.csv").read_bytes()
    log = import_file(api, org, project, content, "wqp_detection_limits.csv")
    assert (log["detectedFormat"], log["status"], log["rowsImported"], log["rowsRejected"]) == (
        "wqp-detection-limit", "partial", 4, 1), log
    (refused,) = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    last = limits[4]
    assert refused == {"row": 5, "column": "ActivityIdentifier", "value": last["ActivityIdentifier"], "message":
                       f"No result of activity '{last['ActivityIdentifier']}' and parameter 'Chloride' is stored at "
                       f"station '{last['MonitoringLocationIdentifier']}' in this project: import the results first."}
    exported = _export(api, project)
    for row in limits[:4]:
        out = exported[row["ActivityIdentifier"]]
        assert tuple(out[c] for c in LIMIT_COLUMNS) == tuple(row[c] for c in LIMIT_COLUMNS)
        assert out["ResultMeasureValue"] == "ND"
    again = import_file(api, org, project, content, "wqp_detection_limits.csv")
    assert (again["rowsImported"], again["rowsUnchanged"], again["rowsRejected"]) == (0, 4, 1), again
