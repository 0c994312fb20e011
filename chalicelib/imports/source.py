"""An import file as a stream of UTF-8 CSV bytes, read as it arrives (never the whole file in memory).

    text = open_text(body)          # .gz and .zip of one file unpacked (with zip-bomb guards),
    text.header, text.delimiter     # UTF-8 with or without BOM, Windows-1252 (Latin-1's superset) or GB18030, as UTF-8
    pyarrow.csv.open_csv(text.stream, ...)

Every problem a person can fix is a FileError with a message saying what to do.
"""
from __future__ import annotations

import codecs
import csv
import gzip
import io
import logging
import re
import shutil
import tempfile
import zipfile
import zlib
from dataclasses import dataclass

HEADER_LIMIT = 1 << 20  # the header line must end within the first 1 MB
BLOCK = 1 << 20
DELIMITERS = (",", "\t", ";", "|")
# An archive that expands more than this many times its size is refused (real CSV files compress 5-20x).
MAX_EXPANSION_RATIO = 100
# Below this many expanded bytes the ratio is not checked (tiny files compress oddly).
EXPANSION_FLOOR = 512 << 10
MAX_EXPANDED_BYTES = 8 << 30
REPLACEMENT = "\ufffd"
# What a file that is not UTF-8 is read as: Windows-1252, the "ANSI" code page Excel and Notepad on Windows save
# in, and a superset of Latin-1's printable characters (its bytes 0x80-0x9F are the dashes, curly quotes, euro
# sign... that Latin-1 leaves as invisible C1 controls). Its five undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D)
# become U+FFFD like any byte invalid in a file's encoding: the rows holding them are rejected.
SINGLE_BYTE = "cp1252"
# What Excel on Chinese Windows saves "CSV (逗号分隔)" in: GBK, read with its superset GB18030. A file that is not
# UTF-8 is read so only when every run of its bytes above 0x7F pairs up into Chinese characters (two bytes each) and
# it holds at least this many different ones: in Windows-1252 text an accented letter sits mostly beside plain
# letters (a run of one byte), and two side by side ("Größe") make one character at most.
CHINESE = "gb18030"
CHINESE_EVIDENCE = 2
ENCODING_NAMES = {"utf-8": "UTF-8", SINGLE_BYTE: "Windows-1252", CHINESE: "GB18030"}
EMPTY_FILE = "The file is empty. Choose a file with a header row and data rows."
logger = logging.getLogger(__name__)


class FileError(ValueError):
    """A file this product cannot read; the message says why, for a person."""


def _zip_bomb() -> FileError:
    return FileError(f"The archive expands to more than {MAX_EXPANSION_RATIO} times its size: it looks like a "
                     "zip bomb, so it is not imported.")


class Reopening:
    """A stream that opens itself again where it broke off (`reopen(offset)` gives the bytes from there on).
    An import reads its file for minutes and pauses while the rows before are written; a server may drop a
    connection that waited (S3 and LocalStack reset idle ones), and the import must not fail for it."""

    def __init__(self, stream, reopen, errors: tuple, attempts: int = 5):
        self._stream = stream
        self._reopen = reopen
        self._errors = errors
        self._attempts = attempts
        self.offset = 0  # bytes handed out
        self.reopened = 0

    def read(self, size: int = -1) -> bytes:
        failures = 0
        while True:
            try:
                data = self._stream.read(size)
            except self._errors as exc:
                failures += 1
                if failures > self._attempts:
                    raise FileError("The uploaded file could not be read (the connection kept breaking); import it "
                                    "again.") from exc
                logger.warning("reading the file broke off after %d bytes (%s); reading on from there",
                               self.offset, exc)
                self._stream = self._reopen(self.offset)
                self.reopened += 1
                continue
            self.offset += len(data)
            return data


class _Raw(io.RawIOBase):
    """A readable raw stream over any object with read(n) (botocore's StreamingBody, a file, ...)."""

    def __init__(self, source):
        self._source = source
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self._source.read(len(buffer))
        size = len(data)
        buffer[:size] = data
        self.count += size
        return size


class _Expanding(io.RawIOBase):
    """Decompressed bytes, counted: stops with a FileError when they outgrow the compressed bytes."""

    def __init__(self, source, compressed_size):
        self._source = source
        self._compressed_size = compressed_size  # a number, or a callable giving the bytes read so far
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        try:
            data = self._source.read(len(buffer))
        except (OSError, EOFError, zlib.error, zipfile.BadZipFile) as exc:
            raise FileError("The compressed file is damaged or incomplete; compress it again and import it.") from exc
        size = len(data)
        buffer[:size] = data
        self.count += size
        compressed = self._compressed_size() if callable(self._compressed_size) else self._compressed_size
        if self.count > MAX_EXPANDED_BYTES or (
                self.count > EXPANSION_FLOOR and self.count > MAX_EXPANSION_RATIO * max(compressed, 1)):
            raise _zip_bomb()
        return size


