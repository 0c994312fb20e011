"""A walk in 简体中文: Excel on Chinese Windows saves "CSV (逗号分隔)" in GBK (GB18030's two-byte part), not UTF-8.
Such a file had been read as Windows-1252 when no byte pair of it happened to be UTF-8: its Chinese notes stored
as "Çç" for 晴, without a word; or refused for its Chinese header ("save the file as UTF-8"). A file that is not
UTF-8 and whose bytes above 0x7F all pair up into Chinese characters is now read as GB18030; Windows-1252 files read
as before (an accented letter beside plain letters is no such pair)."""
from __future__ import annotations

import io

import pytest

from chalicelib.imports import source


def _read(text: str, encoding: str) -> tuple[str, str, bool]:
    opened = source.open_text(io.BytesIO(text.encode(encoding)))
    return opened.encoding, opened.stream.read().decode("utf-8"), opened.replaced


def test_chinese_notes_of_a_gbk_file_are_read_as_written():
    sheet = "Site,Date,Time,Temp (C),Notes\r\nMC-01,2026/8/8,09:30,24.1,晴\r\nMC-02,2026/8/8,10:05,24.6,阴\r\n"
    assert _read(sheet, "gbk") == ("GB18030", sheet, False)


def test_a_gbk_file_with_a_chinese_header_is_read_not_refused():
    sheet = "站点,日期,时间,水温(℃),溶解氧(mg/L),备注\r\nMC-01,2026/8/8,9:30,24.1,6.9,晴天，水清\r\n"
    opened = source.open_text(io.BytesIO(sheet.encode("gbk")))
    assert (opened.encoding, opened.header) == ("GB18030", ["站点", "日期", "时间", "水温(℃)", "溶解氧(mg/L)", "备注"])
    assert opened.stream.read().decode("utf-8") == sheet


@pytest.mark.parametrize("sheet", [
    "Name,Note\r\nRuisseau – “Gros” Brook,5 €\r\n",
    "Name\r\nRivière Saint-Jean à Québec\r\n",
    "Station,Temp (°C),Bemerkung\r\nBrücke,12.5,Größe der Steine\r\n",
    # Two accented letters side by side can be a Chinese character's two bytes: one such pair is no evidence.
    "Bemerkung\r\nGröße\r\nGröße\r\n",
])
def test_windows_1252_files_are_read_as_before(sheet):
    assert _read(sheet, "cp1252") == ("Windows-1252", sheet, False)
