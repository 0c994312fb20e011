"""A parameter's results of several sample fractions (Dissolved and Total phosphorus: two analytes) are never
summed up as one: the PDF report has a section per fraction, named with it, each with its own count, minimum,
median and maximum; a station keeps the latest value of each fraction apart (the series, the station, the
explorer's colour by value, which offers each fraction and says which one it shows), never whichever fraction
was written last under the parameter's name."""
from __future__ import annotations

import uuid

import pytest

from chalicelib.parameters.service import parameter_id_for
from tests.api.test_report import report, text_of

# Far from every other test's stations.
BBOX = [170.0, -46.0, 172.0, -44.0]
PHOSPHORUS = "Phosphorus"
# Three activities measured both fractions; a fourth, the latest, only the dissolved one.
DISSOLVED = [("2021-01-10T15:00:00Z", "a1", 0.02), ("2021-02-10T15:00:00Z", "a2", 0.04),
             ("2021-03-10T15:00:00Z", "a3", 0.06), ("2021-04-10T15:00:00Z", "a4", 0.08)]
TOTAL = [("2021-01-10T15:00:00Z", "a1", 0.3), ("2021-02-10T15:00:00Z", "a2", 0.5), ("2021-03-10T15:00:00Z", "a3", 0.7)]


def _station(organization_id, latitude, longitude, name):
    """A station of an organization of this file's own: other files' reports and counts of the demo organization's
    stations stay as they were."""
    from chalicelib.core.models import utc_now
    from chalicelib.stations import service as stations
    from chalicelib.stations.models import Station

    identifier = f"FR-{uuid.uuid4().hex[:8]}"
    station = Station(id=stations.station_id_for(organization_id, identifier), organizationId=organization_id,
                      identifier=identifier, name=name, latitude=latitude, longitude=longitude, createdAt=utc_now())
    stations.save_all([station])
    return {"id": station.id, "identifier": identifier}


def _sample(station_id, organization_id, moment, activity, value, fraction=None, parameter=PHOSPHORUS,
            unit="mg/L"):
    from datetime import datetime

    from chalicelib.samples import service as samples

    return samples.Sample(
        stationId=station_id, parameterId=parameter_id_for(parameter), organizationId=organization_id, value=value,
        unit=unit, time=samples.sort_time(datetime.fromisoformat(moment.replace("Z", "+00:00")),
                                          samples.discriminator(activity, fraction)),
        extra={"activityId": activity, **({"sampleFraction": fraction} if fraction else {})})


@pytest.fixture(scope="module")
def fractions(api, demo):
    """A station with dissolved and total phosphorus (and pH, which has no fraction); another with phosphorus of
    no fraction."""
    from chalicelib.organizations import service as organizations
    from chalicelib.parameters import service as parameters
    from chalicelib.samples import service as samples

    org = organizations.create({"name": f"Fractions apart {uuid.uuid4().hex[:6]}"}).id
    parameters.ensure(PHOSPHORUS, unit="mg/L")
    both = _station(org, -45.0, 170.5, "Fractions test")
    samples.write([*(_sample(both["id"], org, t, a, v, "Dissolved") for t, a, v in DISSOLVED),
                   *(_sample(both["id"], org, t, a, v, "Total") for t, a, v in TOTAL),
                   _sample(both["id"], org, "2021-01-10T15:00:00Z", "a1", 7.2, parameter="pH", unit="std units"),
                   _sample(both["id"], org, "2021-02-10T15:00:00Z", "a2", 7.6, parameter="pH", unit="std units")])
    plain = _station(org, -45.5, 171.5, "No fraction test")
    samples.write([_sample(plain["id"], org, "2022-05-01T10:00:00Z", "b1", 0.9)])
    return {"both": both, "plain": plain, "phosphorus": parameter_id_for(PHOSPHORUS)}


def _section(text: str, heading: str, header=("Count", "Minimum", "Median", "Maximum", "First date", "Last date")):
    """The figures of a report's section: the cells of the row under its heading's table header (pypdf gives a
    table's cells a line each)."""
    lines = [line.strip() for line in text.splitlines()]
    assert heading in lines, (heading, text)
    at = lines.index(heading)
    assert tuple(lines[at + 1:at + 7]) == header, (heading, lines[at:at + 13])
    return lines[at + 7:at + 13]


def test_the_report_sums_up_each_fraction_apart_under_its_own_name(api, fractions):
    response = report(api, {"stationIds": [fractions["both"]["id"]], "language": "en"})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    # Mixed, the seven values were one "Phosphorus (mg/L)": count 7, median 0.08.
    assert "Phosphorus (mg/L)" not in text
    assert _section(text, "Phosphorus (Dissolved) (mg/L)") == ["4", "0.02", "0.05", "0.08", "2021-01-10", "2021-04-10"]
    assert _section(text, "Phosphorus (Total) (mg/L)") == ["3", "0.3", "0.5", "0.7", "2021-01-10", "2021-03-10"]
    # A parameter without fractions keeps its plain name.
    assert _section(text, "pH (std units)") == ["2", "7.2", "7.4", "7.6", "2021-01-10", "2021-02-10"]


