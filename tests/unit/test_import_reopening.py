"""An import's file stream that breaks off (a reset connection) is read on from the byte where it stopped, so
a long import does not fail because S3 dropped a connection that waited while rows were written."""
from __future__ import annotations

import io

import pytest
from botocore.exceptions import ResponseStreamingError

from chalicelib.imports import formats, reader, source, worker

ROWS = "".join(f"ST-{n % 7},2024-05-{1 + n % 28:02d},pH,{n / 10:.1f},std units\n" for n in range(20_000))
FILE = ("MonitoringLocationIdentifier,ActivityStartDate,CharacteristicName,ResultMeasureValue,"
        "ResultMeasure/MeasureUnitCode\n" + ROWS).encode()


class Breaking:
    """The file's bytes from `start`, breaking off (as botocore does on a reset) after `lasts` bytes."""

    def __init__(self, start: int, lasts: int | None):
        self._data = io.BytesIO(FILE[start:])
        self._left = lasts

    def read(self, size: int = -1) -> bytes:
        if self._left is not None and self._left <= 0:
            raise ResponseStreamingError(error=ConnectionResetError(104, "Connection reset by peer"))
        size = size if size >= 0 else len(FILE)
        if self._left is not None:
            size = min(size, self._left)
            self._left -= size
        return self._data.read(size)


def test_a_stream_that_breaks_off_twice_is_read_to_its_end_with_every_row_once():
    opened = []

    def reopen(offset: int):
        opened.append(offset)
        return Breaking(offset, 300_000 if len(opened) == 1 else None)

    body = source.Reopening(Breaking(0, 250_000), reopen, worker.STREAM_ERRORS)
    text = source.open_text(body)
    layout = formats.detect(text.header)
    rows = [row for chunk in reader.chunks(text, 1000) for row in chunk.table.to_pylist()]
    assert opened == [250_000, 550_000]  # each time from the byte where it broke off
    assert len(rows) == 20_000
    assert [r["ResultMeasureValue"] for r in rows[:3]] == ["0.0", "0.1", "0.2"]
    assert rows[-1]["ResultMeasureValue"] == "1999.9"
    assert layout.format.key == "wqp-result"


def test_a_stream_that_keeps_breaking_ends_the_import_with_a_message():
    body = source.Reopening(Breaking(0, 100_000), lambda offset: Breaking(offset, 0), worker.STREAM_ERRORS, attempts=3)
    with pytest.raises(source.FileError, match="could not be read \\(the connection kept breaking\\); import it again"):
        text = source.open_text(body)
        list(reader.chunks(text, 1000))
