"""Data imports end to end: upload, queue, the worker, per-row feedback, history, cancel, dry run,
re-import, header map, and the export round trip of the real Water Quality Portal files."""
from __future__ import annotations

import csv
import gzip
import io
import json
import os
from datetime import datetime, timedelta, timezone

import boto3
import pytest
import requests

from devtools import engines
from tests.api.imports_support import WQP, fresh_project, import_file, post_file, raw_get, run_worker, sqs

TEMPLATE = (b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Depth,ActivityType,DetectionCondition,"
            b"Comment,Latitude,Longitude,StationName\n"
            b"IMP-1,2024-05-01,10:00,EST,pH,7.2,std units,,,,,40.1,-75.2,Import creek\n"
            b"IMP-1,2024-05-02,10:00,EST,pH,7.4,std units,,,,,40.1,-75.2,Import creek\n"
            b"IMP-1,2024-05-03,10:00,EST,Nitrate,ND,mg/L,,,Not Detected,,40.1,-75.2,Import creek\n")


def _path(org, project, tail=""):
    return f"/organization/{org}/projects/{project}{tail}"


def test_a_template_file_is_imported_with_its_station_parameters_and_values(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, TEMPLATE, "template.csv")
    assert log["status"] == "succeeded", log
    assert (log["rowsTotal"], log["rowsDone"], log["rowsImported"], log["rowsRejected"], log["rowsUnchanged"]) == \
        (3, 3, 3, 0, 0)
    assert log["stationsCreated"] == 1
    assert log["detectedFormat"] == "template"
    assert log["fileName"] == "template.csv" and log["startedAt"] and log["finishedAt"]
    stations = api.get(_path(org, project, "/stations")).json
    assert [s["identifier"] for s in stations] == ["IMP-1"]
    assert stations[0]["sampleCount"] == 3  # the summary follows the import
    series = {s["parameterId"]: s for s in api.get(f"/station/{stations[0]['id']}/series").json}
    assert len(series) == 2
    parameters = {p["label"] for p in api.get(_path(org, project, "/parameters")).json}
    assert parameters == {"pH", "Nitrate"}
    ph = next(p for p in api.get(_path(org, project, "/parameters")).json if p["label"] == "pH")
    values = api.get(f"/sampleValue/{stations[0]['id']}/{ph['id']}").json["data"]
    assert [(v["time"], v["value"], v["unit"]) for v in values] == [
        ("2024-05-01T15:00:00Z", 7.2, "std units"), ("2024-05-02T15:00:00Z", 7.4, "std units")]


def test_importing_the_same_file_again_changes_nothing(api):
    org, project = fresh_project(api)
    first = import_file(api, org, project, TEMPLATE)
    again = import_file(api, org, project, TEMPLATE)
    assert (first["rowsImported"], first["rowsReplaced"]) == (3, 0)
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"], again["stationsCreated"],
            again["rowsReplaced"]) == ("succeeded", 0, 3, 0, 0)
    # Said in words, as the counts alone had left people unsure (a walk); the first import says nothing of it.
    assert (first["message"], again["message"]) == (
        None, "Nothing changed: all 3 rows were already stored as the file gives them.")
    log_path = _path(org, project, f"/queued-import/{again['logId']}")
    assert api.as_("admin").get(log_path, headers={"Accept-Language": "zh-CN"}).json["message"] == (
        "没有任何变化：全部 3 行都已按文件所写存储。")
    station = api.get(_path(org, project, "/stations")).json[0]
    assert station["sampleCount"] == 3


def test_a_file_imported_again_with_a_value_corrected_says_it_corrected_one(api):
    org, project = fresh_project(api)
    import_file(api, org, project, TEMPLATE)
    corrected = TEMPLATE.replace(b",pH,7.4,", b",pH,7.5,") + \
        b"IMP-1,2024-05-04,10:00,EST,pH,7.6,std units,,,,,40.1,-75.2,Import creek\n"
    log = import_file(api, org, project, corrected)
    assert (log["status"], log["rowsImported"], log["rowsReplaced"], log["rowsUnchanged"]) == ("succeeded", 2, 1, 2), log
    newest = api.as_("admin").get(_path(org, project, "/import-history?page=1&limit=1")).json["data"][0]
    assert (newest["logId"], newest["rowsReplaced"]) == (log["logId"], 1)
    station = api.get(_path(org, project, "/stations")).json[0]
    assert station["sampleCount"] == 4  # the corrected value replaced its old one, the new one came beside them


def test_a_dry_run_checks_the_file_and_writes_nothing(api):
    org, project = fresh_project(api)
    bad = TEMPLATE + b"IMP-1,2024-13-45,10:00,EST,pH,7.0,std units,,,,,40.1,-75.2,Import creek\n"
    log = import_file(api, org, project, bad, dryRun="true")
    assert log["dryRun"] is True
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 3, 1)
    assert log["message"] == ("Dry run: nothing was written. 1 row was rejected (see the rejected rows); the others can "
                              "be imported.")
    assert api.get(_path(org, project, "/stations")).json == []
    assert api.get(f"/Util/feedbacklog/{log['logId']}", ).status_code == 401
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json
    assert rejected["data"] == [{"row": 4, "column": "Date", "value": "2024-13-45", "message":
                                 "Date '2024-13-45' is not a date: there is no such month (use YYYY-MM-DD or "
                                 "M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are 2000-2068))."}]