def test_the_chinese_report_names_the_fractions_too(api, fractions):
    response = report(api, {"stationIds": [fractions["both"]["id"]], "language": "zh-CN"})
    assert response.status_code == 200
    text = text_of(response.body)
    header = ("个数", "最小值", "中位数", "最大值", "首个日期", "最后日期")
    assert _section(text, "Phosphorus（溶解态）（mg/L）", header)[:4] == ["4", "0.02", "0.05", "0.08"]
    assert _section(text, "Phosphorus（总量）（mg/L）", header)[:4] == ["3", "0.3", "0.5", "0.7"]


def test_a_report_of_one_fraction_only_keeps_the_plain_name(api, fractions):
    # Up to February: both fractions. From April: the dissolved value alone, named as the parameter.
    later = report(api, {"stationIds": [fractions["both"]["id"]], "from": "2021-04-01", "language": "en"})
    text = text_of(later.body)
    assert _section(text, "Phosphorus (mg/L)") == ["1", "0.08", "0.08", "0.08", "2021-04-10", "2021-04-10"]
    assert "(Dissolved)" not in text and "(Total)" not in text


def test_the_series_and_the_station_keep_each_fractions_latest_value(api, fractions):
    from chalicelib.samples.models import Series

    phosphorus, station_id = fractions["phosphorus"], fractions["both"]["id"]
    series = Series.get(station_id, phosphorus)
    # The latest item is the dissolved 0.08: before, the station's only latest phosphorus value, no fraction named.
    assert (series.lastValue, series.lastFraction) == (0.08, "Dissolved")
    assert series.latestValues.as_dict() == {f"{phosphorus}#Dissolved": {"v": 0.08, "u": "mg/L"},
                                             f"{phosphorus}#Total": {"v": 0.7, "u": "mg/L"}}
    station = api.get(f"/station/{station_id}").json
    assert station["latestValues"] == {f"{phosphorus}#Dissolved": {"v": 0.08, "u": "mg/L"},
                                       f"{phosphorus}#Total": {"v": 0.7, "u": "mg/L"},
                                       parameter_id_for("pH"): {"v": 7.6, "u": "std units"}}
    listed = {s["parameterId"]: s for s in api.get(f"/station/{station_id}/series").json}
    assert (listed[phosphorus]["lastValue"], listed[phosphorus]["lastFraction"]) == (0.08, "Dissolved")
    assert "lastFraction" not in listed[parameter_id_for("pH")]
    plain = api.get(f"/station/{fractions['plain']['id']}").json
    assert plain["latestValues"] == {phosphorus: {"v": 0.9, "u": "mg/L"}}


def test_the_explorer_offers_and_colours_by_each_fraction_apart(api, fractions):
    phosphorus = fractions["phosphorus"]
    both, plain = fractions["both"]["id"], fractions["plain"]["id"]
    answer = api.post("/statistic", {"bbox": BBOX, "colorBy": f"{phosphorus}#Total"}).json
    assert answer["totals"]["fractions"] == {phosphorus: ["", "Dissolved", "Total"]}
    values = {s["id"]: s["meta"]["latestValue"] for s in answer["stations"]}
    assert values == {both: 0.7, plain: None}
    assert answer["totals"]["value"] == {"parameterId": f"{phosphorus}#Total", "stations": 1, "min": 0.7, "max": 0.7,
                                         "unit": "mg/L", "units": ["mg/L"]}
    dissolved = api.post("/statistic", {"bbox": BBOX, "colorBy": f"{phosphorus}#Dissolved", "format": "columns",
                                        "fields": ["sampleCount"]}).json
    assert sorted(v for v in dissolved["columns"]["value"] if v is not None) == [0.08]
    # The parameter alone: its values without a fraction (before: the dissolved 0.08 of the first station too).
    alone = api.post("/statistic", {"bbox": BBOX, "colorBy": phosphorus}).json
    assert {s["id"]: s["meta"]["latestValue"] for s in alone["stations"]} == {both: None, plain: 0.9}
    # Only the stations whose latest values have fractions say so.
    narrowed = api.post("/statistic", {"bbox": [171.0, -46.0, 172.0, -45.2]}).json
    assert narrowed["total"] == 1 and narrowed["totals"]["fractions"] == {}


def test_a_fraction_of_an_unknown_parameter_is_refused(api, fractions):
    response = api.post("/statistic", {"colorBy": "no-such-parameter#Total"})
    assert response.status_code == 400
    assert response.json["message"] == "Invalid colorBy. Unknown parameter id: no-such-parameter#Total"
    measured = api.post("/statistic", {"bbox": BBOX, "colorBy": f"{fractions['phosphorus']}#Suspended"})
    assert measured.status_code == 200 and measured.json["totals"]["value"]["stations"] == 0
