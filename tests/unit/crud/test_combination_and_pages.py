"""How filter, or, s, route params and the caller's scope combine; sorting, pages and projection
(the reference evaluation, no DynamoDB)."""
from __future__ import annotations

import pytest

from chalicelib.crud.conditions import And, Compare, Or
from chalicelib.crud.evaluate import effective_condition, run_query, sort_items
from chalicelib.crud.parser import Sort, parse_query
from tests.unit.crud.support import make_collection, make_model

COLLECTION = make_collection(make_model("crudunit"))
SMALL_PAGES = make_collection(make_model("crudunit"), max_page_size=3)

A = Compare("name", "$eq", "a")
B = Compare("kind", "$eq", "b")
C = Compare("score", "$gt", 1)
D = Compare("score", "$lt", 9)


def where(query: str):
    return parse_query(query, COLLECTION).where


# ---------------------------------------------------------------- combination rules


def test_filters_are_anded():
    assert where("filter=name||$eq||a") == A
    assert where("filter=name||$eq||a&filter=kind||$eq||b") == And((A, B))


def test_one_filter_and_one_or_are_ored():
    assert where("filter=name||$eq||a&or=kind||$eq||b") == Or((A, B))


def test_more_filters_and_ors_or_their_ands():
    assert where("filter=name||$eq||a&filter=kind||$eq||b&or=score||$gt||1") == Or((And((A, B)), C))
    assert where("filter=name||$eq||a&or=kind||$eq||b&or=score||$gt||1") == Or((A, And((B, C))))
    assert where("filter=name||$eq||a&filter=kind||$eq||b&or=score||$gt||1&or=score||$lt||9") == Or(
        (And((A, B)), And((C, D))))


def test_ors_alone_are_ored():
    assert where("or=name||$eq||a") == A
    assert where("or=name||$eq||a&or=kind||$eq||b") == Or((A, B))


def test_search_wins_over_filter_and_or():
    assert where('s={"kind": "b"}&filter=name||$eq||a&or=score||$gt||1') == B


def test_scope_and_soft_delete_are_anded_with_the_query():
    parsed = parse_query("filter=name||$eq||a&or=kind||$eq||b", COLLECTION)
    condition = effective_condition(COLLECTION, parsed, {"ownerId": "u1"})
    assert condition == And((Compare("ownerId", "$eq", "u1"), Or((A, B)), Compare("deletedAt", "$isnull")))
    parsed = parse_query("include_deleted=1", COLLECTION)
    assert effective_condition(COLLECTION, parsed, None) == And(())
    parsed = parse_query("include_deleted=2", COLLECTION)
    assert effective_condition(COLLECTION, parsed, None) == Compare("deletedAt", "$isnull")


ITEMS = [
    {"id": "1", "ownerId": "u1", "name": "a", "kind": "x"},
    {"id": "2", "ownerId": "u2", "name": "a", "kind": "b"},
    {"id": "3", "ownerId": "u2", "name": "z", "kind": "b"},
    {"id": "4", "ownerId": "u1", "name": "z", "kind": "b", "deletedAt": "2024-01-01T00:00:00Z"},
]


def ids(query: str, scope=None, collection=COLLECTION):
    result = run_query(collection, parse_query(query, collection), ITEMS, scope)
    data = result["data"] if isinstance(result, dict) else result
    return [item["id"] for item in data]


@pytest.mark.parametrize("query", [
    "or=ownerId||$ne||u1",
    "filter=name||$eq||a&or=ownerId||$eq||u2",
    's={"$or": [{"ownerId": "u2"}, {"name": {"$notnull": true}}]}',
    's={"ownerId": {"$or": {"$eq": "u2", "$ne": "u2"}}}',
    "include_deleted=1&or=ownerId||$eq||u2&or=name||$eq||a",
])
def test_a_query_cannot_widen_the_scope(query):
    assert set(ids(query, {"ownerId": "u1"})) <= {"1", "4"}


def test_soft_deleted_items_are_hidden_unless_asked_for():
    assert ids("") == ["1", "2", "3"]
    assert ids("include_deleted=1") == ["1", "2", "3", "4"]
    assert ids("include_deleted=0") == ["1", "2", "3"]


def test_scope_values_are_typed_by_the_field():
    condition = effective_condition(COLLECTION, parse_query("", COLLECTION), {"score": "5", "name": 7})
    assert condition == And((Compare("score", "$eq", 5), Compare("name", "$eq", "7"),
                             Compare("deletedAt", "$isnull")))


