"""The PDF report's fonts and page breaks (second walk, 2026-11-27): every text drawn in a font that has its
characters (DejaVu Sans, shipped in chalicelib/reports/fonts/ and packaged with the functions; the CJK font, Droid
Sans Fallback, embedded too, for Chinese, Japanese and Korean characters only, so Latin letters in a Chinese report
are not full-width), one bracket style per language, and no heading left alone at a page's foot."""
from __future__ import annotations

import fnmatch
import io
from datetime import date, timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader

from chalicelib.reports import pdf
from chalicelib.reports.service import ParameterSummary, ReportData
from chalicelib.reports.words import WORDS

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "chalicelib" / "reports" / "fonts"
LATIN = "Łódź Río Ñandú – Øresund ☆ Αθήνα Москва"
CHINESE = "步行桥下的小溪"
KOREAN = "한강 수질 측정소"


def _stations(count: int, name: str = "Station {n}", organization: str = "Demo Watershed Council") -> list[dict]:
    return [{"id": f"s{n}", "identifier": f"SITE-{n:03d}", "name": name.format(n=n), "latitude": 40 + n / 100,
             "longitude": -75 - n / 100, "organization": organization} for n in range(count)]


def _report(stations: list[dict], language: str = "en", sources: int = 1, fraction: str | None = None) -> bytes:
    summary = ParameterSummary(id="p", label="pH", unit="std units", fraction=fraction)
    for station in stations:
        days = range(0, 400, 30)
        summary.series[station["id"]] = ([(date(2016, 7, 2) + timedelta(days=d)).isoformat() for d in days],
                                         [7.0 + d / 1000 for d in days])
    summary.count, summary.minimum, summary.median, summary.maximum = 14, 7.0, 7.2, 7.4
    summary.first, summary.last = "2016-07-02", "2017-07-27"
    parameters = [summary]
    if fraction:  # a second fraction of the same parameter: the sections are named with their fractions
        other = ParameterSummary(**{**summary.__dict__, "fraction": "Total", "series": dict(summary.series)})
        parameters.append(other)
    return pdf.render(ReportData(
        language=language, generated_at="2026-11-27 01:00 UTC", filter_words=[("Dates", "all")], stations=stations,
        parameters=parameters, sources=[{"name": f"Org {n}", "licence": "CC BY 4.0", "stations": 1}
                                        for n in range(sources)], start=None, end=None))


def _drawn(document: bytes) -> list[tuple[str, str]]:
    """Every piece of text as it is drawn, with its font's base name (without a subset's prefix)."""
    pieces = []

    def seen(text, matrix, text_matrix, font, size):
        if text.strip() and font:
            pieces.append((text, str(font["/BaseFont"]).lstrip("/").split("+")[-1]))

    for page in PdfReader(io.BytesIO(document)).pages:
        page.extract_text(visitor_text=seen)
    return pieces


