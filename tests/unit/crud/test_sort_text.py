"""Lists sort text as people read it: case does not decide the order (an email-named user is not put
after every capitalised name)."""
from __future__ import annotations

from chalicelib.crud.evaluate import sort_items
from chalicelib.crud.parser import Sort


def test_text_sorts_ignoring_case_with_missing_values_last():
    items = [{"id": "1", "name": "Vera Viewer"}, {"id": "2", "name": "new-hire@example.com"},
             {"id": "3", "name": "Ada Admin"}, {"id": "4", "name": None}, {"id": "5", "name": "bob"}]
    ascending = sort_items(items, [Sort("name", "ASC")], ["id"])
    assert [i["name"] for i in ascending] == ["Ada Admin", "bob", "new-hire@example.com", "Vera Viewer", None]
    descending = sort_items(items, [Sort("name", "DESC")], ["id"])
    assert [i["name"] for i in descending] == [None, "Vera Viewer", "new-hire@example.com", "bob", "Ada Admin"]


def test_names_differing_only_in_case_keep_a_stable_order():
    items = [{"id": "2", "name": "delta"}, {"id": "1", "name": "Delta"}]
    assert [i["id"] for i in sort_items(items, [Sort("name", "ASC")], ["id"])] == ["1", "2"]