def test_rejected_rows_come_back_as_json_pages_and_as_a_csv_to_fix(api):
    org, project = fresh_project(api)
    rows = [b"IMP-2,2024-05-%02d,09:30,UTC,Turbidity,%s,NTU,,,,,41.0,-74.0,Feedback brook" % (day, value)
            for day, value in ((1, b"3.1"), (2, b"abc"), (3, b"=HYPERLINK(\"http://x\")"), (4, b"2.2"), (5, b""))]
    content = TEMPLATE.split(b"\n")[0] + b"\n" + b"\n".join(rows) + b"\n"
    log = import_file(api, org, project, content, "turbidity.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 3)
    assert log["message"] == "3 rows were rejected (see the rejected rows); the others were imported."
    admin = api.as_("admin")
    page = admin.get(f"/Util/feedbacklog/{log['logId']}?page=1&limit=2").json
    assert (page["total"], page["pageCount"], page["count"]) == (3, 2, 2)
    assert page["data"][0] == {"row": 2, "column": "Value", "value": "abc", "message":
                               "Value 'abc' is not a number; a result such as ND needs a detection condition "
                               "(DetectionCondition)."}
    assert page["data"][1]["message"] == ("Value '=HYPERLINK(\"http://x\")' is a spreadsheet formula, not a number: "
                                          "write the value itself.")
    last = admin.get(f"/Util/feedbacklog/{log['logId']}?page=2&limit=2").json["data"]
    assert last == [{"row": 5, "column": "Value", "value": "", "message":
                     "Value is empty and there is no detection condition (DetectionCondition)."}]
    response = raw_get(admin, f"/Util/feedback/{log['feedbackFileId']}")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/csv")
    assert 'filename="turbidity-rejected-rows.csv"' in response.headers["Content-Disposition"]
    assert response.body.startswith(b"\xef\xbb\xbf")  # a byte-order mark: Excel reads it as UTF-8
    table = list(csv.reader(io.StringIO(response.body.decode("utf-8-sig"))))
    assert table[0][-1] == "message" and table[0][:3] == ["StationIdentifier", "Date", "Time"]
    assert [row[1] for row in table[1:]] == ["2024-05-02", "2024-05-03", "2024-05-05"]
    assert table[2][5] == "'=HYPERLINK(\"http://x\")"  # a formula cell comes back harmless
    # In Simplified Chinese: the import's message, in its log and in the history, and the reasons.
    zh = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}
    path = f"/organization/{org}/projects/{project}"
    assert admin.get(f"{path}/queued-import/{log['logId']}", headers=zh).json["message"] == \
        "3 行被拒绝（见被拒绝的行）；其余各行已导入。"
    assert admin.get(f"{path}/import-history?page=1", headers=zh).json["data"][0]["message"] == \
        "3 行被拒绝（见被拒绝的行）；其余各行已导入。"
    assert [row["message"] for row in admin.get(f"/Util/feedbacklog/{log['logId']}", headers=zh).json["data"]] == [
        "Value“abc”不是数字；ND 之类的结果需要检测条件（DetectionCondition）。",
        "Value“=HYPERLINK(\"http://x\")”是电子表格公式，不是数字：请直接写出数值。",
        "Value 为空，且没有检测条件（DetectionCondition）。"]
    # Nobody outside the organization's contributors reads them.
    assert raw_get(api.as_("viewer"), f"/Util/feedback/{log['feedbackFileId']}").status_code == 403
    assert api.as_("other_orgadmin").get(f"/Util/feedbacklog/{log['logId']}").status_code == 403


def test_history_lists_the_projects_imports_newest_first_in_pages(api):
    org, project = fresh_project(api)
    first = import_file(api, org, project, TEMPLATE, "first.csv")
    second = import_file(api, org, project, TEMPLATE, "second.csv")
    history = api.as_("admin").get(_path(org, project, "/import-history?page=1&limit=1")).json
    assert (history["total"], history["pageCount"], history["count"]) == (2, 2, 1)
    assert history["data"][0]["logId"] == second["logId"] and history["data"][0]["fileName"] == "second.csv"
    rest = api.as_("admin").get(_path(org, project, "/import-history?page=2&limit=1")).json["data"]
    assert [item["logId"] for item in rest] == [first["logId"]]
    other_org, other_project = fresh_project(api)
    assert api.as_("admin").get(_path(other_org, other_project, "/import-history")).json == []


def test_a_queued_import_can_be_cancelled_and_an_ended_one_cannot(api):
    org, project = fresh_project(api)
    response = post_file(api.as_("admin"), org, project, TEMPLATE)
    log_id = response.json["logId"]
    cancelled = api.as_("admin").delete(_path(org, project, f"/queued-import/{log_id}"))
    assert cancelled.status_code == 200
    assert cancelled.json["status"] == "cancelled"
    assert cancelled.json["message"] == "Cancelled after 0 rows; rows imported before stay."
    run_worker()  # the worker takes the message and leaves the import as it is
    log = api.as_("admin").get(_path(org, project, f"/queued-import/{log_id}")).json
    assert (log["status"], log["rowsDone"]) == ("cancelled", 0)
    assert api.get(_path(org, project, "/stations")).json == []
    again = api.as_("admin").delete(_path(org, project, f"/queued-import/{log_id}"))
    assert again.status_code == 409
    assert again.json["message"] == ("This import has already ended (cancelled); only queued or running imports "
                                     "can be cancelled.")


