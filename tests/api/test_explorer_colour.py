"""Colouring the explorer's map by a parameter's latest value: the series and station summaries keep
each series' latest value and unit, and POST /statistic with colorBy answers a value per station,
the unit and the range."""
from __future__ import annotations

import uuid

import pytest

from chalicelib.parameters.service import parameter_id_for
from chalicelib.stations.service import station_id_for

WQP_SITE = "WIDNR_WQX-10032762"
# Far from every demo station (generated ones lie in the United States).
BBOX = [150.0, -34.0, 152.0, -33.0]


def _station(api, demo, latitude, longitude):
    body = {"organizationId": demo["org"], "identifier": f"C-{uuid.uuid4().hex[:8]}", "name": "Colour test",
            "latitude": latitude, "longitude": longitude}
    response = api.as_("contributor").post("/station", body)
    assert response.status_code == 201, response.json
    return response.json["id"]


def _write(station_id, parameter, values, demo, unit=None):
    from chalicelib.samples import service as samples

    return samples.write([samples.Sample(stationId=station_id, parameterId=parameter_id_for(parameter), time=t,
                                         value=v if isinstance(v, (int, float)) else None,
                                         text=None if isinstance(v, (int, float)) else v, unit=unit,
                                         organizationId=demo["org"])
                          for t, v in values])


@pytest.fixture(scope="module")
def coloured(api, demo):
    """Four stations in BBOX: pH written out of time order, pH in another unit, only temperature,
    and pH whose latest result is not a number."""
    latest = _station(api, demo, -33.5, 150.5)
    _write(latest, "pH", [("2021-03-05T10:00:00Z", 7.4), ("2020-01-05T10:00:00Z", 7.1)], demo, "std units")
    _write(latest, "pH", [("2019-06-01T10:00:00Z", 9.9)], demo, "std units")  # older: the latest stays 7.4
    other = _station(api, demo, -33.6, 151.5)
    _write(other, "pH", [("2022-07-01T08:00:00Z", 8.25)], demo, "std units")
    _write(other, "pH", [("2023-07-01T08:00:00Z", 6.5)], demo, "pH units")
    temperature = _station(api, demo, -33.2, 150.2)
    _write(temperature, "Temperature, water", [("2022-07-01T08:00:00Z", 18.5)], demo, "deg C")
    not_a_number = _station(api, demo, -33.9, 151.9)
    _write(not_a_number, "pH", [("2020-01-01T00:00:00Z", 6.0), ("2022-01-01T00:00:00Z", "ND")], demo, "std units")
    return {"latest": latest, "other": other, "temperature": temperature, "not_a_number": not_a_number}


def _by_id(answer):
    return {s["id"]: s for s in answer["stations"]}


def test_the_series_and_the_station_keep_the_latest_value_by_time(api, coloured):
    from chalicelib.samples.models import Series

    series = Series.get(coloured["latest"], parameter_id_for("pH"))
    assert (series.lastTime, series.lastValue, series.unit) == ("2021-03-05T10:00:00Z", 7.4, "std units")
    station = api.get(f"/station/{coloured['latest']}").json
    assert station["latestValues"] == {parameter_id_for("pH"): {"v": 7.4, "u": "std units"}}
    both = api.get(f"/station/{coloured['other']}").json
    assert both["latestValues"] == {parameter_id_for("pH"): {"v": 6.5, "u": "pH units"}}
    # The latest result is not a number: the station has no latest value of that parameter.
    assert "latestValues" not in api.get(f"/station/{coloured['not_a_number']}").json


def test_objects_carry_the_latest_value_and_totals_the_unit_and_range(api, coloured):
    ph = parameter_id_for("pH")
    answer = api.post("/statistic", {"bbox": BBOX, "colorBy": ph}).json
    stations = _by_id(answer)
    assert set(stations) == set(coloured.values())
    assert stations[coloured["latest"]]["meta"]["latestValue"] == 7.4
    assert stations[coloured["other"]]["meta"]["latestValue"] == 6.5
    assert stations[coloured["temperature"]]["meta"]["latestValue"] is None
    assert stations[coloured["not_a_number"]]["meta"]["latestValue"] is None
    assert answer["totals"]["value"] == {"parameterId": ph, "stations": 2, "min": 6.5, "max": 7.4,
                                         "unit": "pH units", "units": ["pH units", "std units"]}
    assert ph in answer["totals"]["parameterIds"]
    assert parameter_id_for("Temperature, water") in answer["totals"]["parameterIds"]
    # Without colorBy: no value anywhere.
    plain = api.post("/statistic", {"bbox": BBOX}).json
    assert "value" not in plain["totals"]
    assert all("latestValue" not in s["meta"] for s in plain["stations"])


