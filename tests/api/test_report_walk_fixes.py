"""The PDF report as a tester walked it (2026-11-27, second walk): names in any language drawn in fonts that have
their characters, results without a number counted and said apart, chart dates as the table's (the values' own
zones), a POST without Accept: application/pdf answered as the route documents, and the filter's code refusals
translated whole."""
from __future__ import annotations

import io
import json
import uuid
from datetime import datetime

import pytest
from pypdf import PdfReader

from tests.api.test_report import report, squeezed, text_of

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
NITRATE = "Nitrate walk-fixes"
PHOSPHORUS = "Phosphorus walk-fixes"
CHINESE_NAME = "步行桥下的小溪"
LATIN_NAME = "Łódź Río Ñandú – Øresund ☆"


def _station(organization_id: str, name: str, latitude: float, longitude: float) -> dict:
    from chalicelib.core.models import utc_now
    from chalicelib.stations import service as stations
    from chalicelib.stations.models import Station

    identifier = f"WF-{uuid.uuid4().hex[:8]}"
    station = Station(id=stations.station_id_for(organization_id, identifier), organizationId=organization_id,
                      identifier=identifier, name=name, latitude=latitude, longitude=longitude, createdAt=utc_now())
    stations.save_all([station])
    return {"id": station.id, "identifier": identifier}


def _sample(station_id: str, organization_id: str, moment: str, parameter: str, value=None, activity: str = "a",
            **extra):
    from chalicelib.parameters.service import parameter_id_for
    from chalicelib.samples import service as samples

    return samples.Sample(stationId=station_id, parameterId=parameter_id_for(parameter), organizationId=organization_id,
                          value=value, text=None if value is not None else "ND", unit="mg/L",
                          time=samples.sort_time(datetime.fromisoformat(moment.replace("Z", "+00:00")),
                                                 samples.discriminator(activity)),
                          extra={"activityId": activity, **extra})


NOT_DETECTED = {"detectionCondition": "Not Detected", "detectionLimit": "0.05", "detectionLimitUnit": "mg/L"}


@pytest.fixture(scope="module")
def walk(api, demo):
    """An organization of this file's own, named in Latin letters with their extensions and a symbol, with:
    a station named in Chinese whose only nitrate results are not detected (limit 0.05 mg/L) and whose phosphorus
    has numbers and two results not detected; a station whose samples were taken at 23:30 EST."""
    from chalicelib.organizations import service as organizations
    from chalicelib.parameters import service as parameters
    from chalicelib.samples import service as samples

    org = organizations.create({"name": f"{LATIN_NAME} {uuid.uuid4().hex[:4]}"})
    parameters.ensure(NITRATE, unit="mg/L")
    parameters.ensure(PHOSPHORUS, unit="mg/L")
    creek = _station(org.id, CHINESE_NAME, -40.5, 172.5)
    samples.write([
        *(_sample(creek["id"], org.id, f"2023-0{month}-10T15:00:00Z", NITRATE, activity=f"n{month}", **NOT_DETECTED)
          for month in (4, 5, 6)),
        _sample(creek["id"], org.id, "2023-04-10T15:00:00Z", PHOSPHORUS, 0.2, activity="p4"),
        _sample(creek["id"], org.id, "2023-05-10T15:00:00Z", PHOSPHORUS, 0.4, activity="p5"),
        _sample(creek["id"], org.id, "2023-06-10T15:00:00Z", PHOSPHORUS, 0.3, activity="p6"),
        _sample(creek["id"], org.id, "2023-07-10T15:00:00Z", PHOSPHORUS, activity="p7", **NOT_DETECTED),
        _sample(creek["id"], org.id, "2023-08-10T15:00:00Z", PHOSPHORUS, activity="p8",
                detectionCondition="Not Detected", detectionLimit="0.01", detectionLimitUnit="mg/L"),
    ])
    evening = _station(org.id, "Evening samples", -40.6, 172.6)
    # 23:30 EST on 29, 30 and 31 May: stored in UTC as 04:30 on 30, 31 May and 1 June.
    samples.write([_sample(evening["id"], org.id, f"{day}T04:30:00Z", NITRATE, value, activity=day,
                           timeZone="EST")
                   for day, value in (("2024-05-30", 1.5), ("2024-05-31", 1.7), ("2024-06-01", 1.6))])
    return {"org": org, "creek": creek, "evening": evening}


def _fonts(pdf: bytes) -> dict[str, bool]:
    """The report's fonts by base name: whether each is embedded."""
    fonts = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts[str(font["/BaseFont"])] = embedded
    return fonts


