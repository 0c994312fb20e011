"""Dashboards: defaults on creation, the two validation messages, widgets, positions, privacy."""
from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest


def _label() -> str:
    return f"Lake {uuid.uuid4().hex[:8]}"


def test_a_new_dashboard_gets_the_spec_defaults(api):
    label = _label()
    response = api.as_("viewer").post("/dashboards", {"label": label})
    assert response.status_code == 201
    body = response.json
    assert body["label"] == label
    assert body["icon"] == "kiLineChart2"
    assert body["layout"] == "dashboard-layout-free"
    assert body["config"] == {}
    assert body["widgets"] == []


def test_a_chosen_icon_is_kept(api):
    assert api.as_("viewer").post("/dashboards", {"label": _label(), "icon": "kiMap"}).json["icon"] == "kiMap"


def test_label_is_required(api):
    for body in ({}, {"label": ""}, {"label": "   "}):
        response = api.as_("viewer").post("/dashboards", body)
        assert response.status_code == 400
        assert response.json["message"] == "Please enter dashboard name."


def test_label_is_unique_per_owner_and_case_insensitive(api):
    label = _label()
    viewer = api.as_("viewer")
    assert viewer.post("/dashboards", {"label": label}).status_code == 201
    again = viewer.post("/dashboards", {"label": label.upper()})
    assert again.status_code == 409
    assert again.json["message"] == f"Dashboard named {label.upper()} already exists. Please try a different one."
    # Another user may use the same label.
    assert api.as_("contributor").post("/dashboards", {"label": label}).status_code == 201


def test_concurrent_creates_with_one_label_make_exactly_one_dashboard(api):
    label = _label()
    viewer = api.as_("viewer")
    with ThreadPoolExecutor(max_workers=6) as pool:
        statuses = sorted(pool.map(lambda _: viewer.post("/dashboards", {"label": label}).status_code, range(6)))
    assert statuses.count(201) == 1 and statuses.count(409) == 5
    assert [d["label"] for d in viewer.get("/dashboards").json].count(label) == 1


def test_list_is_sorted_by_label_and_shows_only_own_dashboards(api):
    viewer, contributor = api.as_("viewer"), api.as_("contributor")
    secret = contributor.post("/dashboards", {"label": f"Secret {uuid.uuid4().hex[:6]}"}).json
    labels = [d["label"] for d in viewer.get("/dashboards").json]
    assert labels == sorted(labels, key=str.casefold)
    assert secret["label"] not in labels
    assert viewer.get(f"/dashboards/{secret['id']}").status_code == 404
    assert viewer.delete(f"/dashboards/{secret['id']}").status_code == 404


def test_rename_frees_the_old_label_and_refuses_a_taken_one(api):
    viewer = api.as_("viewer")
    first, second = _label(), _label()
    one = viewer.post("/dashboards", {"label": first}).json
    viewer.post("/dashboards", {"label": second})
    taken = viewer.patch(f"/dashboards/{one['id']}", {"label": second})
    assert taken.status_code == 409
    renamed = viewer.patch(f"/dashboards/{one['id']}", {"label": f"{first} renamed"})
    assert renamed.json["label"] == f"{first} renamed"
    assert viewer.post("/dashboards", {"label": first}).status_code == 201


def _demo_station(demo) -> str:
    from chalicelib.stations.service import station_id_for

    return station_id_for(demo["org"], "WIDNR_WQX-10032762")


def test_widgets_are_added_positioned_and_removed(api, demo):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    station = _demo_station(demo)
    added = viewer.post(f"/dashboards/{dashboard['id']}/widgets",
                        {"component": "station-chart", "config": {"stationId": station, "parameterId": "pH"}})
    assert added.status_code == 201
    widget = added.json["widgets"][0]
    assert widget["component"] == "station-chart"
    assert widget["config"] == {"stationId": station, "parameterId": "pH"}
    moved = viewer.patch(f"/dashboards/{dashboard['id']}",
                         {"positions": {widget["id"]: {"x": 3, "y": 2, "w": 8, "h": 5}}})
    assert moved.json["widgets"][0]["position"] == {"x": 3, "y": 2, "w": 8, "h": 5}
    reloaded = viewer.get(f"/dashboards/{dashboard['id']}").json
    assert reloaded["widgets"][0]["position"] == {"x": 3, "y": 2, "w": 8, "h": 5}
    assert viewer.delete(f"/dashboards/{dashboard['id']}/widgets/{widget['id']}").json["widgets"] == []


