"""What an import keeps in S3 besides its file: per chunk, its rejected rows and the series it wrote
(one object per chunk, named by the chunk's first row, so a repeated chunk overwrites its own object);
at the end the feedback CSV (the rejected rows as in the file, plus a message column), once per language the
messages have translations in (chalicelib/core/messages.py), each with a UTF-8 byte-order mark (Excel on Windows
reads a CSV without one as its ANSI code page; the importer skips it, so a fixed file imports again).

    imports/<logId>/rejections/<first row>-<problems>.json   [{row, column, value, message, cells[, malformed]}]
    imports/<logId>/series/<first row>.json                  [[stationId, parameterId], ...]
    imports/<logId>/implausible/<first row>.json             [row, ...]: values outside their plausible range
    imports/<logId>/feedback.csv                             English
    imports/<logId>/feedback.<language>.csv                  the message column translated (feedback.zh-CN.csv)
"""
from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from typing import Iterator

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.messages import TRANSLATIONS, localize

FEEDBACK_NAME = "feedback.csv"
# The columns a feedback file adds to the file's own: the row (counted from the one after the header, as the
# screen counts) and the problems, named in the file's language (an import of the fixed file ignores them).
FEEDBACK_COLUMNS = {None: {"row": "row", "message": "message"}, "zh-CN": {"row": "行", "message": "问题"}}
# The reader's key for a chunk's malformed rows in its table's schema metadata (chalicelib/imports/reader.py;
# not imported from there: that module loads pyarrow, which the API does not).
MALFORMED_KEY = b"openwaterdata.malformed"


class Storage:
    def __init__(self, log_id: str):
        self.prefix = f"imports/{log_id}/"
        self.bucket = get_settings().uploads_bucket
        self.s3 = aws.client("s3")

    def _put(self, key: str, data: bytes, content_type: str = "application/json") -> None:
        self.s3.put_object(Bucket=self.bucket, Key=self.prefix + key, Body=data, ContentType=content_type)

    def _keys(self, folder: str) -> list[str]:
        keys = []
        for page in self.s3.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=self.prefix + folder):
            keys += [item["Key"] for item in page.get("Contents", [])]
        return sorted(keys)

    def _json(self, key: str):
        return json.loads(self.s3.get_object(Bucket=self.bucket, Key=key)["Body"].read())

    # ------------------------------------------------------------ chunks

    def save_chunk(self, first_row: int, outcome, table, raw_header: list) -> None:
        if outcome.rejections:
            indexes = sorted({r.index for r in outcome.rejections if r.index is not None})
            cells = {}
            if indexes:
                import pyarrow as pa

                taken = table.take(pa.array(indexes)).to_pydict()
                columns = [taken[name] for name in raw_header]
                cells = {index: [column[n] for column in columns] for n, index in enumerate(indexes)}
            entries = [{**r.to_dict(), "cells": cells.get(r.index)} for r in outcome.rejections]
            _with_malformed_rows(entries, outcome.rejections, table, len(raw_header))
            # A row's problems in the order of its columns (the checks find them column by column, not in that order).
            place = {name: n for n, name in enumerate(raw_header)}
            entries.sort(key=lambda e: (e["row"] is None, e["row"] or 0, place.get(e["column"], len(place))))
            self._put(f"rejections/{first_row:012d}-{len(entries)}.json", json.dumps(entries).encode())
        if outcome.series:
            self._put(f"series/{first_row:012d}.json", json.dumps(sorted(outcome.series)).encode())
        # Rows the import's message names (values outside their range, times read as UTC), in file order.
        for kind, rows in (("implausible", outcome.implausible_rows), ("zoneless", outcome.zoneless_rows)):
            if rows:
                self._put(f"{kind}/{first_row:012d}.json", json.dumps(rows).encode())

    def save_rejections(self, first_row: int, entries: list[dict]) -> None:
        """Rejected rows checked without pyarrow (time-series imports): [{row, column, value, message, cells}]."""
        if entries:
            self._put(f"rejections/{first_row:012d}-{len(entries)}.json", json.dumps(entries).encode())

    def listed_rows(self, kind: str, limit: int) -> list[int]:
        """The first `limit` rows (in file order) of a kind the import's message names: "implausible" (values outside
        their parameter's plausible range), "zoneless" (a time without a time zone, read as UTC)."""
        rows: list[int] = []
        for key in self._keys(f"{kind}/"):
            rows += self._json(key)
            if len(rows) >= limit:
                break
        return rows[:limit]

    def touched_series(self) -> set:
        touched = set()
        for key in self._keys("series/"):
            touched |= {tuple(pair) for pair in self._json(key)}
        return touched

    # ------------------------------------------------------------ rejected rows

    def rejection_count(self) -> int:
        return sum(int(key.rsplit("-", 1)[1].split(".")[0]) for key in self._keys("rejections/"))

    def rejections(self, offset: int = 0, limit: int | None = None) -> list[dict]:
        """Problems of the rejected rows in file order, from `offset` (reads only the chunks it needs)."""
        out: list[dict] = []
        position = 0
        for key in self._keys("rejections/"):
            count = int(key.rsplit("-", 1)[1].split(".")[0])
            if position + count <= offset:
                position += count
                continue
            for entry in self._json(key):
                if position >= offset and (limit is None or len(out) < limit):
                    out.append({k: entry[k] for k in ("row", "column", "value", "message")})
                position += 1
            if limit is not None and len(out) >= limit:
                break
        return out

    def _rejected_rows(self) -> Iterator[tuple]:
        """(row, cells, messages) per rejected row, in file order. A malformed row is a row of its own (its
        entries are apart even where its number is unknown, or where an import before 2026-11-27 numbered the rows
        after it without it, so that another rejected row had its number)."""
        for key in self._keys("rejections/"):
            by_row: dict = {}
            for n, entry in enumerate(self._json(key)):
                malformed = entry.get("malformed") or entry["row"] is None
                row_key = ("malformed", n) if malformed else entry["row"]
                found = by_row.setdefault(row_key, [entry["row"], entry.get("cells"), []])
                found[2].append(entry["message"])
            yield from by_row.values()

    def write_feedback(self, header: list) -> bool:
        """The feedback CSVs: each rejected row's cells as in the file, and its problems in a message column, in
        English and in every language the messages are translated to. One pass over the rejected rows, each file
        spooled to local disk (never memory) and then uploaded."""
        if not self._keys("rejections/"):
            return False
        languages = (None, *TRANSLATIONS)
        with tempfile.TemporaryDirectory() as folder:
            paths = {language: f"{folder}/{language or 'en'}.csv" for language in languages}
            spools = {language: open(path, "w", encoding="utf-8-sig", newline="") for language, path in paths.items()}
            try:
                writers = {language: csv.writer(spool, lineterminator="\r\n") for language, spool in spools.items()}
                for language, writer in writers.items():
                    writer.writerow([_safe(name) for name in header] + [FEEDBACK_COLUMNS.get(language, FEEDBACK_COLUMNS[None])[name]
                                                    for name in ("row", "message")])
                for row, cells, messages in self._rejected_rows():
                    cells = [_safe(c) for c in cells] if cells else [""] * len(header)
                    for language, writer in writers.items():
                        # Each problem translated alone (a template matches one message, not several joined).
                        said = messages if language is None else [localize(m, language) for m in messages]
                        writer.writerow(cells + ["" if row is None else row, " ".join(said)])
            finally:
                for spool in spools.values():
                    spool.close()
            for language, path in paths.items():
                self.s3.upload_file(path, self.bucket, self.feedback_key(language),
                                    ExtraArgs={"ContentType": "text/csv; charset=utf-8"})
        return True

    def feedback_key(self, language: str | None = None) -> str:
        """The feedback CSV's key: English, or its message column in `language` (a key of TRANSLATIONS)."""
        if language is None:
            return self.prefix + FEEDBACK_NAME
        return self.prefix + FEEDBACK_NAME.replace(".csv", f".{language}.csv")