def _text_fonts(pdf: bytes) -> set[str]:
    """The fonts text is drawn in (reportlab names Helvetica at every page's start, drawing nothing in it)."""
    used = set()

    def seen(text, matrix, text_matrix, font, size):
        if text.strip() and font:
            used.add(str(font["/BaseFont"]))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=seen)
    return used


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_names_in_any_language_are_drawn_in_fonts_that_have_their_characters(api, walk, language):
    """A station named in Chinese and an organization named in Polish, Spanish and Danish letters with a dash and a
    star print as they are in both languages (they had come out as black boxes in English: Helvetica has none of
    them); DejaVu Sans is embedded (a subset), and so is the Chinese characters' Droid Sans Fallback."""
    response = report(api, {"stationIds": [walk["creek"]["id"]], "language": language})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert CHINESE_NAME in text and LATIN_NAME in text, text
    assert "■" not in text
    fonts = _fonts(response.body)
    embedded = {name.split("+")[-1] for name, inside in fonts.items() if inside}
    assert {"DejaVuSans", "DroidSansFallback"} <= embedded, fonts
    assert not {font for font in _text_fonts(response.body) if "Helvetica" in font}
    # A subset: the two DejaVu files are 1.4 MB.
    assert len(response.body) < 200_000


def _figures(text: str, heading: str) -> list[str]:
    """The cells of a section's row of figures (pypdf gives a table's cells a line each)."""
    lines = [line.strip() for line in text.splitlines()]
    at = lines.index(heading)
    return lines[at + 7:at + 13]


def test_results_without_a_number_are_counted_and_said_apart_in_english(api, walk):
    """Nitrate's three results are all "ND" (Not Detected, limit 0.05 mg/L): before, the report left nitrate out
    ("The stations have no values in this date range.") and its count disagreed with the station page's."""
    from chalicelib.parameters.service import parameter_id_for
    from chalicelib.samples.models import Series

    response = report(api, {"stationIds": [walk["creek"]["id"]], "language": "en"})
    text = text_of(response.body)
    assert "The stations have no values in this date range." not in text
    # Every result counted, as the station page counts them; no figure made up of none.
    nitrate = Series.get(walk["creek"]["id"], parameter_id_for(NITRATE))
    assert nitrate.count == 3
    assert _figures(text, f"{NITRATE} (mg/L)") == ["3", "–", "–", "–", "2023-04-10", "2023-06-10"]
    flat = squeezed(text)
    assert squeezed("None of the 3 results has a number: 3 Not Detected (limit 0.05 mg/L).") in flat
    assert squeezed("No result with a number to draw.") in flat
    # Phosphorus: five results, the figures of the three with a number, the two others said.
    assert _figures(text, f"{PHOSPHORUS} (mg/L)") == ["5", "0.2", "0.3", "0.4", "2023-04-10", "2023-08-10"]
    assert squeezed("2 of the 5 results have no number: 2 Not Detected (limits 0.01 mg/L, 0.05 mg/L). Minimum, "
                    "median and maximum are of the results with a number.") in flat


def test_results_without_a_number_are_counted_and_said_apart_in_chinese(api, walk):
    response = report(api, {"stationIds": [walk["creek"]["id"]], "language": "zh-CN"})
    text = text_of(response.body)
    flat = squeezed(text)
    assert "这些站点在此日期范围内没有数值。" not in text
    assert _figures(text, f"{NITRATE}（mg/L）") == ["3", "–", "–", "–", "2023-04-10", "2023-06-10"]
    assert "3个结果都没有数值：3个未检出（限值0.05mg/L）。" in flat
    assert "没有可绘制的数值。" in flat
    assert _figures(text, f"{PHOSPHORUS}（mg/L）") == ["5", "0.2", "0.3", "0.4", "2023-04-10", "2023-08-10"]
    assert "5个结果中有2个没有数值：2个未检出（限值0.01mg/L、0.05mg/L）。最小值、中位数和最大值仅按有数值的结果计算。" in flat


def test_a_chart_dates_its_values_as_the_table_does_in_their_own_zone(api, walk):
    """Samples at 23:30 EST on 29, 30 and 31 May (stored as 04:30 UTC the next days): the table's dates and the
    chart's axis both run from 29 to 31 May; the chart had drawn them a day later, up to 1 June."""
    from chalicelib.reports import service

    request = service.parse_request({"stationIds": [walk["evening"]["id"]], "language": "en"})
    data = service.gather(request)
    (summary,) = data.parameters
    assert (summary.first, summary.last) == ("2024-05-29", "2024-05-31")
    assert summary.series[walk["evening"]["id"]] == (
        ["2024-05-29T23:30:00", "2024-05-30T23:30:00", "2024-05-31T23:30:00"], [1.5, 1.7, 1.6])
    text = text_of(report(api, {"stationIds": [walk["evening"]["id"]], "language": "en"}).body)
    assert "2024-05-31" in text and "2024-06-01" not in text, text


