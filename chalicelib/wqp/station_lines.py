"""A Station answer's CSV or TSV lines, formatted from the explorer snapshot's columns with numpy, a chunk
of stations at a time. A million-station answer is this product's largest: formatting it row by row in
Python took 2.4x the time DuckDB takes to write the same CSV (docs/decisions/0009-wqp-web-services.md).

Every field of a chunk is a span of bytes (where it starts in a buffer, how many bytes): identifiers and
names point into the snapshot's UTF-8 columns, codes into small tables formatted once per answer, numbers
into digits computed for the whole chunk. A chunk's lines are then one gather of all its spans. The bytes
are exactly what the CSV writer makes of the station records (tests/unit/test_wqp_station_lines.py): the
rare text the writer would quote or make formula-safe, and a number whose shortest form is not found
here, are formatted by Python.
"""
from __future__ import annotations

from typing import Callable, Iterator, Sequence

import numpy as np

from chalicelib.samples.download import safe_cell

CHUNK_ROWS = 8192
FORMULA_FIRST = frozenset("=+-@\t\r")
# Python writes a float in fixed notation from 1e-4 up to 1e16, else with an exponent (left to Python).
_FIXED_LOW, _FIXED_HIGH = 1e-4, 1e16
# Decimal places tried for a float's shortest form: m / 10**k is then exact while m < 2**49 (see _floats).
_MAX_PLACES = 12
_EXACT_INTEGER = float(2 ** 49)
_POW10 = 10.0 ** np.arange(20)

Spans = tuple  # (buffer: uint8 array, starts: int64 array, lengths: int64 array), one entry per row


def field_text(text: str, delimiter: str) -> str:
    """One text field as the CSV writer writes it (QUOTE_MINIMAL, CRLF lines), formula-safe."""
    if text[:1] in FORMULA_FIRST:
        text = safe_cell(text)
    if delimiter in text or '"' in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


class Table:
    """Fields formatted once per answer (organizations, location types, codes), looked up by a code."""

    def __init__(self, texts: Sequence[str]):
        encoded = [t.encode("utf-8") for t in texts]
        self.buffer = np.frombuffer(b"".join(encoded), dtype=np.uint8)
        self.lengths = np.array([len(e) for e in encoded], dtype=np.int64)
        self.starts = np.cumsum(self.lengths) - self.lengths

    def spans(self, codes: np.ndarray) -> Spans:
        return self.buffer, self.starts[codes], self.lengths[codes]


def _replaced(spans: Spans, rows: np.ndarray, texts: list[str]) -> Spans:
    """The spans with some rows' bytes replaced by texts (appended to the buffer)."""
    buffer, starts, lengths = spans
    if not len(rows):
        return spans
    extra = [t.encode("utf-8") for t in texts]
    sizes = np.array([len(e) for e in extra], dtype=np.int64)
    starts, lengths = starts.copy(), lengths.copy()
    starts[rows] = len(buffer) + np.cumsum(sizes) - sizes
    lengths[rows] = sizes
    return np.concatenate([buffer, np.frombuffer(b"".join(extra), dtype=np.uint8)]), starts, lengths


