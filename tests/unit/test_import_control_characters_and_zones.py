"""An import refuses, per row, a name, identifier, code or value holding a control character (NUL, a line break, a
C1 control...), as the API refuses one in a name; a comment may hold tabs and line breaks. A time of day given
without a time zone is taken, read as UTC, and marked so that the import can say how many rows it read so."""
from __future__ import annotations

import random

import numpy as np
import pyarrow as pa
import pytest

from chalicelib.imports import formats, validate

RULES = validate.Rules(units=frozenset({"mg/L", "std units"}), time_zones={"UTC": 0, "EST": -5},
                       activity_types={"Field Msr/Obs": (False, True)})
HEADER = ["StationIdentifier", "Date", "Time", "TimeZone", "Parameter", "Value", "Unit", "ActivityIdentifier",
          "DetectionCondition", "Comment"]


def _check(rows: list[list[str]], header: list[str] = HEADER) -> validate.Checked:
    """The rows (as the reader gives them: text cells) checked as a template file's block."""
    table = pa.table({name: pa.array([row[n] for row in rows], pa.string()) for n, name in enumerate(header)})
    layout = formats.detect(header)
    return validate.check_results(table, layout, header, RULES, first_row=1, seen=validate.Seen())


def _row(**cells) -> list[str]:
    given = {"StationIdentifier": "S1", "Date": "2024-05-01", "Time": "10:00", "TimeZone": "UTC", "Parameter": "pH",
             "Value": "7.1", "Unit": "std units", "ActivityIdentifier": "", "DetectionCondition": "", "Comment": ""}
    given.update(cells)
    return [given[name] for name in HEADER]


def test_a_name_identifier_or_value_holding_a_control_character_is_refused_naming_its_column_and_the_character():
    checked = _check([
        _row(Parameter="pH\x00"),  # NUL
        _row(StationIdentifier="S\x01X", Date="2024-05-02"),
        _row(ActivityIdentifier="A\u0085B", Date="2024-05-03"),  # NEL, a C1 control (0xC2 0x85)
        _row(Parameter="Dissolved\u2028oxygen", Date="2024-05-04"),  # a line separator
        _row(Unit="std\tunits", Date="2024-05-05"),  # a tab within (trimmed at the ends, as spaces are)
        _row(Value="ND\x7f", DetectionCondition="Not Detected", Date="2024-05-06"),  # DEL, in a value kept as text
        _row(Parameter="pH\n", StationIdentifier="\tS1", Date="2024-05-07"),  # line breaks at the ends: trimmed
    ])
    said = "{} holds a control character ({}), such as a tab, a line break or NUL; remove it and import again."
    assert sorted((r.row, r.column, r.value, r.message) for r in checked.rejections) == [
        (1, "Parameter", "pH\x00", said.format("Parameter", "U+0000")),
        (2, "StationIdentifier", "S\x01X", said.format("StationIdentifier", "U+0001")),
        (3, "ActivityIdentifier", "A\u0085B", said.format("ActivityIdentifier", "U+0085")),
        (4, "Parameter", "Dissolved\u2028oxygen", said.format("Parameter", "U+2028")),
        (5, "Unit", "std\tunits", said.format("Unit", "U+0009")),
        (6, "Value", "ND\x7f", said.format("Value", "U+007F"))]
    assert checked.rows.tolist() == [7]
    assert (checked.fields["station"].to_pylist(), checked.fields["characteristic"].to_pylist()) == (["S1"], ["pH"])


def test_a_comment_may_hold_tabs_and_line_breaks_but_no_other_control_character():
    checked = _check([
        _row(Comment="first line\nsecond\tcolumn\r\nthird"),
        _row(Comment="ice\u2028on the lake", Date="2024-05-02"),  # a line separator is a line break in free text
        _row(Comment="bad\x00byte", Date="2024-05-03"),
        _row(Comment="bell\x07", Date="2024-05-04"),
        _row(Comment="c1 \u009b here", Date="2024-05-05"),
    ])
    said = ("Comment holds a control character ({}), such as NUL; it may hold tabs and line breaks but no other "
            "control characters: remove it and import again.")
    assert sorted((r.row, r.message) for r in checked.rejections) == [
        (3, said.format("U+0000")), (4, said.format("U+0007")), (5, said.format("U+009B"))]
    assert checked.fields["comment"].to_pylist() == ["first line\nsecond\tcolumn\r\nthird", "ice\u2028on the lake"]


def test_text_of_other_scripts_and_typographic_characters_is_not_taken_for_control_characters():
    # Their UTF-8 bytes include 0x80-0x9F (continuation bytes) and 0xC2 / 0xE2 leads: only C1 itself is refused.
    names = ["Rivière Côté", "Ruisseau – “Gros” Brook", "µg/L", "Ā ā", "河流 站点", "nbsp\u00a0inside", "€ 5", "Â",
             "naïve…", "Ġ\u202f"]
    checked = _check([_row(StationIdentifier=name, Date=f"2024-05-{n + 1:02d}") for n, name in enumerate(names)])
    assert checked.rejections == []


def _reference(cells: list[str], free_text: bool) -> list[bool]:
    def bad(character: str) -> bool:
        code = ord(character)
        if code < 0x20:
            return not (free_text and code in (0x09, 0x0A, 0x0D))
        return 0x7F <= code <= 0x9F or (not free_text and code in (0x2028, 0x2029))
    return [any(bad(c) for c in cell) for cell in cells]


