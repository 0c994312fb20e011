"""What an import tells a person comes in Simplified Chinese when the screen asks for it: the reasons the
checks give rejected rows and the problems that stop a file, as the code writes them today (so a message
changed in the code without its translation fails here)."""
from __future__ import annotations

import io
import re
import zipfile

import pytest

from chalicelib.core.messages import localize
from chalicelib.imports import formats, reader, source, validate

ZH = "zh-CN,zh;q=0.9"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
RULES = validate.Rules(units=frozenset({"mg/L", "std units"}), time_zones={"UTC": 0, "EST": -5},
                       activity_types={"Field Msr/Obs": (False, True), "Sample-Routine": (True, True)})
HEADER = "StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,ActivityType,DetectionCondition,Comment\n"
BAD_ROWS = [
    ",2024-01-01,,,pH,7,std units,,,",  # no station
    "S1,2024-02-30,,,pH,7,std units,,,",  # no such date
    "S1,2024-01-02,25:00,,pH,7,std units,,,",  # no such time
    "S1,2024-01-03,,XYZ,pH,7,std units,,,",  # unknown time zone
    "S1,2024-01-04,,,pH,abc,std units,,,",  # not a number
    "S1,2024-01-04,,,pH,<0.5,std units,,,",  # a detection limit written into the value
    "S1,2024-01-04,,,pH,\"7,5\",std units,,,",  # a decimal comma
    "S1,2024-01-04,,,pH,=1+1,std units,,,",  # a formula for a value
    "S1,1700-01-01,,,pH,7,std units,,,",  # a year out of range
    "S1,01.02.2024,,,pH,7,std units,,,",  # a date of another form
    "S1,2024-13-02,,,pH,7,std units,,,",  # no such month
    "S1,2024-01-05,,,pH,,std units,,,",  # no value, no detection condition
    "S1,2024-01-06,,,pH,7,furlongs,,,",  # unknown unit
    "S1,2024-01-07,,,pH,7,std units,Guesswork,,",  # unknown activity type
    "S1,2024-01-08,,,pH,7,std units,Sample-Routine,,",  # needs an analytical method
    "S1,2024-01-09,,,pH,7,std units,,,=HYPERLINK(\"x\")",  # a formula
    "S1,2024-01-10,,,pH,7,std units,,," + "x" * 501,  # too long
    "S1,2024-01-11,,,pH,7,std units,,,",
    "S1,2024-01-11,,,pH,7,std units,,,",  # repeats the row before
    "S1,2024-01-12,,,pH\x01,7,std units,,,",  # a control character in a name
    "S1,2024-01-13,,,pH,7,std units,,,bell\x07",  # a control character in free text (other than a tab or line break)
]


def _file_problem(data: bytes) -> str:
    with pytest.raises((source.FileError, formats.FormatError)) as raised:
        text = source.open_text(io.BytesIO(data))
        formats.detect(text.header)
        for chunk in reader.chunks(text, 1000):
            if chunk.error is not None:
                raise chunk.error
    return str(raised.value)


def _two_files() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.csv", HEADER)
        archive.writestr("b.csv", HEADER)
    return buffer.getvalue()


def test_every_reason_the_checks_give_a_rejected_row_reads_in_chinese():
    text = source.open_text(io.BytesIO((HEADER + "\n".join(BAD_ROWS) + "\n").encode()))
    layout = formats.detect(text.header)
    (chunk,) = list(reader.chunks(text, 1000))
    checked = validate.check_results(chunk.table, layout, text.header, RULES, first_row=1, seen=validate.Seen())
    reasons = sorted({r.message for r in checked.rejections})
    assert len(reasons) == 20  # one per kind of problem in BAD_ROWS
    untranslated = [m for m in reasons if not CHINESE.search(localize(m, ZH))]
    assert not untranslated
    assert localize("StationIdentifier is empty: every value needs its station.", ZH) == "StationIdentifier 为空：每个数值都需要其站点。"
    assert localize(f"{HEADER.split(',')[0]} is empty: every value needs its station.", "en") == \
        "StationIdentifier is empty: every value needs its station."


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01\x02binary", _two_files(), b"Station;Day;Reading\nA;2024-01-01;7\n",
    b"OnlyOneColumn\nx\n", b"Station,Station\nA,B\n",
], ids=["empty", "binary", "two files in a zip", "no format", "one column", "a column twice"])
def test_what_stops_a_file_reads_in_chinese(data):
    problem = _file_problem(data)
    assert CHINESE.search(localize(problem, ZH)), problem


