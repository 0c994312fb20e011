"""The import file reading and checks without AWS: formats from headers, encodings, delimiters,
compression, dates with the two-digit year pivot 68, numbers, detection conditions, activity types."""
from __future__ import annotations

import codecs
import gzip
import io
import itertools
import random
import re
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

from chalicelib.imports import formats, reader, source, validate

WQP = Path(__file__).resolve().parents[2] / "devtools" / "demo" / "wqp"
RULES = validate.Rules(units=frozenset({"mg/L", "std units", "deg C"}), time_zones={"UTC": 0, "EST": -5, "CDT": -5},
                       activity_types={"Field Msr/Obs": (False, True), "Sample-Routine": (True, True)})


def read(data: bytes, requested: str = "auto", header_map: dict | None = None):
    text = source.open_text(io.BytesIO(data))
    layout = formats.detect(text.header, requested, header_map)
    chunks = list(reader.chunks(text, 1000))
    return text, layout, chunks


def check(data: bytes, **kw) -> validate.Checked:
    text, layout, chunks = read(data, **kw)
    return validate.check_results(chunks[0].table, layout, text.header, RULES, first_row=1, seen=validate.Seen(),
                                  encoding=text.encoding)


@pytest.mark.parametrize("name, key", [("wqp_results.csv", "wqp-result"), ("wqp3_results.csv", "wqx3-result"),
                                       ("wqp_sites.csv", "wqp-station")])
def test_the_wqp_files_are_recognised_by_their_header(name, key):
    _, layout, chunks = read((WQP / name).read_bytes())
    assert layout.format.key == key
    assert chunks[0].table.num_rows == 5


def test_the_two_digit_year_pivot_is_68():
    dates = validate.parse_dates(pa.array(["1/2/68", "1/2/69", "12/31/99", "1/1/00", "2011-05-09", "2024-02-30"]))
    assert [d.isoformat()[:10] if d else None for d in dates.to_pylist()] == [
        "2068-01-02", "1969-01-02", "1999-12-31", "2000-01-01", "2011-05-09", None]


def test_a_non_numeric_result_with_a_detection_condition_is_kept_as_text():
    checked = check(b"StationIdentifier,Date,Parameter,Value,Unit,DetectionCondition\n"
                    b"A,2024-01-01,Nitrate,ND,mg/L,Not Detected\nA,2024-01-02,Nitrate,ND,mg/L,\n")
    assert checked.fields["value"].to_pylist() == ["ND"] and checked.fields["number"].to_pylist() == [None]
    assert [r.message for r in checked.rejections] == [
        "Value 'ND' is not a number; a result such as ND needs a detection condition (DetectionCondition)."]


def test_a_rejected_value_or_date_says_what_to_fix():
    checked = check(b"StationIdentifier,Date,Parameter,Value,Unit\n"
                    b"A,2024-01-01,Nitrate,<0.5,mg/L\nA,2024-01-02,Nitrate,\"12,5\",mg/L\n"
                    b"A,2024-01-03,Nitrate,\"1,234.5\",mg/L\nA,2024-01-04,Nitrate,=HYPERLINK(\"x\"),mg/L\n"
                    b"A,2024-01-05,Nitrate,high,mg/L\nA,2012-02-30,Nitrate,1,mg/L\nA,1700-01-01,Nitrate,1,mg/L\n"
                    b"A,30.1.2012,Nitrate,1,mg/L\nA,2024-13-01,Nitrate,1,mg/L\n")
    assert sorted((r.row, r.message) for r in checked.rejections) == [
        (1, "Value '<0.5' is not a number: for a result beyond a detection limit, write ND (or leave the value "
            "empty) and name the condition, such as Not Detected, in DetectionCondition."),
        (2, "Value '12,5' is not a number: write it with a decimal point and no thousands separator (1234.5, not "
            "1234,5 or 1,234.5)."),
        (3, "Value '1,234.5' is not a number: write it with a decimal point and no thousands separator (1234.5, not "
            "1234,5 or 1,234.5)."),
        (4, "Value '=HYPERLINK(\"x\")' is a spreadsheet formula, not a number: write the value itself."),
        (5, "Value 'high' is not a number; a result such as ND needs a detection condition (DetectionCondition)."),
        (6, "Date '2012-02-30' is not a date: that month has no such day."),
        (7, "Date '1700-01-01' is not a date this portal takes: the year must be 1800 or later."),
        (8, "Date '30.1.2012' is not a date: " + validate.DATE_HINT + "."),
        (9, "Date '2024-13-01' is not a date: there is no such month (" + validate.DATE_HINT + ")."),
    ]