def test_a_large_file_is_uploaded_to_s3_with_a_presigned_post_then_imported(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    slot = admin.post(_path(org, project, "/import-uploads"), {"fileName": "big.csv.gz", "contentType": "application/gzip"})
    assert slot.status_code == 201, slot.json
    assert set(slot.json) >= {"uploadKey", "url", "fields", "expiresAt"}
    policy = json.loads(__import__("base64").b64decode(slot.json["fields"]["policy"]))
    assert ["content-length-range", 1, 2 * 1024 ** 3] in policy["conditions"]
    assert {"Content-Type": "application/gzip"} in policy["conditions"]
    expires = datetime.fromisoformat(slot.json["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(minutes=50) < expires - datetime.now(timezone.utc) <= timedelta(hours=1)
    content = gzip.compress(TEMPLATE)
    # The browser's POST, straight to the bucket (the policy above is what S3 enforces on it).
    upload = requests.post(slot.json["url"], data=slot.json["fields"], files={"file": ("big.csv.gz", content)},
                           timeout=10)
    assert upload.status_code in (200, 201, 204), upload.text
    queued = admin.post(_path(org, project, "/import-data"), {"uploadKey": slot.json["uploadKey"], "format": "template"})
    assert queued.status_code == 202 and queued.json["status"] == "queued"
    log = run_worker(api=admin, path=_path(org, project, f"/queued-import/{queued.json['logId']}"))
    assert (log["status"], log["rowsImported"], log["format"]) == ("succeeded", 3, "template")


@pytest.mark.skipif(engines.selected() == "moto", reason="moto's S3 takes any POST to the bucket without checking its "
                    "policy; LocalStack's (make test, CI) checks it as S3 does")
def test_s3_refuses_an_upload_outside_what_its_policy_signed(api):
    """Security walk, 2026-11-27: an upload slot is for one key, one content type and 1 byte to 2 GB; anything else
    is refused by S3 itself, so one organization's slot cannot write under another's prefix."""
    org, project = fresh_project(api)
    other_org, other_project = fresh_project(api)
    slot = api.as_("admin").post(_path(org, project, "/import-uploads"), {"fileName": "data.csv",
                                                                          "contentType": "text/csv"}).json

    def post(fields, content=TEMPLATE):
        return requests.post(slot["url"], data=fields, files={"file": ("data.csv", content)}, timeout=10)

    elsewhere = {**slot["fields"], "key": f"uploads/{other_org}/{other_project}/walk/x.csv"}
    for fields, content in ((elsewhere, TEMPLATE), ({**slot["fields"], "Content-Type": "text/html"}, TEMPLATE),
                            (slot["fields"], b"")):
        refused = post(fields, content)
        assert refused.status_code in (400, 403), (fields, refused.status_code, refused.text)
    listed = boto3.client("s3", endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name="us-east-1").list_objects_v2(
        Bucket=os.environ["UPLOADS_BUCKET"], Prefix=f"uploads/{other_org}/")
    assert listed.get("KeyCount", 0) == 0
    assert post(slot["fields"]).status_code in (200, 201, 204)


def test_bad_requests_get_clear_messages(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    cases = [
        (_path(org, project, "/import-data"), {"uploadKey": "uploads/elsewhere/x.csv"},
         400, "Invalid uploadKey. It is not an upload of this project"),
        (_path(org, project, "/import-data"), {"uploadKey": f"uploads/{org}/{project}/none/x.csv"},
         400, "No file was uploaded under this uploadKey (or its upload has not finished)."),
        (_path(org, project, "/import-data"), {},
         400, 'Send the file as the form field file, or JSON {"uploadKey": ...} of an upload.'),
        (_path(org, project, "/import-uploads"), {"fileName": "photo.png"},
         400, "Unsupported file type. A CSV file (.csv, .txt, .tsv, .zip, .gz) expected"),
        (_path(org, project, "/import-uploads"), {}, 400, "fileName is required."),
        (_path(org, project, "/import-uploads"), {"fileName": "x.csv", "size": 3 * 1024 ** 3},
         413, "Files up to 2 GB can be imported; split the file or compress it (.zip or .gz)."),
        (_path(org, "no-such-project", "/import-uploads"), {"fileName": "x.csv"}, 404, "Project not found."),
    ]
    for path, body, status, message in cases:
        response = admin.post(path, body)
        assert (response.status_code, response.json["message"]) == (status, message), path
    response = post_file(admin, org, project, TEMPLATE, format="xml")
    assert (response.status_code, response.json["message"]) == (
        400, "Invalid format. auto, wqp-result, wqx3-result, wqp-station, template expected")
    response = post_file(admin, org, project, TEMPLATE, dryRun="maybe")
    assert response.json["message"] == "Invalid dryRun. true or false expected"
    response = post_file(admin, org, project, b"x" * (5 * 1024 * 1024 + 1))
    assert response.status_code == 413
    assert response.json["message"] == ("Files larger than 5 MB are uploaded first (import-uploads), then imported "
                                        "by their uploadKey.")
    missing = admin.get(_path(org, project, "/queued-import/00000000-0000-0000-0000-000000000000"))
    assert (missing.status_code, missing.json["message"]) == (404, "Import not found.")
    assert admin.get("/Util/feedbacklog/nope").json["message"] == "Import not found."


def test_the_header_map_renames_columns_and_turns_a_column_into_a_parameter(api):
    org, _ = fresh_project(api)
    _, project = fresh_project(api, org)
    admin = api.as_("admin")
    assert admin.get(f"/organization/{org}/header-map").json == {}
    mapping = {"Site": "station", "Sampled on": "date", "Lat": "Latitude", "Lon": "longitude",
               "Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"},
               "DO (mg/l)": {"parameter": "Dissolved oxygen (DO)", "unit": "mg/L"}}
    saved = admin.put(f"/organization/{org}/header-map", mapping)
    assert saved.status_code == 200 and saved.json == mapping
    assert admin.get(f"/organization/{org}/header-map").json == mapping
    content = (b"Site;Sampled on;Lat;Lon;Temp (C);DO (mg/l)\n"
               b"LOGGER-7;6/1/24;44.5;-93.1;18.5;8.1\n"
               b"LOGGER-7;6/2/24;44.5;-93.1;19.0;\n")
    log = import_file(api, org, project, content, "logger.csv")
    assert (log["status"], log["rowsImported"], log["detectedFormat"]) == ("succeeded", 3, "template")
    station = api.get(_path(org, project, "/stations")).json[0]
    assert (station["identifier"], station["firstDate"], station["lastDate"]) == ("LOGGER-7", "2024-06-01", "2024-06-02")
    bad = admin.put(f"/organization/{org}/header-map", {"Site": "colour"})
    assert bad.status_code == 400
    assert bad.json["message"].startswith("Column 'Site': unknown field 'colour'. Map a column to one of: station,")


def test_column_names_in_any_script_are_told_apart(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    mapping = {"站点编号": "station", "日期": "date", "纬度": "latitude", "经度": "longitude",
               "水温": {"parameter": "Temperature, water", "unit": "deg C"}, "pH值": {"parameter": "pH"}}
    assert admin.patch(f"/organization/{org}/header-map", mapping).status_code == 200
    content = ("站点编号,日期,纬度,经度,水温,pH值\n"
               "CN-1,2024-06-01,31.2,121.5,24.5,7.4\n").encode()
    log = import_file(api, org, project, content, "中文.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log["message"]
    station = api.get(_path(org, project, "/stations")).json[0]
    assert (station["identifier"], station["latitude"]) == ("CN-1", 31.2)


def test_the_fields_a_header_map_may_name_are_listed_and_each_is_accepted(api):
    org, _ = fresh_project(api)
    fields = api.as_("contributor").get("/import-fields").json
    assert fields[:3] == [{"name": "station", "label": "station identifier"},
                          {"name": "stationName", "label": "station name"}, {"name": "latitude", "label": "latitude"}]
    mapping = {f"Column {i}": field["name"] for i, field in enumerate(fields)}
    saved = api.as_("admin").put(f"/organization/{org}/header-map", mapping)
    assert saved.status_code == 200 and saved.json == mapping


def _export(api, project_id: str) -> list[dict]:
    response = raw_get(api, f"/sampleValue?projectId={project_id}")
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.body.decode("utf-8"))))


def test_the_wqp_files_come_back_value_for_value_from_the_export(api):
    from chalicelib.imports import formats

    for name, fmt in (("wqp3_results.csv", formats.WQX3_RESULT), ("wqp_results.csv", formats.WQX2_RESULT)):
        org, project = fresh_project(api)
        if fmt is formats.WQX2_RESULT:  # its rows carry no location: the station exists before
            created = api.as_("admin").post("/station", {"organizationId": org, "identifier": "WIDNR_WQX-10032762",
                                                         "name": "Pheasant Branch", "latitude": 43.1, "longitude": -89.5})
            assert created.status_code == 201
        content = (WQP / name).read_bytes()
        log = import_file(api, org, project, content, name)
        assert (log["status"], log["rowsImported"], log["detectedFormat"]) == ("succeeded", 5, fmt.key), log
        original = sorted((fmt.pick(row) for row in csv.DictReader(io.StringIO(content.decode("utf-8")))),
                          key=lambda r: r["activityId"])
        exported = sorted(_export(api, project), key=lambda r: r["ActivityIdentifier"])
        assert len(exported) == len(original) == 5
        for source, out in zip(original, exported):
            assert out["ActivityIdentifier"] == source["activityId"]
            assert out["MonitoringLocationIdentifier"] == source["station"]
            assert out["CharacteristicName"] == source["characteristic"]
            assert float(out["ResultMeasureValue"]) == float(source["value"])
            assert out["ResultMeasure/MeasureUnitCode"] == source["unit"]
            assert out["ResultDetectionConditionText"] == (source["detectionCondition"] or "")
            assert out["ActivityTypeCode"] == source["activityType"]
            assert out["ActivityMediaName"] == source["media"]
            assert out["ResultStatusIdentifier"] == source["status"]
            assert out["ResultValueTypeName"] == source["valueType"]
            # Date, time and zone come back as the file wrote them (the instant is kept in UTC).
            assert (out["ActivityStartDate"], out["ActivityStartTime/Time"], out["ActivityStartTime/TimeZoneCode"]) == (
                source["date"], source["time"], source["timeZone"])
            assert out["ResultSampleFractionText"] == (source["fraction"] or "")
            assert out["ResultCommentText"] == (source["comment"] or "")


def _wqp_rows(changes: list[dict]) -> bytes:
    """The real WQP result file's first row, once per change (the columns named there replaced)."""
    source = list(csv.DictReader(io.StringIO((WQP / "wqp_results.csv").read_text(encoding="utf-8"))))[0]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(source), lineterminator="\n")
    writer.writeheader()
    for change in changes:
        writer.writerow({**source, **change})
    return out.getvalue().encode("utf-8")


def test_results_of_one_activity_are_told_apart_by_fraction_and_depth_and_keep_their_local_time(api):
    """The walk lost a Dissolved result as a "repeat" of the Total one of the same activity; an evening
    sample came back dated the next day (in UTC); a date without a time came back at 00:00:00."""
    org, project = fresh_project(api)
    api.as_("admin").post("/station", {"organizationId": org, "identifier": "WIDNR_WQX-10032762",
                                       "name": "Pheasant Branch", "latitude": 43.1, "longitude": -89.5})
    content = _wqp_rows([
        {"ActivityIdentifier": "A-1", "CharacteristicName": "Phosphorus", "ResultSampleFractionText": "Total",
         "ResultMeasureValue": "0.12", "ResultMeasure/MeasureUnitCode": "mg/L"},
        {"ActivityIdentifier": "A-1", "CharacteristicName": "Phosphorus", "ResultSampleFractionText": "Dissolved",
         "ResultMeasureValue": "0.05", "ResultMeasure/MeasureUnitCode": "mg/L"},
        {"ActivityIdentifier": "A-2", "ActivityStartDate": "2013-07-04", "ActivityStartTime/Time": "20:30:00",
         "ActivityStartTime/TimeZoneCode": "CDT", "ResultCommentText": "after the storm"},
        {"ActivityIdentifier": "A-3", "ActivityStartDate": "2013-07-05", "ActivityStartTime/Time": "",
         "ActivityStartTime/TimeZoneCode": ""},
    ])
    log = import_file(api, org, project, content, "fractions.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", 4, 0), log
    exported = {(r["ActivityIdentifier"], r["ResultSampleFractionText"]): r for r in _export(api, project)}
    assert exported["A-1", "Total"]["ResultMeasureValue"] == "0.12"
    assert exported["A-1", "Dissolved"]["ResultMeasureValue"] == "0.05"
    by_activity = {activity: r for (activity, _), r in exported.items()}
    evening = by_activity["A-2"]
    assert (evening["ActivityStartDate"], evening["ActivityStartTime/Time"], evening["ActivityStartTime/TimeZoneCode"],
            evening["ResultCommentText"]) == ("2013-07-04", "20:30:00", "CDT", "after the storm")
    day_only = by_activity["A-3"]
    assert (day_only["ActivityStartDate"], day_only["ActivityStartTime/Time"],
            day_only["ActivityStartTime/TimeZoneCode"]) == ("2013-07-05", "", "")
    assert import_file(api, org, project, content, "fractions.csv")["rowsUnchanged"] == 4

    # A profile in the template: one station and time, three depths.
    profile = TEMPLATE.split(b"\n")[0] + b"\n" + b"".join(
        b"IMP-P,2024-05-01,10:00,EST,Temperature water,%d.5,deg C,%d,,,,40.1,-75.2,Profile lake\n" % (20 - d, d)
        for d in (1, 2, 3))
    log = import_file(api, org, project, profile, "profile.csv")
    assert (log["rowsImported"], log["rowsRejected"]) == (3, 0), log
    rows = [r for r in _export(api, project) if r["MonitoringLocationIdentifier"] == "IMP-P"]
    depths = sorted((r["ActivityDepthHeightMeasure/MeasureValue"], r["ResultMeasureValue"]) for r in rows)
    assert depths == [("1", "19.5"), ("2", "18.5"), ("3", "17.5")]
    # The template names no medium: its rows are water (WQP clients filter on sampleMedia=Water).
    assert {r["ActivityMediaName"] for r in rows} == {"Water"}


def test_a_result_another_project_stored_stays_there(api):
    """The walk imported the real WQP file into a second project: the values moved there, and the first
    project's download named the second as their ProjectIdentifier."""
    org, first = fresh_project(api)
    _, second = fresh_project(api, org)
    content = _wqp_rows([{"ActivityIdentifier": "OWN-1"}, {"ActivityIdentifier": "OWN-2"}])
    api.as_("admin").post("/station", {"organizationId": org, "identifier": "WIDNR_WQX-10032762",
                                       "name": "Pheasant Branch", "latitude": 43.1, "longitude": -89.5})
    assert import_file(api, org, first, content)["rowsImported"] == 2
    again = import_file(api, org, second, content + b"")
    assert (again["status"], again["rowsImported"], again["rowsRejected"]) == ("failed", 0, 2), again
    key = api.get(f"/project/{first}").json["projectKey"]
    reasons = api.as_("admin").get(f"/Util/feedbacklog/{again['logId']}").json["data"]
    assert [(r["column"], r["value"], r["message"]) for r in reasons] == [
        ("ActivityIdentifier", f"OWN-{n}", f"This result is stored already in the project '{key}' (activity OWN-{n}); "
         "import it into that project, or give it an activity identifier no other project uses.") for n in (1, 2)]
    assert {r["ProjectIdentifier"] for r in _export(api, first)} == {key}
    assert _export(api, second) == []


def test_an_organizations_newest_imports_come_from_all_its_projects(api):
    """The home page's latest imports asked 20 projects of an organization of 60 and said "No imports yet"."""
    org, first = fresh_project(api)
    _, second = fresh_project(api, org)
    names = []
    for project in (first, second, first):
        names.append(f"{project[:8]}-{len(names)}.csv")
        import_file(api, org, project, TEMPLATE, names[-1])
    newest = api.as_("admin").get(f"/organization/{org}/import-history?limit=2").json
    assert [log["fileName"] for log in newest] == names[:0:-1]
    assert {log["projectId"] for log in newest} == {first, second} and all(log["settled"] for log in newest)
    assert len(api.as_("admin").get(f"/organization/{org}/import-history").json) == 3
    assert api.as_("viewer").get(f"/organization/{org}/import-history").status_code == 403


def test_the_template_to_fill_in_imports_as_it_is(api):
    """A walk found no description of the template anywhere: the Imports tab offers it to download."""
    response = raw_get(api.as_("contributor"), "/import-template")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="open-water-data-template.csv"' in response.headers["Content-Disposition"]
    assert response.body.startswith(b"\xef\xbb\xbf")  # Excel reads it as UTF-8
    header = next(csv.reader(io.StringIO(response.body.decode("utf-8-sig"))))
    assert header[:4] == ["StationIdentifier", "StationName", "Latitude", "Longitude"] and "Value" in header
    org, project = fresh_project(api)
    log = import_file(api, org, project, response.body, "template.csv")
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["stationsCreated"]) == (
        "succeeded", "template", 2, 1), log