def test_a_message_inside_a_message_is_translated_too():
    assert localize("Stopped after row 1000: A quoted cell after row 1000 is never closed; check the quotes of the "
                    "file.", ZH) == "在第 1000 行之后停止：第 1000 行之后有一个带引号的单元格未闭合，请检查文件中的引号。"
    assert localize("Dry run: nothing was written. 2 rows were rejected (see the rejected rows); the others were "
                    "imported.", ZH) == "仅检查：未写入任何数据。2 行被拒绝（见被拒绝的行）；其余各行已导入。"
    assert localize("Dry run: nothing was written. 1 row was rejected (see the rejected rows); the others can be "
                    "imported.", ZH) == "仅检查：未写入任何数据。1 行被拒绝（见被拒绝的行）；其余各行可以导入。"
    assert localize("No row could be imported: the only row was rejected (see the rejected rows).", ZH) == (
        "没有可导入的行：唯一的一行被拒绝（见被拒绝的行）。")


def test_the_notice_of_times_without_a_time_zone_reads_in_chinese_before_and_after_other_sentences():
    from chalicelib.imports.worker import rejected_message, without_zone_message

    for dry_run in (False, True):
        for count in (1, 1234):
            notice = without_zone_message(count, "ActivityStartTime/TimeZoneCode", dry_run)
            for message in (notice, f"{notice} {rejected_message(2, 0, dry_run)}",
                            "3 values are outside the plausible range of their parameter (rows 1, 2, 3): check them. "
                            f"{notice}", f"Dry run: nothing was written. {notice}"):
                chinese = localize(message, ZH)
                assert "没有时区" in chinese and "ActivityStartTime/TimeZoneCode" in chinese, chinese
                english_left = re.search(r"[a-z]{3,} [a-z]{3,}", chinese.replace("ActivityStartTime/TimeZoneCode", ""))
                assert not english_left, chinese
    assert localize(without_zone_message(1234, "TimeZone", False), ZH) == (
        "1,234 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值，在 TimeZone 中给出时区后重新导入。")


def test_a_time_series_files_reasons_and_problems_read_in_chinese():
    from chalicelib.timeseries import formats as series_formats

    rows = ["Station,Parameter,Time,Value,TimeZone",
            "S1,,2024-05-01T00:00:00Z,1,",  # no parameter
            "S1,pH,2024-05-01T00:00:00Z",  # a cell short
            ",pH,2024-05-01T00:00:00Z,1,",  # no station
            "S1,pH,2024-05-01T00:00:00,1,Mars/Olympus",  # unknown zone
            "S1,pH,,1,",  # no time
            "S1,pH,yesterday,1,",  # no date and time
            "S1,pH,2024-05-01T00:00:00,1,",  # no zone anywhere
            "S1,pH,2024-05-01T00:00:00Z,abc,",  # not a number
            "S1,pH,9999-12-31T23:00:00-05:00,1,",  # a year out of range
            "S1,p\x00H,2024-05-01T00:00:00Z,1,",  # a control character in the parameter
            "S\x07,pH,2024-05-01T00:00:00Z,1,"]  # and in the station
    parsed = series_formats.read(("\n".join(rows) + "\n").encode(), "ts-long", {})
    reasons = sorted({r["message"] for r in parsed.rejections})
    assert len(reasons) == 11 and "The time is empty." in reasons
    assert not [m for m in reasons if not CHINESE.search(localize(m, ZH))]
    problems = []
    for data, asked in ((b'{"value": {}}', "auto"), (b'{"a": 1}', "ts-long"), (b"a,b\n1,2\n", "usgs-json"),
                        (b"Station,Value\nS1,1\n", "ts-long"), (b"Station,Time\nS1,2024-05-01T00:00:00Z\n", "ts-wide"),
                        (b"Station,Time,Temp\x01 (deg C)\nS1,2024-05-01T00:00:00Z,1\n", "ts-wide")):
        with pytest.raises(series_formats.FileProblem) as raised:
            series_formats.read(data, asked, {})
        problems.append(str(raised.value))
    assert not [m for m in problems if not CHINESE.search(localize(m, ZH))], problems


def test_an_import_formats_name_inside_a_message_is_translated_too():
    from chalicelib.core.messages import localize
    from chalicelib.imports import formats

    for fmt in (formats.WQX2_RESULT, formats.WQX3_RESULT, formats.WQP_STATION, formats.TEMPLATE):
        english = f"The file lacks columns a {fmt.label} file needs: Foo."
        chinese = localize(english, "zh-CN")
        assert chinese.startswith("文件缺少 ") and chinese.endswith("文件所需的列：Foo。"), chinese
        assert fmt.label not in chinese
