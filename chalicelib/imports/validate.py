"""Checking and normalising a chunk of an import file column by column (pyarrow compute), with a reason a
person understands for every rejected cell.

    rules = Rules.load()
    checked = check_results(chunk, layout, rules, first_row=1, seen={})
    checked.fields["time"], checked.fields["number"], ...   # the valid rows, normalised
    checked.rejections                                         # [Rejection(row, column, value, message)]

Python loops run only over rejected rows; the valid ones stay in Arrow arrays.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Callable

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from chalicelib.core.names import CONTROL_CHARACTER_IN_CELL, first_control_character
from chalicelib.imports.formats import LIMITS, STATIONS, Layout
from chalicelib.reference import zones as time_zones

MAX_TEXT = 500
_NUMBER = r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$"
_FORMULA_BYTES = tuple(b"=+@-")
_TEXT_MARK = ord("'")
HASHED_WORDS = 32  # texts of up to 256 bytes are hashed vectorised
# HH:MM[:SS], or a twelve-hour time with AM or PM (Excel in English (United States) saves "9:30 AM" in a CSV).
_TIME = r"^(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?(?:\s*(?P<half>[AaPp])\.?[Mm]\.?)?$"
# Dates people write: ISO, year first with slashes, US month/day with four or two digit years.
_DATE_FORMATS = ((r"^(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})$", "%Y-%m-%d"),
                 (r"^(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})$", "%Y/%m/%d"),
                 (r"^(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})$", "%m/%d/%Y"),
                 (r"^(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{2})$", "%m/%d/%y"))
EARLIEST_YEAR = 1800
AHEAD = timedelta(days=2)  # how far after today a result's date may be
# Text fields stored as they are: a cell that a spreadsheet would run as a formula is refused.
TEXT_FIELDS = ("station", "stationName", "characteristic", "activityId", "activityType", "media", "project",
               "unit", "fraction", "detectionCondition", "status", "valueType", "qualifier", "comment",
               "description", "locationType", "analyticalMethod", "horizontalDatum", "detectionLimitUnit",
               "detectionLimitType", "elevationMethod", "verticalDatum", "conductingOrganization", "activityComment",
               "hydrologicCondition", "hydrologicEvent")
# A result's activity's end, as a portal file gives it (formats.ACTIVITY_FIELDS): date, time and zone.
ACTIVITY_END = ("activityEndDate", "activityEndTime", "activityEndTimeZone")

# The accepted rows' field marking a time of day given without a time zone (read as UTC); absent when none is.
TIME_WITHOUT_ZONE = "timeWithoutZone"
# The accepted rows' field marking an activity identifier the import gave a row that named none (a template row:
# generated_activity_ids); absent when no row was given one. The template's rows' local date, as YYYY-MM-DD, is
# ACTIVITY_DATE (the start date of their activities, whatever way the file wrote it).
ACTIVITY_GENERATED = "activityGenerated"
ACTIVITY_DATE = "activityDate"
# WQX's limit on an ActivityIdentifier's length; a generated one longer than it is shortened to it
# (generated_activity_ids): a readable start, "-" and ACTIVITY_ID_HASH_CHARS hex digits of a hash of the whole.
ACTIVITY_ID_MAX = 55
ACTIVITY_ID_HASH_CHARS = 12
DATE_HINT = "use YYYY-MM-DD or M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are 2000-2068)"
# Free text (a result's comment, a station's description): a tab or a line break is text there (a quoted cell may
# run over lines). Every other column is one line, as a name, an identifier, a code or a number is: a control
# character in it is refused, as the API refuses one in a name (chalicelib/core/names.py).
FREE_TEXT_FIELDS = ("comment", "description", "activityComment")
_FREE_TEXT_CONTROLS = (0x09, 0x0A, 0x0D)  # tab, line feed, carriage return
CONTROL_MESSAGE = CONTROL_CHARACTER_IN_CELL
FREE_TEXT_CONTROL_MESSAGE = ("{column} holds a control character ({character}), such as NUL; it may hold tabs and "
                             "line breaks but no other control characters: remove it and import again.")


@dataclass(frozen=True)
class Rules:
    """Reference data the checks use: WQX units and time zones, activity types and their rules."""

    units: frozenset
    time_zones: dict  # code -> offset hours
    activity_types: dict  # code -> (analytical method required, monitoring location required)
    # code -> WQX abbreviation (Field Msr/Obs: FM), the last part of an activity identifier a template row is given
    # (the reference data's, a file of the package, unless given)
    activity_abbreviations: dict = field(default_factory=lambda: _abbreviations())

    @classmethod
    def load(cls) -> "Rules":
        from chalicelib.reference import service as reference

        keylists = reference.keylists()
        return cls(units=frozenset(u["value"] for u in keylists["units"]["values"]),
                   time_zones={z["value"]: z["offsetHours"] for z in keylists["timeZones"]["values"]},
                   activity_types={t["code"]: (t["analyticalMethodRequired"] == "Y", t["monitoringLocationRequired"] == "Y")
                                   for t in reference.activity_types()})


def _abbreviations() -> dict:
    from chalicelib.reference import service as reference

    return {t["code"]: t["abbreviation"] for t in reference.activity_types() if t.get("abbreviation")}


@dataclass
class Rejection:
    row: int | None  # the data row of the file (1 = the row after the header); None when unknown
    column: str | None
    value: str | None
    message: str
    index: int | None = None  # the row's position in its chunk (to write its cells to the feedback file)

    def to_dict(self) -> dict:
        return {"row": self.row, "column": self.column, "value": self.value, "message": self.message}


@dataclass
class Checked:
    fields: Mapping  # product field -> pa.Array of the accepted rows (text fields trimmed)
    rows: np.ndarray  # file row numbers of the accepted rows
    index: np.ndarray  # their positions in the chunk
    rejections: list = field(default_factory=list)
    columns: dict = field(default_factory=dict)  # product field -> the file column it came from
    # Rejected rows that gave their station a location: [(row, station identifier)], in row order (a later row of
    # a new station without one is told where its location is).
    located: list = field(default_factory=list)
    # The rows these checks rejected, with what the worker checks against the stored data (station, parameter,
    # unit, number, whether a location is given), so that their feedback names those problems too.
    rejected: "Checked | None" = None

    def __len__(self) -> int:
        return len(self.rows)

    def split(self, first_row: int, bounds: list[tuple[int, int]],
              starts: list[int] | None = None) -> list["Checked"]:
        """The result of checking a block that starts at `first_row`, cut at the file rows `bounds`
        ([(first, end)], in order, covering the block): per part its rows, with positions in the part. `starts`:
        where each part starts in the block's table, when that is not `first - first_row` (rows the reader skipped,
        malformed, are numbered in the file but are not in the table)."""
        rows, index, fields = self.rows, self.index, self.fields
        if len(rows) > 1 and not (np.diff(rows) >= 0).all():  # wide columns: a row's cells are apart
            order = np.argsort(rows, kind="stable")
            rows, index = rows[order], index[order]
            taken = pa.array(order)
            fields = {name: pc.take(array, taken) for name, array in fields.items()}
        offsets = starts if starts is not None else [first - first_row for first, _ in bounds]
        firsts = np.array([first for first, _ in bounds], dtype=np.int64)
        begins = np.searchsorted(rows, firsts, "left")
        ends = np.searchsorted(rows, np.array([end for _, end in bounds], dtype=np.int64), "left")
        rejections: list[list] = [[] for _ in bounds]
        if self.rejections:
            parts = np.searchsorted(firsts, [r.row for r in self.rejections], "right") - 1
            for rejection, part in zip(self.rejections, parts.tolist()):
                rejections[part].append(rejection)
        located: list[list] = [[] for _ in bounds]
        if self.located:
            parts = np.searchsorted(firsts, [row for row, _ in self.located], "right") - 1
            for entry, part in zip(self.located, parts.tolist()):
                located[part].append(entry)
        rejected = self.rejected.split(first_row, bounds, offsets) if self.rejected is not None \
            else [None] * len(bounds)
        result = []
        for offset, start, end, found, places, refused in zip(offsets, begins.tolist(), ends.tolist(), rejections,
                                                              located, rejected):
            result.append(Checked(
                _Slices(fields, start, end - start), rows[start:end],
                index[start:end] - offset,
                [replace(r, index=r.index - offset) if r.index is not None else r for r in found], self.columns,
                places, refused if refused is not None and len(refused) else None))
        return result


class _Slices(Mapping):
    """The same rows of each of a block's arrays, sliced when asked for (a chunk's writes read a few of them)."""

    def __init__(self, arrays: dict, start: int, length: int):
        self._arrays, self._start, self._length = arrays, start, length

    def __getitem__(self, name: str) -> pa.Array:
        return self._arrays[name].slice(self._start, self._length)

    def __iter__(self):
        return iter(self._arrays)

    def __len__(self) -> int:
        return len(self._arrays)


class _Frame:
    """The chunk's cells by product field, and a record of the problems found per row."""

    def __init__(self, arrays: dict, columns: dict, rows: np.ndarray, index: np.ndarray, encoding: str):
        self.arrays = arrays
        self.columns = columns
        self.rows = rows
        self.index = index
        self.size = len(rows)
        self.bad = np.zeros(self.size, dtype=bool)
        self.rejections: list[Rejection] = []
        self.encoding = encoding
        self.value_columns = None  # per row, the wide column a value came from
        self.wide_cells = None  # per row, whether its value came from a wide column (a parameter's column)
        self._said: set = set()  # (row, column, message) of a wide row's problems already said
        self._texts: dict = {}
        self._first_bytes: dict = {}  # field -> its cells' first bytes, when text() had them (untrimmed)
        self.replaced = True  # whether the text may hold U+FFFD (bytes invalid in the file's encoding)

    def text(self, name: str) -> pa.Array:
        """The field's cells, trimmed ("" where the column is missing); computed once per chunk."""
        found = self._texts.get(name)
        if found is None:
            array = self.arrays.get(name)
            if array is None:  # every cell "": offsets all 0 (no kernel filling nulls)
                found = pa.StringArray.from_buffers(self.size, pa.py_buffer(np.zeros(self.size + 1, dtype=np.int32)),
                                                    pa.py_buffer(b""))
            else:
                found = pc.fill_null(array, "") if array.null_count else array
                first, last = _edges(found)
                if _may_need_trim(first, last):
                    found = pc.utf8_trim_whitespace(found)
                else:
                    self._first_bytes[name] = first
            self._texts[name] = found
        return found

    def column(self, name: str, layout_column: str | None = None) -> str:
        return self.columns.get(name) or layout_column or name

    def fill_empty(self, name: str, text: str) -> None:
        """Give the field's empty cells (every cell, when the file has no such column) this text."""
        cells = self.text(name)
        self.arrays[name] = pc.if_else(pc.equal(cells, ""), text, cells)
        self._texts.pop(name, None)
        self._first_bytes.pop(name, None)

    def reject(self, mask, name: str, message: str, values: pa.Array | None = None,
               details: Callable[[str], dict] | None = None) -> None:
        """Reject the rows where mask is true; `message` may name the cell as {value}, and the fields `details`
        gives for the cell's text."""
        mask = _numpy(mask)
        if not mask.any():
            return
        values = values if values is not None else self.text(name)
        wide_row_cell = self.value_columns is not None and name != "value"
        for position in np.flatnonzero(mask):
            # Wide columns: each value cell names its own column.
            column = self.value_columns[position] if name == "value" and self.value_columns is not None \
                else self.column(name)
            row = int(self.rows[position])
            value = values[int(position)].as_py()
            shown = value if value is None or len(value) <= 80 else value[:80] + "..."
            said = message.format(value=shown, column=column, **(details(value or "") if details is not None else {}))
            if wide_row_cell:  # a wide row is a row per value cell: its other cells' problems are said once
                if (row, column, said) in self._said:
                    continue
                self._said.add((row, column, said))
            self.rejections.append(Rejection(row, column, value, said, int(self.index[position])))
        self.bad |= mask

    def reject_by_kind(self, mask, name: str, values: pa.Array, kind_of: Callable[[str], str],
                       messages: dict[str, str], details: Callable[[str], dict] | None = None) -> None:
        """Reject the rows where mask is true, each with the message of its kind of problem (kind_of(text)
        names it; only the rejected cells are looked at, in Python)."""
        mask = _numpy(mask)
        if not mask.any():
            return
        positions = np.flatnonzero(mask)
        kinds = np.array([kind_of(text or "") for text in values.take(pa.array(positions)).to_pylist()])
        for kind, message in messages.items():
            chosen = np.zeros(len(mask), dtype=bool)
            chosen[positions[kinds == kind]] = True
            self.reject(chosen, name, message, values, details)

    def common_checks(self, names) -> None:
        for name in names:
            if name not in self.arrays:
                continue
            values = self.text(name)
            # Bytes first (read from the offsets): only a column with a cell of more bytes counts characters.
            if len(values) and int(np.diff(_cells(values)[0]).max()) > MAX_TEXT:
                self.reject(pc.greater(pc.utf8_length(values), MAX_TEXT), name,
                            "{column} is longer than " + str(MAX_TEXT) + " characters.", values)
            if self.replaced:
                self.reject(pc.match_substring(values, "\ufffd"), name,
                            "{column} holds characters that are not " + self.encoding + " text (the file mixes "
                            "encodings); save the file as UTF-8 and import it again.", values)
            free = name in FREE_TEXT_FIELDS
            control = _control_characters(values, free)
            if control is not None:
                self.reject(control, name, FREE_TEXT_CONTROL_MESSAGE if free else CONTROL_MESSAGE, values,
                            lambda text, free=free: {"character": _first_control(text, free)})
            if name in TEXT_FIELDS:
                # Cells starting like a formula (cheap first look); a leading minus is a formula unless the
                # cell is a plain negative number.
                first = _starts_like_formula(values, self._first_bytes.get(name))
                if not first.any():
                    continue
                formula = pc.and_(pa.array(first), pc.invert(pc.match_substring_regex(values, _NUMBER)))
                self.reject(formula, name,
                            "{column} '{value}' looks like a spreadsheet formula; formulas are not imported.", values)


    def required(self, name: str, why: str) -> pa.Array:
        values = self.text(name)
        self.reject(_empty(values), name, "{column} is empty: " + why, values)
        return values


