"""What an import keeps in S3 besides its file: per chunk, its rejected rows and the series it wrote
(one object per chunk, named by the chunk's first row, so a repeated chunk overwrites its own object);
at the end the feedback CSV (the rejected rows as in the file, plus a message column).

    imports/<logId>/rejections/<first row>-<problems>.json   [{row, column, value, message, cells}]
    imports/<logId>/series/<first row>.json                  [[stationId, parameterId], ...]
    imports/<logId>/feedback.csv
"""
from __future__ import annotations

import csv
import json
import tempfile
from typing import Iterator

from chalicelib.core import aws
from chalicelib.core.config import get_settings

FEEDBACK_NAME = "feedback.csv"


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
            entries.sort(key=lambda e: (e["row"] is None, e["row"] or 0))
            self._put(f"rejections/{first_row:012d}-{len(entries)}.json", json.dumps(entries).encode())
        if outcome.series:
            self._put(f"series/{first_row:012d}.json", json.dumps(sorted(outcome.series)).encode())

    def save_rejections(self, first_row: int, entries: list[dict]) -> None:
        """Rejected rows checked without pyarrow (time-series imports): [{row, column, value, message, cells}]."""
        if entries:
            self._put(f"rejections/{first_row:012d}-{len(entries)}.json", json.dumps(entries).encode())

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
        """(row, cells, messages) per rejected row, in file order."""
        for key in self._keys("rejections/"):
            by_row: dict = {}
            for n, entry in enumerate(self._json(key)):
                row_key = entry["row"] if entry["row"] is not None else f"malformed-{n}"
                found = by_row.setdefault(row_key, [entry["row"], entry.get("cells"), []])
                found[2].append(entry["message"])
            yield from by_row.values()

    def write_feedback(self, header: list) -> bool:
        """The feedback CSV: each rejected row's cells as in the file, and its problems in a message column."""
        if not self._keys("rejections/"):
            return False
        with tempfile.TemporaryDirectory() as folder:
            path = f"{folder}/{FEEDBACK_NAME}"
            with open(path, "w", encoding="utf-8", newline="") as spool:
                writer = csv.writer(spool, lineterminator="\r\n")
                writer.writerow(list(header) + ["message"])
                for _row, cells, messages in self._rejected_rows():
                    cells = list(cells) if cells else [""] * len(header)
                    writer.writerow([_safe(c) for c in cells] + [" ".join(messages)])
            self.s3.upload_file(path, self.bucket, self.prefix + FEEDBACK_NAME,
                                ExtraArgs={"ContentType": "text/csv; charset=utf-8"})
        return True

    def feedback_key(self) -> str:
        return self.prefix + FEEDBACK_NAME


def _safe(value) -> str:
    """A cell as the file had it; text a spreadsheet would run as a formula gets a leading apostrophe."""
    from chalicelib.samples.download import safe_cell

    return safe_cell(value)
