"""More than a hundred malformed files: each import ends `failed` with a message a person understands, or
`partial` with a reason for every rejected row; the worker never crashes and nothing outside the project
changes. The files run through the worker in-process against the AWS stand-in (the same code the queue
calls); a handful also through the whole HTTP + queue path."""
from __future__ import annotations

import codecs
import gzip
import io
import os
import uuid
import zipfile

import pytest

from tests.api.imports_support import WQP, fresh_project, import_file

TEMPLATE_HEADER = "StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,ActivityType,DetectionCondition,Comment," \
                  "Latitude,Longitude,StationName"
GOOD_ROW = "MAL-1,2024-05-01,10:00,EST,pH,7.2,std units,,,,40.1,-75.2,Malformed creek"
WQX2_HEADER = (WQP / "wqp_results.csv").read_text(encoding="utf-8").splitlines()[0]
WQX3_HEADER = (WQP / "wqp3_results.csv").read_text(encoding="utf-8").splitlines()[0]
SITES_HEADER = (WQP / "wqp_sites.csv").read_text(encoding="utf-8").splitlines()[0]

FAILED, PARTIAL = "failed", "partial"
EMPTY = "The file is empty."
HEADER_ONLY = "The file has a header but no rows."
BINARY = "The file holds binary data (or UTF-16 text), not CSV text"
NO_FORMAT = "The columns of the file match no format this product imports"
ZIP_BOMB = "it looks like a zip bomb, so it is not imported."


def template(*rows: str, header: str = TEMPLATE_HEADER) -> bytes:
    return ("\n".join([header, *rows]) + "\n").encode("utf-8")


def row(**changes) -> str:
    """The good template row with some cells changed (by column name)."""
    names = TEMPLATE_HEADER.split(",")
    cells = dict(zip(names, GOOD_ROW.split(",")))
    cells.update(changes)
    return ",".join(cells[n] for n in names)