def test_a_report_asked_without_accepting_a_pdf_is_the_queued_job_then_a_pdf_to_who_accepts_it(api, walk):
    """Without Accept: application/pdf Chalice had answered its own 400 ("Request did not specify an Accept
    header with application/pdf, ..."), after the report was drawn. Now the route's JSON answer, the queued job,
    for any number of stations; its PDF is read with the header, and without it a 406 says so."""
    from tests.api.imports_support import run_worker

    response = api.post("/report", {"stationIds": [walk["creek"]["id"]], "language": "en"})
    assert response.status_code == 202, response.body[:300]
    job = response.json
    assert (job["status"], job["stations"]) == ("queued", 1)
    done = run_worker(api=api, path=f"/report/{job['id']}", timeout=120)
    assert done["status"] == "succeeded"
    pdf = api.client.http.request("GET", f"/api/v1/report/{job['id']}/pdf", headers={"Accept": "application/pdf"})
    assert pdf.status_code == 200 and pdf.body[:5] == b"%PDF-"
    assert CHINESE_NAME in text_of(pdf.body)
    for headers, message in (({}, "The report is a PDF: ask for it with the header Accept: application/pdf."),
                             (ZH, "报告是 PDF 文件：请求时请带上请求头 Accept: application/pdf。")):
        refused = api.get(f"/report/{job['id']}/pdf", headers=headers)
        assert (refused.status_code, refused.json["message"]) == (406, message)
    # The browser's way is unchanged: the PDF itself.
    assert report(api, {"stationIds": [walk["creek"]["id"]], "language": "en"}).body[:5] == b"%PDF-"


@pytest.mark.parametrize("headers, message", [
    ({}, "Invalid huc. Codes of 2, 4, 6, 8, 10 or 12 digits expected"),
    (ZH, "huc 无效：应为 2、4、6、8、10 或 12 位数字代码。"),
])
def test_a_hydrologic_unit_code_of_the_wrong_length_is_refused_in_one_sentence(api, headers, message):
    """The allowed lengths had been joined with ' or ' inside the message: "应为 2 or 4 or 6 ..." in Chinese."""
    for path, body in (("/statistic", {"huc": ["123"]}), ("/report", {"filter": {"huc": "123"}})):
        response = api.post(path, body, headers=headers)
        assert (response.status_code, response.json["message"]) == (400, message), path


@pytest.mark.parametrize("body, messages", [
    ({"stateFips": ["123"]}, ("Invalid stateFips. Codes of 1 or 2 digits expected",
                              "stateFips 无效：应为 1 位或 2 位数字代码。")),
    ({"countyFips": ["12"]}, ("Invalid countyFips. Codes of 5 digits expected", "countyFips 无效：应为 5 位数字代码。")),
])
def test_the_other_code_filters_are_refused_in_both_languages(api, body, messages):
    for headers, message in zip(({}, ZH), messages):
        response = api.post("/statistic", body, headers=headers)
        assert (response.status_code, response.json["message"]) == (400, message)


def test_the_report_route_says_what_it_answers(api):
    document = api.get("/openapi.json").json
    described = json.dumps(document["paths"]["/api/v1/report"]["post"])
    assert "does not accept a PDF" in described


@pytest.mark.parametrize("language, dates, said", [
    ("en", {}, "The stations have no sampled results. (Logger series are charted on each station's page.)"),
    ("en", {"from": "2020-01-01", "to": "2020-12-31"},
     "The stations have no sampled results in this date range. (Logger series are charted on each station's page.)"),
    ("zh-CN", {}, "这些站点没有采样结果。（记录仪序列见各站点页面上的图表。）"),
    ("zh-CN", {"from": "2020-01-01"}, "这些站点在此日期范围内没有采样结果。（记录仪序列见各站点页面上的图表。）"),
])
def test_a_station_without_sampled_results_says_so_naming_a_date_range_only_when_one_was_given(api, walk, language,
                                                                                                 dates, said):
    """A walk: a station whose data are a logger's series was reported as having "no values in this date range",
    though no range was given; the report sums up sampled results, and says where logger series are."""
    bare = _station(walk["org"].id, "Logger only", -40.7, 172.7)
    response = report(api, {"stationIds": [bare["id"]], "language": language, **dates})
    assert response.status_code == 200, response.body[:300]
    assert squeezed(said) in squeezed(text_of(response.body))
