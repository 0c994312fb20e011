"""Draws a report (chalicelib.reports.service.ReportData) as PDF with reportlab.

Imported only when a report is asked for. Chinese text uses reportlab's built-in CID font STSong-Light
(Adobe's Asian font pack, referenced by name: the PDF stays small and every PDF reader has it); English
uses Helvetica. Charts and the map are vector drawings, so a 100-station report stays well under 5 MB.
"""
from __future__ import annotations

import io
from datetime import date

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

from chalicelib.reports.words import WORDS, counted

CJK_FONT = "STSong-Light"
WIDTH = A4[0] - 36 * mm
BRAND = colors.HexColor("#0b5f8a")
# Line colours of the stations in a chart (cycled).
PALETTE = [colors.HexColor(c) for c in ("#0b5f8a", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
                                        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")]


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
    ]))
    return table


def _map(stations: list[dict], font: str) -> Drawing:
    """The stations on a longitude/latitude frame fitted to them, with a degree grid."""
    height = 70 * mm
    drawing = Drawing(WIDTH, height)
    lons = [s["longitude"] for s in stations]
    lats = [s["latitude"] for s in stations]
    pad = 0.5
    west, east = min(lons) - pad, max(lons) + pad
    south, north = min(lats) - pad, max(lats) + pad
    # The same scale on both axes (degrees of longitude shrunk by the mid latitude's cosine).
    from math import cos, radians

    shrink = max(cos(radians((north + south) / 2)), 0.2)
    scale = min((WIDTH - 20) / ((east - west) * shrink), (height - 20) / (north - south))
    x0 = 10 + ((WIDTH - 20) - (east - west) * shrink * scale) / 2
    y0 = 10

    def at(lon: float, lat: float) -> tuple[float, float]:
        return x0 + (lon - west) * shrink * scale, y0 + (lat - south) * scale

    drawing.add(Rect(x0, y0, (east - west) * shrink * scale, (north - south) * scale,
                     fillColor=colors.HexColor("#eef4f8"), strokeColor=colors.HexColor("#9fb3c2"), strokeWidth=0.5))
    step = max(1, round((north - south) / 4)) if north - south > 2 else 0.5
    grid = int(south / step) * step
    while grid <= north:
        if grid >= south:
            x, y = at(west, grid)
            x1, _ = at(east, grid)
            drawing.add(Line(x, y, x1, y, strokeColor=colors.HexColor("#c8d3dc"), strokeWidth=0.3))
            drawing.add(String(x + 2, y + 2, f"{grid:g}°", fontName=font, fontSize=6, fillColor=colors.grey))
        grid += step
    for station in stations:
        x, y = at(station["longitude"], station["latitude"])
        drawing.add(Circle(x, y, 2.2, fillColor=BRAND, strokeColor=colors.white, strokeWidth=0.4))
    return drawing


def _day_number(moment: str) -> int:
    return date.fromisoformat(moment[:10]).toordinal()


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high <= low:
        return [low]
    return [low + (high - low) * i / (count - 1) for i in range(count)]


def _chart(summary, font: str) -> Drawing:
    """The series of one parameter over time, one line per station, on plain axes (drawn as polylines:
    reportlab's LinePlot took seconds for a hundred stations' lines)."""
    height = 60 * mm
    drawing = Drawing(WIDTH, height)
    left, bottom, width, top = 42, 22, WIDTH - 52, height - 8
    lines = [sorted(zip((_day_number(t) for t in times), values)) for times, values in summary.series.values()]
    days = [day for line in lines for day, _ in line]
    values = [value for line in lines for _, value in line]
    x_low, x_high = min(days), max(days)
    y_low, y_high = min(values), max(values)
    if y_high == y_low:
        y_low, y_high = y_low - 1, y_high + 1
    if x_high == x_low:
        x_low, x_high = x_low - 1, x_high + 1
    x_of = lambda day: left + (day - x_low) / (x_high - x_low) * width  # noqa: E731
    y_of = lambda value: bottom + (value - y_low) / (y_high - y_low) * (top - bottom)  # noqa: E731
    axis = colors.HexColor("#9fb3c2")
    for value in _ticks(y_low, y_high):
        y = y_of(value)
        drawing.add(Line(left, y, left + width, y, strokeColor=colors.HexColor("#e1e8ee"), strokeWidth=0.3))
        drawing.add(String(left - 3, y - 2.5, _number(value), fontName=font, fontSize=6.5, textAnchor="end"))
    for day in _ticks(x_low, x_high):
        x = x_of(day)
        drawing.add(Line(x, bottom, x, bottom - 3, strokeColor=axis, strokeWidth=0.5))
        drawing.add(String(x, bottom - 11, date.fromordinal(int(round(day))).isoformat(), fontName=font, fontSize=6.5,
                           textAnchor="middle"))
    drawing.add(Line(left, bottom, left + width, bottom, strokeColor=axis, strokeWidth=0.6))
    drawing.add(Line(left, bottom, left, top, strokeColor=axis, strokeWidth=0.6))
    for index, line in enumerate(lines):
        colour = PALETTE[index % len(PALETTE)]
        points = [coordinate for day, value in line for coordinate in (x_of(day), y_of(value))]
        if len(line) == 1:
            drawing.add(Circle(points[0], points[1], 1.2, fillColor=colour, strokeColor=None))
        else:
            drawing.add(PolyLine(points, strokeColor=colour, strokeWidth=0.6))
    return drawing


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
    rows += [[Paragraph(text(s["identifier"]), styles["cell"]), Paragraph(text(s["name"]), styles["cell"]),
              Paragraph(text(s["organization"]), styles["cell"]), f"{s['latitude']:.5f}", f"{s['longitude']:.5f}"]
             for s in data.stations]
    story.append(_table(rows, [34 * mm, 58 * mm, 40 * mm, 21 * mm, 21 * mm], regular, bold))

    story.append(Paragraph(text(words["byParameter"]), styles["h2"]))
    if not data.parameters:
        story.append(Paragraph(text(words["noValues"]), styles["body"]))
    for summary in data.parameters:
        heading = f"{summary.label} ({summary.unit})" if summary.unit else summary.label
        # A parameter's heading, table and chart stay on one page.
        story.append(KeepTogether([
            Paragraph(text(heading), styles["h2"]),
            _table([[words[name] for name in ("count", "minimum", "median", "maximum", "first", "last")],
                    [f"{summary.count:,}", _number(summary.minimum), _number(summary.median),
                     _number(summary.maximum), summary.first, summary.last]],
                   [WIDTH / 6] * 6, regular, bold),
            Spacer(1, 3 * mm),
            _chart(summary, regular),
            Paragraph(text(counted(words, "chartNote", len(summary.series))), styles["small"]),
        ]))

    story.append(Paragraph(text(words["sources"]), styles["h2"]))
    for source in data.sources:
        story.append(Paragraph(text(counted(words, "sourceLine", source["stations"], **source)), styles["body"]))
    story.append(Spacer(1, 2 * mm))
    story.append(Paragraph(text(words["sourceNote"]), styles["small"]))
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return out.getvalue()