def test_a_result_dated_more_than_2_days_ahead_is_refused_and_one_2_days_ahead_is_taken():
    today = datetime.now(timezone.utc).date()
    later, latest, slip = today + timedelta(days=3), today + timedelta(days=2), f"6/1/{(today.year + 5) % 100:02d}"
    checked = check(f"StationIdentifier,Date,Parameter,Value\nA,{latest},pH,7\nA,{later},pH,7\nA,{slip},pH,7\n"
                    .encode())
    assert checked.fields["sortTime"].to_pylist() == [f"{latest}T00:00:00Z#A-{latest:%Y%m%d}-FM"]
    ahead = "is more than 2 days in the future: a result is dated when its sample was taken (two-digit years 00-68 " \
            "are 2000-2068)."
    assert [(r.row, r.message) for r in checked.rejections] == [(2, f"Date '{later}' {ahead}"),
                                                               (3, f"Date '{slip}' {ahead}")]


def test_times_and_time_zones_become_one_utc_sort_key_with_the_activity():
    # A template row naming no activity is given its station's at its local date and time (and type: FM).
    checked = check(b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,ActivityIdentifier\n"
                    b"A,2011-05-09,12:20:00,CDT,pH,7,ACT-1\nA,2011-05-09,23:30,EST,pH,7,\n")
    assert checked.fields["sortTime"].to_pylist() == ["2011-05-09T17:20:00Z#ACT-1",
                                                      "2011-05-10T04:30:00Z#A-20110509-2330-FM"]


def test_cells_are_trimmed_of_ascii_and_unicode_spaces_and_dates_repeat_parsed_once_alike():
    checked = check("StationIdentifier,Date,Parameter,Value,Unit\n A ,2024-01-01,\u00a0pH\u2003,7,\tmg/L\n"
                    "B,2024-01-01,pH,8,mg/L\nC,2024-02-30,pH,9,mg/L\n".encode())
    assert checked.fields["station"].to_pylist() == ["A", "B"]
    assert checked.fields["characteristic"].to_pylist() == ["pH", "pH"]
    assert checked.fields["unit"].to_pylist() == ["mg/L", "mg/L"]
    assert checked.fields["sortTime"].to_pylist() == ["2024-01-01T00:00:00Z#A-20240101-FM",
                                                      "2024-01-01T00:00:00Z#B-20240101-FM"]
    assert [r.message for r in checked.rejections] == ["Date '2024-02-30' is not a date: that month has no such day."]


def test_a_row_repeating_one_of_an_earlier_block_is_rejected_whatever_the_length_of_its_texts():
    # Repeat keys hash texts eight bytes at a time (and Python's hash past 256 bytes): short, long, longer.
    text, layout, _ = read(b"StationIdentifier,Date,Parameter,Value,ActivityIdentifier\n")
    seen = validate.Seen()
    activities = ["A", "ACT-2024-000000001", "X" * 300]

    def block(first_row: int, values: list[str]) -> validate.Checked:
        table = pa.table({name: pa.array(column) for name, column in zip(text.raw_header, zip(*[
            ("S-1", "2024-01-01", "pH", value, activity) for activity, value in zip(activities, values)]))})
        return validate.check_results(table, layout, text.header, RULES, first_row=first_row, seen=seen)

    assert len(block(1, ["7", "7", "7"])) == 3
    later = block(4, ["8", "8", "8"])
    assert len(later) == 0
    assert [(r.row, r.message) for r in later.rejections] == [
        (4 + n, f"Repeats row {1 + n}: the same station, parameter, time, activity, fraction and depth.") for n in range(3)]