def test_text_runs_go_to_the_font_that_has_their_characters():
    assert pdf._runs(f"Łódź {CHINESE}（溶解态）") == [("DejaVuSans", "Łódź "),
                                                   ("DroidSansFallback", f"{CHINESE}（溶解态）")]
    assert pdf._runs(f"{KOREAN} 2") == [("DroidSansFallback", f"{KOREAN} "), ("DejaVuSans", "2")]
    assert pdf._runs("Αθήνα Москва – ☆ 0.05 mg/L") == [("DejaVuSans", "Αθήνα Москва – ☆ 0.05 mg/L")]
    assert pdf._runs("Open Water Data：站点报告", pdf.BOLD) == [("DejaVuSans-Bold", "Open Water Data"),
                                                          ("DroidSansFallback", "：站点报告")]


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_names_in_any_script_are_drawn_in_a_font_that_has_them(language):
    """The table, the chart's legend and the footer alike: Latin letters with their extensions, Greek and Cyrillic
    in DejaVu Sans (English reports had drawn them in Helvetica: black boxes; Chinese ones in STSong-Light, whose
    Latin letters beyond ASCII are full-width: "Ł ó d ź"), Chinese and Korean characters in Droid Sans Fallback
    (Korean had no font at all)."""
    stations = [*_stations(2, name=CHINESE + " {n}", organization=LATIN),
                {**_stations(3, organization=LATIN)[2], "name": KOREAN}]
    document = _report(stations, language)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)
    flat = "".join(text.split())  # a long name wraps in its cell
    assert "".join(LATIN.split()) in flat and f"{CHINESE}0" in flat and "".join(KOREAN.split()) in flat
    pieces = _drawn(document)
    fonts = {font for _, font in pieces}
    assert "Helvetica" not in fonts and "Helvetica-Bold" not in fonts, fonts
    for piece, font in pieces:
        if any(character in piece for character in "ŁóÑØ☆Αж"):
            assert font.startswith("DejaVuSans"), (piece, font)
        if any(character in piece for character in CHINESE + KOREAN.replace(" ", "")):
            assert font == "DroidSansFallback", (piece, font)


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_fonts_are_embedded_as_subsets(language):
    """Every font is in the file, only the glyphs drawn: the Chinese font had been referenced by name alone (Adobe's
    STSong-Light), which Acrobat cannot show without its Asian font pack."""
    document = _report(_stations(3, name=CHINESE + " {n}", organization=LATIN), language)
    embedded = set()
    for page in PdfReader(io.BytesIO(document)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                embedded.add(str(font["/BaseFont"]))
    # A Chinese report's headings are regular DejaVu Sans and Droid Sans Fallback (neither has a bold Chinese).
    assert {name.split("+")[-1] for name in embedded} == {"DejaVuSans", "DroidSansFallback", *(
        ["DejaVuSans-Bold"] if language == "en" else [])}
    assert all("+" in name for name in embedded)  # a subset: AAAAAA+DejaVuSans
    assert len(document) < 150_000


def test_the_fonts_ship_with_their_licence_and_are_packaged_with_the_functions():
    from chalice.deploy.packager import BaseLambdaDeploymentPackager
    from chalice.utils import OSUtils, UI

    from devtools.package_stack import PACKAGE_LEFT_OUT, in_worker_layer

    files = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DroidSansFallback.ttf"}
    assert files <= {path.name for path in FONTS.iterdir()}
    assert sum((FONTS / name).stat().st_size for name in files) < 5_000_000
    licence = (FONTS / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "DejaVu changes are in public domain" in licence
    assert "Apache License" in (FONTS / "LICENSE-Apache-2.0").read_text(encoding="utf-8")
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    assert "LICENSE" in readme and "LICENSE-Apache-2.0" in readme
    # Chalice's own packager walks chalicelib/ into the deployment package, and make package keeps them there.
    packager = BaseLambdaDeploymentPackager(OSUtils(), None, UI())
    packaged = {zip_path for _, zip_path in packager._iter_chalice_lib_if_needed(str(ROOT))}
    for name in (*files, "LICENSE", "LICENSE-Apache-2.0"):
        path = f"chalicelib/reports/fonts/{name}"
        assert path in packaged
        assert not in_worker_layer(path) and not any(fnmatch.fnmatch(path, p) for p in PACKAGE_LEFT_OUT)


def test_one_bracket_style_per_language():
    """A Chinese section had been headed "Phosphorus（Dissolved） (mg/L)"."""
    from chalicelib.reports.words import fraction_name

    document = _report(_stations(1), "zh-CN", fraction="Dissolved")
    lines = [line.strip() for page in PdfReader(io.BytesIO(document)).pages
             for line in page.extract_text().splitlines()]
    assert "pH（溶解态）（std units）" in lines and "pH（总量）（std units）" in lines
    english = [line.strip() for page in PdfReader(io.BytesIO(_report(_stations(1), "en", fraction="Dissolved"))).pages
               for line in page.extract_text().splitlines()]
    assert "pH (Dissolved) (std units)" in english
    assert fraction_name(WORDS["zh-CN"], "zh-CN", "Phosphorus", "Filtered, field") == "Phosphorus（现场过滤）"
    # A fraction the glossary has no Chinese name for keeps its WQX name.
    assert fraction_name(WORDS["zh-CN"], "zh-CN", "Phosphorus", "Unknown fraction") == "Phosphorus（Unknown fraction）"
    assert WORDS["zh-CN"]["sharedIdentifier"].format(identifier="A", organization="B") == "A（B）"


HEADINGS = {"en": {"What the report covers", "Map of the stations", "The stations", "Values by parameter",
                   "Sources and licences"},
            "zh-CN": {"报告范围", "站点地图", "站点列表", "各参数的数值", "来源和许可"}}


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_no_heading_ends_a_page(language):
    """"Values by parameter" and "Sources and licences" had ended pages alone (4 to 18 stations; 2 or 40), their
    content on the next page. Every station count up to 45 (the list fills a page), one and many sources."""
    alone = []
    for count in range(1, 46):
        for sources in (1, 12):
            pages = PdfReader(io.BytesIO(_report(_stations(count), language, sources))).pages
            for number, page in enumerate(pages[:-1], start=1):
                lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
                if lines and lines[-1] in HEADINGS[language]:
                    alone.append((count, sources, number, lines[-1]))
    assert not alone