def test_a_station_a_wqx3_result_file_creates_knows_its_state_and_county(api):
    """WQX 3 names the state by its postal code (WI) and the county by its own 3 digits (25): a WQP search by
    statecode=US:55 missed the station it created."""
    org, project = fresh_project(api)
    log = import_file(api, org, project, (WQP / "wqp3_results.csv").read_bytes(), "wqp3.csv")
    assert (log["status"], log["stationsCreated"]) == ("succeeded", 1), log
    (station,) = api.get(_path(org, project, "/stations")).json
    assert (station["identifier"], station["stateFips"], station["countyFips"], station["huc8"]) == (
        "WIDNR_WQX-10032762", "55", "55025", "07090002")


def test_a_station_profile_creates_and_updates_stations(api):
    org, project = fresh_project(api)
    content = (WQP / "wqp_sites.csv").read_bytes()
    log = import_file(api, org, project, content, "sites.csv")
    assert (log["status"], log["rowsImported"], log["stationsCreated"], log["detectedFormat"]) == \
        ("succeeded", 5, 5, "wqp-station")
    stations = {s["identifier"]: s for s in api.get(_path(org, project, "/stations")).json}
    milford = stations["USGS-01405150"]
    assert (milford["name"], milford["huc8"], milford["countyFips"], milford["stationType"]) == \
        ("MILFORD BROOK AT HERBERTS CORNER, NJ", "02030105", "34025", "surface-water")
    again = import_file(api, org, project, content, "sites.csv")
    assert (again["rowsImported"], again["rowsUnchanged"], again["stationsCreated"]) == (0, 5, 0)
    # The same stations into another project of the organization: they join it, which the counts say (a walk:
    # "0 imported, 5 unchanged", though the project then held the 5 stations).
    _, second = fresh_project(api, org)
    joined = import_file(api, org, second, content, "sites.csv")
    assert (joined["status"], joined["rowsImported"], joined["rowsUnchanged"], joined["stationsCreated"],
            joined["rowsReplaced"]) == ("succeeded", 5, 0, 0, 0), joined
    assert len(api.get(_path(org, second, "/stations")).json) == 5
    assert import_file(api, org, second, content, "sites.csv")["rowsUnchanged"] == 5
    # A station whose name is corrected: said as a stored station changed.
    renamed = import_file(api, org, project, content.replace(b"MILFORD BROOK AT HERBERTS CORNER, NJ",
                                                             b"MILFORD BROOK AT HERBERTS CORNER"), "sites.csv")
    assert (renamed["rowsImported"], renamed["rowsReplaced"], renamed["rowsUnchanged"]) == (1, 1, 4), renamed