class _Utf8(io.RawIOBase):
    """The text of a byte stream in `encoding`, as UTF-8 bytes. Bytes that are not valid in it become
    U+FFFD, so rows holding them can be rejected one by one (a file that mixes encodings)."""

    def __init__(self, source, encoding: str):
        self._source = source
        self._decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        self._pending = memoryview(b"")  # UTF-8 bytes not handed out yet (a view: no copy per read)
        self._done = False
        self._last = b"\n"
        self.replaced = False  # whether any byte was invalid in the encoding (became U+FFFD)
        self.cut_off = False  # whether the file ended without a newline (one is added: pyarrow needs it)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while not self._pending and not self._done:
            data = self._source.read(BLOCK)
            self._done = not data
            if data.isascii() and not self._decoder.getstate()[0]:
                self._pending = memoryview(data)  # ASCII is the same bytes in UTF-8: nothing to transcode
            else:
                decoded = self._decoder.decode(data, final=self._done)
                self.replaced = self.replaced or REPLACEMENT in decoded
                self._pending = memoryview(decoded.encode("utf-8"))
            if self._pending:
                self._last = bytes(self._pending[-1:])
            elif self._done and self._last != b"\n":  # the last row ends with a newline, as pyarrow needs
                self.cut_off = True
                self._last = b"\n"
                self._pending = memoryview(self._last)
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


class _Chain(io.RawIOBase):
    """Bytes already read (the head), then the rest of the stream."""

    def __init__(self, head: bytes, rest):
        self._head = head
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        if hasattr(self._rest, "readinto"):  # straight into the caller's buffer
            return self._rest.readinto(buffer)
        data = self._rest.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


@dataclass
class TextFile:
    stream: io.BufferedReader  # UTF-8 CSV bytes, header included
    header: list  # column names, trimmed
    raw_header: list  # as written (the names pyarrow reads)
    delimiter: str
    encoding: str  # what the file was read as: "UTF-8", "Windows-1252" or "GB18030"
    compression: str | None  # None, "gzip" or "zip"
    decoder: object = None
    size: int | None = None  # the file's bytes unpacked, byte-order mark left out, when known (progress)

    @property
    def replaced(self) -> bool:
        """Whether bytes invalid in the file's encoding were met so far (rows holding them are rejected)."""
        return bool(getattr(self.decoder, "replaced", True))

    @property
    def cut_off(self) -> bool:
        """Whether the file ended without a newline after its last row (known once it is read to its end)."""
        return bool(getattr(self.decoder, "cut_off", False))


def _unpacked(raw: io.BufferedReader, spool_dir: str | None, size: int | None, gzip_tail=None):
    """The file's bytes unpacked, how they were packed, and how many there are when that is known. A gzip
    stream says it at its end (its last 4 bytes: the size modulo 4 GiB), which `gzip_tail()` reads if given."""
    magic = raw.peek(4)[:4]
    if magic[:2] == b"\x1f\x8b":
        counter = raw.raw
        expanded = None
        tail = gzip_tail() if gzip_tail is not None else None
        if tail is not None and len(tail) == 4:
            expanded = int.from_bytes(tail, "little")
            # Smaller than the compressed bytes: past 4 GiB (the count wrapped) or several members; unknown.
            expanded = expanded if size is None or expanded >= size else None
        stream = io.BufferedReader(_Expanding(gzip.GzipFile(fileobj=raw), lambda: counter.count), BLOCK)
        return stream, "gzip", expanded
    if magic in (b"PK\x03\x04", b"PK\x05\x06"):
        member, expanded = _zip_member(raw, spool_dir)
        return member, "zip", expanded
    return raw, None, size