def test_columns_carry_a_value_column_aligned_with_the_rows(api, coloured):
    temperature = parameter_id_for("Temperature, water")
    answer = api.post("/statistic", {"bbox": BBOX, "colorBy": temperature, "format": "columns",
                                     "fields": ["sampleCount"]}).json
    rows, row = [], 0
    for delta in answer["columns"]["row"]:
        row += delta
        rows.append(row)
    assert len(answer["columns"]["value"]) == len(rows) == 4
    found = api.get(f"/statistic/sampleLocationList?snapshot={answer['snapshot']}&rows={','.join(map(str, rows))}").json
    values = {s["id"]: v for s, v in zip(found, answer["columns"]["value"])}
    assert values == {coloured["temperature"]: 18.5, coloured["latest"]: None, coloured["other"]: None,
                      coloured["not_a_number"]: None}
    assert answer["totals"]["value"] == {"parameterId": temperature, "stations": 1, "min": 18.5, "max": 18.5,
                                         "unit": "deg C", "units": ["deg C"]}
    # The map's GET form takes colorBy too.
    query = f"bbox={','.join(map(str, BBOX))}&colorBy={temperature}"
    assert api.get(f"/statistic/sampleLocationList?{query}").json["columns"]["value"] == answer["columns"]["value"]


def test_a_parameter_no_station_measured_colours_nothing(api, coloured):
    from chalicelib.parameters import service as parameters

    unmeasured = parameters.ensure(f"Unmeasured {uuid.uuid4().hex[:6]}", unit="mg/L")
    answer = api.post("/statistic", {"bbox": BBOX, "colorBy": unmeasured.id, "format": "columns"}).json
    assert answer["columns"]["value"] == [None] * 4
    assert answer["totals"]["value"] == {"parameterId": unmeasured.id, "stations": 0, "min": None, "max": None,
                                         "unit": None, "units": []}


@pytest.mark.parametrize("color_by,message", [
    ("8d6ee0a4-0000-4000-8000-000000000000", "Invalid colorBy. Unknown parameter id: 8d6ee0a4-0000-4000-8000-000000000000"),
    ("pH", "Invalid colorBy. Unknown parameter id: pH"),
    (7, "Invalid colorBy. A parameter id expected"),
    (["a"], "Invalid colorBy. A parameter id expected"),
])
def test_a_bad_color_by_is_refused_naming_it(api, color_by, message):
    for body in ({"colorBy": color_by}, {"colorBy": color_by, "format": "columns"}):
        response = api.post("/statistic", body)
        assert response.status_code == 400
        assert response.json["message"] == message


def test_demo_stations_have_latest_values(api, demo):
    ph = parameter_id_for("pH")
    answer = api.post("/statistic", {"organizationIds": [demo["org"]], "colorBy": ph, "format": "columns"}).json
    values = [v for v in answer["columns"]["value"] if v is not None]
    generated = api.post("/statistic", {"organizationIds": [demo["org"]], "search": "OWD-"}).json["total"]
    assert len(values) >= generated > 0  # every generated station measures pH
    summary = answer["totals"]["value"]
    assert summary["stations"] == len(values) and summary["unit"] == "std units"
    assert (summary["min"], summary["max"]) == (min(values), max(values))
    assert 5.5 <= summary["min"] <= summary["max"] <= 9.5
    # A real Water Quality Portal series: the latest by time (750 on 2011-09-11), not the last in the file.
    conductance = parameter_id_for("Specific conductance")
    # The demo organization's copy: other tests import the same real site into organizations of their own.
    wqp = api.post("/statistic", {"organizationIds": [demo["org"]], "search": "pheasant branch",
                                  "colorBy": conductance}).json
    assert [(s["id"], s["meta"]["latestValue"]) for s in wqp["stations"]] == [(station_id_for(demo["org"], WQP_SITE), 750)]
    assert wqp["totals"]["value"]["unit"] == "uS/cm"
