"""Every row number a person sees names the row's place in the file (1 = the row after the header, as the screen's
hint says), whether rows with the wrong number of cells come before it or not: the rejected rows (GET
Util/feedbacklog), the feedback CSV's row column, the messages naming rows; and the import's counts (rowsTotal,
rowsDone) count those malformed rows too. A tester's 100,000-row file with 514 short rows had its rejected rows
numbered up to 514 too low and was said to hold 99,486 rows."""
from __future__ import annotations

import csv
import io
import uuid

from tests.api.imports_support import (WQP, fresh_project, import_file, killed_mid_file, post_file, raw_get,
                                       run_worker)

HEADER = "StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude,StationName"
ZH = {"Accept-Language": "zh-CN"}


def _row(day: int, value: str = "7.1", station: str = "ROWS-1") -> str:
    return f"{station},2024-03-{day:02d},10:00,UTC,pH,{value},std units,40.1,-75.2,Row numbers creek"


def _path(org: str, project: str, tail: str = "") -> str:
    return f"/organization/{org}/projects/{project}{tail}"


def _feedback(admin, log: dict) -> list[list[str]]:
    body = raw_get(admin, f"/Util/feedback/{log['feedbackFileId']}").body.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(body)))


def _rejected(admin, log: dict) -> list[dict]:
    return admin.get(f"/Util/feedbacklog/{log['logId']}?limit=1000").json["data"]


# ---------------------------------------------------------------- rows after malformed rows


MIXED = [
    _row(1),                          # row 1
    "ROWS-1,2024-03-02,10:00",        # row 2: short
    _row(3),                          # row 3
    _row(4) + ",an extra cell",       # row 4: long
    _row(5, "abc"),                   # row 5: not a number
    _row(6),                          # row 6
    "ROWS-1,2024-03-07",              # row 7: short
    _row(8).replace("2024-03-08", "2024-13-08"),  # row 8: no such month
    _row(6),                          # row 9: repeats row 6
    _row(10),                         # row 10
]