def test_sample_activities_need_an_analytical_method():
    checked = check(b"StationIdentifier,Date,Parameter,Value,ActivityType\nA,2024-01-01,pH,7,Sample-Routine\n"
                    b"A,2024-01-02,pH,7,Field Msr/Obs\n")
    assert [r.message for r in checked.rejections] == [
        "Activity type 'Sample-Routine' needs an analytical method (AnalyticalMethod)."]


@pytest.mark.parametrize("encode", [
    lambda t: t.encode("utf-8"), lambda t: codecs.BOM_UTF8 + t.encode("utf-8"), lambda t: t.encode("latin-1"),
    lambda t: gzip.compress(t.encode("utf-8")), lambda t: t.replace(",", "\t").encode("utf-8"),
    lambda t: t.replace(",", ";").encode("utf-8")])
def test_encodings_delimiters_and_compression_read_alike(encode):
    text = "StationIdentifier,Date,Parameter,Value,Comment\nA,2024-01-01,pH,7,Café au lait\n"
    checked = check(encode(text))
    assert checked.fields["comment"].to_pylist() == ["Café au lait"]


def test_a_zip_of_one_csv_is_read_and_quoted_newlines_stay_in_their_cell():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("data.csv", 'StationIdentifier,Date,Parameter,Value,Comment\nA,2024-01-01,pH,7,"two\nlines"\n')
    text, _, chunks = read(buffer.getvalue())
    assert text.compression == "zip"
    assert chunks[0].table.column(4).to_pylist() == ["two\nlines"]


def test_the_size_of_the_text_is_known_for_a_plain_file_and_a_zip_and_the_rows_bytes_add_up_to_it():
    csv_text = b"StationIdentifier,Date,Parameter,Value,Comment\n" + b"".join(
        b"A,2024-01-%02d,pH,7.%d,note %d\n" % (1 + n % 28, n % 10, n) for n in range(2500))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data.csv", csv_text)
    for data, size in ((csv_text, len(csv_text)), (codecs.BOM_UTF8 + csv_text, len(csv_text) + 3),
                       (buffer.getvalue(), len(buffer.getvalue()))):
        text = source.open_text(io.BytesIO(data), size=size)
        assert text.size == len(csv_text)  # unpacked, the byte-order mark left out
        header = len(text.delimiter.join(text.raw_header)) + 1
        assert header + sum(reader.text_bytes(chunk) for chunk in reader.chunks(text, 1000)) == len(csv_text)
    packed = gzip.compress(csv_text)
    assert source.open_text(io.BytesIO(packed), size=len(packed)).size is None  # gzip says it at its end only
    assert source.open_text(io.BytesIO(packed), size=len(packed), gzip_tail=lambda: packed[-4:]).size == len(csv_text)


def test_the_header_map_renames_columns_and_melts_parameter_columns():
    checked = check(b"Site,When,Temp (C)\nS1,2024-06-01,18.5\nS1,2024-06-02,\n",
                    header_map={"Site": "station", "When": "date", "Temp (C)": {"parameter": "Temperature, water",
                                                                               "unit": "deg C"}})
    assert checked.fields["characteristic"].to_pylist() == ["Temperature, water"]
    assert checked.fields["number"].to_pylist() == [18.5]


def test_a_header_that_fits_no_format_says_what_is_missing():
    with pytest.raises(formats.FormatError, match="needs these missing columns"):
        read(b"Station,Day,Reading\nA,2024-01-01,7\n")


