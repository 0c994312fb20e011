"""Draws a report (chalicelib.reports.service.ReportData) as PDF with reportlab.

Imported only when a report is asked for. Names, parameters and organizations come in any language whatever the
report's, so every text is drawn in the fonts that have its characters, run by run (`_runs`): DejaVu Sans
(regular and bold, TrueType files in fonts/, subset-embedded: Latin with its extensions, Greek, Cyrillic, common
symbols) for every character it has, and Droid Sans Fallback (TrueType, subset-embedded too) for the others
(Chinese characters, Japanese kana, Korean Hangul, full-width punctuation), so that every reader shows them without a
font of its own (Adobe Acrobat had asked for its Asian font pack). Scripts neither font has (Thai, Indic scripts,
emoji) are not covered. Charts and the map are vector drawings, so a 100-station report stays
well under 5 MB. See docs/decisions/0010-pages-and-pdf-report.md.
"""
from __future__ import annotations

import io
import math
import re
from collections import Counter
from datetime import date
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from chalicelib.reports.words import WORDS, counted, fraction_name, no_number_note

FONTS = Path(__file__).resolve().parent / "fonts"
# Every text's font (DejaVu Sans), and the one of the characters it lacks (Chinese, Japanese and Korean).
REGULAR, BOLD = "DejaVuSans", "DejaVuSans-Bold"
CJK_FONT = "DroidSansFallback"
WIDTH = A4[0] - 36 * mm
BRAND = colors.HexColor("#0b5f8a")
# Line colours of the stations a chart's legend names; the lines of any others are grey.
PALETTE = [colors.HexColor(c) for c in ("#0b5f8a", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
                                        "#e377c2", "#bcbd22", "#17becf", "#1a1a1a")]
LEGEND_LINES = len(PALETTE)
OTHER_LINES = colors.HexColor("#c3ccd4")
# The map's dots, and how far inside its frame the outermost stay (a Hawaii dot sat on the edge).
DOT_RADIUS = 2.2
MAP_MARGIN = 8
# Table cells: their padding, and the smallest font an identifier is shrunk to before it goes on two lines.
CELL_PADDING = 4
SMALLEST_CELL_FONT = 6.5
IDENTIFIER_WIDTH = 38 * mm
# A heading never ends a page alone: it is kept together with what follows (a chart, a parameter's section, the first
# source), or, before a long table that goes on over pages, starts a new page when less than this is left on one
# (the heading, the table's header and a few rows).
ROOM_FOR_A_TABLE = 40 * mm


@lru_cache(maxsize=None)
def _fonts() -> None:
    """The report's fonts registered with reportlab (once a process)."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFont(TTFont(CJK_FONT, str(FONTS / "DroidSansFallback.ttf")))


@lru_cache(maxsize=None)
def _characters(font: str) -> frozenset[int]:
    """The characters a TrueType font has."""
    _fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def _runs(text: str, font: str = REGULAR) -> list[tuple[str, str]]:
    """The text as (font, characters) runs: `font` (DejaVu Sans) for every character it has, the CJK font for the
    others; a space stays in the run before it. "Łódź 步行桥" is ("DejaVuSans", "Łódź "), ("DroidSansFallback", "步行桥"):
    neither black boxes in an English report nor full-width Latin letters in a Chinese one."""
    has = _characters(font)
    runs: list[list[str]] = []
    for character in text:
        chosen = runs[-1][0] if character.isspace() and runs else font if ord(character) in has else CJK_FONT
        if runs and runs[-1][0] == chosen:
            runs[-1][1] += character
        else:
            runs.append([chosen, character])
    return [(name, characters) for name, characters in runs]


def _width(text: str, size: float, font: str = REGULAR) -> float:
    return sum(stringWidth(characters, name, size) for name, characters in _runs(text, font))


def _markup(text: str, font: str) -> str:
    """The text as a Paragraph's markup, its CJK runs in the CJK font."""
    return "".join(escape(characters) if name == font else f'<font name="{name}">{escape(characters)}</font>'
                   for name, characters in _runs(text, font))