def test_rows_of_a_station_of_another_organization_are_rejected(api, demo):
    from chalicelib.stations.service import station_id_for

    org, project = fresh_project(api)
    theirs = station_id_for(demo["org"], "WIDNR_WQX-10032762")
    content = TEMPLATE.split(b"\n")[0] + b"\n" + f"{theirs},2024-05-01,10:00,EST,pH,7.2,std units,,,,,,,\n".encode()
    log = import_file(api, org, project, content)
    assert (log["status"], log["rowsRejected"]) == ("failed", 1)
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert rejected[0]["message"] == (f"Station '{theirs}' belongs to another organization; import it into a project "
                                      "of that organization.")
    assert log["message"] == "No row could be imported: the only row was rejected (see the rejected rows)."


def test_a_poison_message_goes_to_the_dead_letter_queue_after_its_retries(api):
    import os

    url = os.environ["IMPORT_QUEUE_URL"]
    client = sqs()
    dead = client.get_queue_url(QueueName=url.rsplit("/", 1)[-1] + "-dlq")["QueueUrl"]
    client.purge_queue(QueueUrl=dead)
    client.send_message(QueueUrl=url, MessageBody="this is not a job")
    import app
    from devtools.worker import to_lambda_event

    def delivered() -> list[dict]:
        """The poison message when the queue delivers it (other tests' failed jobs come back too: put back)."""
        for _ in range(10):
            messages = client.receive_message(QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=1,
                                              AttributeNames=["All"]).get("Messages", [])
            poison = [m for m in messages if m["Body"] == "this is not a job"]
            for message in messages:
                if message not in poison:  # not ours: back to the queue at once
                    client.change_message_visibility(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"],
                                                     VisibilityTimeout=0)
            if poison or not messages:
                return poison
        return []

    for attempt in range(6):
        poison = delivered()
        if not poison:
            break
        result = app.import_worker(to_lambda_event(poison, "arn:aws:sqs:us-east-1:123456789012:imports"), None)
        assert [f["itemIdentifier"] for f in result["batchItemFailures"]] == [poison[0]["MessageId"]]
        # As after the visibility timeout: the message is delivered again.
        client.change_message_visibility(QueueUrl=url, ReceiptHandle=poison[0]["ReceiptHandle"], VisibilityTimeout=0)
    assert attempt == 5  # five deliveries, then SQS moved it
    moved = client.receive_message(QueueUrl=dead, WaitTimeSeconds=1).get("Messages", [])
    assert [m["Body"] for m in moved] == ["this is not a job"]


