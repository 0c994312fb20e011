"""Reading an import file's rows in chunks of a fixed number of rows with pyarrow's streaming CSV reader
(every cell as text: the checks decide what a cell means, not type inference on the first block)."""
from __future__ import annotations

import io
import json
import queue
import threading
from dataclasses import dataclass, field
from typing import Iterator

import numpy as np
import pyarrow as pa
import pyarrow.csv as csv

from chalicelib.imports.source import FileError, TextFile
# The schema metadata key under which a chunk's table carries its malformed rows (number, text, delimiter) to the
# feedback file: the worker hands the chunk's table, not the chunk, to Storage.save_chunk.
from chalicelib.imports.storage import MALFORMED_KEY

BLOCK_BYTES = 4 << 20  # also the longest row pyarrow reads
# pyarrow's streaming reader reads its input ahead as fast as it comes, the whole file if nothing stops it:
# its reads wait while they are this many blocks ahead of the batches taken.
READ_AHEAD_BLOCKS = 2
# A read waits at most this long (then reads anyway: more memory rather than a reader that never ends).
PACE_TIMEOUT_SECONDS = 30
# Rows checked at once (at least; pyarrow's batches are taken whole, ~29k rows of 4 MB each): enough that the
# checks' fixed cost per call (~100 compute kernels) vanishes, few enough that the block being checked, the
# one read ahead and their checks stay within the 400 MB the worker is given.
BLOCK_ROWS = 16_384
# A row that cannot be split into the header's columns keeps this much of its text for the feedback file, where
# its cells are written again (chalicelib/imports/storage.py); the worker's message quotes its first 120.
MALFORMED_TEXT = 64 << 10


class Malformed(tuple):
    """A row pyarrow could not split into the header's columns, as the worker reads it: (cells found, cells
    expected, its text up to 2,000 characters). Besides, `row`: its data row number in the file (1 = the row after
    the header; records, as pyarrow counts them, blank lines not counted), None when unknown; `text`: up to
    MALFORMED_TEXT characters of it."""

    def __new__(cls, found: int, expected: int, text: str, row: int | None):
        item = super().__new__(cls, (found, expected, text[:2000]))
        item.row = row
        item.text = text[:MALFORMED_TEXT]
        item.truncated = len(text) > MALFORMED_TEXT
        # The file's last row, short of cells, with no newline after it: the file seems cut off in that row.
        item.cut_off = False
        return item


@dataclass
class Chunk:
    """Rows of the file, numbered as in the file (1 = the row after the header; records, blank lines not counted).
    A chunk covers the file's rows `first_row` to `end_row` (excluded): its table's rows and the malformed rows
    among them (`skipped`: the rows pyarrow could not split, which are not in the table), from the row after the
    chunk before's last. The chunks cover every row of the file once, so their ends are the import's checkpoints
    and the last one's is the count of the file's rows."""

    first_row: int
    table: pa.Table
    # Rows the parser could not split into the header's columns: (cells found, cells expected, text), each a
    # Malformed (its row number and longer text also in the table's schema metadata: `carrying`). A block's go with
    # its first chunk (`cut`), wherever in the block they are.
    malformed: list = field(default_factory=list)
    # Set on the last chunk when reading stopped on a problem: the rows before it still count.
    error: FileError | None = None
    end_row: int | None = None  # the row after the last the chunk covers (default: first_row + its rows)
    skipped: tuple = ()  # the rows the chunk covers that are not in its table (malformed), in order

    def __post_init__(self) -> None:
        if self.end_row is None:
            self.end_row = self.first_row + self.table.num_rows + len(self.skipped)

    def row_numbers(self) -> np.ndarray:
        """The file's row numbers of the table's rows: `first_row` on, but for the rows skipped between them (one
        searchsorted over the table's positions, only when the chunk has skipped rows)."""
        count = self.table.num_rows
        rows = np.arange(self.first_row, self.first_row + count, dtype=np.int64)
        if self.skipped:
            rows += np.searchsorted(_rows_before(self.skipped, self.first_row), np.arange(count), "right")
        return rows

    def row_of(self, position: int) -> int:
        """The file's row number of the table's row at `position`."""
        if not self.skipped:
            return self.first_row + position
        return self.first_row + position + int(np.searchsorted(_rows_before(self.skipped, self.first_row),
                                                                position, "right"))


def _rows_before(skipped, first_row: int) -> np.ndarray:
    """Per skipped row, how many of the table's rows come before it (its number less those before it)."""
    numbers = np.asarray(skipped, dtype=np.int64)
    return numbers - first_row - np.arange(len(numbers))


def _parse_error(exc: Exception, row: int) -> FileError:
    text = str(exc)
    if "straddling" in text or "block" in text:
        return FileError(f"A row after row {row} is longer than {BLOCK_BYTES >> 20} MB (or a quote is never "
                         "closed); such rows are not data. Check the quotes of the file.")
    if "quote" in text.lower() or "end of file" in text.lower():
        return FileError(f"A quoted cell after row {row} is never closed; check the quotes of the file.")
    return FileError(f"The file cannot be read as CSV after row {row}: {text.splitlines()[0][:200]}")