def _paragraph(text, style: ParagraphStyle) -> Paragraph:
    """A paragraph of any text: CJK runs in their font, and then broken between any two CJK characters too."""
    runs = _runs(str(text), style.fontName)
    if any(name == CJK_FONT for name, _ in runs) and style.wordWrap != "CJK":
        style = ParagraphStyle(f"{style.name}-cjk", parent=style, wordWrap="CJK")
    return Paragraph(_markup(str(text), style.fontName), style)


def _placed(x: float, text: str, size: float, anchor: str, font: str) -> list[tuple[float, str, str]]:
    """A one-line text's runs as (x, font, characters), the whole anchored at x (start, middle or end)."""
    runs = _runs(text, font)
    x -= {"start": 0, "middle": 0.5, "end": 1}[anchor] * sum(stringWidth(c, name, size) for name, c in runs)
    placed = []
    for name, characters in runs:
        placed.append((x, name, characters))
        x += stringWidth(characters, name, size)
    return placed


def _label(x: float, y: float, text: str, size: float, anchor: str = "start", font: str = REGULAR,
           **properties) -> list[String]:
    """A drawing's text: one String in one font, or a String per font run placed as one text."""
    runs = _runs(text, font)
    if len(runs) <= 1:
        return [String(x, y, text, fontName=runs[0][0] if runs else font, fontSize=size, textAnchor=anchor,
                       **properties)]
    return [String(at, y, characters, fontName=name, fontSize=size, **properties)
            for at, name, characters in _placed(x, text, size, anchor, font)]


def _draw_text(canvas, x: float, y: float, text: str, size: float, anchor: str = "start") -> None:
    """A line of text on the page's canvas (the footer): one text object, its font switched run by run."""
    placed = _placed(x, text, size, anchor, REGULAR)
    line = canvas.beginText(placed[0][0] if placed else x, y)
    for _, name, characters in placed:
        line.setFont(name, size)
        line.textOut(characters)
    canvas.drawText(line)


def _styles(language: str) -> dict[str, ParagraphStyle]:
    _fonts()
    # Headings are bold, in English; the CJK font has no bold, so Chinese headings are all of the regular weight
    # (told apart by their size), not bold Latin next to regular Chinese.
    strong = REGULAR if language == "zh-CN" else BOLD
    return {
        "title": ParagraphStyle("title", fontName=strong, fontSize=18, leading=22, textColor=BRAND, spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName=strong, fontSize=13, leading=17, spaceBefore=10, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=13),
        "small": ParagraphStyle("small", fontName=REGULAR, fontSize=8, leading=10, textColor=colors.grey),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=8, leading=10),
        "header": ParagraphStyle("header", fontName=strong, fontSize=8, leading=10),
    }


# A figure there is none of (the minimum of results without a number).
NONE_SHOWN = "–"


def _number(value: float | None) -> str:
    if value is None:
        return NONE_SHOWN
    return f"{value:,.4g}" if abs(value) < 1e6 else f"{value:,.0f}"


def _table(rows: list[list], widths: list[float], styles: dict[str, ParagraphStyle], header: str = "header") -> Table:
    """A table whose first row is its header (in the `header` style, on a tint); a text cell becomes a paragraph,
    so that any language's characters are drawn in their font."""
    rows = [[_paragraph(cell, styles[header if n == 0 else "cell"]) if isinstance(cell, str) else cell
             for cell in row] for n, row in enumerate(rows)]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), REGULAR), ("FONTNAME", (0, 0), (-1, 0), BOLD),
        ("FONTSIZE", (0, 0), (-1, -1), 8), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8f1f6")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#c8d3dc")), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
    ]))
    return table


