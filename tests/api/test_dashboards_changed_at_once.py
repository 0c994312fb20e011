"""Changes of one dashboard's widgets at the same moment are all kept (walk: four notes added while another tab
saved the layout lost 10 of 32 notes, each request answered 201/200)."""
from __future__ import annotations

import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest


@pytest.fixture
def at_once():
    """Runs the given calls on threads at the same moment; their answers in order."""
    environment = os.environ  # the test client swaps os.environ for a copy during each request
    try:
        with ThreadPoolExecutor(8) as pool:
            yield lambda *calls: list(pool.map(lambda call: call(), calls))
    finally:
        os.environ = environment


def _note(viewer, dashboard_id: str, text: str) -> dict:
    added = viewer.post(f"/dashboards/{dashboard_id}/widgets", {"component": "markdown-note", "config": {"text": text}})
    assert added.status_code == 201, added.json
    return next(w for w in added.json["widgets"] if w["config"] == {"text": text})


def test_notes_added_while_the_layout_is_saved_are_all_kept(api, at_once):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": f"Busy {uuid.uuid4().hex[:8]}"}).json
    path = f"/dashboards/{dashboard['id']}"
    first, second = _note(viewer, dashboard["id"], "First"), _note(viewer, dashboard["id"], "Second")
    for round_ in range(8):
        layout = {first["id"]: {"x": 0, "y": round_, "w": 6, "h": 4}, second["id"]: {"x": 6, "y": round_, "w": 6, "h": 3}}
        answers = at_once(*[lambda n=n: viewer.post(f"{path}/widgets", {"component": "markdown-note",
                                                                        "config": {"text": f"Note {round_}.{n}"}})
                            for n in range(4)],
                          lambda: viewer.patch(path, {"positions": layout}))
        assert [a.status_code for a in answers] == [201, 201, 201, 201, 200], [a.json for a in answers]
        widgets = {w["id"]: w for w in viewer.get(path).json["widgets"]}
        assert widgets[first["id"]]["position"] == layout[first["id"]]
        assert widgets[second["id"]]["position"] == layout[second["id"]]
    texts = sorted(w["config"]["text"] for w in viewer.get(path).json["widgets"])
    assert texts == sorted(["First", "Second"] + [f"Note {r}.{n}" for r in range(8) for n in range(4)])


def test_removals_edits_additions_and_a_layout_at_once_all_take_effect(api, at_once):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": f"Busy {uuid.uuid4().hex[:8]}"}).json
    path = f"/dashboards/{dashboard['id']}"
    notes = [_note(viewer, dashboard["id"], f"Old {n}") for n in range(8)]
    gone, edited, moved = notes[:3], notes[3:6], notes[6:]
    layout = {w["id"]: {"x": 6, "y": 10 + n, "w": 6, "h": 2} for n, w in enumerate(moved)}
    answers = at_once(*[lambda w=w: viewer.delete(f"{path}/widgets/{w['id']}") for w in gone],
                      *[lambda w=w: viewer.patch(f"{path}/widgets/{w['id']}", {"config": {"text": w["config"]["text"] + "!"}})
                        for w in edited],
                      *[lambda n=n: viewer.post(f"{path}/widgets", {"component": "markdown-note", "config": {"text": f"New {n}"}})
                        for n in range(3)],
                      lambda: viewer.patch(path, {"positions": layout}))
    assert [a.status_code for a in answers] == [200] * 6 + [201] * 3 + [200], [a.json for a in answers]
    widgets = {w["id"]: w for w in viewer.get(path).json["widgets"]}
    assert sorted(w["config"]["text"] for w in widgets.values()) == [
        "New 0", "New 1", "New 2", "Old 3!", "Old 4!", "Old 5!", "Old 6", "Old 7"]
    assert all(widgets[i]["position"] == place for i, place in layout.items())
    assert all(widgets[w["id"]]["position"] == w["position"] for w in edited)  # an edit leaves its place alone


def test_a_widget_removed_twice_is_removed_once_and_then_not_found(api, at_once):
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": f"Busy {uuid.uuid4().hex[:8]}"}).json
    path = f"/dashboards/{dashboard['id']}"
    note, other = _note(viewer, dashboard["id"], "Note 2"), _note(viewer, dashboard["id"], "Stays")
    answers = at_once(*[lambda: viewer.delete(f"{path}/widgets/{note['id']}")] * 4)
    assert sorted(a.status_code for a in answers) == [200, 404, 404, 404]
    assert [w["id"] for w in viewer.get(path).json["widgets"]] == [other["id"]]
    assert "widgetsVersion" not in viewer.get(path).json