def test_the_uploads_bucket_lets_the_browser_post_files_to_it():
    # Read from the template: moto's CloudFormation leaves a bucket's CORS rules out (LocalStack and AWS
    # apply them; tests/infra/test_aws_rules.py sends the browser's preflight there).
    from devtools.package_stack import load_infra_template

    bucket = load_infra_template()["Resources"]["UploadsBucket"]["Properties"]
    rules = bucket["CorsConfiguration"]["CorsRules"]
    local_origins = [rule["AllowedOrigins"]["Fn::If"][2] for rule in rules]
    assert any("POST" in rule["AllowedMethods"] and "http://127.0.0.1:*" in origins
               for rule, origins in zip(rules, local_origins))


def _rows(count: int) -> bytes:
    lines = [f"HANDOVER-1,{(datetime(2020, 1, 1) + timedelta(hours=n)).strftime('%Y-%m-%d,%H:%M')},UTC,pH,7.{n % 10},"
             "std units,,,,,40.5,-75.5,Hand-over run" for n in range(count)]
    return TEMPLATE.split(b"\n")[0] + b"\n" + "\n".join(lines).encode() + b"\n"


def _queued_log(org: str, project: str, content: bytes, user: str) -> str:
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.core.models import utc_now
    from chalicelib.imports.models import ImportLog

    key = f"uploads/{org}/{project}/{datetime.now().timestamp()}/rows.csv"
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=content)
    log = ImportLog(id=key.split("/")[3].replace(".", "-"), projectId=project, organizationId=org, fileName="rows.csv",
                    format="auto", status="queued", uploadKey=key, createdBy=user, createdAt=utc_now())
    log.logId = log.id
    log.save()
    return log.id


