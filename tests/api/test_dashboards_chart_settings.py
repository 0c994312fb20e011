"""A chart widget's settings are ones it can draw (walk: parameterIds ["nope"], from "2020-13-45" and to "x" were
stored, and the widget showed "2020-13-45 to x")."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def chart(api, demo):
    """(post a chart config to a new dashboard → the answer, a station and a parameter that exist)."""
    from chalicelib.stations.service import station_id_for

    viewer = api.as_("viewer")
    station = station_id_for(demo["org"], "WIDNR_WQX-10032762")
    listed = api.get("/parameter/parameters").json
    parameter = (listed if isinstance(listed, list) else listed["data"])[0]["id"]
    dashboard = viewer.post("/dashboards", {"label": f"Charts {uuid.uuid4().hex[:8]}"}).json

    def post(config: dict, **kw):
        return viewer.post(f"/dashboards/{dashboard['id']}/widgets", {"component": "station-chart", "config": config}, **kw)

    return post, station, parameter


def test_a_chart_with_real_parameters_and_dates_is_kept(chart):
    post, station, parameter = chart
    config = {"stationId": station, "parameterIds": [parameter], "from": "2020-01-01", "to": "2020-12-31"}
    added = post(config)
    assert added.status_code == 201, added.json
    assert added.json["widgets"][0]["config"] == config
    # An open range (either end, or both) is a range too, as the station page saves it.
    assert post({"stationId": station, "parameterIds": [parameter], "from": "", "to": ""}).status_code == 201
    assert post({"stationId": station, "parameterIds": [parameter], "from": "2020-02-29"}).status_code == 201
    assert post({"stationId": station, "parameterIds": [parameter], "from": "2021-03-01", "to": "2021-03-01"}).status_code == 201


@pytest.mark.parametrize("settings, message", [
    ({"parameterIds": ["nope"]}, "The chart's parameters do not exist: nope."),
    ({"parameterIds": "PARAMETER"}, "A chart's parameterIds must be a list of at most 50 parameter ids."),
    ({"parameterIds": ["PARAMETER", 7]}, "A chart's parameterIds must be a list of at most 50 parameter ids."),
    ({"parameterIds": [""]}, "A chart's parameterIds must be a list of at most 50 parameter ids."),
    ({"parameterIds": ["x" * 101]}, "A chart's parameterIds must be a list of at most 50 parameter ids."),
    ({"parameterIds": ["PARAMETER"] * 51}, "A chart's parameterIds must be a list of at most 50 parameter ids."),
    ({"parameterId": {"a": 1}}, "A chart's parameterId must be a parameter id."),
    ({"from": "2020-13-45"}, "The chart's from date must be a real date written YYYY-MM-DD."),
    ({"from": "2021-02-29"}, "The chart's from date must be a real date written YYYY-MM-DD."),
    ({"to": "x"}, "The chart's to date must be a real date written YYYY-MM-DD."),
    ({"to": "2020-W01-1"}, "The chart's to date must be a real date written YYYY-MM-DD."),
    ({"to": "20200101"}, "The chart's to date must be a real date written YYYY-MM-DD."),
    ({"from": 20200101}, "The chart's from date must be a real date written YYYY-MM-DD."),
    ({"from": "2020-12-31", "to": "2020-01-01"}, "The chart's from date must not be after its to date."),
])
def test_a_chart_that_could_not_be_drawn_is_refused(chart, settings, message):
    post, station, parameter = chart
    settings = {k: ([parameter if i == "PARAMETER" else i for i in v] if isinstance(v, list) else v)
                for k, v in settings.items()}
    refused = post({"stationId": station, "parameterIds": [parameter], **settings})
    assert (refused.status_code, refused.json["message"]) == (400, message)


def test_the_walk_s_chart_is_refused_and_a_chart_changed_later_is_checked_too(api, chart):
    post, station, parameter = chart
    walk = post({"stationId": station, "parameterIds": ["nope"], "from": "2020-13-45", "to": "x"})
    assert walk.status_code == 400
    added = post({"stationId": station, "parameterIds": [parameter]}).json
    path = f"/dashboards/{added['id']}/widgets/{added['widgets'][0]['id']}"
    changed = api.as_("viewer").patch(path, {"config": {"stationId": station, "parameterIds": [parameter], "to": "x"}})
    assert (changed.status_code, changed.json["message"]) == (400, "The chart's to date must be a real date written YYYY-MM-DD.")
    assert api.as_("viewer").get(f"/dashboards/{added['id']}").json["widgets"][0]["config"] == {
        "stationId": station, "parameterIds": [parameter]}


def test_the_chart_s_refusals_speak_chinese(chart):
    post, station, parameter = chart
    zh = {"Accept-Language": "zh-CN"}
    assert post({"stationId": station, "from": "2020-13-45"}, headers=zh).json["message"] == (
        "图表的 from 日期必须是真实的日期，格式为 YYYY-MM-DD。")
    assert post({"stationId": station, "from": "2020-02-02", "to": "2020-01-01"}, headers=zh).json["message"] == (
        "图表的开始日期（from）不能晚于结束日期（to）。")
    assert post({"stationId": station, "parameterIds": ["nope"]}, headers=zh).json["message"] == "图表的参数不存在：nope。"
