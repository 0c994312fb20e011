"""Draws a report (chalicelib.reports.service.ReportData) as PDF with reportlab.

Imported only when a report is asked for. Chinese text uses reportlab's built-in CID font STSong-Light
(Adobe's Asian font pack, referenced by name: the PDF stays small and every PDF reader has it); English
uses Helvetica. Charts and the map are vector drawings, so a 100-station report stays well under 5 MB.
"""
from __future__ import annotations

import io
import math
import re
from collections import Counter
from datetime import date

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

from chalicelib.reports.words import WORDS, counted

CJK_FONT = "STSong-Light"
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


def _font(language: str) -> tuple[str, str]:
    if language == "zh-CN":
        if CJK_FONT not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))
        return CJK_FONT, CJK_FONT
    return "Helvetica", "Helvetica-Bold"


def _styles(language: str) -> dict[str, ParagraphStyle]:
    regular, bold = _font(language)
    # CJK text breaks between any two characters.
    wrap = {"wordWrap": "CJK"} if language == "zh-CN" else {}
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=18, leading=22, textColor=BRAND, spaceAfter=4, **wrap),
        "h2": ParagraphStyle("h2", fontName=bold, fontSize=13, leading=17, spaceBefore=10, spaceAfter=4, **wrap),
        "body": ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=13, **wrap),
        "small": ParagraphStyle("small", fontName=regular, fontSize=8, leading=10, textColor=colors.grey, **wrap),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=8, leading=10, **wrap),
    }


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.4g}" if abs(value) < 1e6 else f"{value:,.0f}"


def _table(rows: list[list], widths: list[float], font: str, header_font: str) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), font), ("FONTNAME", (0, 0), (-1, 0), header_font),
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