def test_numbers_are_the_texts_of_the_plain_decimal_form_and_finite():
    # A block of cells made of number bytes only (or empty, or not numbers at all such as "ND") is read with
    # one cast; a block holding a cell such as "1-2" with the regular expression: both must take the same texts.
    form = re.compile(validate._NUMBER, re.ASCII)  # as RE2, which pyarrow runs: \d is 0-9 alone
    texts = ["".join(p) for n in range(1, 5) for p in itertools.product("07.+-eE", repeat=n)]
    shuffled = random.Random(12)
    texts += ["".join(shuffled.choice("0123456789.+-eE") for _ in range(shuffled.randint(5, 12))) for _ in range(3000)]
    texts += ["", "ND", " 7", "7 ", "inf", "-Infinity", "nan", "1e999", "0x1F", "1,5", "\u0663", "+", "."]

    def number(text: str) -> float | None:
        return float(text) if form.match(text) and abs(float(text)) != float("inf") else None

    numbers_only = [t for t in texts if number(t) is not None]
    for block in (texts, numbers_only, numbers_only + ["", "ND", "<0.5"]):
        numbers, numeric = validate.parse_numbers(pa.array(block))
        assert numbers.to_pylist() == [number(t) for t in block]
        assert numeric.to_pylist() == [number(t) is not None for t in block]


def test_the_keys_of_accepted_rows_are_found_again_after_their_table_grows_and_at_colliding_slots():
    seen = validate.Seen(capacity=8)
    known: dict[int, int] = {}
    draw = np.random.default_rng(5)
    row = 1
    for size in (3, 5, 40, 1, 700, 0, 2000):
        # Keys equal modulo the table's size meet at one slot; random ones spread.
        keys = np.unique(np.concatenate((draw.integers(1, 1 << 62, size), np.arange(1, size // 3 + 2) << 12)))
        rows = np.arange(row, row + len(keys))
        earlier = seen.remember(keys, rows)
        assert earlier.tolist() == [known.get(k, 0) for k in keys.tolist()]
        known.update((k, r) for k, r in zip(keys.tolist(), rows.tolist()) if k not in known)
        row += len(keys)
    everything = np.array(list(known), dtype=np.int64)
    assert seen.remember(everything, np.full(len(everything), 10 ** 6)).tolist() == list(known.values())
    assert seen.remember(np.array([2, 3 << 40], dtype=np.int64), np.array([7, 8])).tolist() == [0, 0]
    assert seen.remember(np.array([3 << 40, 2], dtype=np.int64), np.array([9, 9])).tolist() == [8, 7]


@pytest.mark.parametrize("shift", [-2, -1, 0, 1])
def test_a_character_of_two_bytes_across_a_read_of_ascii_text_stays_whole(shift):
    # ASCII reads pass the transcoding untouched; the read holding half of "é" must still be decoded with the next.
    header = b"StationIdentifier,Date,Parameter,Value,Comment\n"
    row = b"A,2024-01-01,pH,7,plain\n"
    filler = header + row * ((source.BLOCK - len(header)) // len(row) - 1)
    special = b"B,2024-01-02,pH,8,"
    gap = source.BLOCK - len(filler) - len(special) - 1 + shift  # "\xc3\xa9" starts at BLOCK - 1 + shift
    text = source.open_text(io.BytesIO(filler + special + b"x" * gap + "é\n".encode() + row * 3))
    (whole,) = reader.chunks(text, 100_000)
    assert whole.table.column(4).to_pylist()[-5:] == ["plain", "x" * gap + "é", "plain", "plain", "plain"]
    assert not text.replaced


def test_a_file_ending_in_half_a_character_ends_with_a_replacement_character():
    data = "StationIdentifier,Date,Parameter,Value,Comment\nA,2024-01-01,pH,7,café".encode()[:-1]
    text = source.open_text(io.BytesIO(data))
    (whole,) = reader.chunks(text, 1000)
    assert whole.table.column(4).to_pylist() == ["caf\ufffd"]
    assert text.replaced
