"""What a user walking the import screens met, as they see it: a Windows-1252 station profile's names, an
empty file's message, rows with the wrong number of cells in the feedback file, and the feedback file's
encoding and language."""
from __future__ import annotations

import codecs
import csv
import io
import uuid

import requests

from tests.api.imports_support import WQP, fresh_project, import_file, post_file, raw_get, run_worker

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}
EMPTY = "The file is empty. Choose a file with a header row and data rows."
EMPTY_ZH = "文件为空。请选择包含表头行和数据行的文件。"
BOM = codecs.BOM_UTF8
TEMPLATE_HEADER = ["StationIdentifier", "Date", "Time", "TimeZone", "Parameter", "Value", "Unit", "ActivityType",
                   "DetectionCondition", "Comment", "Latitude", "Longitude", "StationName"]


def _path(org, project, tail=""):
    return f"/organization/{org}/projects/{project}{tail}"


def _template_row(date: str, comment: str = "") -> str:
    return f"WALK-1,{date},10:00,EST,pH,7.2,std units,,,{comment},40.1,-75.2,Walk creek"


def _table(body: bytes) -> list[list[str]]:
    assert body.startswith(BOM)
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


# ---------------------------------------------------------------- 1. Windows-1252


def _sites(names: list[str], encoding: str) -> bytes:
    """A station profile (the WQP sites file's columns) of one station per name, encoded as Excel would."""
    lines = (WQP / "wqp_sites.csv").read_text(encoding="utf-8").splitlines()
    header = next(csv.reader([lines[0]]))
    model = next(csv.reader([lines[1]]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for n, name in enumerate(names, 1):
        cells = dict(zip(header, model))
        cells.update({"MonitoringLocationIdentifier": f"WALK-{n}", "MonitoringLocationName": name})
        writer.writerow([cells[column] for column in header])
    # "@@" stands for a byte the encoding does not define.
    return out.getvalue().encode(encoding).replace(b"@@", b"\x81")


def _names(api, org, project) -> dict:
    return {s["identifier"]: s["name"] for s in api.get(_path(org, project, "/stations")).json}


def test_a_station_profile_saved_by_excel_on_windows_keeps_its_dashes_and_curly_quotes(api):
    org, project = fresh_project(api)
    content = _sites(["Ruisseau – “Gros” Brook", "Rivière Saint-Jean à Québec", "Étang @@ noir"], "cp1252")
    assert b"Ruisseau \x96 \x93Gros\x94 Brook" in content
    log = import_file(api, org, project, content, "stations.csv")
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["rowsRejected"]) == \
        ("partial", "wqp-station", 2, 1)
    assert _names(api, org, project) == {"WALK-1": "Ruisseau – “Gros” Brook", "WALK-2": "Rivière Saint-Jean à Québec"}
    # A byte Windows-1252 does not define (0x81) is not taken for a character: its row is rejected, as the rows of
    # a file that mixes encodings are.
    admin = api.as_("admin")
    rejected = admin.get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"], r["value"], r["message"]) for r in rejected] == [
        (3, "MonitoringLocationName", "Étang \ufffd noir",
         "MonitoringLocationName holds characters that are not Windows-1252 text (the file mixes encodings); save "
         "the file as UTF-8 and import it again.")]
    assert admin.get(f"/Util/feedbacklog/{log['logId']}", headers=ZH).json["data"][0]["message"] == (
        "MonitoringLocationName 包含非 Windows-1252 文本的字符（文件混用了多种编码），请将文件另存为 UTF-8 后重新导入。")


