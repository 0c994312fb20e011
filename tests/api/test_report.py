"""The PDF report (POST /report): the explorer's filter or chosen stations and a date range → a PDF with
the filter in words, a map, the stations, per parameter the count, minimum, median, maximum, first and
last date and a chart, and the sources, in English or Chinese. Opened with pypdf, checked against the
values read from the samples table."""
from __future__ import annotations

import io
import json
import statistics

import pytest
from pypdf import PdfReader

from devtools.seed import DEMO_ORGANIZATION_ID


def report(api, body: dict, headers: dict | None = None):
    response = api.client.http.request("POST", "/api/v1/report", body=json.dumps(body),
                                       headers={"Content-Type": "application/json", "Accept": "application/pdf",
                                                **(headers or {})})
    return response


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def squeezed(text: str) -> str:
    """The text without spaces and line breaks (extracted CJK text and wrapped cells come apart there)."""
    return "".join(text.split())


@pytest.fixture(scope="module")
def chosen(api):
    """A few demo stations with values, and what the samples table holds for them."""
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples import service as samples
    from chalicelib.stations import service as stations

    found = api.post("/statistic", {"organizationIds": [DEMO_ORGANIZATION_ID], "limit": 100}).json["stations"]
    with_values = [s for s in found if s["meta"]["sampleCount"] > 0][:3]
    assert len(with_values) == 3
    ids = [s["id"] for s in with_values]
    records = stations.existing(ids)
    expected = {}
    for station_id in ids:
        for parameter_id in records[station_id].parameterIds or []:
            values = samples.read_series(station_id, parameter_id, columns=True)["columns"]
            pairs = [(t, v) for t, v in zip(values["time"], values["value"]) if v is not None]
            label = Parameter.get(parameter_id).label
            entry = expected.setdefault(label, {"values": [], "times": []})
            entry["values"] += [v for _, v in pairs]
            entry["times"] += [t for t, _ in pairs]
    return {"ids": ids, "stations": [records[i] for i in ids], "expected": expected}


def test_a_report_of_chosen_stations_in_english_has_the_stations_statistics_and_sources(api, chosen):
    response = report(api, {"stationIds": chosen["ids"], "language": "en"})
    assert response.status_code == 200, response.body[:300]
    assert response.headers["Content-Type"] == "application/pdf"
    assert response.body[:5] == b"%PDF-"
    text = text_of(response.body)
    flat = squeezed(text)
    assert "Open Water Data: station report" in text
    assert "Chosen stations" in text and "Map of the stations" in text
    for station in chosen["stations"]:
        assert squeezed(station.identifier) in flat
        assert squeezed(station.name) in flat
    for label, entry in chosen["expected"].items():
        values = entry["values"]
        assert squeezed(label) in flat
        assert f"{len(values):,}" in text
        for number in (min(values), statistics.median(values), max(values)):
            assert f"{number:,.4g}" in text, (label, number)
        assert min(entry["times"])[:10] in text and max(entry["times"])[:10] in text
    assert "Count" in text and "Median" in text and "First date" in text
    assert "Sources and licences" in text and "Demo Watershed Council" in text and "CC BY 4.0" in text


def test_the_same_report_in_chinese_renders_chinese_text(api, chosen):
    response = report(api, {"stationIds": chosen["ids"], "language": "zh-CN"})
    assert response.status_code == 200
    text = text_of(response.body)
    flat = squeezed(text)
    for words in ("OpenWaterData：站点报告", "所选站点", "站点地图", "中位数", "最小值", "首个日期", "来源和许可"):
        assert words in flat, words
    for station in chosen["stations"]:
        assert squeezed(station.identifier) in flat
    label, entry = next(iter(chosen["expected"].items()))
    assert f"{max(entry['values']):,.4g}" in text
    fonts = {font for page in PdfReader(io.BytesIO(response.body)).pages
             for font in (page["/Resources"]["/Font"].values())}
    assert any("+DroidSansFallback" in str(font.get_object()["/BaseFont"]) for font in fonts)