def _cells(values: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """A string array's cell boundaries (n + 1 offsets) and its bytes, as numpy views (no copy)."""
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    _, offsets, data = values.buffers()
    bounds = np.frombuffer(offsets, dtype=np.int32)[values.offset:values.offset + len(values) + 1] \
        if offsets is not None else np.zeros(1, dtype=np.int32)
    return bounds, np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, dtype=np.uint8)


def _edges(values: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """Per cell (a string array without nulls), its first and its last byte (a neighbour's byte, or 0, for
    an empty cell: look at the lengths too)."""
    bounds, data = _cells(values)
    if not len(data):
        return np.zeros(len(values), dtype=np.uint8), np.zeros(len(values), dtype=np.uint8)
    bounds = bounds.astype(np.intp)  # numpy would convert the int32 positions for each take
    return np.take(data, bounds[:-1], mode="clip"), np.take(data, bounds[1:] - 1, mode="clip")


def _starts_like_formula(values: pa.Array, first: np.ndarray | None = None) -> np.ndarray:
    """Per cell (a string array without nulls), whether its first byte is one a formula starts with."""
    if first is None:
        first, _ = _edges(values)
    starts = (first == _FORMULA_BYTES[0]) | (first == _FORMULA_BYTES[1]) | (first == _FORMULA_BYTES[2]) \
        | (first == _FORMULA_BYTES[3])
    return starts & ~_empty(values) if starts.any() else starts


def _control_characters(values: pa.Array, free_text: bool = False) -> np.ndarray | None:
    """Per cell (a string array without nulls, trimmed), whether it holds a control character: C0 (below U+0020;
    in free text but a tab, a line feed or a carriage return), DEL, C1 (U+0080-U+009F), and in a one-line field the
    line and paragraph separators (U+2028, U+2029), as the API's names refuse them. None when no cell does.

    Read from the column's bytes (valid UTF-8: the reader transcoded them), cheapest first: their least and greatest
    (two reductions, no temporary array) clear a column of printable ASCII, most columns; a column with other
    letters (0x80 and above) is searched for the bytes that start such a character (0x7F; 0xC2, which C1 starts
    with, as do nbsp, ° and µ; 0xE2, the separators' first byte, and of dashes and curly quotes) with Python's search
    of one byte (memchr), and only where one is found are the bytes after it looked at in numpy."""
    bounds, data = _cells(values)
    data = data[bounds[0]:bounds[-1]]
    if not len(data):
        return None
    low, high = int(data.min()), int(data.max())
    if low >= 0x20 and high < 0x7F:
        return None
    found = []
    if low < 0x20:
        c0 = np.flatnonzero(data < 0x20)
        found.append(c0[~np.isin(data[c0], _FREE_TEXT_CONTROLS)] if free_text else c0)
    if high >= 0x7F:
        raw = data.tobytes()
        if b"\x7f" in raw:
            found.append(np.flatnonzero(data == 0x7F))
        if b"\xc2" in raw:  # C1 is 0xC2 then 0x80-0x9F (0xA0-0xBF after it are letters and signs: nbsp, °, µ)
            c2 = np.flatnonzero(data[:-1] == 0xC2)
            found.append(c2[data[c2 + 1] < 0xA0])
        if not free_text and b"\xe2" in raw:  # U+2000-U+2FFF: dashes and quotes too (a search of three bytes is slow)
            e2 = np.flatnonzero(data[:-2] == 0xE2)
            e2 = e2[(data[e2 + 2] | 1) == 0xA9]  # the third byte first: few of them are 0xA8 or 0xA9
            found.append(e2[data[e2 + 1] == 0x80])
    positions = np.concatenate(found) if found else np.zeros(0, dtype=np.intp)
    if not len(positions):
        return None
    mask = np.zeros(len(values), dtype=bool)
    mask[np.searchsorted(bounds[1:] - bounds[0], positions, "right")] = True  # the cell each byte is in
    return mask


def _first_control(text: str, free_text: bool) -> str:
    """The first control character of a rejected cell (as _control_characters finds them), as "U+" and its four hex
    digits (U+0000). A one-line field refuses what a name refuses (core/names); free text takes tabs and line breaks."""
    if not free_text:
        return first_control_character(text) or "?"
    for character in text:
        code = ord(character)
        if (code < 0x20 and code not in _FREE_TEXT_CONTROLS) or 0x7F <= code <= 0x9F:
            return f"U+{code:04X}"
    return "?"


def _may_need_trim(first: np.ndarray, last: np.ndarray) -> bool:
    """Whether a cell may start or end with whitespace: an ASCII space or control byte (below 0x21), or a
    non-ASCII character (Unicode has spaces too; 0x80 and above) at either end. Most columns have none, and
    skip the trimming. (An empty cell reads its neighbours' edge bytes: they are checked anyway.)"""
    # One unsigned comparison per byte: below 0x21 wraps round to above 0x5E.
    return bool(((first - np.uint8(0x21)) > np.uint8(0x5E)).any()
                or ((last - np.uint8(0x21)) > np.uint8(0x5E)).any())


DATE_MESSAGES = {
    "form": "{column} '{value}' is not a date: " + DATE_HINT + ".",
    "month": "{column} '{value}' is not a date: there is no such month (" + DATE_HINT + ").",
    "day": "{column} '{value}' is not a date: that month has no such day.",
    # 1800: EARLIEST_YEAR, 2 days: AHEAD (the messages are written out whole, so that they can be translated)
    "year": "{column} '{value}' is not a date this portal takes: the year must be 1800 or later.",
    "future": "{column} '{value}' is more than 2 days in the future: a result is dated when its sample was "
              "taken (two-digit years 00-68 are 2000-2068)."}


def _check_moments(frame: _Frame, rules: Rules, date: str, time: str, zone: str) -> tuple:
    """Check a date, time and time zone column (a result's start, its activity's end) and answer per row the date's
    midnight and the time of day in seconds (0 where missing or wrong: such rows are rejected), the zone's offset in
    seconds, and the zones respelt (an offset is stored in one spelling, "UTC+8" as "UTC+08:00"; None where the
    file wrote each so already)."""
    dates_text = frame.text(date)
    epoch, bad_date = _by_distinct(dates_text, _epoch_seconds)
    frame.reject_by_kind(bad_date, date, dates_text, _date_problem, DATE_MESSAGES)
    times_text = frame.text(time)
    seconds, bad_time = _by_distinct(times_text, lambda distinct: tuple(map(_numpy_filled, parse_times(distinct))))
    frame.reject(bad_time, time, "{column} '{value}' is not a time of day: use HH:MM or HH:MM:SS.", times_text)
    zones = frame.text(zone)
    distinct_zones, zone_index = _distinct_texts(zones)
    zone_offsets, unknown_zones, stored_zones = _zone_offsets(distinct_zones, rules)
    offset, bad_zone = zone_offsets[zone_index], unknown_zones[zone_index]
    frame.reject(bad_zone, zone, "Unknown time zone '{value}': use a WQX time zone code such as EST, CDT or "
                 "UTC, or an offset from UTC such as UTC+08:00.", zones)
    respelt = stored_zones.take(pa.array(zone_index)) if not stored_zones.equals(distinct_zones) else None
    return epoch, seconds, offset, respelt


def _empty(values: pa.Array) -> np.ndarray:
    """Per cell (a string array without nulls), whether it is "" (from the offsets, no look at the bytes)."""
    bounds, _ = _cells(values)
    return bounds[1:] == bounds[:-1]


def _by_distinct(values: pa.Array, parse) -> tuple:
    """`parse` (distinct texts -> a tuple of numpy arrays) run once per distinct text and spread back to every
    cell: a file's dates, times and codes repeat, so the parsing runs on a fraction of the cells."""
    distinct, index = _distinct_texts(values)
    return tuple(result[index] for result in parse(distinct))


def _distinct_texts(values: pa.Array) -> tuple[pa.Array, np.ndarray]:
    """A column's distinct texts and per cell the position of its text among them. A file's rows come grouped
    (the results of one activity share its date, time, zone and station): when most cells equal the one
    before them, only the runs' texts are hashed (a run-length pass compares neighbours, cheaper than hashing)."""
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks()
    runs = pc.run_end_encode(values)
    if 2 * len(runs.values) > len(values):
        encoded = pc.dictionary_encode(values)
        return encoded.dictionary, encoded.indices.to_numpy(zero_copy_only=False)
    encoded = pc.dictionary_encode(runs.values)
    lengths = np.diff(runs.run_ends.to_numpy(zero_copy_only=False), prepend=0)
    return encoded.dictionary, np.repeat(encoded.indices.to_numpy(zero_copy_only=False), lengths)


def _numpy(mask) -> np.ndarray:
    if isinstance(mask, np.ndarray):
        return mask
    if isinstance(mask, pa.ChunkedArray):
        mask = mask.combine_chunks()
    return (pc.fill_null(mask, False) if mask.null_count else mask).to_numpy(zero_copy_only=False)


def _one_piece(column: pa.ChunkedArray) -> pa.Array:
    return column.chunk(0) if column.num_chunks == 1 else column.combine_chunks()


def _frame(chunk: pa.Table, layout: Layout, header: list, first_row: int, encoding: str,
           rows: np.ndarray | None = None) -> _Frame:
    """The chunk as product fields; wide columns (one parameter per column) become one row per cell. Its rows are
    numbered `rows` (their numbers in the file), or `first_row` on, one after the other."""
    position = {name: i for i, name in enumerate(header)}
    size = chunk.num_rows
    rows = np.arange(first_row, first_row + size, dtype=np.int64) if rows is None else rows
    index = np.arange(size, dtype=np.int64)
    # The columns the format uses in one piece (a block is mostly two of pyarrow's batches; copied here, on the
    # checks' thread, rather than on the reading thread, whose pace sets the whole parse's).
    arrays = {name: _one_piece(chunk.column(position[column])) for name, column in layout.columns.items()}
    columns = dict(layout.columns)
    if not layout.wide:
        return _Frame(arrays, columns, rows, index, encoding)
    parts, part_rows, part_index, value_columns = [], [], [], []
    for wide in layout.wide:
        cells = pc.utf8_trim_whitespace(pc.fill_null(_one_piece(chunk.column(position[wide.column])), ""))
        keep = pc.not_equal(cells, "")
        taken = {name: pc.filter(array, keep) for name, array in arrays.items() if name not in ("characteristic", "value", "unit")}
        count = len(taken["station"]) if "station" in taken else int(pc.sum(keep).as_py() or 0)
        taken["value"] = pc.filter(cells, keep)
        taken["characteristic"] = pa.array([wide.parameter] * count, pa.string())
        taken["unit"] = pa.array([wide.unit or ""] * count, pa.string())
        kept = _numpy(keep)
        parts.append(taken)
        part_rows.append(rows[kept])
        part_index.append(index[kept])
        value_columns.append(np.full(count, wide.column, dtype=object))
    if "value" in arrays:  # a long value column beside the wide ones
        parts.append(arrays)
        part_rows.append(rows)
        part_index.append(index)
        value_columns.append(np.full(size, columns.get("value", "value"), dtype=object))
    names = set().union(*(p.keys() for p in parts))
    merged = {name: pa.concat_arrays([p[name] if name in p else pa.nulls(len(r), pa.string())
                                      for p, r in zip(parts, part_rows)]) for name in names}
    frame = _Frame(merged, columns, np.concatenate(part_rows), np.concatenate(part_index), encoding)
    frame.value_columns = np.concatenate(value_columns)
    frame.wide_cells = np.concatenate([np.full(len(r), p is not arrays) for p, r in zip(parts, part_rows)])
    return frame


def parse_dates(values: pa.Array) -> pa.Array:
    """Dates as timestamp[s] (null where the text is no date of a known form)."""
    result = pa.nulls(len(values), pa.timestamp("s"))
    for pattern, form in _DATE_FORMATS:
        matching = pc.match_substring_regex(values, pattern)
        if not _numpy(matching).any():
            continue
        parsed = pc.strptime(pc.if_else(matching, values, pa.scalar(None, pa.string())), format=form, unit="s",
                             error_is_null=True)
        # strptime rolls 30 February over into March: the month and day must be the ones written. A date
        # written as ISO with two-digit month and day is checked by writing it back; others by their parts.
        same = pc.equal(pc.cast(pc.cast(parsed, pa.date32()), pa.string()), values)
        if not _numpy(pc.or_kleene(same, pc.is_null(parsed))).all():
            parts = pc.extract_regex(values, pattern)
            same = pc.and_(pc.equal(pc.month(parsed), pc.cast(pc.struct_field(parts, "m"), pa.int64())),
                           pc.equal(pc.day(parsed), pc.cast(pc.struct_field(parts, "d"), pa.int64())))
        result = pc.coalesce(result, pc.if_else(pc.fill_null(same, False), parsed,
                                                pa.scalar(None, pa.timestamp("s"))))
    return result


def parse_times(values: pa.Array) -> tuple[pa.Array, pa.Array]:
    """Seconds after midnight of HH:MM[:SS] texts, or of twelve-hour ones with AM or PM (0 for empty ones), and where
    a text is no valid time."""
    parts = pc.extract_regex(pc.if_else(pc.equal(values, ""), "00:00", values), _TIME)
    hours = pc.cast(pc.struct_field(parts, "h"), pa.int64(), safe=False) if len(values) else pa.array([], pa.int64())
    minutes = pc.cast(pc.struct_field(parts, "m"), pa.int64()) if len(values) else hours
    seconds_text = pc.struct_field(parts, "s") if len(values) else pa.array([], pa.string())
    seconds = pc.cast(pc.if_else(pc.equal(seconds_text, ""), "0", seconds_text), pa.int64()) if len(values) else hours
    valid = pc.and_(pc.and_(pc.less(hours, 24), pc.less(minutes, 60)), pc.less(seconds, 60))
    if len(values):
        # 12:05 AM is 00:05 and 12:05 PM is 12:05; a twelve-hour time's hour is 1 to 12 ("13:30 PM" is no time).
        half = pc.utf8_lower(pc.struct_field(parts, "half"))
        twelve_hour = pc.not_equal(half, "")
        valid = pc.and_(valid, pc.or_(pc.invert(twelve_hour),
                                      pc.and_(pc.greater_equal(hours, 1), pc.less_equal(hours, 12))))
        from_twelve = pc.add(pc.if_else(pc.equal(hours, 12), 0, hours), pc.if_else(pc.equal(half, "p"), 12, 0))
        hours = pc.if_else(twelve_hour, from_twelve, hours)
    total = pc.add(pc.add(pc.multiply(hours, 3600), pc.multiply(minutes, 60)), seconds)
    return pc.fill_null(total, 0), pc.invert(pc.fill_null(valid, False))


def parse_numbers(values: pa.Array) -> tuple[pa.Array, pa.Array]:
    """Numbers (float64, null where the text is not a plain decimal number) and where the text is one. A leading
    apostrophe is Excel's mark of a number kept as text ('-71.2080): the number after it is read."""
    values = _without_text_mark(values)
    shaped = _number_shaped(values)
    try:
        # Of the texts made of these bytes, pyarrow's cast reads exactly those the regular expression _NUMBER
        # takes (tests/unit/test_import_parsing.py): then one cast decides and no regular expression runs.
        numeric = pa.array(shaped)
        numbers = pc.cast(values if shaped.all() else pc.if_else(numeric, values, pa.scalar(None, pa.string())),
                          pa.float64())
    except pa.ArrowInvalid:  # a cell such as "1-2" or "1.2.3": the regular expression decides
        numeric = pc.match_substring_regex(values, _NUMBER)
        numbers = pc.cast(pc.if_else(numeric, values, pa.scalar(None, pa.string())), pa.float64())
    finite = pc.fill_null(pc.is_finite(numbers), False)
    return pc.if_else(finite, numbers, pa.scalar(None, pa.float64())), pc.and_(numeric, finite)


def _without_text_mark(values: pa.Array) -> pa.Array:
    """The cells without the apostrophe a spreadsheet puts before a number it keeps as text (first bytes read from
    the offsets: a column without one is answered as it is)."""
    first, _ = _edges(values)
    marked = (first == _TEXT_MARK) & ~_empty(values)
    if not marked.any():
        return values
    return pc.if_else(pa.array(marked), pc.utf8_slice_codeunits(values, 1), values)


def _number_shaped(values: pa.Array) -> np.ndarray:
    """Per cell (a string array without nulls), whether it is not empty and made only of the bytes a plain
    decimal number has: digits, ".", "+", "-", "e" and "E"."""
    bounds, data = _cells(values)
    data = data[bounds[0]:bounds[-1]]
    other = ((data - np.uint8(ord("0"))) > np.uint8(9)) & (data != ord(".")) & (data != ord("+")) \
        & (data != ord("-")) & ((data | np.uint8(0x20)) != ord("e"))
    others_before = np.zeros(len(data) + 1, dtype=np.int32)
    np.cumsum(other, out=others_before[1:])
    starts, ends = bounds[:-1] - bounds[0], bounds[1:] - bounds[0]
    return (others_before[ends] == others_before[starts]) & (ends > starts)


def check_results(chunk: pa.Table, layout: Layout, header: list, rules: Rules, *, first_row: int,
                  seen: Seen | None = None, encoding: str = "UTF-8", replaced: bool = True,
                  rows: np.ndarray | None = None) -> Checked:
    """Check and normalise the result rows of a chunk. `seen` spans chunks, so a row
    repeating an earlier one (same station, parameter, time and activity) is rejected. `replaced`: whether
    the text may hold bytes invalid in its encoding (else that check is skipped). `rows`: the file row numbers
    of the chunk's rows, when they are not `first_row` on, one after the other (rows the reader skipped between
    them: reader.Chunk.row_numbers)."""
    return prepare_results(chunk, layout, header, rules, first_row=first_row, encoding=encoding,
                           replaced=replaced, rows=rows)(seen)


def prepare_results(chunk: pa.Table, layout: Layout, header: list, rules: Rules, *, first_row: int,
                    encoding: str = "UTF-8", replaced: bool = True,
                    rows: np.ndarray | None = None) -> Callable[[Seen | None], Checked]:
    """check_results but for the repeats, which need every row before the chunk's checked first: answers
    finish(seen), which rejects the repeated rows and takes the accepted ones. So the checks of a chunk can
    run (on another thread) while the chunks before it are finished, in file order."""
    frame = _frame(chunk, layout, header, first_row, encoding, rows)
    frame.replaced = replaced
    fmt = layout.format
    if layout.time_zone:  # the import's zone for the times that give none (a spreadsheet without a zone column)
        frame.fill_empty("timeZone", layout.time_zone)
    frame.common_checks(frame.arrays)
    station = frame.required("station", "every value needs its station.")
    characteristic = frame.required("characteristic", "every value needs its parameter.")
    frame.required("date", "every value needs its date.")
    epoch, seconds, offset, respelt_zones = _check_moments(frame, rules, "date", "time", "timeZone")
    end_respelt_zones = None
    if any(name in frame.arrays for name in ACTIVITY_END):  # a portal file's activity end: checked as its start
        *_, end_respelt_zones = _check_moments(frame, rules, *ACTIVITY_END)
    times_text, zones = frame.text("time"), frame.text("timeZone")
    # Seconds since 1970 (UTC) per row; 0 where the date is missing or wrong (such rows are rejected).
    moment_seconds = epoch + seconds - offset
    # A time of day given without its zone is read as UTC (offset 0): the row is taken, and the import says how many
    # rows it read so (worker: rowsWithoutTimeZone). From the offsets alone; nothing when the file has no times.
    zoneless = ~_empty(times_text) & _empty(zones) if "time" in frame.arrays else None

    raw_values = frame.text("value")
    detection = frame.text("detectionCondition")
    numbers, numeric = parse_numbers(raw_values)  # values repeat less: parsed as they are
    has_value = pc.not_equal(raw_values, "")
    has_detection = pc.not_equal(detection, "")
    detection_label = frame.column("detectionCondition", fmt.column("detectionCondition"))
    not_numbers = _numpy(pc.and_(pc.and_(has_value, pc.invert(numeric)), pc.invert(has_detection)))
    common = {"separator": "{column} '{value}' is not a number: write it with a decimal point and no thousands "
                           "separator (1234.5, not 1234,5 or 1,234.5).",
              "formula": "{column} '{value}' is a spreadsheet formula, not a number: write the value itself."}
    in_wide = frame.wide_cells if frame.wide_cells is not None else np.zeros(frame.size, dtype=bool)
    frame.reject_by_kind(not_numbers & ~in_wide, "value", raw_values, _number_problem, {
        "other": "{column} '{value}' is not a number; a result such as ND needs a detection condition ("
                 + detection_label + ").",
        "limit": "{column} '{value}' is not a number: for a result beyond a detection limit, write ND (or leave the "
                 "value empty) and name the condition, such as Not Detected, in " + detection_label + ".", **common})
    # A parameter's own column (a wide file) has no detection condition of its own to name.
    frame.reject_by_kind(not_numbers & in_wide, "value", raw_values, _number_problem, {
        "other": "{column} '{value}' is not a number: leave the cell empty if nothing was measured, or import "
                 "results below detection in the long layout, with a " + detection_label + " column.",
        "limit": "{column} '{value}' is not a number: a parameter's column takes numbers only; import results "
                 "beyond a detection limit in the long layout, with a " + detection_label + " column.", **common})
    frame.reject(pc.and_(pc.invert(has_value), pc.invert(has_detection)), "value",
                 "{column} is empty and there is no detection condition (" + detection_label + ").", raw_values)
    units = frame.text("unit")
    unknown_unit = _unknown_units(units, rules.units)
    frame.reject(unknown_unit, "unit", "Unknown unit '{value}': use a WQX unit code such as mg/L, deg C or uS/cm.",
                 units)
    limit = _check_limit(frame, rules, fmt)
    activity_types = frame.text("activityType")
    default_type = fmt.defaults.get("activityType")
    if default_type:
        activity_types = pc.if_else(pc.equal(activity_types, ""), default_type, activity_types)
    codes = pa.array(sorted(rules.activity_types), pa.string())
    known_type = pc.is_in(activity_types, value_set=codes)
    frame.reject(pc.and_(pc.not_equal(activity_types, ""), pc.invert(known_type)), "activityType",
                 "Unknown activity type '{value}': use a WQX activity type such as Field Msr/Obs or Sample-Routine.",
                 activity_types)
    needs_method = pa.array([c for c, (method, _) in rules.activity_types.items() if method], pa.string())
    method = frame.text("analyticalMethod")
    method_label = frame.column("analyticalMethod", fmt.column("analyticalMethod"))
    frame.reject(pc.and_(pc.is_in(activity_types, value_set=needs_method), pc.equal(method, "")), "activityType",
                 "Activity type '{value}' needs an analytical method (" + method_label + ").", activity_types)

    activity = frame.text("activityId")
    # A template row that names no activity is one of its station at its time (and of its type): it is given that
    # activity's identifier, the same whenever the row is imported, before anything is keyed on the activity.
    generated = local_times = None
    if fmt.generates_activities:
        local_times = _iso_times(epoch + seconds)  # the date and time as written (in the row's own zone)
        generated = _empty(activity)
        if generated.any():
            activity = pc.if_else(pa.array(generated), generated_activity_ids(
                station, local_times, ~_empty(times_text), activity_types, rules.activity_abbreviations), activity)
        else:
            generated = None
    # What tells two results of one activity (or of one station and time) apart: the sample fraction (Total,
    # Dissolved) and the depth. Part of the repeat key and of the stored sort key, where the file has them.
    distinctions = _distinctions(frame)
    keys = _keys(station, characteristic, moment_seconds, activity,
                 *(_hash_texts(distinct)[index] for distinct, index in distinctions.values()))
    coordinates = _coordinates(frame, required=False)
    latitude, longitude = coordinates["latitude"], coordinates["longitude"]
    _check_datum(frame)

    # The rows accepted but for the repeats are taken here, on the checks' thread: finish(seen), which runs in
    # file order, only looks their keys up and (rarely) drops the repeated ones.
    good = ~frame.bad
    keep = _keep(good)
    derived = dict(station=station, characteristic=characteristic, activityType=activity_types, number=numbers,
                   value=raw_values, latitude=latitude, longitude=longitude)
    default_media = fmt.defaults.get("media")
    if default_media:
        media = frame.text("media")
        derived["media"] = pc.if_else(pc.equal(media, ""), default_media, media)
    if limit is not None:
        derived["detectionLimit"] = limit
    if generated is not None:
        derived["activityId"] = activity
    if respelt_zones is not None:
        derived["timeZone"] = respelt_zones
    if end_respelt_zones is not None:
        derived[ACTIVITY_END[2]] = end_respelt_zones
    fields = {name: keep(array) for name, array in derived.items()}
    fields.update((name, keep(frame.text(name))) for name in frame.arrays if name not in derived)
    if zoneless is not None and zoneless.any():
        fields[TIME_WITHOUT_ZONE] = keep(pa.array(zoneless))
    if generated is not None:
        fields[ACTIVITY_GENERATED] = keep(pa.array(generated))
    if local_times is not None:
        fields[ACTIVITY_DATE] = keep(pc.utf8_slice_codeunits(local_times, 0, 10))
    # The value as written where that is not the stored number's own text (7.10, 0.0100, 1.5E-3): kept, so that
    # downloads give back its figures.
    fields["writtenValue"] = written_figures(_without_text_mark(fields["value"]), fields["number"])
    # The sort key: "YYYY-MM-DDTHH:MM:SSZ", then "#" and the activity if any, then "#F:" and the fraction and
    # "#D:" and the depth if any (rows with neither keep the key they had before these were part of it).
    # One join of the parts a row has ("" and null parts are left out with their "#").
    accepted_activity = keep(activity)
    parts = [_iso_times(moment_seconds[good]), pc.if_else(pc.equal(accepted_activity, ""), None, accepted_activity)]
    for tag, (distinct, index) in distinctions.items():  # "F:Total" per distinct text, null for none
        texts = distinct.to_pylist()
        if texts != [""]:
            parts.append(pa.array([f"{tag}{text}" if text else None for text in texts], pa.string())
                         .take(pa.array(index[good])))
    fields["sortTime"] = pc.binary_join_element_wise(*parts, "#", null_handling="skip")
    accepted = Checked(fields, frame.rows[good], frame.index[good], frame.rejections, frame.columns,
                       _located(frame, station), _rejected(frame, derived, unknown_unit))
    repeat_keys = _BlockKeys(keys[good])

    def finish(seen: Seen | None) -> Checked:
        if seen is None:
            return accepted
        repeats = _reject_repeats(accepted, repeat_keys, seen)
        if not repeats.any():
            return accepted
        mask = pa.array(~repeats)
        return Checked({name: pc.filter(array, mask) for name, array in accepted.fields.items()},
                       accepted.rows[~repeats], accepted.index[~repeats], accepted.rejections, accepted.columns,
                       accepted.located, accepted.rejected)

    return finish


def generated_activity_ids(station: pa.Array, local_times: pa.Array, timed: np.ndarray, activity_types: pa.Array,
                           abbreviations: dict) -> pa.Array:
    """The activity identifier of each row as a template row that names none is given: its station, its date
    and, when it gives one, its time of day (as written, in its own zone), and its activity type's WQX abbreviation,
    joined by "-": MY-CREEK-1-20240501-0930-FM (0930 a time to the minute, 093015 to the second). A row is a
    measurement of its station at its time, so the rows of one station, time and type are one activity, and the
    same row imported again is given the same identifier: its results are found unchanged under it. An identifier
    longer than WQX's 55 characters (a long station identifier) is shortened to them (shortened_activity_id)."""
    day = pc.replace_substring(pc.utf8_slice_codeunits(local_times, 0, 10), "-", "")
    minute = pc.replace_substring(pc.utf8_slice_codeunits(local_times, 11, 16), ":", "")
    second = pc.utf8_slice_codeunits(local_times, 17, 19)
    clock = pc.if_else(pc.equal(second, "00"), minute, pc.binary_join_element_wise(minute, second, ""))
    clock = pc.if_else(pa.array(timed), clock, pa.scalar(None, pa.string()))
    types, index = _distinct_texts(activity_types)
    # A type without an abbreviation (none of the reference's) is named by its letters and digits.
    short = pa.array([abbreviations.get(code) or re.sub(r"[^0-9A-Za-z]+", "", code) or None
                      for code in types.to_pylist()], pa.string()).take(pa.array(index))
    ids = pc.binary_join_element_wise(station, day, clock, short, "-", null_handling="skip")
    too_long = pc.fill_null(pc.greater(pc.utf8_length(ids), ACTIVITY_ID_MAX), False)
    if not pc.any(too_long).as_py():
        return ids
    # Only the over-long ones, once per distinct identifier (the rows of one activity share theirs).
    texts, index = _distinct_texts(pc.filter(ids, too_long))
    shortened = pa.array([shortened_activity_id(text) for text in texts.to_pylist()], ids.type)
    return pc.replace_with_mask(ids, too_long, shortened.take(pa.array(index)))


def shortened_activity_id(identifier: str) -> str:
    """A generated activity identifier within WQX's 55 characters: itself when it is, else its first characters,
    "-" and a hash of the whole (MY-VERY-LONG-STATION-...-1f0c2a9b3e4d), the same whenever the same row is imported
    and different for identifiers that differ anywhere, past the cut too."""
    if len(identifier) <= ACTIVITY_ID_MAX:
        return identifier
    digest = hashlib.blake2b(identifier.encode("utf-8"), digest_size=ACTIVITY_ID_HASH_CHARS // 2).hexdigest()
    start = identifier[:ACTIVITY_ID_MAX - ACTIVITY_ID_HASH_CHARS - 1].rstrip("-")
    return f"{start}-{digest}"


def _rejected(frame: _Frame, derived: dict, unknown_unit: np.ndarray) -> Checked | None:
    """The rows rejected so far, with the fields the worker checks against the stored data (Checked.rejected).
    A unit refused already (not a WQX code) is left out of that comparison: its row says so once."""
    if not frame.bad.any():
        return None
    take = _keep(frame.bad)
    given = lambda name: ~_empty(frame.text(name)) if name in frame.arrays else np.zeros(frame.size, bool)  # noqa: E731
    fields = {name: take(derived[name]) for name in ("station", "characteristic", "number", "value")}
    fields["unit"] = take(pc.if_else(pa.array(unknown_unit), "", frame.text("unit")))
    fields["locationGiven"] = take(pa.array(given("latitude") | given("longitude")))
    return Checked(fields, frame.rows[frame.bad], frame.index[frame.bad], columns=frame.columns)


def _distinctions(frame: "_Frame") -> dict[str, tuple[pa.Array, np.ndarray]]:
    """The key parts beyond the activity, by their tag in the sort key: fraction ("F:") and depth with its
    unit ("D:"), as distinct texts and each row's position among them, for the columns the file has (every
    block alike: a repeat in another block has the same key)."""
    parts = {}
    if "fraction" in frame.arrays:
        parts["F:"] = frame.text("fraction")
    if "depth" in frame.arrays:
        depth = frame.text("depth")
        if "depthUnit" in frame.arrays:
            depth = pc.if_else(pc.equal(depth, ""), "", pc.binary_join_element_wise(depth, frame.text("depthUnit"), " "))
        parts["D:"] = depth
    return {tag: _distinct_texts(values) for tag, values in parts.items()}


def _coordinates(frame: _Frame, *, required: bool) -> dict[str, pa.Array]:
    """Per axis, the latitude and longitude cells' numbers (null where empty). A cell given that is no coordinate
    rejects its row, saying what is wrong: a decimal comma gets the number written with a point."""
    found = {}
    for axis, limit in (("latitude", 90), ("longitude", 180)):
        if not required and axis not in frame.arrays:
            found[axis] = pa.nulls(frame.size, pa.float64())
            continue
        text = frame.required(axis, f"every station needs its {axis}.") if required else frame.text(axis)
        numbers, numeric = parse_numbers(text)
        beyond = pc.fill_null(pc.greater(pc.abs(numbers), limit), False)
        wrong = pc.and_(pc.not_equal(text, ""), pc.or_(pc.invert(numeric), beyond))
        frame.reject_by_kind(wrong, axis, text, _coordinate_problem, {
            "comma": "{column} '{value}' is not a number: use a point as the decimal separator ({fixed}).",
            "other": "{column} '{value}' is not a " + axis + f" (a number from -{limit} to {limit})."},
            lambda value: {"fixed": value.lstrip("'").replace(",", ".")})
        found[axis] = numbers
    if "stateCode" in frame.arrays:
        _check_hemispheres(frame, found)
    return found


# The US states and territories whose places are all west of Greenwich and north of the equator, by FIPS code and
# postal code (a Water Quality Portal station profile gives StateCode 55, a WQX 3 file Location_StatePostalCode WI):
# a coordinate there with the other sign is the commonest slip of all, a minus sign left out, which had put a
# Wisconsin station in China without a word (a walk). Alaska's Aleutians pass 180° (east longitudes from 172°), and
# Guam, the Northern Marianas and American Samoa lie across the Pacific, so they are not listed.
_NORTH_WEST_STATES = frozenset((
    "01", "04", "05", "06", "08", "09", "10", "11", "12", "13", "15", "16", "17", "18", "19", "20", "21", "22", "23",
    "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42",
    "44", "45", "46", "47", "48", "49", "50", "51", "53", "54", "55", "56", "72", "78",
    "AL", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
    "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA",
    "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR", "VI"))
EAST_IN_THE_WEST = ("{column} '{value}' is east of Greenwich, but {state_column} {state} is a place west of it: "
                    "write a west longitude with a minus sign ({fixed}).")
SOUTH_IN_THE_NORTH = ("{column} '{value}' is south of the equator, but {state_column} {state} is a place north of it: "
                      "write a north latitude without a minus sign ({fixed}).")


def _check_hemispheres(frame: _Frame, coordinates: dict[str, pa.Array]) -> None:
    """A station's coordinates on the side of Greenwich and of the equator its state is on (_NORTH_WEST_STATES)."""
    state = frame.text("stateCode")
    codes = pc.utf8_upper(pc.utf8_lpad(state, 2, "0"))  # StateCode 1 is 01
    for code in pc.unique(codes).to_pylist():
        if code not in _NORTH_WEST_STATES:
            continue
        here = _numpy(pc.equal(codes, code)) & ~frame.bad
        def details(written: str, sign: str, code: str = code) -> dict:
            return {"state_column": frame.column("stateCode"), "state": code, "fixed": sign + written.strip("+- ")}

        east = here & _numpy(pc.fill_null(pc.greater(coordinates["longitude"], 0), False))
        frame.reject(east, "longitude", EAST_IN_THE_WEST, None, lambda written: details(written, "-"))
        south = here & ~frame.bad & _numpy(pc.fill_null(pc.less(coordinates["latitude"], 0), False))
        frame.reject(south, "latitude", SOUTH_IN_THE_NORTH, None, lambda written: details(written, ""))


_DECIMAL_COMMA = re.compile(r"'?[-+]?\d+,\d+")


def _check_datum(frame: _Frame) -> None:
    """The coordinates' horizontal datum, where the file gives one: a WQX code (a station takes it)."""
    if "horizontalDatum" not in frame.arrays:
        return
    from chalicelib.reference import service as reference

    datum = frame.text("horizontalDatum")
    known = pc.is_in(datum, value_set=pa.array(sorted(reference.horizontal_datums()), pa.string()))
    frame.reject(pc.and_(pc.not_equal(datum, ""), pc.invert(known)), "horizontalDatum",
                 "Unknown horizontal datum '{value}': use a WQX datum code such as NAD83, WGS84 or NAD27.", datum)


MEASURE_NOT_A_NUMBER = "{column} '{value}' is not a number: write it as a number, such as 160, and its unit in {label}."
ELEVATION_UNIT_UNKNOWN = "Unknown {column} '{value}': use ft, feet, m or meters."
AREA_UNIT_UNKNOWN = "Unknown {column} '{value}': use sq mi, acres, sq km or ha."
ELEVATION_WITHOUT_UNIT = "{column} '{value}' has no unit: give it in {label} (ft, feet, m or meters)."
AREA_WITHOUT_UNIT = "{column} '{value}' has no unit: give it in {label} (sq mi, acres, sq km or ha)."


def _check_measures(frame: _Frame, fmt) -> dict[str, pa.Array]:
    """A station's elevation and drainage areas, where the file gives them: each value a number (a spreadsheet's
    text mark taken off) with its unit, one of the reference's units for it (stored as the reference spells it).
    Answers the numbers (null where none is given) and the units ("" where no value is given) by field."""
    from chalicelib.reference import service as reference

    found = {}
    for name, unit_name, units, unknown, without in (
            ("elevation", "elevationUnit", reference.ELEVATION_UNITS, ELEVATION_UNIT_UNKNOWN, ELEVATION_WITHOUT_UNIT),
            ("drainageArea", "drainageAreaUnit", reference.AREA_UNITS, AREA_UNIT_UNKNOWN, AREA_WITHOUT_UNIT),
            ("contributingDrainageArea", "contributingDrainageAreaUnit", reference.AREA_UNITS, AREA_UNIT_UNKNOWN,
             AREA_WITHOUT_UNIT)):
        if name not in frame.arrays:
            continue  # (a unit without its value's column says nothing)
        text = frame.text(name)
        numbers, numeric = parse_numbers(text)
        given = _numpy(pc.not_equal(text, ""))
        label = {"label": frame.column(unit_name, fmt.column(unit_name))}
        frame.reject(given & ~_numpy(numeric), name, MEASURE_NOT_A_NUMBER, text, lambda _, label=label: label)
        written = frame.text(unit_name)
        spelled = {unit: reference.measure_unit(unit, units) for unit in pc.unique(written).to_pylist() if unit}
        known = [unit for unit, spelling in spelled.items() if spelling]
        index = pc.index_in(written, value_set=pa.array(known, pa.string()))
        stored = pc.take(pa.array([spelled[unit] for unit in known], pa.string()), index)
        frame.reject(given & _numpy(pc.equal(written, "")), name, without, text, lambda _, label=label: label)
        frame.reject(given & _numpy(pc.not_equal(written, "")) & _numpy(pc.is_null(stored)), unit_name, unknown,
                     written)
        found[name] = numbers
        found[unit_name] = pc.if_else(pa.array(given), pc.fill_null(stored, ""), "")
    return found


def _check_limit(frame: _Frame, rules: Rules, fmt) -> pa.Array | None:
    """The detection limit's cells, where the file has them: a number (a spreadsheet's text mark taken off), its
    unit a WQX unit code. Kept as written (1.0 keeps its figures). None when the file has no limit column."""
    if "detectionLimitUnit" in frame.arrays:
        units = frame.text("detectionLimitUnit")
        frame.reject(_unknown_units(units, rules.units), "detectionLimitUnit",
                     "Unknown unit '{value}': use a WQX unit code such as mg/L, deg C or uS/cm.", units)
    if "detectionLimit" not in frame.arrays:
        return None
    text = frame.text("detectionLimit")
    _, numeric = parse_numbers(text)
    unit_label = frame.column("detectionLimitUnit", fmt.column("detectionLimitUnit"))
    frame.reject(pc.and_(pc.not_equal(text, ""), pc.invert(numeric)), "detectionLimit",
                 "{column} '{value}' is not a number: write the detection limit as a number, such as 0.5, and its "
                 "unit in " + unit_label + ".", text)
    return _without_text_mark(text)


def written_figures(written: pa.Array, numbers: pa.Array) -> pa.Array:
    """Per cell, its text where a number was read from it and that text is not the number's own (what downloads
    write of the stored number: 7.10 is 7.1, 0.0100 is 0.01, 20.0 is 20, 1.5E-3 is 0.0015), else null. Column-wise:
    pyarrow writes the numbers as the shortest text that reads back the same, as the stored numbers are written;
    only where it writes an exponent (from 1e15, below 1e-5) or -0, Python compares those few cells again. (0.09 CPU s
    a million cells; picking the cells that may differ by their first and last bytes first saved little.)"""
    if not len(written):
        return pa.nulls(0, pa.string())
    own = pc.cast(numbers, pa.string())
    differs = _numpy(pc.not_equal(written, own))  # null (False) where no number was read
    exponent = np.flatnonzero(_numpy(pc.or_(pc.match_substring(own, "e"), pc.equal(own, "-0"))))
    if len(exponent):
        from chalicelib.samples.service import number_text_of

        picked = pa.array(exponent)
        differs[exponent] = [text != number_text_of(value) for text, value in
                             zip(written.take(picked).to_pylist(), numbers.take(picked).to_pylist())]
    if not differs.any():
        return pa.nulls(len(written), pa.string())
    return pc.if_else(pa.array(differs), written, pa.scalar(None, pa.string()))


def _coordinate_problem(text: str) -> str:
    return "comma" if _DECIMAL_COMMA.fullmatch(text) else "other"


def _located(frame: _Frame, station: pa.Array) -> list[tuple[int, str]]:
    """The rejected rows that give a location (readable or not), the first of each station: [(row, identifier)]."""
    if "latitude" not in frame.arrays or "longitude" not in frame.arrays:
        return []
    placed = frame.bad & ~_empty(station) & ~_empty(frame.text("latitude")) & ~_empty(frame.text("longitude"))
    if not placed.any():
        return []
    positions = np.flatnonzero(placed)
    first: dict[str, int] = {}
    for row, identifier in zip(frame.rows[positions].tolist(), station.take(pa.array(positions)).to_pylist()):
        first.setdefault(identifier, int(row))
    return sorted((row, identifier) for identifier, row in first.items())


def _unknown_units(units: pa.Array, codes: frozenset) -> np.ndarray:
    """Per cell, whether it names a unit an import does not take. A WQX code as the reference lists write it is
    found in one pass; the other cells' distinct texts are compared loosely ('MG/L' is mg/L, 'umho/cm' uS/cm)."""
    from chalicelib.parameters import units as unit_table

    others = _numpy(pc.and_(pc.not_equal(units, ""), pc.invert(pc.is_in(units, value_set=_codes(codes)))))
    if not others.any():
        return others
    texts = pc.unique(pc.filter(units, pa.array(others)))
    taken = [text for text in texts.to_pylist() if unit_table.known(text, codes)]
    if taken:
        others &= ~_numpy(pc.is_in(units, value_set=pa.array(taken, pa.string())))
    return others


_CODE_ARRAYS: dict = {}


def _codes(codes: frozenset) -> pa.Array:
    found = _CODE_ARRAYS.get(codes)
    if found is None:
        found = _CODE_ARRAYS[codes] = pa.array(sorted(codes), pa.string())
    return found


def _date_problem(text: str) -> str:
    """What is wrong with a rejected date: its form ("form"), a month past 12 ("month"), a day its month does not
    have ("day"), or a year out of range ("year")."""
    for pattern, form in _DATE_FORMATS:
        found = re.match(pattern, text)
        if found:
            if not 1 <= int(found["m"]) <= 12:
                return "month"
            try:
                written = datetime.strptime(text, form)
            except ValueError:
                return "day"
            return "year" if written.year < EARLIEST_YEAR else "future"
    return "form"


_SEPARATED_NUMBER = re.compile(r"[+-]?[\d.,]*\d,[\d.,]*")


def _number_problem(text: str) -> str:
    """What is wrong with a rejected value: a limit written into it ("<0.5"), a decimal comma or thousands
    separator, a formula, or something else."""
    if text[:1] in "<>" and text[1:].strip():
        return "limit"
    if _SEPARATED_NUMBER.fullmatch(text):
        return "separator"
    if text.startswith("="):
        return "formula"
    return "other"


def _keep(good: np.ndarray):
    """A function taking an array's cells of the rows `good` (the array itself when all rows are good)."""
    if good.all():
        return lambda array: array
    mask = pa.array(good)
    return lambda array: pc.filter(array, mask)


def _dates_checked(values: pa.Array) -> tuple[pa.Array, pa.Array]:
    """Dates (timestamp[s]) and where a written date is no date, or one before EARLIEST_YEAR or more than AHEAD
    after today (UTC): a result dated later is a typing mistake (a two-digit year read as 20xx, a month and day
    swapped), not a sample taken; AHEAD leaves room for the zones a date is written in."""
    dates = parse_dates(values)
    latest = pa.scalar(datetime.now(timezone.utc).replace(tzinfo=None) + AHEAD, pa.timestamp("s"))
    implausible = pc.or_(pc.less(pc.year(dates), EARLIEST_YEAR), pc.greater(dates, latest))
    return dates, pc.and_(pc.not_equal(values, ""), pc.or_(pc.is_null(dates), pc.fill_null(implausible, False)))


def _epoch_seconds(values: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """Per date text, its midnight in seconds since 1970 (0 for no date) and whether it is a wrong date."""
    dates, bad = _dates_checked(values)
    return _numpy_filled(pc.cast(dates, pa.int64())), _numpy(bad)


def _zone_offsets(zones: pa.Array, rules: Rules) -> tuple[np.ndarray, np.ndarray, pa.Array]:
    """Per time zone (a WQX code, or an offset from UTC in any form time_zones reads), its offset from UTC in
    seconds (0 for none or an unknown zone), whether it is unknown, and the zone as stored (an offset in its one
    spelling; an unknown zone as written)."""
    written = zones.to_pylist()
    stored = [zone if zone == "" or zone in rules.time_zones else time_zones.offset_code(zone) for zone in written]
    hours = [rules.time_zones.get(zone, time_zones.hours(zone)) if zone else None for zone in stored]
    return (np.array([0 if h is None else round(h * 3600) for h in hours], dtype=np.int64),
            np.array([h is None and zone != "" for zone, h in zip(written, hours)], dtype=bool),
            pa.array([zone if zone is not None else text for zone, text in zip(stored, written)], pa.string()))


def _numpy_filled(values: pa.Array) -> np.ndarray:
    """A numeric or boolean array as numpy, nulls as 0 (False)."""
    return (pc.fill_null(values, 0 if not pa.types.is_boolean(values.type) else False)
            if values.null_count else values).to_numpy(zero_copy_only=False)


def _iso_times(seconds: np.ndarray) -> pa.Array:
    """Seconds since 1970 as "YYYY-MM-DDTHH:MM:SSZ" texts: cast once per run of equal times (the results of a
    sample share its time), the bytes then set in place (no time zone database, no per-row work; the kernels'
    way when a time is missing or a year is not of four digits)."""
    count = len(seconds)
    if count:
        heads = np.ones(count, dtype=bool)
        np.not_equal(seconds[1:], seconds[:-1], out=heads[1:])
        texts = _iso_bytes(pa.array(seconds[heads]))
        if texts is not None:
            return pa.StringArray.from_buffers(count, pa.py_buffer(np.arange(0, 20 * count + 1, 20, dtype=np.int32)),
                                               pa.py_buffer(texts[np.cumsum(heads) - 1]))
    text = pc.cast(pc.cast(pa.array(seconds), pa.timestamp("s")), pa.string())
    return pc.binary_join_element_wise(pc.replace_substring(text, " ", "T"), "Z", "")


def _iso_bytes(seconds: pa.Array) -> np.ndarray | None:
    """The texts of `_iso_times` as rows of 20 bytes (None when a year is not of four digits)."""
    text = pc.cast(pc.cast(seconds, pa.timestamp("s")), pa.string())
    bounds, data = _cells(text)
    count = len(text)
    if not (np.diff(bounds) == 19).all():
        return None
    out = np.empty((count, 20), dtype=np.uint8)
    out[:, :19] = data[bounds[0]:bounds[0] + 19 * count].reshape(count, 19)
    out[:, 10], out[:, 19] = ord("T"), ord("Z")
    return out


def _keys(station: pa.Array, characteristic: pa.Array, moment: np.ndarray, activity: pa.Array,
          *more: np.ndarray) -> np.ndarray:
    """A 64-bit key per row of (station, parameter, time, activity, and the hashes `more`: the fraction and
    depth when given): texts hashed once per distinct value."""
    key = _mix(_text_hashes(station))
    for part in (_text_hashes(characteristic), moment.view(np.uint64),
                 _text_hashes(activity), *more):
        key = _mix(key ^ part)
    key[key == 0] = 1  # 0 marks a free slot of Seen's table (1 and 0 meet as rarely as any two hashes)
    return key.view(np.int64)


def _text_hashes(values: pa.Array) -> np.ndarray:
    distinct, index = _distinct_texts(values)
    return _hash_texts(distinct)[index]


def _hash_texts(texts: pa.Array) -> np.ndarray:
    """A 64-bit hash of each text's bytes, all texts at once: its length, then each 8 bytes of it in turn,
    mixed in with splitmix64's finaliser. Texts longer than HASHED_WORDS words (rare; refused later as too
    long, or names) are hashed by Python one by one."""
    bounds, data = _cells(texts)
    starts, lengths = bounds[:-1].astype(np.int64), np.diff(bounds).astype(np.int64)
    hashes = _mix(lengths.astype(np.uint64) ^ np.uint64(0x9E3779B97F4A7C15))
    if not len(data):
        return hashes
    padded = np.zeros((len(data) // 8 + 2) * 8, dtype=np.uint8)  # every 8-byte read below stays inside
    padded[:len(data)] = data
    # Every byte offset as the start of a little-endian 64-bit word (overlapping views of the same bytes).
    words = np.lib.stride_tricks.as_strided(padded.view(np.uint64), shape=(len(data) + 1,), strides=(1,))
    short = lengths <= 8 * HASHED_WORDS
    for word in range(int(min(lengths.max(), 8 * HASHED_WORDS) + 7) // 8):
        live = np.flatnonzero(short & (lengths > 8 * word))
        left = lengths[live] - 8 * word
        value = words[starts[live] + 8 * word]
        value &= np.where(left >= 8, np.uint64(0xFFFFFFFFFFFFFFFF),
                          (np.uint64(1) << (np.minimum(left, 7).astype(np.uint64) * np.uint64(8))) - np.uint64(1))
        hashes[live] = _mix(hashes[live] ^ value)
    for position in np.flatnonzero(~short).tolist():
        hashes[position] = np.uint64(hash(texts[position].as_py()) & 0xFFFFFFFFFFFFFFFF)
    return hashes


def _mix(h: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: every bit of the input moves about half of the output's bits."""
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


class Seen:
    """The keys (station, parameter, time, activity) of the rows accepted so far and the row of each, in a
    hash table of numpy arrays (open addressing, linear probing, at most half full), looked up and added to
    a block of keys at a time. It starts with room for the issue's million rows (2M slots, 24 MB): growing
    to it from small moved every key several times over and tripled this table's cost. (Sorted
    runs of keys, merged as they grew, had cost a third of the parse.)"""

    _EMPTY = 0  # a free slot (`_keys` gives no key 0)
    _PLACED_AT_ONCE = 1 << 15  # keys placed per step when the table grows (a block's worth)

    def __init__(self, capacity: int = 1 << 21):
        self._keys = np.zeros(capacity, dtype=np.int64)
        self._rows = np.zeros(capacity, dtype=np.int32)  # an upload is at most 2 GB: fewer than 2**31 rows
        self._count = 0

    def remember(self, keys: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Per key (distinct), the row that had it before; a key not met before (0) is remembered with its row.
        One probe of the table per key finds it or the free slot it takes."""
        if 2 * (self._count + len(keys)) > len(self._keys):
            self._grow(2 * (self._count + len(keys)))
        earlier = np.zeros(len(keys), dtype=np.int64)
        mask = len(self._keys) - 1
        pending, slots = np.arange(len(keys)), keys & mask
        while len(pending):
            held = self._keys[slots]
            hit = held == keys[pending]
            earlier[pending[hit]] = self._rows[slots[hit]]
            free = held == self._EMPTY
            taking, taken = pending[free], slots[free]
            self._keys[taken] = keys[taking]  # keys meeting at a free slot: one of them gets it
            won = self._keys[taken] == keys[taking]
            self._rows[taken[won]] = rows[taking[won]]
            self._count += int(won.sum())
            going_on = ~hit & ~free
            pending = np.concatenate((pending[going_on], taking[~won]))
            slots = (np.concatenate((slots[going_on], taken[~won])) + 1) & mask
        return earlier

    def _grow(self, least: int) -> None:
        held = self._keys != self._EMPTY
        keys, rows = self._keys[held], self._rows[held]
        capacity = len(self._keys)
        while capacity < least:
            capacity *= 2
        self._keys, self._rows = np.zeros(capacity, dtype=np.int64), np.zeros(capacity, dtype=np.int32)
        self._count = 0
        for start in range(0, len(keys), self._PLACED_AT_ONCE):
            self.remember(keys[start:start + self._PLACED_AT_ONCE], rows[start:start + self._PLACED_AT_ONCE])


@dataclass
class _BlockKeys:
    """A block's repeat keys grouped (on the checks' thread): its distinct keys, where each is first met and
    which distinct key each row has."""

    keys: np.ndarray

    def __post_init__(self):
        self.distinct, self.first, self.inverse = _distinct(self.keys)


def _reject_repeats(accepted: Checked, keys: _BlockKeys, seen: Seen) -> np.ndarray:
    """Per accepted row, whether it repeats an earlier row's key (of this block, or one `seen`): those get
    their rejection; the keys not met before are remembered."""
    rows = accepted.rows
    earlier_of_distinct = seen.remember(keys.distinct, rows[keys.first])
    earlier = earlier_of_distinct[keys.inverse]
    within = keys.first[keys.inverse] != np.arange(len(keys.keys))  # a key met earlier in this block
    earlier = np.where((earlier == 0) & within, rows[keys.first[keys.inverse]], earlier)
    repeats = earlier != 0
    for position, row in zip(np.flatnonzero(repeats).tolist(), earlier[repeats].tolist()):
        accepted.rejections.append(Rejection(int(rows[position]), None, None, f"Repeats row {row}: the same "
                                             "station, parameter, time, activity, fraction and depth.", int(accepted.index[position])))
    return repeats


def _distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """np.unique(keys, return_index=True, return_inverse=True) by an unstable sort (several times faster
    than the stable one np.unique takes; the first position of each key is found after it)."""
    if not len(keys):
        return keys, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    order = np.argsort(keys)
    ordered = keys[order]
    starts = np.ones(len(keys), dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(len(keys), dtype=np.int64)
    inverse[order] = np.cumsum(starts) - 1
    return ordered[starts], np.minimum.reduceat(order, np.flatnonzero(starts)), inverse


def check_stations(chunk: pa.Table, layout: Layout, header: list, *, first_row: int,
                   encoding: str = "UTF-8", rows: np.ndarray | None = None) -> Checked:
    """Check and normalise station rows (Station profile): identifier, name, coordinates, codes."""
    assert layout.format.kind == STATIONS
    frame = _frame(chunk, layout, header, first_row, encoding, rows)
    frame.common_checks(frame.arrays)
    station = frame.required("station", "every station needs its identifier.")
    name = frame.required("stationName", "every station needs its name.")
    coordinates = _coordinates(frame, required=True)
    _check_datum(frame)
    measures = _check_measures(frame, layout.format)
    huc8 = frame.text("huc8")
    frame.reject(pc.and_(pc.not_equal(huc8, ""), pc.invert(pc.match_substring_regex(huc8, r"^\d{7,8}$"))), "huc8",
                 "{column} '{value}' is not a hydrologic unit code of 8 digits.", huc8)
    state = frame.text("stateCode")
    county = frame.text("countyCode")
    frame.reject(pc.and_(pc.not_equal(state, ""), pc.invert(pc.match_substring_regex(state, r"^\d{1,2}$"))),
                 "stateCode", "{column} '{value}' is not a state FIPS code (1 or 2 digits).", state)
    frame.reject(pc.and_(pc.not_equal(county, ""), pc.invert(pc.match_substring_regex(county, r"^\d{1,3}$"))),
                 "countyCode", "{column} '{value}' is not a county FIPS code (1 to 3 digits).", county)
    seen_here: dict = {}
    for position, key in enumerate(station.to_pylist()):
        if frame.bad[position]:
            continue
        if key in seen_here:
            frame.rejections.append(Rejection(int(frame.rows[position]), frame.column("station"), key,
                                              f"Repeats the station of row {seen_here[key]}.", int(frame.index[position])))
            frame.bad[position] = True
        else:
            seen_here[key] = int(frame.rows[position])
    mask = pa.array(~frame.bad)
    fields = {n: pc.filter(frame.text(n), mask) for n in frame.arrays}
    fields.update(station=pc.filter(station, mask), stationName=pc.filter(name, mask),
                  latitude=pc.filter(coordinates["latitude"], mask), longitude=pc.filter(coordinates["longitude"], mask),
                  **{n: pc.filter(values, mask) for n, values in measures.items()})
    return Checked(fields, frame.rows[~frame.bad], frame.index[~frame.bad], frame.rejections, frame.columns)


def check_limits(chunk: pa.Table, layout: Layout, header: list, rules: Rules, *, first_row: int,
                 encoding: str = "UTF-8", rows: np.ndarray | None = None) -> Checked:
    """Check the rows of a detection-limit file (WQP's ResultDetectionQuantitationLimit profile): each names a
    stored result by its station, activity and characteristic, and gives its limit (a number), unit and type."""
    assert layout.format.kind == LIMITS
    frame = _frame(chunk, layout, header, first_row, encoding, rows)
    frame.common_checks(frame.arrays)
    fields = {"station": frame.required("station", "every value needs its station."),
              "characteristic": frame.required("characteristic", "every value needs its parameter."),
              "activityId": frame.required("activityId", "every limit needs the activity of its result."),
              "detectionLimitUnit": frame.text("detectionLimitUnit"),
              "detectionLimitType": frame.text("detectionLimitType")}
    frame.required("detectionLimit", "every row needs its detection limit.")
    fields["detectionLimit"] = _check_limit(frame, rules, layout.format)
    keep = _keep(~frame.bad)
    return Checked({name: keep(array) for name, array in fields.items()}, frame.rows[~frame.bad],
                   frame.index[~frame.bad], frame.rejections, frame.columns)


@dataclass
class Units:
    """A chunk's values against their parameters' units (against_parameters): per accepted row."""

    number: list  # the number in the parameter's unit (None where the value is not a number)
    unit: list  # the unit stored: the parameter's where the file gave none, the same unit or a converted one
    original: dict  # position -> (the value as the file wrote it, its unit), for the converted rows
    refused: dict  # position -> why its unit cannot be taken
    implausible: np.ndarray  # outside its parameter's plausible range (in the unit stored)
    # position -> the unit as the file wrote it, for the rows whose unit is the parameter's written otherwise
    # ("uS/cm" for "uS/cm @25C", "mg/l" for "mg/L"): stored as the parameter's, the file's spelling kept for downloads
    respelt: dict = field(default_factory=dict)


def against_parameters(fields: Mapping, parameter_units: Mapping[str, str | None]) -> Units:
    """Each number's unit compared with its parameter's (`parameter_units`: label -> unit; compared loosely): the
    same unit is stored as the parameter's (one label a series, however a file writes it; the file's spelling is
    kept in `respelt`); none given is read in the parameter's unit; a convertible one is converted; any other is
    refused. (A value that is no number, such as ND, has nothing to convert: it keeps the unit the file gave, written
    as the parameter's when it is the same.) Decided once per distinct parameter and unit; Python loops only over the
    converted, refused and respelt rows."""
    from chalicelib.parameters import units as unit_table

    labels, units = fields["characteristic"], fields["unit"] if "unit" in fields else None
    count = len(labels)
    if units is None:
        units = pa.array([""] * count, pa.string())
    pairs, index = _distinct_texts(pc.binary_join_element_wise(labels, units, "\x1f"))
    numbers = pc.fill_null(fields["number"], np.nan).to_numpy(zero_copy_only=False).copy()
    numeric = ~np.isnan(numbers)
    stored_units = units.to_pylist()
    implausible = np.zeros(count, dtype=bool)
    original, refused, respelt = {}, {}, {}
    for pair, (label, unit) in enumerate(text.split("\x1f", 1) for text in pairs.to_pylist()):
        expected = parameter_units.get(label)
        expected = expected if unit_table.given(expected) else None
        if expected and unit != expected and unit_table.given(unit) and unit_table.same(unit, expected):
            for position in np.flatnonzero(index == pair).tolist():  # numbers or not (ND): one label a series
                stored_units[position] = expected
                respelt[position] = unit
        rows = np.flatnonzero((index == pair) & numeric)
        if not len(rows):
            continue
        stored = unit
        if expected and not unit_table.given(unit):
            stored = expected
            for position in rows.tolist():
                stored_units[position] = expected
        elif expected and not unit_table.same(unit, expected):
            convert = unit_table.converter(unit, expected)
            if convert is None:
                reason = unit_table.unconvertible(unit, expected)
                refused.update((position, reason) for position in rows.tolist())
                continue
            stored = expected
            written = fields["value"]
            for position in rows.tolist():
                numbers[position] = convert(float(numbers[position]))
                stored_units[position] = expected
                original[position] = (written[position].as_py(), unit)
        bounds = unit_table.plausible_range(label, stored)
        if bounds is not None:
            taken = numbers[rows]
            implausible[rows] = (taken < bounds[0]) | (taken > bounds[1])
    number = [None if np.isnan(n) else n for n in numbers.tolist()]
    return Units(number, stored_units, original, refused, implausible, respelt)
