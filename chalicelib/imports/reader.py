"""Reading an import file's rows in chunks of a fixed number of rows with pyarrow's streaming CSV reader
(every cell as text: the checks decide what a cell means, not type inference on the first block)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

import pyarrow as pa
import pyarrow.csv as csv

from chalicelib.imports.source import FileError, TextFile

BLOCK_BYTES = 4 << 20  # also the longest row pyarrow reads


@dataclass
class Chunk:
    first_row: int  # the file's data row number of the chunk's first row (1 = after the header)
    table: pa.Table
    # Rows the parser could not split into the header's columns: (cells found, cells expected, text).
    malformed: list = field(default_factory=list)
    # Set on the last chunk when reading stopped on a problem: the rows before it still count.
    error: FileError | None = None

    @property
    def end_row(self) -> int:
        """The row number after the chunk's last row."""
        return self.first_row + self.table.num_rows


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
    malformed: list = []

    def skip(row) -> str:
        malformed.append((row.actual_columns, row.expected_columns, (row.text or "")[:2000]))
        return "skip"

    try:
        reader = csv.open_csv(
            text.stream,
            read_options=csv.ReadOptions(block_size=BLOCK_BYTES, use_threads=True),
            parse_options=csv.ParseOptions(delimiter=text.delimiter, newlines_in_values=True,
                                           invalid_row_handler=skip),
            convert_options=csv.ConvertOptions(column_types={name: pa.string() for name in text.raw_header},
                                               strings_can_be_null=False, quoted_strings_can_be_null=False))
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
            error = exc if isinstance(exc, FileError) else _parse_error(exc, next_row + pending_rows - 1)
            table = pa.Table.from_batches(pending, schema=reader.schema) if pending else reader.schema.empty_table()
            yield Chunk(next_row, table, malformed[:], error)
            return
        pending.append(batch)
        pending_rows += batch.num_rows
        while pending_rows >= size:
            table = pa.Table.from_batches(pending)
            head, rest = table.slice(0, size), table.slice(size)
            yield Chunk(next_row, head, malformed[:])
            malformed.clear()
            next_row += size
            pending = rest.to_batches()
            pending_rows = rest.num_rows
    if pending_rows or malformed:
        table = pa.Table.from_batches(pending, schema=reader.schema) if pending else reader.schema.empty_table()
        yield Chunk(next_row, table, malformed[:])
