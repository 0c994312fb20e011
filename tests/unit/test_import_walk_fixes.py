"""What a user walking the import screens found, at the level of the reading: Windows-1252 files (Excel on
Windows) read as Windows-1252 rather than Latin-1, an empty file's message, and rows with the wrong number of
cells numbered and split into cells again for the feedback file."""
from __future__ import annotations

import io

import pytest

from chalicelib.imports import reader, source
from chalicelib.imports.storage import malformed_cells, malformed_rows


def _text(data: bytes) -> str:
    return source.open_text(io.BytesIO(data)).stream.read().decode("utf-8")


def test_a_windows_1252_file_keeps_its_dashes_curly_quotes_and_euro_sign():
    data = "Name,Note\nRuisseau – “Gros” Brook,5 €\n".encode("cp1252")
    assert b"\x96" in data and b"\x93" in data and b"\x94" in data and b"\x80" in data
    text = source.open_text(io.BytesIO(data))
    assert text.encoding == "Windows-1252"
    assert text.stream.read().decode("utf-8") == "Name,Note\nRuisseau – “Gros” Brook,5 €\n"
    assert not text.replaced


def test_a_latin_1_file_reads_as_before():
    data = "Name\nRivière Saint-Jean à Québec\n".encode("latin-1")
    assert _text(data) == "Name\nRivière Saint-Jean à Québec\n"


@pytest.mark.parametrize("byte", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
def test_the_five_bytes_windows_1252_leaves_undefined_become_replacement_characters(byte):
    data = b"Name\nCaf\xe9 " + bytes([byte]) + b"\n"
    text = source.open_text(io.BytesIO(data))
    assert text.stream.read().decode("utf-8") == "Name\nCafé \ufffd\n"
    assert text.replaced  # the checks reject the row ("the file mixes encodings")


def test_a_header_with_an_undefined_byte_says_which_encodings_are_read():
    with pytest.raises(source.FileError) as raised:
        source.open_text(io.BytesIO(b"Na\x81me,Value\nA,1\n"))
    assert str(raised.value) == ("The header holds characters that are not UTF-8 or Windows-1252 text; save the file "
                                 "as UTF-8.")


@pytest.mark.parametrize("data", [b"", b"\n\r\n", b"\xef\xbb\xbf"])
def test_an_empty_file_says_what_to_choose_instead(data):
    with pytest.raises(source.FileError) as raised:
        source.open_text(io.BytesIO(data))
    assert str(raised.value) == "The file is empty. Choose a file with a header row and data rows."


FILE = (b"a,b,c\r\n"
        b"1,2,3\r\n"            # row 1
        b"\r\n"                 # a blank line: not a row
        b"4,5\r\n"              # row 2: a cell short
        b'"x\r\ny",7,8\r\n'     # row 3: a quoted newline, one row
        b"9,10,11,12\r\n"       # row 4: a cell more
        b"13,14,15\r\n"         # row 5
        b'16,"a,b"\r\n')        # row 6: a cell short (the quoted comma is no delimiter)


def test_rows_with_the_wrong_number_of_cells_carry_their_row_number_in_the_file():
    text = source.open_text(io.BytesIO(FILE))
    chunks = list(reader.chunks(text, 1000))
    assert [len(c.table) for c in chunks] == [3]
    malformed = chunks[0].malformed
    assert [tuple(m) for m in malformed] == [(2, 3, "4,5"), (4, 3, "9,10,11,12"), (2, 3, '16,"a,b"')]
    assert [m.row for m in malformed] == [2, 4, 6]
    carried = malformed_rows(chunks[0].table)
    assert [(r["row"], r["text"], r["delimiter"]) for r in carried] == [
        (2, "4,5", ","), (4, "9,10,11,12", ","), (6, '16,"a,b"', ",")]


def test_the_blocks_carry_their_malformed_rows_to_their_first_chunk_only():
    rows = [b"%d,%d,%d" % (n, n, n) if n % 5 else b"%d,%d" % (n, n) for n in range(1, 31)]
    text = source.open_text(io.BytesIO(b"a,b,c\n" + b"\n".join(rows) + b"\n"))
    (block,) = list(reader.blocks(text, 4, block_rows=1000))
    assert [m.row for m in block.malformed] == [5, 10, 15, 20, 25, 30]
    parts = reader.cut(block, 4)
    assert [r["row"] for r in malformed_rows(parts[0].table)] == [5, 10, 15, 20, 25, 30]
    assert all(malformed_rows(part.table) == [] for part in parts[1:])
    assert all(part.malformed == [] for part in parts[1:])


def test_a_semicolon_file_numbers_its_malformed_rows_too():
    text = source.open_text(io.BytesIO(b"a;b;c\n1;2;3\n4;5;6;7\n"))
    (chunk,) = list(reader.chunks(text, 1000))
    assert [(r["row"], r["text"], r["delimiter"]) for r in malformed_rows(chunk.table)] == [(2, "4;5;6;7", ";")]


def test_the_cells_of_a_malformed_row_go_under_the_headers_columns():
    # Missing cells are empty.
    assert malformed_cells("4,5", ",", 3) == ["4", "5", ""]
    # Extra cells are joined into the last column, so nothing of the row is lost.
    assert malformed_cells("9,10,11,12", ",", 3) == ["9", "10", "11,12"]
    # Empty extra cells (a spreadsheet's trailing delimiters) hold nothing: dropped.
    assert malformed_cells("1,2,3,,", ",", 3) == ["1", "2", "3"]
    assert malformed_cells("1,2,,,", ",", 3) == ["1", "2", ""]
    # Quotes as in the file: a quoted delimiter and a quoted newline stay in their cell.
    assert malformed_cells('16,"a,b"', ",", 3) == ["16", "a,b", ""]
    assert malformed_cells('"x\r\ny",7', ",", 3) == ["x\r\ny", "7", ""]
    assert malformed_cells("A\tB\tC\tD", "\t", 2) == ["A", "B\tC\tD"]
    # A text cut short loses its last, partial cell.
    assert malformed_cells("1,2,3,4,5678", ",", 6, truncated=True) == ["1", "2", "3", "4", "", ""]