def zipped(members: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _cases() -> list[tuple[str, bytes, str, str]]:
    """(name, file, expected status, text the message or a rejection reason holds)."""
    cases = [
        ("empty", b"", FAILED, EMPTY),
        ("blank lines", b"\n\n\r\n", FAILED, EMPTY),
        ("spaces", b"   \t  ", FAILED, EMPTY),
        ("byte order mark only", codecs.BOM_UTF8, FAILED, EMPTY),
        ("empty gzip", gzip.compress(b""), FAILED, EMPTY),
        ("empty first line", b"\n" + template(GOOD_ROW), FAILED,
         "The first line of the file is empty; it must name the columns."),
    ]
    for name, header in (("template", TEMPLATE_HEADER), ("wqx2", WQX2_HEADER), ("wqx3", WQX3_HEADER),
                         ("sites", SITES_HEADER)):
        cases.append((f"{name} header only", (header + "\n").encode(), FAILED, HEADER_ONLY))
        cases.append((f"{name} header only, no newline", header.encode(), FAILED, HEADER_ONLY))
    binary = [b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, b"%PDF-1.7\n\x00\x01\x02binary",
              bytes(range(256)) * 16, "StationIdentifier,Date\n".encode("utf-16"), b"\x00" * 1000,
              b"PK\x03\x04garbage that is no zip", b"\x1f\x8bnot really gzip data"]
    for n, data in enumerate(binary):
        expected = "damaged or incomplete" if data[:2] in (b"PK", b"\x1f\x8b") else BINARY
        cases.append((f"binary {n}", data, FAILED, expected))
    cases += [
        ("random text", b"Dear colleague,\nplease find the data attached.\n", FAILED, NO_FORMAT),
        ("space separated", b"StationIdentifier Date Parameter Value\nA 2024-01-01 pH 7\n", FAILED, "single column"),
        ("html", b"<html><body><table><tr><td>pH</td></tr></table></body></html>\n", FAILED, "single column"),
        ("json", b'[{"station": "A", "value": 7}]\n', FAILED, NO_FORMAT),
        ("header with rows of semicolons", template(row().replace(",", ";"), row().replace(",", ";")), FAILED,
         "cells where the header has 13"),
        ("one row with semicolons", template(GOOD_ROW, row(Date="2024-05-02").replace(",", ";")), PARTIAL,
         "A row has 1 cells where the header has 13"),
        ("duplicate header names", template(GOOD_ROW, header=TEMPLATE_HEADER + ",Value"), FAILED,
         "The header names the column 'Value' twice"),
    ]
    for column in ("StationIdentifier", "Date", "Parameter", "Value"):
        names = TEMPLATE_HEADER.split(",")
        keep = [i for i, n in enumerate(names) if n != column]
        header = ",".join(names[i] for i in keep)
        data = ",".join(GOOD_ROW.split(",")[i] for i in keep)
        cases.append((f"template without {column}", template(data, header=header), FAILED, column))
    for label, header_line in (("wqx2", WQX2_HEADER), ("wqx3", WQX3_HEADER)):
        for column in (("CharacteristicName", "ResultMeasureValue", "ActivityStartDate", "MonitoringLocationIdentifier")
                       if label == "wqx2" else
                       ("Result_Characteristic", "Result_Measure", "Activity_StartDate", "Location_Identifier")):
            names = [n for n in header_line.split(",") if n != column]
            expected = NO_FORMAT if column in ("CharacteristicName", "ResultMeasureValue", "Result_Characteristic",
                                               "Result_Measure") else column
            cases.append((f"{label} without {column}", (",".join(names) + "\n" + ",".join("x" for _ in names)
                                                        + "\n").encode(), FAILED, expected))
    cases += [
        ("extra cells in a row", template(GOOD_ROW, row(Date="2024-05-02") + ",surprise,more"), PARTIAL,
         "A row has 15 cells where the header has 13"),
        ("missing cells in a row", template(GOOD_ROW, "MAL-1,2024-05-02,10:00"), PARTIAL,
         "A row has 3 cells where the header has 13"),
        ("unbalanced quote", template(GOOD_ROW, '"MAL-1,2024-05-02,10:00,EST,pH,7.0,std units,,,,40.1,-75.2,x',
                                      row(Date="2024-05-03")), PARTIAL, "cells where the header has 13"),
        ("unbalanced quote in the header", b'"StationIdentifier,Date,Parameter,Value\nA,2024-01-01,pH,7\n', FAILED,
         "single column"),
        ("a 10 MB single line", b"x" * (10 * 1024 * 1024), FAILED, "The first line is longer than 1 MB"),
        ("a 10 MB row", template(GOOD_ROW) + b"MAL-2," + b"y" * (10 * 1024 * 1024) + b"\n", PARTIAL,
         "is longer than 4 MB"),
        ("a long cell", template(GOOD_ROW, row(Date="2024-05-02", Comment="c" * 600)), PARTIAL,
         "Comment is longer than 500 characters."),
    ]
    for n, bad_date in enumerate(("2024-02-30", "31/12/2024", "yesterday", "2024-13-01", "1799-12-31", "2024.05.01",
                                  "05-01-2024", "2099-01-01", "20240501", "1/1/1")):
        problem = "is more than 2 days in the future" if bad_date.startswith("2099") else "is not a date"
        cases.append((f"bad date {n}", template(GOOD_ROW, row(Date=bad_date)), PARTIAL, f"Date '{bad_date}' {problem}"))
    cases.append(("only bad dates", template(row(Date="soon"), row(Date="later")), FAILED,
                  "No row could be imported: all 2 rows were rejected"))
    for n, bad_time in enumerate(("25:00", "10h30", "10:61", "noon")):
        cases.append((f"bad time {n}", template(GOOD_ROW, row(Date="2024-05-02", Time=bad_time)), PARTIAL,
                      f"Time '{bad_time}' is not a time of day"))
    for n, bad_number in enumerate(("1,5", "abc", "1e999", "NaN", "--5", "7..2", "0x1F", "Infinity")):
        cell = f'"{bad_number}"' if "," in bad_number else bad_number
        cases.append((f"bad number {n}", template(GOOD_ROW, row(Date="2024-05-02", Value=cell)), PARTIAL,
                      f"Value '{bad_number}' is not a number"))
    cases.append(("empty value without detection condition", template(GOOD_ROW, row(Date="2024-05-02", Value="")),
                  PARTIAL, "Value is empty and there is no detection condition"))
    for n, (column, formula) in enumerate((("StationIdentifier", '"=HYPERLINK(""http://evil.example"",""x"")"'),
                                          ("Parameter", "=1+2"), ("Comment", "@SUM(A1:A9)"), ("Comment", "+cmd|' /C calc'!A0"),
                                          ("Parameter", "-2+3+cmd"), ("StationName", "=IMPORTXML(A1)"))):
        shown = formula.strip('"').replace('""', '"')
        cases.append((f"formula cell {n}", template(GOOD_ROW, row(Date="2024-05-02", **{column: formula})), PARTIAL,
                      f"'{shown[:40]}"))
    cases += [
        ("duplicated rows", template(GOOD_ROW, GOOD_ROW), PARTIAL, "Repeats row 1"),
        ("duplicated rows apart", template(GOOD_ROW, row(Date="2024-05-02"), GOOD_ROW), PARTIAL, "Repeats row 1"),
        ("mixed encodings", template(row(Comment="Malm\u00f6 survey"))
         + row(Date="2024-05-02", Comment="Caf\xe9 survey").encode("latin-1") + b"\n", PARTIAL,
         "the file mixes encodings"),
        ("unknown unit", template(GOOD_ROW, row(Date="2024-05-02", Unit="furlongs")), PARTIAL,
         "Unknown unit 'furlongs'"),
        ("unknown time zone", template(GOOD_ROW, row(Date="2024-05-02", TimeZone="Mars")), PARTIAL,
         "Unknown time zone 'Mars'"),
        ("unknown activity type", template(GOOD_ROW, row(Date="2024-05-02", ActivityType="Picnic")), PARTIAL,
         "Unknown activity type 'Picnic'"),
        ("sample without analytical method", template(GOOD_ROW, row(Date="2024-05-02", ActivityType="Sample-Routine")),
         PARTIAL, "Activity type 'Sample-Routine' needs an analytical method"),
        ("empty station", template(GOOD_ROW, row(Date="2024-05-02", StationIdentifier="")), PARTIAL,
         "StationIdentifier is empty: every value needs its station."),
        ("empty parameter", template(GOOD_ROW, row(Date="2024-05-02", Parameter="")), PARTIAL,
         "Parameter is empty: every value needs its parameter."),
        ("empty date", template(GOOD_ROW, row(Date="")), PARTIAL, "Date is empty: every value needs its date."),
        ("unknown station without location", template(GOOD_ROW, row(StationIdentifier="NOWHERE", Latitude="",
                                                                    Longitude="")), PARTIAL,
         "Unknown station 'NOWHERE': create it first, or give its location"),
        ("unknown station with a bad latitude", template(GOOD_ROW, row(StationIdentifier="NORTH", Latitude="91")),
         PARTIAL, "Latitude '91' is not a latitude (a number from -90 to 90)."),
        ("station of another organization", "OTHER", FAILED, "belongs to another organization"),
    ]
    sites = (WQP / "wqp_sites.csv").read_text(encoding="utf-8").splitlines()
    for n, (old, new, expected) in enumerate((("39.20408889000000", "139.2", "is not a latitude"),
                                              ("-74.9507111000000", "-274.9", "is not a longitude"),
                                              ("39.20408889000000", "north", "is not a latitude"),
                                              ("02040206", "2040-206", "is not a hydrologic unit code"))):
        cases.append((f"station profile {n}", ("\n".join(sites[:2] + [sites[1].replace(old, new).replace(
            "USGS-391214074570201", "USGS-BAD")] + sites[2:]) + "\n").encode(), PARTIAL, expected))
    cases.append(("station profile repeated", ("\n".join(sites + sites[1:2]) + "\n").encode(), PARTIAL,
                  "Repeats the station of row 1"))
    bomb = b"0" * (60 * 1024 * 1024)
    cases += [
        ("gzip of zeros", gzip.compress(bomb), FAILED, "The first line is longer than 1 MB"),
        ("gzip bomb", gzip.compress(template(GOOD_ROW) + bomb), FAILED, ZIP_BOMB),
        ("zip bomb", zipped({"data.csv": bomb}), FAILED, ZIP_BOMB),
        ("zip of two files", zipped({"a.csv": template(GOOD_ROW), "b.csv": template(GOOD_ROW)}), FAILED,
         "A zip archive must hold exactly one CSV file; this one holds 2 files."),
        ("empty zip", zipped({}), FAILED, "A zip archive must hold exactly one CSV file; this one holds 0 files."),
        ("truncated gzip", gzip.compress(template(*(row(Date=f"2024-01-{d:02d}") for d in range(1, 29))))[:-30],
         FAILED, "The compressed file is damaged or incomplete"),
        ("truncated zip", zipped({"a.csv": template(GOOD_ROW)})[:-40], FAILED, "damaged or incomplete"),
        ("zip of a header only", zipped({"a.csv": (TEMPLATE_HEADER + "\n").encode()}), FAILED, HEADER_ONLY),
        ("gzip of bad dates", gzip.compress(template(GOOD_ROW, row(Date="never"))), PARTIAL, "Date 'never'"),
    ]
    return cases


CASES = _cases()


def test_there_are_more_than_a_hundred_malformed_files():
    assert len(CASES) >= 100
    assert len({name for name, *_ in CASES}) == len(CASES)


@pytest.fixture(scope="module")
def target(api, demo):
    """A fresh organization and project; the demo organization's station for the cross-organization case."""
    from chalicelib.stations.service import station_id_for

    org, project = fresh_project(api)
    return {"org": org, "project": project, "other_station": station_id_for(demo["org"], "WIDNR_WQX-10032762"),
            "user": demo["users"]["admin"]}


def _stations_elsewhere(organization_id: str) -> dict:
    from chalicelib.stations.models import Station

    return {s.id: (s.updatedAt, s.sampleCount) for s in Station.scan() if s.organizationId != organization_id}


def _run_in_process(target: dict, name: str, content: bytes) -> dict:
    """The worker on one file, in this process, as the queue message would run it."""
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.core.models import utc_now
    from chalicelib.imports import service, worker
    from chalicelib.imports.models import QUEUED, ImportLog

    key = f"uploads/{target['org']}/{target['project']}/{uuid.uuid4()}/malformed.csv"
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=key, Body=content)
    log_id = str(uuid.uuid4())
    ImportLog(id=log_id, logId=log_id, projectId=target["project"], organizationId=target["org"], fileName=name,
              format="auto", status=QUEUED, uploadKey=key, createdBy=target["user"], createdAt=utc_now()).save()
    worker.run_import({"logId": log_id}, lambda: 900_000)
    return service.public(service.get(log_id))