def gather(source: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The bytes of every span, in order, as one array (one index per byte, built by a cumulative sum)."""
    keep = lengths > 0
    starts, lengths = starts[keep], lengths[keep]
    if not len(lengths):
        return np.zeros(0, dtype=np.uint8)
    ends = np.cumsum(lengths)
    total = int(ends[-1])
    # Each byte's source index is the previous one's plus 1, but where a span begins: there it jumps.
    # (Indices of the platform's own integer type: numpy gathers with them several times faster.)
    steps = np.ones(total, dtype=np.intp)
    steps[0] = starts[0]
    steps[ends[:-1]] = starts[1:] - (starts[:-1] + lengths[:-1] - 1)
    return np.take(source, np.cumsum(steps, out=steps), mode="clip")


class TextColumn:
    """A text column of the snapshot (UTF-8 blob and row offsets), written as fields: a field holding the
    delimiter or a line break is put in quotes; one holding a quote, or starting as a formula does, is
    formatted by Python (field_text)."""

    _QUOTES = Table(["", '"'])

    def __init__(self, blob: np.ndarray, ptr: np.ndarray, delimiter: str):
        self.blob, self.ptr, self.delimiter = blob, ptr, delimiter
        self.quoted_bytes = [ord(delimiter), ord("\n"), ord("\r")]
        self.formula = np.zeros(256, dtype=bool)
        self.formula[[ord(c) for c in FORMULA_FIRST]] = True

    def spans(self, rows: np.ndarray) -> list[Spans]:
        """The rows' fields: an opening quote or nothing, the text, a closing quote or nothing."""
        starts, stops = self.ptr[rows], self.ptr[rows + 1]
        lengths = stops - starts
        if rows[-1] - rows[0] + 1 == len(rows):  # consecutive rows: their bytes are one slice already
            buffer, starts = self.blob[starts[0]:stops[-1]], starts - starts[0]
        else:
            buffer = gather(self.blob, starts, lengths)
            starts = np.cumsum(lengths) - lengths
        # Bytes compared one value at a time (vectorised compares beat a table lookup per byte).
        quoted_at = buffer == self.quoted_bytes[0]
        for value in self.quoted_bytes[1:]:
            quoted_at |= buffer == value
        quoted = np.zeros(len(rows), dtype=np.uint8)
        quoted[np.searchsorted(starts, np.flatnonzero(quoted_at), side="right") - 1] = 1
        quote_owners = np.searchsorted(starts, np.flatnonzero(buffer == ord('"')), side="right") - 1
        first = buffer[np.minimum(starts, len(buffer) - 1)] if len(buffer) else np.zeros(len(rows), np.uint8)
        python = np.union1d(quote_owners, np.flatnonzero((lengths > 0) & self.formula[first]))
        quoted[python] = 0
        texts = [field_text(buffer[s:s + n].tobytes().decode("utf-8"), self.delimiter)
                 for s, n in zip(starts[python].tolist(), lengths[python].tolist())]
        quotes = self._QUOTES.spans(quoted)
        return [quotes, _replaced((buffer, starts, lengths), python, texts), quotes]


def digits(values: np.ndarray, width: int) -> Spans:
    """Whole numbers zero-padded to `width` digits (f"{v:0{width}d}"); 0 is an empty field."""
    values = values.astype(np.uint64)
    width = max(width, len(str(int(values.max()))) if len(values) else width)
    matrix = np.empty((len(values), width), dtype=np.uint8)
    for place in range(width):
        matrix[:, width - 1 - place] = values // np.uint64(10 ** place) % np.uint64(10) + 48
    return (matrix.reshape(-1), np.arange(len(values), dtype=np.int64) * width,
            np.where(values > 0, width, 0).astype(np.int64))


def floats(values: np.ndarray) -> Spans:
    """Floats as Python writes them (repr: the shortest text that reads back as the same float).

    For each value, the fewest decimal places k (up to 12) with round(|v| * 10**k) / 10**k == |v|. While
    m = |v| * 10**k stays below 2**49, m is rounded to the right whole number, m / 10**k is the float
    nearest the decimal m e-k (one correctly rounded division of exact numbers), and no other k-place
    decimal reads back as v (neighbouring floats are |v| * 2**-52 apart, less than 10**-k), so that decimal
    is repr's. Values with no such k, not finite, or written with an exponent are left to Python. All the
    arithmetic is on floats holding whole numbers below 2**53, so it is exact (and vectorised).
    """
    n = len(values)
    magnitude = np.abs(values)
    places = np.full(n, -1, dtype=np.int64)
    with np.errstate(invalid="ignore", over="ignore"):
        open_ = (magnitude >= _FIXED_LOW) & (magnitude < _FIXED_HIGH)
        for k in range(_MAX_PLACES + 1):
            m = np.round(magnitude * _POW10[k])
            found = open_ & (m < _EXACT_INTEGER) & (m / _POW10[k] == magnitude)
            places[found] = k
            open_ &= ~found
            if not open_.any():
                break
    places[magnitude == 0] = 0
    python = np.flatnonzero(places < 0)
    places[python] = 0
    magnitude[python] = 0  # written by Python: their digits here are never read
    whole = np.floor(magnitude)
    shown = np.maximum(places, 1)  # a whole number is written with one place: 40.0
    most = int(shown.max()) if n else 1
    # The fraction's digits as a most-place whole number (0.5 with most = 3: 500), read left to right.
    fraction = np.round(magnitude * _POW10[places]) - whole * _POW10[places]
    fraction *= _POW10[most - places]
    whole_width = len(str(int(whole.max()))) if n else 1
    width = 1 + whole_width + 1 + most  # sign, digits, point, places
    matrix = np.empty((n, width), dtype=np.uint8)
    _write_digits(matrix, whole, 1, whole_width)
    matrix[:, whole_width + 1] = ord(".")
    _write_digits(matrix, fraction, whole_width + 2, most)
    whole_digits = np.ones(n, dtype=np.int64)
    for place in range(1, whole_width):
        whole_digits += whole >= _POW10[place]
    negative = np.signbit(values)
    first = whole_width + 1 - whole_digits - negative
    matrix[np.flatnonzero(negative), first[negative]] = ord("-")
    starts = np.arange(n, dtype=np.int64) * width + first
    lengths = (whole_width + 1 - first) + 1 + shown
    return _replaced((matrix.reshape(-1), starts, lengths), python, [repr(float(values[i])) for i in python])


def _write_digits(matrix: np.ndarray, numbers: np.ndarray, column: int, width: int) -> None:
    """The last `width` decimal digits of whole numbers (floats below 2**53) into matrix columns
    column..column+width-1 (floor(x / 10) of such an x is exact: its error is below the distance to the
    next whole number)."""
    rest = numbers
    for place in range(width - 1, -1, -1):
        shorter = np.floor(rest / 10)
        matrix[:, column + place] = rest - 10 * shorter + 48
        rest = shorter


def join_lines(items: Sequence[bytes | Spans], count: int) -> np.ndarray:
    """count lines, each the items in order: bytes are the same on every line (delimiters, constant
    fields, the line end), spans one entry per line."""
    runs, fields, run = [], [], []
    for item in items:
        if isinstance(item, bytes):
            run.append(item)
        else:
            runs.append(b"".join(run))
            fields.append(item)
            run = []
    runs.append(b"".join(run))
    constants = b"".join(runs)
    buffers = [np.frombuffer(constants, dtype=np.uint8), *(f[0] for f in fields)]
    offsets = np.cumsum([0, *(len(b) for b in buffers)])
    starts = np.empty((count, 2 * len(fields) + 1), dtype=np.int64)
    lengths = np.empty_like(starts)
    at = 0
    for i, run in enumerate(runs):
        starts[:, 2 * i], lengths[:, 2 * i] = at, len(run)
        at += len(run)
    for i, (_, field_starts, field_lengths) in enumerate(fields):
        starts[:, 2 * i + 1] = field_starts + offsets[i + 1]
        lengths[:, 2 * i + 1] = field_lengths
    return gather(np.concatenate(buffers), starts.reshape(-1), lengths.reshape(-1))


def lines(rows: np.ndarray, layout: Sequence[str | Callable[[np.ndarray], list[Spans]]], delimiter: str,
          line_end: str) -> Iterator[bytes]:
    """The lines of the rows, CHUNK_ROWS at a time. layout: a line's fields in order, each a constant
    text (already a field) or a function giving the parts of a chunk's fields (spans written one after
    the other)."""
    for start in range(0, len(rows), CHUNK_ROWS):
        chunk = rows[start:start + CHUNK_ROWS]
        items: list[bytes | Spans] = []
        for index, item in enumerate(layout):
            items.append((delimiter if index else "").encode("utf-8"))
            items.extend([item.encode("utf-8")] if isinstance(item, str) else item(chunk))
        items.append(line_end.encode("utf-8"))
        yield join_lines(items, len(chunk)).tobytes()