def test_an_import_longer_than_one_invocation_continues_in_a_follow_up_message(api, demo):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    content = _rows(2100)
    log_id = _queued_log(org, project, content, demo["users"]["admin"])
    assert service.public(service.get(log_id))["progress"] is None  # queued: nothing read yet
    # An invocation with no time left writes one chunk (1,000 rows), then hands the rest to a new message.
    assert worker.run_import({"logId": log_id}, lambda: 0) == "running"
    log = service.public(service.get(log_id))
    assert (log["status"], log["rowsDone"], log["rowsTotal"]) == ("running", 1000, None)
    # The rows in the file are not counted yet: the progress is the bytes the header and 1,000 rows took.
    header_and_chunk = len(b"\n".join(content.split(b"\n")[:1001])) + 1
    assert log["progress"] == round(header_and_chunk / len(content), 4)
    assert 0.47 < log["progress"] < 0.48
    log = run_worker(api=api.as_("admin"), path=_path(org, project, f"/queued-import/{log_id}"))
    assert (log["status"], log["rowsDone"], log["rowsImported"], log["rowsTotal"]) == ("succeeded", 2100, 2100, 2100)
    assert log["progress"] == 1.0


def test_a_running_import_stops_at_its_next_chunk_when_cancelled(api, demo):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    log_id = _queued_log(org, project, _rows(2100), demo["users"]["admin"])
    calls = []

    def remaining() -> int:  # asked before each chunk after the first: the user cancels meanwhile
        calls.append(1)
        service.cancel(service.get(log_id), demo["users"]["admin"])
        return 900_000

    assert worker.run_import({"logId": log_id}, remaining) == "cancelled"
    log = service.public(service.get(log_id))
    assert (log["status"], log["rowsDone"], log["rowsImported"]) == ("cancelled", 1000, 1000)
    assert log["message"] == "Cancelled after 1,000 rows; rows imported before stay."
    station = api.get(_path(org, project, "/stations")).json[0]
    assert station["sampleCount"] == 1000  # what was written shows in the summaries


def test_rows_written_while_the_import_is_cancelled_are_counted(api, demo, monkeypatch):
    """The cancel arrives while a chunk is being written: its rows stay, so the log counts them (the walk saw
    "Cancelled after 0 rows" over 1,000 stored values)."""
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    log_id = _queued_log(org, project, _rows(2100), demo["users"]["admin"])
    write = worker.ImportJob.write

    answers = []

    def cancelled_meanwhile(job, outcome):
        answers.append(service.public(service.cancel(service.get(log_id), demo["users"]["admin"]) and service.get(log_id)))
        answers.append(api.as_("admin").get(_path(org, project, "/import-history?page=1")).json["data"][0])
        write(job, outcome)

    monkeypatch.setattr(worker.ImportJob, "write", cancelled_meanwhile)
    assert worker.run_import({"logId": log_id}, lambda: 900_000) == "cancelled"
    # The cancel's answer is not final while the worker still writes: the screen keeps asking.
    assert (answers[0]["status"], answers[0]["rowsImported"], answers[0]["settled"]) == ("cancelled", 0, False)
    assert (answers[1]["status"], answers[1]["settled"]) == ("cancelled", False) and "workerId" not in answers[1]
    settled = api.as_("admin").get(_path(org, project, "/import-history?page=1")).json["data"][0]
    assert (settled["rowsImported"], settled["settled"]) == (1000, True)
    log = service.public(service.get(log_id))
    assert (log["status"], log["rowsDone"], log["rowsImported"], log["settled"]) == ("cancelled", 1000, 1000, True)
    assert log["message"] == "Cancelled after 1,000 rows; rows imported before stay."
    assert api.get(_path(org, project, "/stations")).json[0]["sampleCount"] == 1000