@pytest.mark.parametrize("free_text", [False, True], ids=["one line", "free text"])
def test_the_column_wise_search_finds_exactly_the_cells_a_character_by_character_search_finds(free_text):
    alphabet = ["a", "Z", "7", " ", "-", "\x00", "\t", "\n", "\r", "\x1f", "\x7f", "\x80", "\x85", "\x9f", "\xa0",
                "\xc2", "é", "Ā", "Ġ", "–", "“", "\u2028", "\u2029", "\u202f", "€", "河", "\U0001f30a", "\ufffd"]
    generator = random.Random(6)
    cells = ["".join(generator.choice(alphabet) for _ in range(generator.randint(0, 4))) for _ in range(3000)]
    cells += ["plain", "", "text"]  # a column ending in clean cells (and an empty one)
    expected = _reference(cells, free_text)
    found = validate._control_characters(pa.array(cells, pa.string()), free_text)
    assert (found.tolist() if found is not None else [False] * len(cells)) == expected
    # A slice of a column (offsets not starting at 0), and a clean column: nothing to look at.
    part = pa.array(cells, pa.string()).slice(1000, 500)
    found = validate._control_characters(part, free_text)
    assert (found.tolist() if found is not None else [False] * 500) == expected[1000:1500]
    assert validate._control_characters(pa.array(["abc", "", "Rivière – “x”"]), free_text) is None


def test_a_station_profile_refuses_a_station_identifier_or_name_holding_a_control_character():
    header = ["MonitoringLocationIdentifier", "MonitoringLocationName", "LatitudeMeasure", "LongitudeMeasure",
              "MonitoringLocationDescriptionText"]
    table = pa.table({name: pa.array(column, pa.string()) for name, column in zip(header, [
        ["ST\x00-1", "ST-2", "ST-3"], ["One", "Two\x1b", "Three"], ["40.1", "40.2", "40.3"],
        ["-75.1", "-75.2", "-75.3"], ["", "", "line one\nline two"]])})
    checked = validate.check_stations(table, formats.detect(header), header, first_row=1)
    assert sorted((r.row, r.column, r.message.split(" (")[0]) for r in checked.rejections) == [
        (1, "MonitoringLocationIdentifier", "MonitoringLocationIdentifier holds a control character"),
        (2, "MonitoringLocationName", "MonitoringLocationName holds a control character")]
    assert checked.fields["description"].to_pylist() == ["line one\nline two"]


def test_a_time_without_a_time_zone_is_read_as_utc_and_marked():
    checked = _check([
        _row(Time="23:40", TimeZone=""),  # an evening sample of a file that gives no zone
        _row(Time="23:40", TimeZone="EST", Date="2024-05-02"),
        _row(Time="", TimeZone="", Date="2024-05-03"),  # a date alone: no time to be read in any zone
        _row(Time="08:00", TimeZone="", Date="2024-05-04"),
        _row(Time="08:00", TimeZone="", Date="2024-13-04"),  # rejected: not counted among the rows taken
    ])
    # Each row's activity (the template gives one to a row naming none) has the date and time as written.
    assert checked.fields["sortTime"].to_pylist() == [
        "2024-05-01T23:40:00Z#S1-20240501-2340-FM", "2024-05-03T04:40:00Z#S1-20240502-2340-FM",
        "2024-05-03T00:00:00Z#S1-20240503-FM", "2024-05-04T08:00:00Z#S1-20240504-0800-FM"]
    assert checked.fields[validate.TIME_WITHOUT_ZONE].to_pylist() == [True, False, False, True]
    # Kept with its rows when a block is cut into chunks.
    first, second = checked.split(1, [(1, 3), (3, 6)])
    assert (first.fields[validate.TIME_WITHOUT_ZONE].to_pylist(),
            second.fields[validate.TIME_WITHOUT_ZONE].to_pylist()) == ([True, False], [False, True])


def test_a_file_without_a_time_zone_column_marks_every_row_with_a_time_and_one_whose_times_have_zones_marks_none():
    header = ["StationIdentifier", "Date", "Time", "Parameter", "Value"]
    checked = _check([["S1", "2024-05-01", "10:00", "pH", "7"], ["S1", "2024-05-02", "", "pH", "7"]], header)
    assert checked.fields[validate.TIME_WITHOUT_ZONE].to_pylist() == [True, False]
    assert validate.TIME_WITHOUT_ZONE not in _check([_row(), _row(Date="2024-05-02", Time="")]).fields
    no_times = ["StationIdentifier", "Date", "Parameter", "Value"]
    assert validate.TIME_WITHOUT_ZONE not in _check([["S1", "2024-05-01", "pH", "7"]], no_times).fields


def test_the_checks_of_a_clean_column_do_not_look_at_its_bytes_one_by_one(monkeypatch):
    """A column of printable ASCII is cleared by its least and greatest byte: no per-byte search runs."""
    searched = []
    flatnonzero = np.flatnonzero
    monkeypatch.setattr(validate.np, "flatnonzero", lambda a: searched.append(len(a)) or flatnonzero(a))
    assert validate._control_characters(pa.array(["OWD-1", "Dissolved oxygen", "mg/L"] * 1000)) is None
    assert searched == []