def _reasons(log_id: str) -> list[str]:
    from chalicelib.imports import service

    return [r["message"] for r in service.rejected_rows(service.get(log_id), 1, 1000)["data"]]


def test_each_malformed_file_fails_with_a_message_or_is_partial_with_reasons(api, target):
    before = _stations_elsewhere(target["org"])
    unexpected = []
    for name, content, expected_status, expected_text in CASES:
        if content == "OTHER":
            content = template(row(StationIdentifier=target["other_station"]))
        log = _run_in_process(target, name, content)
        reasons = _reasons(log["logId"])
        said = (log["message"] or "") + " | " + " | ".join(reasons)
        if log["status"] != expected_status or expected_text not in said:
            unexpected.append((name, log["status"], said[:300]))
            continue
        if log["status"] == FAILED:
            assert log["message"], name
        else:  # rows rejected with their reasons, or reading stopped at a problem the message names
            assert (log["rowsRejected"] >= 1 and reasons) or log["message"].startswith("Stopped after row"), name
            assert log["rowsImported"] + log["rowsUnchanged"] >= 1, name
    assert not unexpected, "\n".join(map(str, unexpected))
    assert _stations_elsewhere(target["org"]) == before  # nothing outside the project's organization changed


# An empty file is answered 400 before it is queued (tests/api/test_import_walk_fixes.py); blank lines are queued.
@pytest.mark.parametrize("name", ["blank lines", "binary 0", "bad date 1", "zip bomb", "mixed encodings",
                                  "template without Date"])
def test_malformed_files_through_the_api_and_the_queue(api, target, name):
    from tests.api.imports_support import sqs

    def waiting_for_a_retry() -> int:  # messages received and not deleted (other tests may have left some)
        return int(sqs().get_queue_attributes(QueueUrl=os.environ["IMPORT_QUEUE_URL"], AttributeNames=[
            "ApproximateNumberOfMessagesNotVisible"])["Attributes"]["ApproximateNumberOfMessagesNotVisible"])

    before = waiting_for_a_retry()
    _, content, expected_status, expected_text = next(c for c in CASES if c[0] == name)
    log = import_file(api, target["org"], target["project"], content, "malformed.csv")
    assert log["status"] == expected_status
    said = (log["message"] or "") + " ".join(_reasons(log["logId"]))
    assert expected_text in said
    assert waiting_for_a_retry() <= before  # this file's message was deleted, not left to come back