def test_a_latin_1_station_profile_still_imports(api):
    org, project = fresh_project(api)
    content = _sites(["Rivière Saint-Jean à Québec", "Øresund «nord» ±2 m"], "latin-1")
    log = import_file(api, org, project, content, "stations.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2)
    assert _names(api, org, project) == {"WALK-1": "Rivière Saint-Jean à Québec", "WALK-2": "Øresund «nord» ±2 m"}


# ---------------------------------------------------------------- 2. An empty file


def test_an_empty_file_is_answered_with_what_to_choose_instead(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    uploads = _path(org, project, "/import-uploads")
    response = admin.post(uploads, {"fileName": "empty.csv", "size": 0})
    assert (response.status_code, response.json["message"]) == (400, EMPTY)
    response = admin.post(uploads, {"fileName": "empty.csv", "size": 0}, headers=ZH)
    assert (response.status_code, response.json["message"]) == (400, EMPTY_ZH)
    for size in (-1, "12", 1.5, True):  # sizes no file has keep the technical message
        response = admin.post(uploads, {"fileName": "x.csv", "size": size})
        assert (response.status_code, response.json["message"]) == (
            400, "Invalid size. A positive number of bytes expected"), size
    # The file in the form itself.
    response = post_file(admin, org, project, b"", "empty.csv")
    assert (response.status_code, response.json["message"]) == (400, EMPTY)
    assert admin.get(_path(org, project, "/import-history")).json == []  # nothing was queued


def test_an_empty_uploaded_object_ends_the_import_with_the_same_message(api):
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    org, project = fresh_project(api)
    admin = api.as_("admin")
    for n, content in enumerate((b"", BOM, b"\r\n\r\n")):
        key = f"uploads/{org}/{project}/{uuid.uuid4()}/empty-{n}.csv"
        aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=content)
        queued = admin.post(_path(org, project, "/import-data"), {"uploadKey": key})
        assert queued.status_code == 202, queued.json
        path = _path(org, project, f"/queued-import/{queued.json['logId']}")
        log = run_worker(api=admin, path=path)
        assert (log["status"], log["message"]) == ("failed", EMPTY), content
        assert admin.get(path, headers=ZH).json["message"] == EMPTY_ZH


# ---------------------------------------------------------------- 3. Rows with the wrong number of cells


def _malformed_file() -> bytes:
    rows = [_template_row("2024-05-01"),
            _template_row("2024-13-45"),  # row 2: no such date
            _template_row("2024-05-03", "Low flow, ice"),  # row 3: an unquoted comma, a cell too many
            "WALK-1,2024-05-04,10:00",  # row 4: ten cells short
            '"WALK-1","2024-05-05","10:00","EST","pH","7.0","std units","","","two\r\nlines","40.1","-75.2"',  # row 5
            _template_row("2024-05-06")]
    return (",".join(TEMPLATE_HEADER) + "\r\n" + "\r\n".join(rows) + "\r\n").encode()


def test_a_row_with_the_wrong_number_of_cells_has_its_number_and_its_cells_in_the_feedback_file(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log = import_file(api, org, project, _malformed_file(), "walk.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 4)
    rejected = admin.get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"]) for r in rejected] == [(2, "Date"), (3, None), (4, None), (5, None)]
    assert rejected[1]["message"] == (
        "A row has 14 cells where the header has 13: 'WALK-1,2024-05-03,10:00,EST,pH,7.2,std units,,,Low flow, "
        "ice,40.1,-75.2,Walk creek'. Check its delimiters and quotes.")
    table = _table(raw_get(admin, f"/Util/feedback/{log['feedbackFileId']}").body)
    assert table[0] == TEMPLATE_HEADER + ["row", "message"]
    rows = {row[1]: row for row in table[1:]}
    assert list(rows) == ["2024-13-45", "2024-05-03", "2024-05-04", "2024-05-05"]
    # Cells under the header's columns; the extra one joined into the last column, nothing lost (a cell that
    # starts like a formula, as "-75.2,Walk..." does, gets its apostrophe as every cell of the file does).
    assert rows["2024-05-03"][:13] == ["WALK-1", "2024-05-03", "10:00", "EST", "pH", "7.2", "std units", "", "",
                                       "Low flow", " ice", "40.1", "'-75.2,Walk creek"]
    # Missing cells empty.
    assert rows["2024-05-04"][:13] == ["WALK-1", "2024-05-04", "10:00"] + [""] * 10
    # Quotes read as the file's: the quoted newline stays in its cell.
    assert rows["2024-05-05"][:13] == ["WALK-1", "2024-05-05", "10:00", "EST", "pH", "7.0", "std units", "", "",
                                       "two\r\nlines", "40.1", "-75.2", ""]
    # Each row says which it is (the malformed ones too, by their number in the file).
    assert [rows[day][13] for day in rows] == ["2", "3", "4", "5"]
    assert rows["2024-05-04"][14] == ("A row has 3 cells where the header has 13: 'WALK-1,2024-05-04,10:00'. Check its "
                                      "delimiters and quotes.")


def test_a_fixed_feedback_file_imports_again(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log = import_file(api, org, project, _malformed_file(), "walk.csv")
    body = raw_get(admin, f"/Util/feedback/{log['feedbackFileId']}", ).body
    table = _table(body)
    fixed = {"2024-13-45": "2024-05-02"}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table[0])  # the message column stays: the importer ignores it
    for row in table[1:]:
        row = row[:13] + row[13:]
        row[1] = fixed.get(row[1], row[1])
        if row[1] == "2024-05-03":  # the comment's comma, put back into its cell
            row[9:13] = ["Low flow, ice", "40.1", "-75.2", "Walk creek"]
        if row[1] == "2024-05-04":
            row[3:13] = ["EST", "pH", "7.4", "std units", "", "", "", "40.1", "-75.2", "Walk creek"]
        if row[1] == "2024-05-05":
            row[12] = "Walk creek"
        writer.writerow(row)
    again = import_file(api, org, project, BOM + out.getvalue().encode("utf-8"), "walk-rejected-rows.csv")
    assert (again["status"], again["rowsImported"], again["rowsRejected"]) == ("succeeded", 4, 0), again
    station = next(s for s in api.get(_path(org, project, "/stations")).json if s["identifier"] == "WALK-1")
    assert station["sampleCount"] == 6


# ---------------------------------------------------------------- 4. The feedback file's encoding and language


def _rejecting_import(api) -> dict:
    org, project = fresh_project(api)
    content = (",".join(TEMPLATE_HEADER) + "\n" + "\n".join([
        _template_row("2024-05-01", "Café «crème»"), _template_row("2024-05-02", "Café «crème»").replace("7.2", "abc"),
        "WALK-1,2024-05-03"]) + "\n").encode()
    log = import_file(api, org, project, content, "langs.csv")
    assert (log["status"], log["rowsRejected"]) == ("partial", 2)
    return log


ENGLISH = ["Value 'abc' is not a number; a result such as ND needs a detection condition (DetectionCondition).",
           "A row has 2 cells where the header has 13: 'WALK-1,2024-05-03'. Check its delimiters and quotes."]
CHINESE = ["Value“abc”不是数字；ND 之类的结果需要检测条件（DetectionCondition）。",
           "某行有 2 个单元格，而表头有 13 列：“WALK-1,2024-05-03”。请检查其分隔符和引号。"]


def test_the_feedback_file_has_a_byte_order_mark_and_its_messages_in_the_language_asked_for(api):
    log = _rejecting_import(api)
    admin = api.as_("admin")
    path = f"/Util/feedback/{log['feedbackFileId']}"

    def messages(tail: str = "", headers: dict | None = None) -> list[str]:
        response = admin.client.http.request("GET", f"/api/v1{path}{tail}", headers={**admin.headers(),
                                                                                     **(headers or {})})
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
        assert "Accept-Language" in response.headers.get("Vary", "")
        table = _table(response.body)
        assert table[1][9] == "Café «crème»"  # the file's text as it was, non-ASCII included
        # The two columns the feedback adds are named in the file's language.
        chinese = any("\u4e00" <= ch <= "\u9fff" for row in table[1:] for ch in row[-1])
        assert table[0][-2:] == (["行", "问题"] if chinese else ["row", "message"])
        return [row[-1] for row in table[1:]]

    assert messages() == ENGLISH
    assert messages(headers=ZH) == CHINESE
    assert messages("?lang=zh-CN") == CHINESE  # a plain link names the language itself
    assert messages("?lang=en", headers=ZH) == ENGLISH  # and it wins over the browser's
    assert messages("?lang=fr") == ENGLISH  # no translation: English, as for Accept-Language


def test_a_large_feedback_file_redirects_to_its_object_in_the_language_asked_for(api, monkeypatch):
    from chalicelib.imports import service

    log = _rejecting_import(api)
    admin = api.as_("admin")
    monkeypatch.setattr(service, "INLINE_FEEDBACK_BYTES", 10)
    locations = {}
    for name, headers in (("en", {}), ("zh", ZH)):
        response = raw_get_with(admin, f"/Util/feedback/{log['feedbackFileId']}", headers)
        assert response.status_code == 303
        locations[name] = response.headers["Location"]
        download = requests.get(locations[name], timeout=10)
        assert download.status_code == 200
        assert [row[-1] for row in _table(download.content)[1:]] == (CHINESE if name == "zh" else ENGLISH)
    assert "feedback.zh-CN.csv" in locations["zh"] and "feedback.csv" in locations["en"]


def test_a_feedback_file_written_before_the_languages_is_answered_in_english_with_a_byte_order_mark(api):
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.imports.storage import Storage

    log = _rejecting_import(api)
    storage, bucket = Storage(log["logId"]), get_settings().uploads_bucket
    old = ",".join(TEMPLATE_HEADER + ["message"]) + "\r\n,,,,,,,,,,,,," + ENGLISH[0] + "\r\n"
    aws.client("s3").put_object(Bucket=bucket, Key=storage.feedback_key(), Body=old.encode())
    aws.client("s3").delete_object(Bucket=bucket, Key=storage.feedback_key("zh-CN"))
    response = raw_get_with(api.as_("admin"), f"/Util/feedback/{log['feedbackFileId']}", ZH)
    assert response.status_code == 200
    assert response.body == BOM + old.encode()


def test_the_language_of_the_feedback_file_is_documented(api):
    operation = api.get("/openapi.json").json["paths"]["/api/v1/Util/feedback/{fileId}"]["get"]
    lang = next(p for p in operation["parameters"] if p["name"] == "lang")
    assert lang["in"] == "query" and lang["required"] is False and lang["schema"] == {"type": "string"}
    assert "zh-CN" in lang["description"] and "Accept-Language" in lang["description"]
    assert "byte-order mark" in operation["description"]


def raw_get_with(api, path: str, headers: dict):
    return api.client.http.request("GET", f"/api/v1{path}", headers={**api.headers(), **headers})


def test_a_header_cell_that_is_a_formula_comes_back_harmless_in_the_feedback_file(api):
    """Security walk, 2026-11-27: the data cells were neutralised, the header's were not."""
    org, project = fresh_project(api)
    admin = api.as_("admin")
    formula = '=HYPERLINK("http://evil.example/","Click for details")'
    header = ",".join(TEMPLATE_HEADER) + ',"' + formula.replace('"', '""') + '"'
    content = "\n".join([header, _template_row("2024-13-45") + ",x", _template_row("2024-05-02") + ",y"]) + "\n"
    log = import_file(api, org, project, content.encode(), "formula-header.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 1, 1)
    for headers in ({}, ZH):
        table = _table(raw_get(admin, f"/Util/feedback/{log['feedbackFileId']}" + ("?lang=zh-CN" if headers else "")).body)
        assert table[0][:14] == TEMPLATE_HEADER + ["'" + formula]


def test_a_portal_result_file_of_unknown_stations_says_to_import_their_station_file_first(api):
    # A walk: a WQX 2 result profile has no location columns, yet its unknown stations were told to give their
    # location in LatitudeMeasure and LongitudeMeasure.
    org, project = fresh_project(api)
    content = ("OrganizationIdentifier,ActivityIdentifier,ActivityTypeCode,ActivityMediaName,ActivityStartDate,"
               "ActivityStartTime/Time,ActivityStartTime/TimeZoneCode,MonitoringLocationIdentifier,CharacteristicName,"
               "ResultMeasureValue,ResultMeasure/MeasureUnitCode\n"
               "WALK_ORG,WALK-ACT-1,Field Msr/Obs,Water,2011-06-01,10:00:00,CDT,WALK-NEW-1,pH,7.2,std units\n").encode()
    log = import_file(api, org, project, content, "results.csv")
    assert (log["status"], log["format"] if log["format"] != "auto" else log.get("detectedFormat")) == (
        "failed", "wqp-result"), log
    said = "Unknown station 'WALK-NEW-1': import its station first (a station file, such as the Water Quality " \
           "Portal's Station profile), or add LatitudeMeasure and LongitudeMeasure columns with its location."
    assert [r["message"] for r in api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]] == [said]
    assert [r["message"] for r in api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers=ZH).json["data"]] == [
        "未知站点“WALK-NEW-1”：请先导入其站点（站点文件，例如水质门户的 Station 数据），或添加 LatitudeMeasure 和 "
        "LongitudeMeasure 列并给出其位置。"]


def test_a_one_row_file_imported_again_says_its_row_was_already_stored(api):
    org, project = fresh_project(api)
    content = (",".join(TEMPLATE_HEADER) + "\n" + _template_row("2024-05-01") + "\n").encode()
    assert import_file(api, org, project, content)["rowsImported"] == 1
    again = import_file(api, org, project, content)
    assert (again["status"], again["rowsUnchanged"], again["message"]) == (
        "succeeded", 1, "Nothing changed: the only row was already stored as the file gives it.")