def chunks(text: TextFile, size: int) -> Iterator[Chunk]:
    """The file's rows, `size` at a time, in file order (the last chunk may be shorter)."""
    return _read(text, size, size)


def blocks(text: TextFile, chunk_rows: int, block_rows: int = BLOCK_ROWS) -> Iterator[Chunk]:
    """The file's rows in blocks of about `block_rows` rows (a multiple of `chunk_rows`, so the blocks cut
    into the same checkpoint chunks as `chunks(text, chunk_rows)` gives): the checks run once a block.
    The blocks are read one ahead by a thread of their own."""
    return _ahead(_read(text, chunk_rows, max(1, -(-block_rows // chunk_rows)) * chunk_rows))


def _ahead(chunks: Iterator[Chunk]) -> Iterator[Chunk]:
    """`chunks` taken by a reading thread while the caller works on the previous one: pyarrow's parsing and
    the checks' compute kernels release the GIL, so reading and checking share the cores. The thread holds
    at most one chunk besides the one it reads; it stops when the caller stops taking them."""
    handoff: queue.Queue = queue.Queue(maxsize=1)
    stopped = threading.Event()

    def hand(item) -> bool:
        while not stopped.is_set():
            try:
                handoff.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def read() -> None:
        try:
            for chunk in chunks:
                if not hand(chunk):
                    return
            hand(None)
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
            hand(exc)
        finally:
            chunks.close()

    thread = threading.Thread(target=read, name="import-reader", daemon=True)
    thread.start()
    try:
        while True:
            item = handoff.get()
            if item is None:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stopped.set()
        thread.join()


def text_bytes(chunk: Chunk) -> int:
    """About how many bytes of the file the chunk's rows took: their cells, a delimiter after each cell (the
    last one's is the newline) and the rows that could not be split. Quotes and carriage returns are not
    counted: an estimate, for the import's progress."""
    table = chunk.table
    total = table.num_rows * table.num_columns + sum(len(text) + 1 for *_, text in chunk.malformed)
    for column in table.columns:
        for array in column.chunks:
            offsets = array.buffers()[1]
            if offsets is not None and len(array):
                bounds = np.frombuffer(offsets, dtype=np.int32)
                total += int(bounds[array.offset + len(array)] - bounds[array.offset])
    return total


def cut(block: Chunk, chunk_rows: int) -> list[Chunk]:
    """A block as its checkpoint chunks of `chunk_rows` of its table's rows: each covers the file's rows from the
    one after the chunk before's last row to its own last row (the malformed rows between them too; the last chunk
    to the block's end). The block's malformed rows go with its first chunk (and its table's metadata), its error
    with its last (an empty chunk after the rows when it has a whole number of chunks)."""
    count = block.table.num_rows
    starts = list(range(0, count, chunk_rows))
    firsts = [block.row_of(start - 1) + 1 if start else block.first_row for start in starts] + [block.end_row]
    skipped = np.asarray(block.skipped, dtype=np.int64)
    cuts = np.searchsorted(skipped, firsts).tolist() if block.skipped else [0] * len(firsts)
    parts = [Chunk(first, block.table.slice(start, chunk_rows), end_row=end,
                   skipped=tuple(block.skipped[low:high]))
             for start, first, end, low, high in zip(starts, firsts, firsts[1:], cuts, cuts[1:])]
    if not parts:  # no row but malformed ones (or none: a file ending on an error right after a block)
        parts.append(Chunk(block.first_row, block.table, end_row=block.end_row, skipped=block.skipped))
    elif block.error is not None and count % chunk_rows == 0:
        parts.append(Chunk(block.end_row, block.table.slice(count, 0)))
    if block.malformed:
        for part in parts[1:]:  # the slices carry the block's metadata: only the first chunk keeps it
            part.table = part.table.replace_schema_metadata(None)
    parts[0].malformed = block.malformed
    parts[-1].error = block.error
    return parts


def carrying(table: pa.Table, malformed: list, delimiter: str) -> pa.Table:
    """`table` carrying its chunk's malformed rows (their row numbers and text, and the file's delimiter) in its
    schema metadata, for the feedback file (storage.malformed_rows reads them). No copy of the data."""
    if not malformed:
        return table
    rows = [{"row": getattr(m, "row", None), "text": getattr(m, "text", m[2]),
             "truncated": bool(getattr(m, "truncated", False))} for m in malformed]
    return table.replace_schema_metadata({MALFORMED_KEY: json.dumps({"delimiter": delimiter, "rows": rows})})


class _Paced(io.RawIOBase):
    """The file for pyarrow's reader: a read waits while the bytes read are `READ_AHEAD_BLOCKS` blocks ahead
    of the batches taken (`took_batch`), so the memory the reader holds stays a few blocks."""

    def __init__(self, stream):
        self._stream = stream
        self._bytes_read = 0
        self._allowed = READ_AHEAD_BLOCKS * BLOCK_BYTES
        self._turn = threading.Condition()
        self._stopped = False

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        with self._turn:
            self._turn.wait_for(lambda: self._stopped or self._bytes_read < self._allowed, PACE_TIMEOUT_SECONDS)
        data = self._stream.read(size)
        with self._turn:
            self._bytes_read += len(data)
        return data

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def took_batch(self) -> None:
        with self._turn:
            self._allowed += BLOCK_BYTES
            self._turn.notify_all()

    def stop(self) -> None:
        with self._turn:
            self._stopped = True
            self._turn.notify_all()


def _read(text: TextFile, size: int, block_rows: int) -> Iterator[Chunk]:
    """Chunks of a multiple of `size` rows, at least `block_rows` (but the last); a chunk ending on an error
    holds the rows before it."""
    paced = _Paced(text.stream)
    try:
        yield from _read_paced(paced, text, size, block_rows)
    finally:
        paced.stop()


def _read_paced(paced: _Paced, text: TextFile, size: int, block_rows: int) -> Iterator[Chunk]:
    malformed: list = []  # in file order, those not handed out with a chunk yet

    def skip(row) -> str:
        # row.number counts the file's records from 1, the header's (pyarrow's count: blank lines left out, a
        # quoted newline inside its record), as the rows are numbered here (1 = the first after the header).
        number = row.number - 1 if row.number is not None and row.number > 1 else None
        malformed.append(Malformed(row.actual_columns, row.expected_columns, row.text or "", number))
        return "skip"

    def chunk(first_row: int, table: pa.Table, last: bool = False, at_end: bool = False) -> Chunk:
        """The chunk of `table`'s rows from the file's row `first_row` on, with the malformed rows before its last
        row (`last`: all of them, those after its rows too), which are handed out with it. `at_end`: the file was
        read to its end (its last row, malformed and short of cells with no newline after it, is cut off)."""
        end = first_row + table.num_rows  # grows by each malformed row met before it
        taken = 0
        for row in malformed:
            if not last and row.row is not None and row.row >= end:
                break
            taken += 1
            end += row.row is not None
        rows = malformed[:taken]
        del malformed[:taken]
        if at_end and rows and rows[-1].row == end - 1 and rows[-1][0] < rows[-1][1] and text.cut_off:
            rows[-1].cut_off = True
        return Chunk(first_row, carrying(table, rows, text.delimiter), rows, None, end,
                     tuple(row.row for row in rows if row.row is not None))

    try:
        # Not threaded: pyarrow then numbers a row it cannot split (InvalidRow.number, None with threads) and
        # meets them in file order, so a resumed import finds them in the same chunks. Measured on the 1,000,000-row
        # file, reading alone: 0.20-0.37 s either way (the reading thread's transcoding sets its pace).
        reader = csv.open_csv(
            paced,
            read_options=csv.ReadOptions(block_size=BLOCK_BYTES, use_threads=False),
            parse_options=csv.ParseOptions(delimiter=text.delimiter, newlines_in_values=True,
                                           invalid_row_handler=skip),
            # No UTF-8 check: the stream is text Python decoded and encoded again (source._Utf8), valid UTF-8
            # whatever the file held; pyarrow's check of every cell was a fifth to a half of its reading time.
            convert_options=csv.ConvertOptions(column_types={name: pa.string() for name in text.raw_header},
                                               strings_can_be_null=False, quoted_strings_can_be_null=False,
                                               check_utf8=False))
    except pa.ArrowInvalid as exc:
        raise _parse_error(exc, 0) from exc
    except UnicodeDecodeError as exc:
        raise FileError("The file is not text.") from exc
    pending: list = []
    pending_rows = 0
    next_row = 1
    while True:
        try:
            batch = reader.read_next_batch()
        except StopIteration:
            break
        except (pa.ArrowInvalid, FileError) as exc:
            table = pa.Table.from_batches(pending, schema=reader.schema) if pending else reader.schema.empty_table()
            last = chunk(next_row, table, last=True)
            last.error = exc if isinstance(exc, FileError) else _parse_error(exc, last.end_row - 1)
            yield last
            return
        paced.took_batch()
        pending.append(batch)
        pending_rows += batch.num_rows
        if pending_rows >= block_rows:
            table = pa.Table.from_batches(pending)
            whole = pending_rows // size * size
            head, rest = table.slice(0, whole), table.slice(whole)
            piece = size if block_rows == size else whole  # chunks(): one `size` at a time; blocks: all at once
            while head.num_rows:
                part, head = head.slice(0, piece), head.slice(piece)
                done = chunk(next_row, part)
                yield done
                next_row = done.end_row
            pending = rest.to_batches()
            pending_rows = rest.num_rows
    if pending_rows or malformed:
        table = pa.Table.from_batches(pending, schema=reader.schema) if pending else reader.schema.empty_table()
        yield chunk(next_row, table, last=True, at_end=True)
