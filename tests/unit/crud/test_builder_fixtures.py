"""Query strings written by the real @dataui/crud-request RequestQueryBuilder
(tests/fixtures/crud-request/queries.json, made by devtools/crud_request_fixtures.mjs) parse, and
answer as expected over known items."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from chalicelib.crud.conditions import CANONICAL_OPERATORS
from chalicelib.crud.evaluate import run_query
from chalicelib.crud.parser import parse_query
from tests.unit.crud.support import make_collection, make_model

FIXTURES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "crud-request" / "queries.json").read_text())
QUERIES: dict[str, str] = FIXTURES["queries"]
COLLECTION = make_collection(make_model("crudunit"))

ITEMS = [
    {"id": "a", "ownerId": "u1", "name": "Alpha", "score": 1, "active": True, "tags": ["x", "y"],
     "createdAt": "2024-01-01T00:00:00Z"},
    {"id": "b", "ownerId": "u1", "name": "beta", "score": 2.5, "active": False, "tags": ["y"],
     "createdAt": "2024-03-01T12:00:00+02:00"},
    {"id": "c", "ownerId": "u2", "name": "Gamma ray", "score": 10, "tags": [], "createdAt": "2024-03-01"},
    {"id": "d", "ownerId": "u2", "name": "ALPHABET", "score": -3, "active": True, "tags": ["z"]},
    {"id": "e", "ownerId": "u1", "score": 5, "active": True, "deletedAt": "2024-05-01T00:00:00Z"},
]


def page(ids: str, total: int, page_: int, page_count: int) -> dict:
    return {"ids": ids, "count": len(ids), "total": total, "page": page_, "pageCount": page_count}


EXPECTED = {
    "filter-eq": "a",
    "filter-array-form": "a",
    "filters-anded": "b",
    "filter-and-or": "ac",
    "filters-and-ors": "ac",
    "ors-only": "bd",
    "in-list": "ac",
    "notin-list": "cd",
    "between": "ab",
    "isnull": "c",
    "notnull": "abd",
    "legacy-cont": "c",
    "contains-lower": "ad",
    "in-lower": "ab",
    "starts-ends": "d",
    "excl": "d",
    "contains-array": "a",
    "intersects-array": "ad",
    "dates": "bc",
    "search": "bc",
    "search-nested": "a",
    "search-null": "c",
    "search-ignores-filter": "b",
    "sort-multi": "dcab",
    "sort-array-form": "cbad",
    "page": page("bc", 4, 2, 2),
    "offset": page("ab", 4, 1, 2),
    "limit-only": "cb",
    "fields": [{"id": "d", "name": "ALPHABET", "score": -3}],
    "join": "abcd",
    "include-deleted": "abcde",
    "reset-cache": "abcd",
    "special-characters": "",
    "unencoded": "a",
    "chained": page("cbad", 4, 1, 1),
}


def answer(query: str):
    result = run_query(COLLECTION, parse_query(query, COLLECTION), ITEMS)
    if isinstance(result, dict):
        ids = "".join(item["id"] for item in result["data"])
        return {"ids": ids, **{k: v for k, v in result.items() if k != "data"}}
    return result


def test_the_fixtures_come_from_the_pinned_builder():
    assert FIXTURES["package"] == "@dataui/crud-request"
    assert FIXTURES["version"] == "5.3.4"
    assert set(EXPECTED) <= set(QUERIES)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_builder_query_answers(name):
    expected = EXPECTED[name]
    result = answer(QUERIES[name])
    if isinstance(expected, str):
        assert "".join(item["id"] for item in result) == expected
    else:
        assert result == expected


@pytest.mark.parametrize("name", sorted(n for n in QUERIES if n.startswith("operator ")))
def test_every_builder_operator_parses(name):
    operator = name.split(" ", 1)[1]
    assert operator in CANONICAL_OPERATORS
    parsed = parse_query(QUERIES[name], COLLECTION)
    assert parsed.filter[0].op == operator


def test_details_of_some_builder_queries():
    assert parse_query(QUERIES["special-characters"], COLLECTION).filter[0].value == "a & b+c/d é"
    assert parse_query(QUERIES["reset-cache"], COLLECTION).cache == 0
    join = parse_query(QUERIES["join"], COLLECTION).join
    assert [(j.relation, j.select) for j in join] == [("owner", ("name",)), ("owner", None)]
    chained = parse_query(QUERIES["chained"], COLLECTION)
    assert chained.fields == ["name"] and chained.limit == 5 and chained.page == 1


def test_the_fixtures_are_what_the_installed_builder_writes_today():
    """The query strings above come from the real @dataui/crud-request (the frontend's builder),
    not from a hand-kept list: regenerating them with the installed package changes nothing."""
    import subprocess

    root = Path(__file__).resolve().parents[3]
    result = subprocess.run(["node", "devtools/crud_request_fixtures.mjs", "--check"], cwd=root,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