def _map(stations: list[dict], font: str) -> Drawing:
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
        drawing.add(String(x0 - 3, y - 2, _degrees(n * step, _decimals(step), "N", "S"), fontName=font, fontSize=6,
                           fillColor=colors.grey, textAnchor="end"))
    # Longitude labels at least 40 points apart, so they never run into each other.
    step = _step(lon_high - lon_low, max(2, int(frame_w // 40)))
    for n in range(math.ceil(lon_low / step), math.floor(lon_high / step) + 1):
        x, _ = at(n * step, south)
        drawing.add(Line(x, y0, x, y0 + frame_h, strokeColor=grid, strokeWidth=0.3))
        drawing.add(String(x, y0 - 8, _degrees(n * step, _decimals(step), "E", "W"), fontName=font, fontSize=6,
                           fillColor=colors.grey, textAnchor="middle"))
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


def _day_number(moment: str) -> int:
    return date.fromisoformat(moment[:10]).toordinal()


def _fitted(text: str, font: str, size: float, width: float) -> str:
    """The text cut to `width` points, an ellipsis ending what was cut."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def _chart(summary, font: str, names: dict[str, str], words: dict) -> tuple[Drawing, int]:
    """The series of one parameter over time, one line per station, on axes with round values and calendar
    dates (drawn as polylines: reportlab's LinePlot took seconds for a hundred stations' lines), with a legend
    under it: the LEGEND_LINES stations with the most values in colour and by name, any others in grey.
    Also: how many stations the legend names."""
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
    if x_high == x_low:
        x_low, x_high = x_low - 1, x_high + 1
    y_low, y_high, y_ticks, decimals = _ticks(min(values), max(values))
    x_of = lambda day: left + (day - x_low) / (x_high - x_low) * width  # noqa: E731
    y_of = lambda value: bottom + (value - y_low) / (y_high - y_low) * (top - bottom)  # noqa: E731
    axis = colors.HexColor("#9fb3c2")
    for value in y_ticks:
        y = y_of(value)
        drawing.add(Line(left, y, left + width, y, strokeColor=colors.HexColor("#e1e8ee"), strokeWidth=0.3))
        drawing.add(String(left - 3, y - 2.5, _tick_label(value, decimals), fontName=font, fontSize=6.5,
                           textAnchor="end"))
    for day, label in _date_ticks(x_low, x_high, max(2, int(width // 60))):
        x = x_of(day)
        drawing.add(Line(x, bottom, x, bottom - 3, strokeColor=axis, strokeWidth=0.5))
        drawing.add(String(x, bottom - 11, label, fontName=font, fontSize=6.5, textAnchor="middle"))
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
        drawing.add(String(x + 16, y, _fitted(label, font, 6.5, column - 22), fontName=font, fontSize=6.5))
    return drawing, len(named)


def _identifier(text: str, style: ParagraphStyle, width: float) -> Paragraph:
    """A station identifier in a table cell, never broken inside a word: on one line (in a smaller font if
    need be), else on lines that end after a - _ . / or : (WIDNR_WQX- / 10032762)."""
    size = style.fontSize
    while size > SMALLEST_CELL_FONT and stringWidth(text, style.fontName, size) > width:
        size -= 0.5
    fitted = ParagraphStyle(f"identifier{size}", parent=style, fontSize=size, leading=size + 2, wordWrap=None)
    lines = [""]
    for part in re.split(r"(?<=[-_./:])", text):
        if lines[-1] and stringWidth(lines[-1] + part, style.fontName, size) > width:
            lines.append(part)
        else:
            lines[-1] += part
    return Paragraph("<br/>".join(escape(line) for line in lines), fitted)


def render(data) -> bytes:
    """The report as a PDF document."""
    words = WORDS[data.language]
    styles = _styles(data.language)
    regular, bold = _font(data.language)
    out = io.BytesIO()

    def footer(canvas, document):
        canvas.saveState()
        canvas.setFont(regular, 7.5)
        canvas.setFillColor(colors.grey)
        canvas.drawString(18 * mm, 10 * mm, words["title"])
        canvas.drawRightString(A4[0] - 18 * mm, 10 * mm, words["page"].format(number=document.page))
        canvas.restoreState()

    document = SimpleDocTemplate(out, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                                 bottomMargin=18 * mm, title=words["title"], author="Open Water Data",
                                 lang=data.language)
    text = lambda value: escape(str(value))  # noqa: E731 - Paragraph reads a small markup language
    story = [Paragraph(text(words["title"]), styles["title"]),
             Paragraph(text(words["generated"].format(moment=data.generated_at)), styles["small"]),
             Paragraph(text(words["filter"]), styles["h2"])]
    story.append(_table([[Paragraph(text(label), styles["cell"]), Paragraph(text(value), styles["cell"])]
                         for label, value in data.filter_words], [40 * mm, WIDTH - 40 * mm], regular, regular))

    story += [Paragraph(text(words["map"]), styles["h2"]), _map(data.stations, regular),
              Paragraph(text(counted(words, "mapNote", len(data.stations))), styles["small"])]

    story.append(Paragraph(text(words["stationList"]), styles["h2"]))
    rows = [[words["identifier"], words["name"], words["organization"], words["latitude"], words["longitude"]]]
    rows += [[_identifier(s["identifier"], styles["cell"], IDENTIFIER_WIDTH - 2 * CELL_PADDING),
              Paragraph(text(s["name"]), styles["cell"]), Paragraph(text(s["organization"]), styles["cell"]),
              f"{s['latitude']:.5f}", f"{s['longitude']:.5f}"]
             for s in data.stations]
    story.append(_table(rows, [IDENTIFIER_WIDTH, 54 * mm, 40 * mm, 21 * mm, 21 * mm], regular, bold))
    # A chart's legend names stations by identifier, with the organization where two share one.
    uses = Counter(s["identifier"] for s in data.stations)
    shared = {identifier for identifier, count in uses.items() if count > 1}
    names = {s["id"]: f"{s['identifier']} ({s['organization']})" if s["identifier"] in shared else s["identifier"]
             for s in data.stations}

    story.append(Paragraph(text(words["byParameter"]), styles["h2"]))
    if not data.parameters:
        story.append(Paragraph(text(words["noValues"]), styles["body"]))
    # A parameter with values of several sample fractions has a section per fraction, named with it (Phosphorus
    # (Dissolved), Phosphorus (Total)); values without a fraction keep the parameter's name.
    sections = Counter(summary.id for summary in data.parameters)
    for summary in data.parameters:
        name = (words["fractionName"].format(name=summary.label, fraction=summary.fraction)
                if summary.fraction and sections[summary.id] > 1 else summary.label)
        heading = f"{name} ({summary.unit})" if summary.unit else name
        chart, shown = _chart(summary, regular, names, words)
        note = (counted(words, "chartNote", len(summary.series)) if shown == len(summary.series)
                else counted(words, "chartNoteTop", len(summary.series), shown=shown))
        # A parameter's heading, table and chart stay on one page.
        story.append(KeepTogether([
            Paragraph(text(heading), styles["h2"]),
            _table([[words[name] for name in ("count", "minimum", "median", "maximum", "first", "last")],
                    [f"{summary.count:,}", _number(summary.minimum), _number(summary.median),
                     _number(summary.maximum), summary.first, summary.last]],
                   [WIDTH / 6] * 6, regular, bold),
            Spacer(1, 3 * mm),
            chart,
            Paragraph(text(note), styles["small"]),
        ]))

    story.append(Paragraph(text(words["sources"]), styles["h2"]))
    for source in data.sources:
        story.append(Paragraph(text(counted(words, "sourceLine", source["stations"], **source)), styles["body"]))
    story.append(Spacer(1, 2 * mm))
    story.append(Paragraph(text(words["sourceNote"]), styles["small"]))
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