def _step(span: float, most: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) dividing span into at most `most` parts."""
    if span <= 0:
        return 1.0
    raw = span / max(most, 1)
    power = 10 ** math.floor(math.log10(raw))
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw * (1 - 1e-9))


def _decimals(step: float) -> int:
    return max(0, -math.floor(math.log10(step) + 1e-9))


def _ticks(low: float, high: float, most: int = 6) -> tuple[float, float, list[float], int]:
    """Round values for a value axis: (axis low, axis high, ticks, decimals to write them with); the axis
    is widened to the ticks around the values, so every line stays inside it."""
    if high <= low:
        low, high = low - abs(low) * 0.1 - 1, high + abs(high) * 0.1 + 1
    step = _step(high - low, most - 1)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    ticks = [n * step for n in range(first, last + 1)]
    return ticks[0], ticks[-1], ticks, _decimals(step)


def _tick_label(value: float, decimals: int) -> str:
    return f"{0.0 if round(value, decimals) == 0 else value:,.{decimals}f}"  # never "-0"


def _months(day: date) -> int:
    return day.year * 12 + day.month - 1


def _date_ticks(low: int, high: int, most: int = 7) -> list[tuple[int, str]]:
    """Calendar ticks (day numbers and their labels) inside [low, high]: the first days of years, of months
    or days themselves, whichever spacing gives at most `most` of them (2016, 2016-07, 2016-07-02)."""
    first, last = date.fromordinal(low), date.fromordinal(high)
    if last.year - first.year >= 2:  # several years: the first days of every one, or of every 2nd, 5th, ...
        every = next((n for n in (1, 2, 5, 10, 20, 50, 100) if (last.year - first.year) / n <= most), 1000)
        return [(date(y, 1, 1).toordinal(), str(y)) for y in range(first.year, last.year + 1)
                if y % every == 0 and low <= date(y, 1, 1).toordinal() <= high]
    span = _months(last) - _months(first)
    for months in (1, 2, 3, 6):
        if span >= 2 and span / months <= most:
            found = [date(m // 12, m % 12 + 1, 1) for m in range(_months(first), _months(last) + 1) if m % months == 0]
            return [(d.toordinal(), d.strftime("%Y-%m")) for d in found if low <= d.toordinal() <= high]
    # Days of the month that read as round: every day, every other, 5th/10th/..., weeks from the 1st, halves.
    for days_of_month in (range(1, 32), range(1, 32, 2), (1, 5, 10, 15, 20, 25), (1, 8, 15, 22), (1, 15), (1,)):
        found = [day for day in range(low, high + 1) if date.fromordinal(day).day in days_of_month]
        if len(found) <= most:
            return [(day, date.fromordinal(day).isoformat()) for day in found]
    return []


def _degrees(value: float, decimals: int, positive: str, negative: str) -> str:
    hemisphere = positive if value > 0 else negative if value < 0 else ""
    return f"{abs(value):.{decimals}f}°{hemisphere}"


def _map(stations: list[dict]) -> Drawing:
    """The stations on a longitude/latitude frame fitted to them, with a degree grid labelled on both axes:
    latitudes left of the frame, longitudes under it. Every point is at least MAP_MARGIN inside the frame."""
    height = 70 * mm
    drawing = Drawing(WIDTH, height)
    lons = [s["longitude"] for s in stations]
    lats = [s["latitude"] for s in stations]
    # A single station (or a row of them) still gets a frame of some extent around it.
    west, east = _widened(min(lons), max(lons), 0.2)
    south, north = _widened(min(lats), max(lats), 0.2)
    # The same scale on both axes (degrees of longitude shrunk by the mid latitude's cosine).
    shrink = max(math.cos(math.radians((north + south) / 2)), 0.2)
    left, bottom, top, right = 34, 12, 3, 3  # room for the labels
    room_x, room_y = WIDTH - left - right - 2 * MAP_MARGIN, height - bottom - top - 2 * MAP_MARGIN
    scale = min(room_x / ((east - west) * shrink), room_y / (north - south))
    frame_w = (east - west) * shrink * scale + 2 * MAP_MARGIN
    frame_h = (north - south) * scale + 2 * MAP_MARGIN
    x0 = left + (WIDTH - left - right - frame_w) / 2
    y0 = bottom

    def at(lon: float, lat: float) -> tuple[float, float]:
        return x0 + MAP_MARGIN + (lon - west) * shrink * scale, y0 + MAP_MARGIN + (lat - south) * scale

    drawing.add(Rect(x0, y0, frame_w, frame_h, fillColor=colors.HexColor("#eef4f8"),
                     strokeColor=colors.HexColor("#9fb3c2"), strokeWidth=0.5))
    # The degrees the frame shows, margins included.
    lon_low, lon_high = west - MAP_MARGIN / (shrink * scale), east + MAP_MARGIN / (shrink * scale)
    lat_low, lat_high = south - MAP_MARGIN / scale, north + MAP_MARGIN / scale
    grid = colors.HexColor("#c8d3dc")
    step = _step(lat_high - lat_low, 4)
    for n in range(math.ceil(lat_low / step), math.floor(lat_high / step) + 1):
        _, y = at(west, n * step)
        drawing.add(Line(x0, y, x0 + frame_w, y, strokeColor=grid, strokeWidth=0.3))
        for label in _label(x0 - 3, y - 2, _degrees(n * step, _decimals(step), "N", "S"), 6, "end",
                            fillColor=colors.grey):
            drawing.add(label)
    # Longitude labels at least 40 points apart, so they never run into each other.
    step = _step(lon_high - lon_low, max(2, int(frame_w // 40)))
    for n in range(math.ceil(lon_low / step), math.floor(lon_high / step) + 1):
        x, _ = at(n * step, south)
        drawing.add(Line(x, y0, x, y0 + frame_h, strokeColor=grid, strokeWidth=0.3))
        for label in _label(x, y0 - 8, _degrees(n * step, _decimals(step), "E", "W"), 6, "middle",
                            fillColor=colors.grey):
            drawing.add(label)
    for station in stations:
        x, y = at(station["longitude"], station["latitude"])
        drawing.add(Circle(x, y, DOT_RADIUS, fillColor=BRAND, strokeColor=colors.white, strokeWidth=0.4))
    return drawing


def _widened(low: float, high: float, least: float) -> tuple[float, float]:
    """The range, at least `least` wide (about its middle)."""
    if high - low >= least:
        return low, high
    middle = (low + high) / 2
    return middle - least / 2, middle + least / 2


def _day_number(moment: str) -> float:
    """A value's place on a chart's time axis: its day (as date.toordinal counts them) and the time of day as a
    fraction, both as its source wrote them ("2024-05-31T23:30:00" of an EST sample: 31 May, late, as the table's
    dates; "2024-05-31" of a date alone: that day's start)."""
    day = date.fromisoformat(moment[:10]).toordinal()
    if len(moment) < 19:
        return day
    hours, minutes, seconds = (int(part) for part in moment[11:19].split(":"))
    return day + (hours * 3600 + minutes * 60 + seconds) / 86400


def _fitted(text: str, size: float, width: float) -> str:
    """The text cut to `width` points, an ellipsis ending what was cut."""
    if _width(text, size) <= width:
        return text
    while text and _width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def _chart(summary, names: dict[str, str], words: dict) -> tuple[Drawing, int]:
    """The series of one parameter over time, one line per station, on axes with round values and calendar
    dates (drawn as polylines: reportlab's LinePlot took seconds for a hundred stations' lines), with a legend
    under it: the LEGEND_LINES stations with the most values in colour and by name, any others in grey.
    Also: how many stations the legend names. A value's place in time is its date and time of day as its source
    wrote them (the table's dates are those dates too)."""
    ordered = sorted(summary.series.items(), key=lambda item: (-len(item[1][1]), names.get(item[0], item[0])))
    named = ordered[:LEGEND_LINES]
    others = len(ordered) - len(named)
    per_row = 3
    legend_rows = math.ceil((len(named) + (1 if others else 0)) / per_row)
    plot_height = 60 * mm
    height = plot_height + legend_rows * 9 + 4
    drawing = Drawing(WIDTH, height)
    left, bottom, width, top = 42, 22 + height - plot_height, WIDTH - 52, height - 8
    lines = [sorted(zip((_day_number(t) for t in times), values)) for _, (times, values) in ordered]
    days = [day for line in lines for day, _ in line]
    values = [value for line in lines for _, value in line]
    x_low, x_high = min(days), max(days)
    if x_high - x_low < 1:  # values of one day: the days either side too
        x_low, x_high = math.floor(x_low) - 1, math.floor(x_low) + 2
    y_low, y_high, y_ticks, decimals = _ticks(min(values), max(values))
    x_of = lambda day: left + (day - x_low) / (x_high - x_low) * width  # noqa: E731
    y_of = lambda value: bottom + (value - y_low) / (y_high - y_low) * (top - bottom)  # noqa: E731
    axis = colors.HexColor("#9fb3c2")
    for value in y_ticks:
        y = y_of(value)
        drawing.add(Line(left, y, left + width, y, strokeColor=colors.HexColor("#e1e8ee"), strokeWidth=0.3))
        for label in _label(left - 3, y - 2.5, _tick_label(value, decimals), 6.5, "end"):
            drawing.add(label)
    for day, label in _date_ticks(math.ceil(x_low), math.floor(x_high), max(2, int(width // 60))):
        x = x_of(day)
        drawing.add(Line(x, bottom, x, bottom - 3, strokeColor=axis, strokeWidth=0.5))
        for string in _label(x, bottom - 11, label, 6.5, "middle"):
            drawing.add(string)
    drawing.add(Line(left, bottom, left + width, bottom, strokeColor=axis, strokeWidth=0.6))
    drawing.add(Line(left, bottom, left, top, strokeColor=axis, strokeWidth=0.6))
    # The grey lines first, so the named ones are drawn over them.
    colours = [PALETTE[i] if i < len(named) else OTHER_LINES for i in range(len(lines))]
    for index in sorted(range(len(lines)), key=lambda i: i < len(named)):
        line, colour = lines[index], colours[index]
        points = [coordinate for day, value in line for coordinate in (x_of(day), y_of(value))]
        if len(line) == 1:
            drawing.add(Circle(points[0], points[1], 1.2, fillColor=colour, strokeColor=None))
        else:
            drawing.add(PolyLine(points, strokeColor=colour, strokeWidth=0.6))
    entries = [(PALETTE[i], names.get(station_id, station_id)) for i, (station_id, _) in enumerate(named)]
    if others:
        entries.append((OTHER_LINES, counted(words, "otherStations", others)))
    column = WIDTH / per_row
    for index, (colour, label) in enumerate(entries):
        x, y = (index % per_row) * column + 4, height - plot_height - 6 - (index // per_row) * 9
        drawing.add(Line(x, y + 2, x + 12, y + 2, strokeColor=colour, strokeWidth=1.5))
        for string in _label(x + 16, y, _fitted(label, 6.5, column - 22), 6.5):
            drawing.add(string)
    return drawing, len(named)


def _identifier(text: str, style: ParagraphStyle, width: float) -> Paragraph:
    """A station identifier in a table cell, never broken inside a word: on one line (in a smaller font if
    need be), else on lines that end after a - _ . / or : (WIDNR_WQX- / 10032762)."""
    size = style.fontSize
    while size > SMALLEST_CELL_FONT and _width(text, size, style.fontName) > width:
        size -= 0.5
    fitted = ParagraphStyle(f"identifier{size}", parent=style, fontSize=size, leading=size + 2, wordWrap=None)
    lines = [""]
    for part in re.split(r"(?<=[-_./:])", text):
        if lines[-1] and _width(lines[-1] + part, size, style.fontName) > width:
            lines.append(part)
        else:
            lines[-1] += part
    return Paragraph("<br/>".join(_markup(line, style.fontName) for line in lines), fitted)


def render(data) -> bytes:
    """The report as a PDF document."""
    words = WORDS[data.language]
    styles = _styles(data.language)
    out = io.BytesIO()

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFillColor(colors.grey)
        _draw_text(canvas, 18 * mm, 10 * mm, words["title"], 7.5)
        _draw_text(canvas, A4[0] - 18 * mm, 10 * mm, words["page"].format(number=document.page), 7.5, "end")
        canvas.restoreState()

    document = SimpleDocTemplate(out, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                                 bottomMargin=18 * mm, title=words["title"], author="Open Water Data",
                                 lang=data.language)
    story = [_paragraph(words["title"], styles["title"]),
             _paragraph(words["generated"].format(moment=data.generated_at), styles["small"]),
             _paragraph(words["filter"], styles["h2"])]
    story.append(_table([[_paragraph(label, styles["cell"]), _paragraph(value, styles["cell"])]
                         for label, value in data.filter_words], [40 * mm, WIDTH - 40 * mm], styles))

    story.append(KeepTogether([_paragraph(words["map"], styles["h2"]), _map(data.stations),
                               _paragraph(counted(words, "mapNote", len(data.stations)), styles["small"])]))

    story += [CondPageBreak(ROOM_FOR_A_TABLE), _paragraph(words["stationList"], styles["h2"])]
    rows = [[words["identifier"], words["name"], words["organization"], words["latitude"], words["longitude"]]]
    rows += [[_identifier(s["identifier"], styles["cell"], IDENTIFIER_WIDTH - 2 * CELL_PADDING),
              s["name"], s["organization"], f"{s['latitude']:.5f}", f"{s['longitude']:.5f}"]
             for s in data.stations]
    story.append(_table(rows, [IDENTIFIER_WIDTH, 54 * mm, 40 * mm, 21 * mm, 21 * mm], styles))
    # A chart's legend names stations by identifier, with the organization where two share one.
    uses = Counter(s["identifier"] for s in data.stations)
    shared = {identifier for identifier, count in uses.items() if count > 1}
    names = {s["id"]: words["sharedIdentifier"].format(identifier=s["identifier"], organization=s["organization"])
             if s["identifier"] in shared else s["identifier"] for s in data.stations}

    # The part's heading goes with its first section (or with its one line).
    part = [_paragraph(words["byParameter"], styles["h2"])]
    if not data.parameters:
        said = words["noValuesBetween" if data.start or data.end else "noValues"]
        story.append(KeepTogether([*part, _paragraph(said, styles["body"])]))
    # A parameter with values of several sample fractions has a section per fraction, named with it (Phosphorus
    # (Dissolved), Phosphorus (Total)); values without a fraction keep the parameter's name.
    sections = Counter(summary.id for summary in data.parameters)
    for summary in data.parameters:
        name = (fraction_name(words, data.language, summary.label, summary.fraction)
                if summary.fraction and sections[summary.id] > 1 else summary.label)
        heading = words["withUnit"].format(name=name, unit=summary.unit) if summary.unit else name
        block = [*part, _paragraph(heading, styles["h2"]),
                 _table([[words[name] for name in ("count", "minimum", "median", "maximum", "first", "last")],
                         [f"{summary.count:,}", _number(summary.minimum), _number(summary.median),
                          _number(summary.maximum), summary.first, summary.last]],
                        [WIDTH / 6] * 6, styles)]
        # Results without a number (not detected...) are counted, and said apart: the figures are of the others.
        note = no_number_note(words, data.language, summary)
        if note:
            block.append(_paragraph(note, styles["small"]))
        if summary.series:
            chart, shown = _chart(summary, names, words)
            lines = (counted(words, "chartNote", len(summary.series)) if shown == len(summary.series)
                     else counted(words, "chartNoteTop", len(summary.series), shown=shown))
            block += [Spacer(1, 3 * mm), chart, _paragraph(lines, styles["small"])]
        else:
            block.append(_paragraph(words["noChart"], styles["small"]))
        # A parameter's heading, table and chart stay on one page.
        story.append(KeepTogether(block))
        part = []

    sources = [_paragraph(counted(words, "sourceLine", source["stations"], **source), styles["body"])
               for source in data.sources]
    story += [KeepTogether([_paragraph(words["sources"], styles["h2"]), *sources[:1]]), *sources[1:]]
    story.append(Spacer(1, 2 * mm))
    story.append(_paragraph(words["sourceNote"], styles["small"]))
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