def test_when_every_row_is_written_the_log_counts_them_while_the_summaries_are_updated(api, demo, monkeypatch):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    log_id = _queued_log(org, project, _rows(1500), demo["users"]["admin"])
    during = []
    refresh = worker.ImportJob.refresh
    monkeypatch.setattr(worker.ImportJob, "refresh",
                        lambda job: (during.append(service.public(service.get(log_id))), refresh(job)))
    assert worker.run_import({"logId": log_id}, lambda: 900_000) == "succeeded"
    (log,) = during
    assert (log["status"], log["rowsDone"], log["rowsTotal"], log["progress"]) == ("running", 1500, 1500, 1.0)


def test_a_cancel_after_every_row_is_written_is_refused_and_says_why(api, demo, monkeypatch):
    """A walk cancelled while the screen said "updating the summaries": "Cancelled after 24,000 rows" of 24,000."""
    from chalicelib.imports import worker

    org, project = fresh_project(api)
    log_id = _queued_log(org, project, _rows(1500), demo["users"]["admin"])
    answers = []
    refresh = worker.ImportJob.refresh
    path = _path(org, project, f"/queued-import/{log_id}")

    def cancelled_too_late(job):
        answers.append(api.as_("admin").request("DELETE", path))
        refresh(job)

    monkeypatch.setattr(worker.ImportJob, "refresh", cancelled_too_late)
    assert worker.run_import({"logId": log_id}, lambda: 900_000) == "succeeded"
    assert (answers[0].status_code, answers[0].json["message"]) == (
        409, "Every row of this import is written; it is updating the summaries and can no longer be cancelled.")
    assert api.as_("admin").get(path).json["rowsImported"] == 1500


def test_a_cancelled_import_offers_the_rows_it_rejected_before_as_a_file(api, demo):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    content = _rows(2100).replace(b"2020-01-01,05:00", b"2020-01-01,25:00")  # row 6: no such time
    log_id = _queued_log(org, project, content, demo["users"]["admin"])
    assert worker.run_import({"logId": log_id}, lambda: (service.cancel(service.get(log_id), "x"), 900_000)[1]) \
        == "cancelled"
    log = service.public(service.get(log_id))
    assert (log["rowsRejected"], log["settled"], log["feedbackFileId"]) == (1, True, log_id)
    feedback = raw_get(api.as_("admin"), f"/Util/feedback/{log_id}")
    rows = list(csv.reader(io.StringIO(feedback.body.decode("utf-8-sig"))))
    assert [(row[1], row[2], row[-1]) for row in rows[1:]] == [
        ("2020-01-01", "25:00", "Time '25:00' is not a time of day: use HH:MM or HH:MM:SS.")]


def test_the_size_of_a_gzipped_file_unpacked_comes_from_its_end(api, demo):
    import gzip

    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    content = _rows(1200)
    log_id = _queued_log(org, project, gzip.compress(content), demo["users"]["admin"])
    assert worker.run_import({"logId": log_id}, lambda: 900_000) == "succeeded"
    log = service.get(log_id)
    assert (int(log.bytesTotal), int(log.bytesDone)) == (len(content), len(content))


class _BreaksOnce:
    """An S3 body that breaks off (as a reset connection does) after `after` bytes."""

    def __init__(self, body, after: int):
        self._body, self._left = body, after

    def read(self, size: int = -1) -> bytes:
        if self._left <= 0:
            from botocore.exceptions import ResponseStreamingError

            raise ResponseStreamingError(error=ConnectionResetError(104, "Connection reset by peer"))
        data = self._body.read(min(size if size >= 0 else self._left, self._left))
        self._left -= len(data)
        return data


def _breaking_first_stream(monkeypatch, after: int, meanwhile=None) -> list:
    """The worker's first stream of the file breaks off after `after` bytes; `meanwhile()` runs then. Answers
    the offsets the worker asked S3 for again."""
    from chalicelib.imports import source

    reopened: list = []
    original = source.Reopening.__init__

    def init(self, stream, reopen, errors, attempts=5):
        def again(offset: int):
            reopened.append(offset)
            if meanwhile is not None:
                meanwhile()
            return reopen(offset)

        original(self, _BreaksOnce(stream, after), again, errors, attempts)

    monkeypatch.setattr(source.Reopening, "__init__", init)
    return reopened


def test_a_file_stream_that_breaks_off_is_read_on_from_s3_where_it_stopped(api, demo, monkeypatch):
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    content = _rows(2500)
    log_id = _queued_log(org, project, content, demo["users"]["admin"])
    reopened = _breaking_first_stream(monkeypatch, len(content) // 3)
    assert worker.run_import({"logId": log_id}, lambda: 900_000) == "succeeded"
    assert reopened == [len(content) // 3]  # a ranged GET of the same object, from that byte
    log = service.public(service.get(log_id))
    assert (log["rowsDone"], log["rowsImported"], log["rowsRejected"]) == (2500, 2500, 0)


def test_a_file_replaced_while_it_is_imported_is_not_read_on(api, demo, monkeypatch):
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.imports import service, worker

    org, project = fresh_project(api)
    content = _rows(2500)
    log_id = _queued_log(org, project, content, demo["users"]["admin"])
    key = service.get(log_id).uploadKey
    replace = lambda: aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key,  # noqa: E731
                                                  Body=_rows(10))
    _breaking_first_stream(monkeypatch, len(content) // 3, replace)
    worker.run_import({"logId": log_id}, lambda: 900_000)
    log = service.public(service.get(log_id))
    # The break comes while the first rows are read ahead, before any is written: nothing of either file.
    assert (log["status"], log["rowsDone"], log["rowsImported"], log["message"]) == (
        "failed", 0, 0, "The uploaded file changed or went away while it was imported; upload it again.")