def test_bad_widgets_and_positions_are_refused(api):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    no_component = viewer.post(f"/dashboards/{dashboard['id']}/widgets", {"config": {}})
    assert no_component.status_code == 400
    assert no_component.json["message"] == "A widget needs a component name."
    bad_position = viewer.patch(f"/dashboards/{dashboard['id']}", {"positions": {"nope": {"x": 1}}})
    assert bad_position.json["message"] == "Unknown widget: nope."


@pytest.mark.parametrize("widget, message", [
    ({"component": "evil"}, "Unknown widget 'evil'. Expected one of: markdown-note, station-chart, station-table."),
    ({"component": "station-chart", "config": {"stationId": "nope"}}, "The chart's station does not exist."),
    ({"component": "station-chart", "config": {"stationId": str(uuid.uuid4())}}, "The chart's station does not exist."),
    ({"component": "markdown-note", "config": {"text": "x" * 10_001}}, "A note must be at most 10000 characters."),
    ({"component": "station-table", "config": {"filters": "x" * 40_001}}, "A widget's settings must be at most 40000 bytes."),
    ({"component": "markdown-note", "config": {"text": {"a": "b"}}}, "A note's text must be text."),
])
def test_a_widget_that_could_never_work_is_refused(api, widget, message):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    refused = viewer.post(f"/dashboards/{dashboard['id']}/widgets", widget)
    assert (refused.status_code, refused.json["message"]) == (400, message)
    assert viewer.get(f"/dashboards/{dashboard['id']}").json["widgets"] == []
    # Nor may a note grow past its limit once added.
    note = viewer.post(f"/dashboards/{dashboard['id']}/widgets", {"component": "markdown-note", "config": {"text": "Hi"}})
    widget_id = note.json["widgets"][0]["id"]
    grown = viewer.patch(f"/dashboards/{dashboard['id']}/widgets/{widget_id}", {"config": {"text": "x" * 10_001}})
    assert (grown.status_code, grown.json["message"]) == (400, "A note must be at most 10000 characters.")


def test_a_widget_config_can_be_changed_after_it_was_added(api):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": f"Notes {uuid.uuid4().hex[:6]}"}).json
    added = viewer.post(f"/dashboards/{dashboard['id']}/widgets", {"component": "markdown-note", "config": {"text": "Frist"}})
    widget = added.json["widgets"][0]
    edited = viewer.patch(f"/dashboards/{dashboard['id']}/widgets/{widget['id']}", {"config": {"text": "First"}})
    assert edited.status_code == 200
    assert edited.json["widgets"][0] == {**widget, "config": {"text": "First"}}
    assert viewer.get(f"/dashboards/{dashboard['id']}").json["widgets"][0]["config"] == {"text": "First"}
    bad = viewer.patch(f"/dashboards/{dashboard['id']}/widgets/{widget['id']}", {"config": "First"})
    assert (bad.status_code, bad.json["message"]) == (400, "Widget config must be an object.")
    gone = viewer.patch(f"/dashboards/{dashboard['id']}/widgets/nope", {"config": {}})
    assert (gone.status_code, gone.json["message"]) == (404, "Widget not found.")


def test_a_chinese_note_of_ten_thousand_characters_fits(api):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    added = viewer.post(f"/dashboards/{dashboard['id']}/widgets", {"component": "markdown-note",
                                                                  "config": {"text": "水" * 10_000}})
    assert added.status_code == 201, added.json
    assert added.json["widgets"][0]["config"]["text"] == "水" * 10_000