def test_scope_may_be_any_search_object():
    assert ids("", {"$or": [{"ownerId": "u1"}, {"kind": "b"}]}) == ["1", "2", "3"]
    assert ids("filter=name||$eq||z", {"kind": {"$in": ["b"]}}) == ["3"]


# ---------------------------------------------------------------- sorting


def test_sort_by_several_fields_with_the_key_breaking_ties():
    items = [{"id": "3", "n": 1, "s": "b"}, {"id": "1", "n": 2, "s": "a"}, {"id": "2", "n": 1, "s": "a"},
             {"id": "4", "s": "c"}]
    by = sort_items(items, [Sort("n", "ASC"), Sort("s", "DESC")], ["id"])
    assert [i["id"] for i in by] == ["3", "2", "1", "4"]
    by = sort_items(items, [Sort("n", "DESC")], ["id"])
    assert [i["id"] for i in by] == ["4", "1", "2", "3"]
    assert [i["id"] for i in sort_items(items, [], ["id"])] == ["1", "2", "3", "4"]


def test_dates_sort_as_instants_and_kinds_never_clash():
    items = [{"id": "1", "t": "2024-01-01T10:00:00+05:00"}, {"id": "2", "t": "2024-01-01T06:00:00Z"},
             {"id": "3", "t": "2024-01-01"}, {"id": "4", "t": 5}, {"id": "5", "t": True}, {"id": "6", "t": "zz"},
             {"id": "7", "t": ["x"]}]
    assert [i["id"] for i in sort_items(items, [Sort("t", "ASC")], ["id"])] == ["5", "4", "3", "1", "2", "6", "7"]


# ---------------------------------------------------------------- pages and projection

MANY = [{"id": f"{n:02d}", "ownerId": "u1", "score": n} for n in range(10)]


def result_of(query: str, collection=COLLECTION):
    return run_query(collection, parse_query(query, collection), MANY)


def test_without_page_or_offset_the_answer_is_a_plain_array():
    assert [i["id"] for i in result_of("limit=3")] == ["00", "01", "02"]
    assert len(result_of("")) == 10


@pytest.mark.parametrize("query, ids_, page, page_count", [
    ("limit=3&page=1", ["00", "01", "02"], 1, 4),
    ("limit=3&page=2", ["03", "04", "05"], 2, 4),
    ("limit=3&page=4", ["09"], 4, 4),
    ("limit=3&page=5", [], 5, 4),
    ("limit=3&offset=0", ["00", "01", "02"], 1, 4),
    ("limit=3&offset=4", ["04", "05", "06"], 2, 4),
    ("limit=3&offset=6", ["06", "07", "08"], 3, 4),
    ("limit=4&offset=9", ["09"], 3, 3),
    ("limit=5&offset=20", [], 5, 2),
    ("limit=3&page=2&offset=0", ["03", "04", "05"], 2, 4),  # page wins over offset
    ("per_page=2&page=3", ["04", "05"], 3, 5),
])
def test_page_maths(query, ids_, page, page_count):
    result = result_of(query)
    assert [i["id"] for i in result["data"]] == ids_
    assert result["count"] == len(ids_)
    assert result["total"] == 10
    assert result["page"] == page
    assert result["pageCount"] == page_count


def test_an_empty_result_has_one_page():
    result = run_query(COLLECTION, parse_query("limit=5&page=1", COLLECTION), [])
    assert result == {"data": [], "count": 0, "total": 0, "page": 1, "pageCount": 1}


def test_the_server_maximum_caps_every_page():
    assert len(result_of("", SMALL_PAGES)) == 3
    assert len(result_of("limit=50", SMALL_PAGES)) == 3
    assert len(result_of("limit=0", SMALL_PAGES)) == 3
    result = result_of("limit=50&page=2", SMALL_PAGES)
    assert [i["id"] for i in result["data"]] == ["03", "04", "05"]
    assert (result["page"], result["pageCount"]) == (2, 4)
    result = result_of("offset=4", SMALL_PAGES)
    assert [i["id"] for i in result["data"]] == ["04", "05", "06"]
    assert (result["page"], result["pageCount"]) == (2, 4)


def test_fields_project_items_and_keep_the_key():
    assert result_of("fields=score&limit=2") == [{"id": "00", "score": 0}, {"id": "01", "score": 1}]
    assert result_of("select=ownerId&limit=1") == [{"id": "00", "ownerId": "u1"}]
    assert result_of("limit=1") == [MANY[0]]


def test_sorted_filtered_page():
    result = result_of("filter=score||$gte||3&sort=score,DESC&limit=2&page=2")
    assert [i["id"] for i in result["data"]] == ["07", "06"]
    assert (result["total"], result["pageCount"]) == (7, 4)
