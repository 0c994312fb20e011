"""The PDF report's drawings as a reader sees them (QA walk): the map labelled in longitude and latitude with every
station inside its frame (a Hawaii dot sat on the edge), station identifiers never broken inside a word, charts
with round values and calendar dates on their axes ("7.308", "2016-07-02" had been ticks), and a legend that
names the stations' lines."""
from __future__ import annotations

import io
import re
from datetime import date, timedelta

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Circle, Rect, String

from chalicelib.reports import pdf
from chalicelib.reports.service import ParameterSummary, ReportData
from chalicelib.reports.words import WORDS

# Hawaii, Maine, Alaska's panhandle and Florida's keys: the extremes a national map must hold.
PLACES = [("HI-0001", 19.52, -155.92), ("ME-0001", 47.45, -67.78), ("AK-0001", 58.3, -134.4), ("FL-0001", 24.55, -81.8),
          ("WIDNR_WQX-10032762", 43.102665, -89.51866)]
LONG_IDENTIFIER = "AVERYLONGORGANIZATION_WQX-MONITORINGSTATION-0001234567"


def _stations(places=PLACES) -> list[dict]:
    return [{"id": f"s{n}", "identifier": identifier, "name": f"Station {n}", "latitude": lat, "longitude": lon,
             "organization": "Demo Watershed Council"} for n, (identifier, lat, lon) in enumerate(places)]


def _strings(drawing) -> list[String]:
    return [shape for shape in drawing.contents if isinstance(shape, String)]


@pytest.mark.parametrize("places", [PLACES, PLACES[-1:], [("A", 43.1, -89.5), ("B", 43.1, -89.4)]],
                         ids=["the country", "one station", "a row"])
def test_the_map_labels_both_axes_and_holds_every_station_inside_its_frame(places):
    drawing = pdf._map(_stations(places))
    frame = next(shape for shape in drawing.contents if isinstance(shape, Rect))
    dots = [shape for shape in drawing.contents if isinstance(shape, Circle)]
    assert len(dots) == len(places)
    for dot in dots:
        inside = min(dot.cx - frame.x, frame.x + frame.width - dot.cx,
                     dot.cy - frame.y, frame.y + frame.height - dot.cy)
        assert inside >= dot.r + 4, (dot.cx, dot.cy, inside)
    labels = [s.text for s in _strings(drawing)]
    latitudes = [t for t in labels if re.fullmatch(r"[\d.]+°[NS]", t)]
    longitudes = [t for t in labels if re.fullmatch(r"[\d.]+°[EW]", t)]
    assert len(latitudes) >= 2 and len(longitudes) >= 2, labels
    assert all(0 <= s.x <= drawing.width and 0 <= s.y <= drawing.height for s in _strings(drawing))


def _summary(days: list[int], values: list[float], stations: int = 1) -> ParameterSummary:
    summary = ParameterSummary(id="p", label="pH", unit="std units")
    for n in range(stations):
        summary.series[f"s{n}"] = ([(date(2016, 7, 2) + timedelta(days=d)).isoformat() for d in days],
                                   [values[i % len(values)] + n / 100 for i in range(len(days))])
    return summary


@pytest.mark.parametrize("days, values, dates", [
    (list(range(0, 1900, 37)), [7.308, 8.9, 7.6], r"\d{4}"),  # years: their first days
    (list(range(0, 120, 9)), [0.0123, 0.0871], r"\d{4}-\d{2}"),  # months
    (list(range(0, 18)), [471, 1000, 860], r"\d{4}-\d{2}-(01|05|10|15|20|25)"),  # round days
])
def test_chart_axes_have_round_values_and_calendar_dates(days, values, dates):
    drawing, _ = pdf._chart(_summary(days, values), {"s0": "SITE-1"}, WORDS["en"])
    # Values are written right-aligned left of the axis, dates centred under it (the legend starts left).
    value_labels = [s.text for s in _strings(drawing) if s.textAnchor == "end"]
    date_labels = [s.text for s in _strings(drawing) if s.textAnchor == "middle"]
    assert len(date_labels) >= 2 and all(re.fullmatch(dates, t) for t in date_labels), date_labels
    numbers = [float(t.replace(",", "")) for t in value_labels]
    steps = {round(b - a, 9) for a, b in zip(numbers, numbers[1:])}
    assert len(steps) == 1, value_labels  # evenly spaced
    step = steps.pop()
    assert f"{step:.0e}"[0] in "125", step  # 1, 2 or 5 times a power of ten
    assert all(abs(n / step - round(n / step)) < 1e-6 for n in numbers), value_labels
    assert numbers[0] <= min(values) and numbers[-1] >= max(values)  # every line inside the axis
    assert "7.308" not in value_labels and "2016-07-02" not in date_labels


def test_a_chart_names_each_stations_line_and_greys_the_lines_past_ten():
    names = {f"s{n}": f"SITE-{n:02d}" for n in range(13)}
    few, shown = pdf._chart(_summary([0, 40, 80], [7.1, 7.9], stations=4), names, WORDS["en"])
    assert shown == 4 and {"SITE-00", "SITE-01", "SITE-02", "SITE-03"} <= {s.text for s in _strings(few)}
    many, shown = pdf._chart(_summary([0, 40, 80], [7.1, 7.9], stations=13), names, WORDS["en"])
    texts = {s.text for s in _strings(many)}
    assert shown == 10 and "3 other stations" in texts
    assert len([t for t in texts if t.startswith("SITE-")]) == 10


def _report(stations: list[dict], language: str = "en") -> str:
    summary = _summary(list(range(0, 400, 30)), [7.2, 8.1], stations=len(stations))
    summary.series = {s["id"]: series for s, series in zip(stations, summary.series.values())}
    summary.count, summary.minimum, summary.median, summary.maximum = 14, 7.2, 7.6, 8.1
    summary.first, summary.last = "2016-07-02", "2017-07-27"
    data = ReportData(language=language, generated_at="2026-11-27 01:00 UTC", filter_words=[("Dates", "all")],
                      stations=stations, parameters=[summary],
                      sources=[{"name": "Demo Watershed Council", "licence": "CC BY 4.0", "stations": len(stations)}],
                      start=None, end=None)
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.render(data))).pages)


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_identifiers_are_never_broken_inside_a_word(language):
    stations = _stations(PLACES + [(LONG_IDENTIFIER, 40.0, -75.0)])
    text = _report(stations, language)
    lines = text.splitlines()
    for identifier, *_ in PLACES:
        assert any(identifier in line for line in lines), identifier  # whole, on one line
    # Too long for its column even in a smaller font: broken only after a separator.
    start = next(n for n, line in enumerate(lines) if line.strip().startswith("AVERYLONG"))
    pieces = []
    for line in lines[start:]:
        piece = line.strip().split(" ")[0]
        pieces.append(piece)
        if "".join(pieces) == LONG_IDENTIFIER or len("".join(pieces)) >= len(LONG_IDENTIFIER):
            break
    assert "".join(pieces) == LONG_IDENTIFIER, pieces
    assert all(piece[-1] in "-_./:" for piece in pieces[:-1]), pieces
    # The chart says its lines are the stations, and its legend names them.
    note = "One line per station (6 stations)." if language == "en" else "每个站点一条线（共 6 个站点）。"
    assert "".join(note.split()) in "".join(text.split())