def test_a_report_of_the_explorer_filter_says_it_in_words_and_keeps_to_the_dates(api, chosen):
    from chalicelib.parameters.models import Parameter

    label = next(iter(chosen["expected"]))
    entry = chosen["expected"][label]
    parameter = next(p for p in Parameter.scan() if p.label == label)
    day = sorted(entry["times"])[len(entry["times"]) // 2][:10]
    response = report(api, {"filter": {"organization": DEMO_ORGANIZATION_ID, "parameter": parameter.id,
                                       "q": chosen["stations"][0].identifier}, "to": day, "language": "en"})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert "Organizations" in text and "Demo Watershed Council" in text
    assert "Parameters" in text and squeezed(label) in squeezed(text)
    assert f"from the first value to {day}" in text
    assert squeezed(chosen["stations"][0].identifier) in squeezed(text)
    # Only the one parameter of the filter, and no value after the end date.
    others = [other for other in chosen["expected"] if other != label and squeezed(other) not in squeezed(label)]
    assert not any(f"{squeezed(other)}(" in squeezed(text) for other in others)
    late = [t[:10] for t in entry["times"] if t[:10] > day]
    assert not any(moment in text for moment in late)


@pytest.fixture(scope="module")
def groundwater(api):
    """One demo groundwater station with values, and a station type of the reference list that is not built in."""
    from chalicelib.reference import service as reference
    from chalicelib.reference.models import STATION_TYPE

    found = api.post("/statistic", {"stationTypes": ["groundwater"], "limit": 1000}).json["stations"]
    station = next(s for s in found if s["meta"]["sampleCount"] > 0)
    reference.ensure(STATION_TYPE, "spring-pool", "Spring-fed pool")
    return station


@pytest.mark.parametrize("language, lines", [
    ("en", ["Station types Groundwater, Spring-fed pool", "1 station; longitude and latitude",
            "One line per station (1 station).", "Demo Watershed Council: 1 station, licence"]),
    ("zh-CN", ["站点类型地下水、Spring-fedpool", "共1个站点；", "每个站点一条线（共1个站点）。",
               "DemoWatershedCouncil：1个站点"]),
])
def test_a_report_names_the_station_types_of_the_filter_and_counts_one_station_as_one(api, groundwater, language,
                                                                                      lines):
    """The filter's station types by name in the report's language (a built-in type translated, another by the
    reference list's label), never by key; and one station is "1 station", not "1 stations"."""
    response = report(api, {"filter": {"stationType": "groundwater,spring-pool", "q": groundwater["identifier"]},
                            "language": language})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    flat = squeezed(text)
    for line in lines:
        assert squeezed(line) in flat, (line, text)
    assert "groundwater" not in text and "spring-pool" not in text
    assert "1 stations" not in text


@pytest.mark.parametrize("body, message", [
    ({"stationIds": [f"id-{n}" for n in range(2001)]},
     "A report covers at most 2000 stations; this filter matches 2001. Narrow the filter."),
    ({"stationIds": ["no-such-station"]}, "No station has these ids or identifiers: no-such-station."),
    ({"from": "2020-13-01"}, "Invalid from. ISO 8601 date expected (YYYY-MM-DD)"),
    ({"from": "2021-01-01", "to": "2020-01-01"}, "Invalid from. It must not be after to"),
    ({"filter": "organization"}, "Invalid filter. Object expected"),
])
def test_a_report_that_cannot_be_made_is_a_clear_400(api, body, message):
    response = report(api, body)
    assert response.status_code == 400
    assert json.loads(response.body)["message"] == message


def test_the_report_code_is_not_loaded_with_the_app():
    import subprocess
    import sys

    probe = "import sys, app; print('reportlab' in sys.modules, 'chalicelib.reports.pdf' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_a_report_of_more_than_100_stations_runs_as_a_queued_job_with_progress(api, chosen):
    """101 stations: 202 with the job; the worker (as Lambda runs it) draws it; then the PDF."""
    import uuid as uuids

    from chalicelib.core.models import utc_now
    from chalicelib.stations.models import Station
    from tests.api.imports_support import run_worker

    extra = []
    for n in range(101 - len(chosen["ids"])):
        station = Station(id=str(uuids.uuid4()), organizationId=DEMO_ORGANIZATION_ID,
                          identifier=f"QUEUED-{n:03d}", name=f"Queued report station {n}", latitude=40.0 + n / 100,
                          longitude=-75.0, createdAt=utc_now())
        station.save()
        extra.append(station.id)
    response = api.post("/report", {"stationIds": chosen["ids"] + extra, "language": "en"})
    assert response.status_code == 202, response.json
    job = response.json
    assert (job["status"], job["progress"], job["stations"]) == ("queued", 0.0, 101)
    assert "request" not in job
    not_ready = raw_pdf(api, f"/report/{job['id']}/pdf")
    assert (not_ready.status_code, json.loads(not_ready.body)["message"]) == (404, "The report is not ready yet.")

    done = run_worker(api=api, path=f"/report/{job['id']}", timeout=120)
    assert (done["status"], done["progress"]) == ("succeeded", 1.0)
    document = raw_pdf(api, f"/report/{job['id']}/pdf")
    assert document.status_code == 200 and document.body[:5] == b"%PDF-"
    assert done["size"] == len(document.body)
    text = text_of(document.body)
    assert "QUEUED-000" in squeezed(text) and squeezed(chosen["stations"][0].identifier) in squeezed(text)
    label, entry = next(iter(chosen["expected"].items()))
    assert f"{max(entry['values']):,.4g}" in text


def test_an_unknown_report_is_404(api):
    response = api.get(f"/report/{'0' * 8}-0000-4000-8000-{'0' * 12}")
    assert (response.status_code, response.json["message"]) == (404, "Report not found.")
    assert api.get("/report/not-an-id").status_code == 404


def raw_pdf(api, path: str):
    return api.client.http.request("GET", f"/api/v1{path}", headers={"Accept": "application/pdf"})


def test_a_queued_report_that_cannot_be_made_ends_failed_with_a_message(api):
    import uuid as uuids

    from chalicelib.core import queued_answers
    from chalicelib.reports import queue

    report_id = str(uuids.uuid4())
    queue._save({"id": report_id, "status": queued_answers.QUEUED, "progress": 0.0, "stations": 101,
                 "request": {"stationIds": ["no-such-station"], "language": "en"}})
    queue.run(report_id)
    status = api.get(f"/report/{report_id}").json
    assert (status["status"], status["message"]) == ("failed", "The report could not be made. Please try again.")
    assert raw_pdf(api, f"/report/{report_id}/pdf").status_code == 404