def malformed_rows(table) -> list[dict]:
    """The malformed rows a chunk's table carries (chalicelib/imports/reader.carrying): [{row, text, truncated,
    delimiter}], in file order; [] when it carries none."""
    metadata = (table.schema.metadata or {}) if table is not None else {}
    if MALFORMED_KEY not in metadata:
        return []
    carried = json.loads(metadata[MALFORMED_KEY])
    return [{**row, "delimiter": carried["delimiter"]} for row in carried["rows"]]


def _with_malformed_rows(entries: list[dict], rejections: list, table, columns: int) -> None:
    """The entries of the rows the reader could not split (no row, column or position: the worker's first
    rejections, in the reader's order) get their row number and their cells read again from their text. An
    entry whose text is not the carried row's (something else changed the order) is left as it was."""
    carried = iter(malformed_rows(table))
    for entry, rejection in zip(entries, rejections):
        if rejection.row is not None or rejection.column is not None or rejection.index is not None:
            continue
        row = next(carried, None)
        if row is None or not row["text"].startswith(rejection.value or ""):
            continue
        entry["malformed"] = True
        entry["row"] = row["row"]
        entry["cells"] = malformed_cells(row["text"], row["delimiter"], columns, row.get("truncated", False))


def malformed_cells(text: str, delimiter: str, columns: int, truncated: bool = False) -> list[str] | None:
    """The cells of a row that does not have the header's number of cells, read with Python's csv module and put
    under the header's `columns`: missing cells are empty; extra cells that are empty are dropped, other extra
    cells are joined into the last column with the delimiter (so nothing of the row is lost: the person fixing it
    sees all of it). A text cut short (`truncated`) loses its last, partial cell. None when it cannot be read."""
    try:
        records = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error:
        return None
    cells = [cell for record in records for cell in record]
    if truncated and cells:
        cells.pop()
    while len(cells) > columns and not cells[-1].strip():
        cells.pop()
    if len(cells) > columns:
        cells[columns - 1:] = [delimiter.join(cells[columns - 1:])]
    return cells + [""] * (columns - len(cells))


# A number as people write it, with a decimal comma or thousands separators too (-71,2080; 1.234,5): no formula.
_NUMBER_LIKE = re.compile(r"[-+]?[\d.,]*\d[\d.,]*([eE][-+]?\d+)?")


def _safe(value) -> str:
    """A cell as the file had it; text a spreadsheet would run as a formula gets a leading apostrophe. A number,
    even one written with a decimal comma (-71,2080), is no formula: it is given back as it was."""
    from chalicelib.samples.download import safe_cell

    if isinstance(value, str) and _NUMBER_LIKE.fullmatch(value):
        return value
    return safe_cell(value)