def test_rejected_rows_keep_their_number_in_the_file_after_malformed_rows(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    content = (HEADER + "\n" + "\n\n".join(MIXED[:3]) + "\n" + "\n".join(MIXED[3:]) + "\n").encode()  # blank lines
    log = import_file(api, org, project, content, "mixed.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 4, 6), log
    # Counted as rows of the file: the malformed ones too.
    assert (log["rowsTotal"], log["rowsDone"]) == (10, 10)
    rejected = _rejected(admin, log)
    assert [(r["row"], r["column"]) for r in rejected] == [(2, None), (4, None), (5, "Value"), (7, None),
                                                          (8, "Date"), (9, None)]
    assert rejected[5]["message"].startswith("Repeats row 6:"), rejected[5]
    table = _feedback(admin, log)
    assert table[0] == HEADER.split(",") + ["row", "message"]
    assert [(row[-2], row[1]) for row in table[1:]] == [
        ("2", "2024-03-02"), ("4", "2024-03-04"), ("5", "2024-03-05"), ("7", "2024-03-07"), ("8", "2024-13-08"),
        ("9", "2024-03-06")]
    assert table[-1][-1].startswith("Repeats row 6:")


def test_a_station_whose_location_is_on_a_rejected_row_names_that_row_by_its_number_in_the_file(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    rows = ["ROWS-1,2024-03-01", _row(2, "abc", "NEW-1"), _row(3, station="NEW-1").replace("40.1,-75.2", ",")]
    log = import_file(api, org, project, (HEADER + "\n" + "\n".join(rows) + "\n").encode(), "located.csv")
    assert (log["status"], log["rowsRejected"], log["rowsTotal"]) == ("failed", 3, 3), log
    third = next(r for r in _rejected(admin, log) if r["row"] == 3)
    assert "its location is given on row 2, which was rejected" in third["message"], third


# ---------------------------------------------------------------- a file cut off in its last row


def test_a_last_row_cut_off_says_the_file_seems_incomplete_and_is_counted(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    rows = [_row(1), "ROWS-1,2024-03-02,10:00", _row(3), _row(4)[:30]]  # the last one cut, no newline after it
    log = import_file(api, org, project, (HEADER + "\n" + "\n".join(rows)).encode(), "cut.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 2), log
    assert (log["rowsTotal"], log["rowsDone"]) == (4, 4)
    rejected = _rejected(admin, log)
    assert [r["row"] for r in rejected] == [2, 4]
    # Only the last row is said to be cut off; the short row before it has the usual message.
    assert rejected[0]["message"].startswith("A row has 3 cells where the header has 10:")
    assert rejected[1]["message"] == ("The file seems to end in the middle of this row (it has 5 cells where the "
                                      "header has 10): the file may be incomplete; upload it again.")
    chinese = admin.get(f"/Util/feedbacklog/{log['logId']}", headers=ZH).json["data"]
    assert chinese[1]["message"] == "文件似乎在此行中间结束（此行有 5 个单元格，而表头有 10 列）：文件可能不完整，请重新上传。"
    assert [row[-2] for row in _feedback(admin, log)[1:]] == ["2", "4"]


def test_a_short_last_row_ending_with_a_newline_is_not_said_to_be_cut_off(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log = import_file(api, org, project, (HEADER + "\n" + _row(1) + "\nROWS-1,2024-03-02\n").encode(), "short.csv")
    (rejected,) = _rejected(admin, log)
    assert (rejected["row"], log["rowsTotal"]) == (2, 2)
    assert rejected["message"].startswith("A row has 2 cells where the header has 10:")


# ---------------------------------------------------------------- a station file's history


def test_a_queued_station_file_is_known_as_one_so_its_history_counts_stations(api):
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    org, project = fresh_project(api)
    admin = api.as_("admin")
    content = (WQP / "wqp_sites.csv").read_bytes()
    # The form, and an upload queued by its key (as the screen does).
    queued = [post_file(admin, org, project, content, "sites.csv").json["logId"]]
    key = f"uploads/{org}/{project}/{uuid.uuid4()}/sites.csv"
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=content)
    queued.append(admin.post(_path(org, project, "/import-data"), {"uploadKey": key}).json["logId"])
    history = {log["logId"]: log for log in admin.get(_path(org, project, "/import-history")).json}
    assert [(history[i]["status"], history[i]["format"], history[i]["detectedFormat"]) for i in queued] == [
        ("queued", "auto", "wqp-station")] * 2
    latest = {log["logId"]: log for log in admin.get(f"/organization/{org}/import-history").json}
    assert [latest[i]["detectedFormat"] for i in queued] == ["wqp-station"] * 2
    # Cancelled before it started (it never reaches the worker): still a station file.
    cancelled = admin.delete(_path(org, project, f"/queued-import/{queued[1]}"))
    assert cancelled.status_code == 200, cancelled.json
    assert admin.get(_path(org, project, f"/queued-import/{queued[1]}")).json["detectedFormat"] == "wqp-station"
    log = run_worker(api=admin, path=_path(org, project, f"/queued-import/{queued[0]}"))
    assert (log["status"], log["detectedFormat"], log["rowsImported"], log["rowsTotal"]) == (
        "succeeded", "wqp-station", 5, 5)
    # A results file is known as one too; a file whose header names no format is left to the worker.
    results = post_file(admin, org, project, (HEADER + "\n" + _row(1) + "\n").encode(), "results.csv").json["logId"]
    unknown = post_file(admin, org, project, b"a,b\n1,2\n", "unknown.csv").json["logId"]
    history = {log["logId"]: log for log in admin.get(_path(org, project, "/import-history")).json}
    assert (history[results]["detectedFormat"], history[unknown].get("detectedFormat")) == ("template", None)


# ---------------------------------------------------------------- a resume after malformed rows

ROWS = 300
KILL_AFTER_ROWS = 120
# The killed worker reads blocks of 100 rows, so that the file's malformed rows come in several blocks, before the
# checkpoint and after it.
BLOCKS_OF_100 = "from chalicelib.imports import reader\nreader.blocks.__defaults__ = (100,)"


def _resume_file() -> tuple[bytes, list[int]]:
    """A file of ROWS rows, with short rows, long rows and rejected values, and the numbers of the rejected rows."""
    lines, rejected = [HEADER], []
    for row in range(1, ROWS + 1):
        day = f"2010-{1 + row % 12:02d}-{1 + row % 28:02d}"
        line = (f"RESUME-{row % 5},{day},{row % 24:02d}:{row % 60:02d},UTC,Resume parameter {row % 3},"
                f"{row % 97 / 10},mg/L,40.{row % 5},-75.{row % 5},Resume site {row % 5}")
        if row % 23 == 0:
            line = ",".join(line.split(",")[:4])  # short
        elif row % 37 == 0:
            line += ",extra"  # long
        elif row % 31 == 0:
            line = line.replace(f",{row % 97 / 10},", ",n/a,")  # not a number
        else:
            lines.append(line)
            continue
        lines.append(line)
        rejected.append(row)
    return ("\n".join(lines) + "\n").encode(), rejected


def test_a_killed_worker_resumes_after_malformed_rows_and_numbers_every_row_as_in_the_file(api, monkeypatch):
    from chalicelib.imports import reader

    content, expected = _resume_file()
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log_id = post_file(admin, org, project, content, "resume.csv").json["logId"]
    path = _path(org, project, f"/queued-import/{log_id}")
    killed, _ = killed_mid_file(admin, path, log_id, KILL_AFTER_ROWS, setup=BLOCKS_OF_100)
    assert killed["status"] == "running" and KILL_AFTER_ROWS <= killed["rowsDone"] < ROWS
    assert any(row < killed["rowsDone"] for row in expected if row % 23 == 0 or row % 37 == 0)
    monkeypatch.setattr(reader.blocks, "__defaults__", (100,))  # the resuming worker reads the same blocks
    resumed = run_worker(api=admin, path=path, timeout=120)
    monkeypatch.undo()

    clean_org, clean_project = fresh_project(api)
    clean = import_file(api, clean_org, clean_project, content, "resume.csv")
    counted = ("status", "rowsTotal", "rowsDone", "rowsImported", "rowsRejected", "rowsUnchanged", "stationsCreated")
    assert {k: resumed[k] for k in counted} == {k: clean[k] for k in counted}
    assert (resumed["rowsTotal"], resumed["rowsDone"]) == (ROWS, ROWS)
    assert resumed["rowsRejected"] == len(expected)
    assert resumed["rowsImported"] == ROWS - len(expected)
    rejected = admin.get(f"/Util/feedbacklog/{log_id}?limit=1000").json
    assert rejected["total"] == len(expected)  # each rejected row once, however often its chunk ran
    assert sorted(r["row"] for r in rejected["data"]) == expected
    table = _feedback(admin, resumed)
    assert sorted(int(row[-2]) for row in table[1:]) == expected
    # Each row of the feedback file is the file's row of that number (its date and time say which).
    lines = content.decode().split("\n")
    for row in table[1:]:
        assert lines[int(row[-2])].split(",")[:3] == row[:3], row


def test_a_large_compressed_file_is_known_by_its_header_while_queued(api):
    """A .gz or .zip larger than the bytes read when it is queued is unpacked as far as they go (a gzip stream, a
    zip's first member), so its history names what it imports before the worker starts, as for a plain file."""
    import gzip
    import os
    import zipfile

    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.imports.service import HEAD_BYTES

    org, project = fresh_project(api)
    admin = api.as_("admin")
    text = ("StationIdentifier,Date,Parameter,Value,Comment\n" + "".join(
        f"ZIP-1,2024-01-{1 + i % 28:02d},pH,7.{i % 10},{os.urandom(12).hex()}\n" for i in range(12_000))).encode()
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("export/results.csv", text)
    files = {"results.csv.gz": gzip.compress(text), "results.zip": packed.getvalue()}
    queued = {}
    for name, content in files.items():
        assert len(content) > HEAD_BYTES
        key = f"uploads/{org}/{project}/{uuid.uuid4()}/{name}"
        aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=content)
        queued[name] = admin.post(_path(org, project, "/import-data"), {"uploadKey": key, "dryRun": True}).json["logId"]
    history = {log["logId"]: log for log in admin.get(_path(org, project, "/import-history")).json}
    assert {name: (history[log]["status"], history[log]["detectedFormat"]) for name, log in queued.items()} == {
        name: ("queued", "template") for name in files}