def _zip_member(raw, spool_dir: str | None) -> tuple[io.BufferedReader, int]:
    # A zip's directory is at its end: the archive is spooled to local disk (Lambda's /tmp), never memory.
    spool = tempfile.TemporaryFile(dir=spool_dir)
    shutil.copyfileobj(raw, spool, BLOCK)
    spool.seek(0)
    try:
        archive = zipfile.ZipFile(spool)
    except zipfile.BadZipFile as exc:
        raise FileError("The zip archive is damaged or incomplete; create it again and import it.") from exc
    members = [m for m in archive.infolist() if not m.is_dir() and not m.filename.startswith("__MACOSX/")]
    if len(members) != 1:
        raise FileError(f"A zip archive must hold exactly one CSV file; this one holds {len(members)} files.")
    member = members[0]
    if member.flag_bits & 0x1:
        raise FileError("The zip archive is encrypted; import the CSV file itself.")
    if member.file_size > MAX_EXPANDED_BYTES or (
            member.file_size > EXPANSION_FLOOR and member.file_size > MAX_EXPANSION_RATIO * max(member.compress_size, 1)):
        raise _zip_bomb()
    try:
        opened = archive.open(member)
    except (NotImplementedError, zipfile.BadZipFile) as exc:
        raise FileError("The zip archive uses a compression this product does not read; use a plain zip.") from exc
    return io.BufferedReader(_Expanding(opened, member.compress_size), BLOCK), member.file_size


def _encoding_of(head: bytes) -> tuple[str, int]:
    """The encoding of a file from its first bytes, and the length of its byte-order mark."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in head[:4096]:
        raise FileError("The file holds binary data (or UTF-16 text), not CSV text: save it as CSV (UTF-8) "
                        "and import it again.")
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
        return "utf-8", 0
    except UnicodeDecodeError:
        pass
    if _is_chinese(head):
        return CHINESE, 0
    # Not UTF-8 throughout. Valid UTF-8 sequences beside the invalid bytes: a file that mixes encodings,
    # read as UTF-8 (its rows with invalid bytes are rejected); none: a Windows-1252 (or Latin-1) file.
    text = head.decode("utf-8", errors="replace")
    if any(ord(char) > 127 and char != REPLACEMENT for char in text):
        return "utf-8", 0
    return SINGLE_BYTE, 0


def _is_chinese(head: bytes) -> bool:
    """Whether the first bytes of a file that is not UTF-8 are GBK text (see CHINESE)."""
    # A run at the very end may be cut by the head's limit: only those followed by a plain byte are counted.
    if any(len(run) % 2 for run in re.findall(rb"[\x80-\xff]+(?=[\x00-\x7f])", head)):
        return False
    try:  # the head may end inside a character: not final
        text = codecs.getincrementaldecoder(CHINESE)().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return len({char for char in text if "\u4e00" <= char <= "\u9fff"}) >= CHINESE_EVIDENCE


def _delimiter(first_line: str) -> str:
    counts = {d: 0 for d in DELIMITERS}
    quoted = False
    for char in first_line:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def open_text(body, *, spool_dir: str | None = None, size: int | None = None, gzip_tail=None) -> TextFile:
    """The file behind `body` (anything with read(n)) as UTF-8 CSV, with its header and delimiter. `size`: the
    body's bytes, when known; `gzip_tail()`: the body's last 4 bytes (asked for only when it is gzip)."""
    raw = io.BufferedReader(_Raw(body), BLOCK)
    unpacked, compression, expanded = _unpacked(raw, spool_dir, size, gzip_tail)
    head = unpacked.read(HEADER_LIMIT)
    if not head.strip(b" \t\r\n\xef\xbb\xbf"):
        raise FileError(EMPTY_FILE)
    encoding, bom = _encoding_of(head)
    decoder = _Utf8(io.BufferedReader(_Chain(head[bom:], unpacked), BLOCK), encoding)
    text = io.BufferedReader(decoder, BLOCK)
    first = text.read(HEADER_LIMIT)
    line_end = first.find(b"\n")
    if line_end < 0 and len(first) >= HEADER_LIMIT:
        raise FileError("The first line is longer than 1 MB, so it is not a CSV header; the first line must name "
                        "the columns.")
    first_line = first[: line_end if line_end >= 0 else len(first)].decode("utf-8")
    delimiter = _delimiter(first_line)
    try:
        header = next(csv.reader(io.StringIO(first.decode("utf-8", errors="replace")), delimiter=delimiter))
    except (csv.Error, StopIteration) as exc:
        raise FileError("The first line of the file is not a CSV header.") from exc
    raw_header = header
    header = [name.strip() for name in header]
    if not any(header):
        raise FileError("The first line of the file is empty; it must name the columns.")
    if REPLACEMENT in "".join(header):
        raise FileError("The header holds characters that are not UTF-8 or Windows-1252 text; save the file as "
                        "UTF-8.")
    stream = io.BufferedReader(_Chain(first, text), BLOCK)
    return TextFile(stream=stream, header=header, raw_header=raw_header, delimiter=delimiter,
                    encoding=ENCODING_NAMES[encoding], compression=compression,
                    decoder=decoder, size=expanded - bom if expanded is not None else None)