def test_not_a_number_is_refused_so_the_dashboards_stay_readable(api):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    for body in (b'{"component":"markdown-note","config":{"text":"x"},"position":{"x":NaN,"y":0,"w":6,"h":4}}',
                 b'{"component":"markdown-note","config":{"text":"x","size":1e400}}',
                 b'{"component":"markdown-note","config":{"text":"x","size":-Infinity}}'):
        refused = viewer.request("POST", f"/dashboards/{dashboard['id']}/widgets", body,
                                 headers={"Content-Type": "application/json"})
        assert (refused.status_code, refused.json["message"]) == (
            400, "Request body must be valid JSON: NaN and Infinity are not numbers.")
    listed = viewer.get("/dashboards")
    assert listed.status_code == 200 and listed.json is not None
    assert viewer.get(f"/dashboards/{dashboard['id']}").json["widgets"] == []


def test_text_that_is_half_a_character_and_numbers_beyond_any_use_are_refused(api, demo):
    """Security walk, 2026-11-27: both were 500s (the text could not be stored, nor the number)."""
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    half = "Request body must be valid JSON: a \\u escape names half of a character (a lone surrogate)."
    for path, body in ((f"/dashboards/{dashboard['id']}", b'{"label":"\\ud800"}'),
                       ("/station", b'{"organizationId":"%s","identifier":"X","name":"\\udc00x"}' % demo["org"].encode())):
        refused = viewer.request("PATCH" if "dashboards" in path else "POST", path, body,
                                 headers={"Content-Type": "application/json"})
        assert (refused.status_code, refused.json["message"]) == (400, half)
    paired = viewer.request("PATCH", f"/dashboards/{dashboard['id']}", b'{"label":"Fish \\ud83d\\udc1f"}',
                            headers={"Content-Type": "application/json"})
    assert (paired.status_code, paired.json["label"]) == (200, "Fish \U0001F41F")  # a whole character, in two halves
    huge = api.as_("contributor").request("POST", "/station", b'{"organizationId":"%s","identifier":"HUGE","name":"Huge",'
                                          b'"latitude":1%s,"longitude":-75}' % (demo["org"].encode(), b"0" * 400),
                                          headers={"Content-Type": "application/json"})
    assert (huge.status_code, huge.json["message"]) == (400, "Invalid latitude. Number expected")
    widget = viewer.request("POST", f"/dashboards/{dashboard['id']}/widgets",
                            b'{"component":"markdown-note","config":{"text":"x"},"position":{"x":1%s,"y":0,"w":6,"h":4}}'
                            % (b"0" * 400), headers={"Content-Type": "application/json"})
    assert (widget.status_code, widget.json["message"]) == (
        400, "Widget position needs numbers x, y, w and h from 0 to 10000.")
    negative = viewer.post(f"/dashboards/{dashboard['id']}/widgets", {
        "component": "markdown-note", "config": {"text": "x"}, "position": {"x": -1, "y": 0, "w": 6, "h": 4}},
        headers={"Accept-Language": "zh-CN"})
    assert negative.json["message"] == "小组件位置需要 x、y、w、h 四个数字，取值 0 到 10000。"
    chinese = viewer.request("PATCH", f"/dashboards/{dashboard['id']}", b'{"label":"\\ud800"}',
                             headers={"Content-Type": "application/json", "Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "请求正文必须是有效的 JSON：某个 \\u 转义只表示半个字符（孤立的代理项）。"


def test_a_dashboard_holds_at_most_200_kb_of_widgets(api):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": _label()}).json
    for _ in range(6):
        assert viewer.post(f"/dashboards/{dashboard['id']}/widgets",
                           {"component": "markdown-note", "config": {"text": "水" * 10_000}}).status_code == 201
    full = viewer.post(f"/dashboards/{dashboard['id']}/widgets",
                       {"component": "markdown-note", "config": {"text": "水" * 10_000}})
    assert (full.status_code, full.json["message"]) == (
        400, "A dashboard's widgets must be at most 200000 bytes in all: remove or shorten some.")
    assert len(viewer.get(f"/dashboards/{dashboard['id']}").json["widgets"]) == 6


@pytest.mark.parametrize("method, path", [("POST", "/dashboards//widgets"), ("GET", "/station//series")])
def test_an_empty_part_of_the_address_is_a_404(api, method, path):
    response = api.as_("viewer").request(method, path, {"component": "markdown-note"} if method == "POST" else None)
    assert (response.status_code, response.json["message"]) == (404, "Not found: a part of the address is empty.")
