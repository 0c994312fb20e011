"""Every comparison operator, its case-insensitive and legacy forms, over known items, as the
reference evaluation (chalicelib.crud.evaluate) answers them."""
from __future__ import annotations

import json
from decimal import Decimal

import pytest

from chalicelib.crud.conditions import Compare
from chalicelib.crud.evaluate import evaluate, matches
from chalicelib.crud.parser import parse_query
from tests.unit.crud.support import make_collection, make_model

COLLECTION = make_collection(make_model("crudunit"))

ITEMS = [
    {"id": "a", "ownerId": "u1", "name": "Alpha", "score": 1, "active": True, "tags": ["x", "y"],
     "createdAt": "2024-01-01T00:00:00.000Z"},
    {"id": "b", "ownerId": "u1", "name": "beta", "score": 2.5, "active": False, "tags": ["y"],
     "createdAt": "2024-03-01T12:00:00+02:00"},
    {"id": "c", "ownerId": "u2", "name": "Gamma ray", "score": 10, "tags": [], "createdAt": "2024-03-01"},
    {"id": "d", "ownerId": "u2", "name": "ALPHABET", "score": -3, "active": True},
    {"id": "e", "ownerId": "u3"},
]


def ids(query: str) -> list[str]:
    parsed = parse_query(query, COLLECTION)
    return [item["id"] for item in evaluate(parsed.where, ITEMS)]


CASES = [
    # equality and order
    ("name||$eq||Alpha", "a"),
    ("name||$ne||Alpha", "bcd"),
    ("score||$eq||1", "a"),
    ("score||$eq||1.0", "a"),
    ("score||$eq||2.50", "b"),
    ("score||$ne||1", "bcd"),
    ("score||$gt||1", "bc"),
    ("score||$gte||1", "abc"),
    ("score||$lt||2.5", "ad"),
    ("score||$lte||2.5", "abd"),
    ("score||$between||-3,1", "ad"),
    ("score||$between||2,10", "bc"),
    ("name||$gt||Gamma", "bc"),
    ("name||$gt||Gamma ray", "b"),
    ("name||$lt||B", "ad"),
    ("active||$eq||true", "ad"),
    ("active||$eq||false", "b"),
    ("active||$ne||true", "b"),
    # text
    ("name||$starts||Al", "a"),
    ("name||$ends||ray", "c"),
    ("name||$cont||ph", "a"),
    ("name||$excl||ph", "bcd"),
    ("name||$startsL||al", "ad"),
    ("name||$endsL||BET", "d"),
    ("name||$contL||PH", "ad"),
    ("name||$exclL||PH", "bc"),
    ("name||$eqL||alpha", "a"),
    ("name||$eqL||ALPHA", "a"),
    ("name||$neL||alpha", "bcd"),
    # lists of values
    ("name||$in||Alpha,beta", "ab"),
    ("name||$notin||Alpha,beta", "cd"),
    ("name||$inL||alpha,BETA", "ab"),
    ("name||$notinL||alpha,BETA", "cd"),
    ("score||$in||1,10,99", "ac"),
    ("score||$notin||1,10", "bd"),
    # null
    ("active||$isnull", "ce"),
    ("active||$notnull", "abd"),
    ("name||$isnull", "e"),
    ("name||$notnull", "abcd"),
    # arrays
    ("tags||$contArr||x,y", "a"),
    ("tags||$contArr||y", "ab"),
    ("tags||$intersectsArr||x,z", "a"),
    ("tags||$intersectsArr||y,z", "ab"),
    # dates compare as instants, whatever their spelling
    ("createdAt||$eq||2024-01-01T00:00:00Z", "a"),
    ("createdAt||$eq||2024-01-01", "a"),
    ("createdAt||$eq||2024-03-01T10:00:00Z", "b"),
    ("createdAt||$gt||2024-02-01", "bc"),
    ("createdAt||$lt||2024-03-01T00:00:00.001Z", "ac"),
    ("createdAt||$between||2024-03-01T00:00:00Z,2024-03-01T10:00:00Z", "bc"),
    ("createdAt||$starts||2024-03", "bc"),
]


@pytest.mark.parametrize("condition, expected", CASES, ids=[c for c, _ in CASES])
def test_operator(condition, expected):
    assert "".join(ids(f"filter={condition}")) == expected


LEGACY = ["eq", "ne", "gt", "lt", "gte", "lte", "starts", "ends", "cont", "excl", "in", "notin", "isnull", "notnull",
          "between"]


@pytest.mark.parametrize("op", LEGACY)
def test_legacy_operator_matches_its_dollar_form(op):
    value = {"in": "||Alpha,beta", "notin": "||Alpha,beta", "between": "||A,C", "isnull": "", "notnull": ""}
    operand = value.get(op, "||Alpha")
    assert ids(f"filter=name||{op}{operand}") == ids(f"filter=name||${op}{operand}")


@pytest.mark.parametrize("condition, expected", CASES, ids=[c for c, _ in CASES])
def test_search_object_agrees_with_filter(condition, expected):
    field, op = condition.split("||")[:2]
    if op in ("$isnull", "$notnull"):
        operand = True
    else:
        value = parse_query(f"filter={condition}", COLLECTION).filter[0].value
        operand = [_json(v) for v in value] if isinstance(value, tuple) else _json(value)
    assert "".join(ids("s=" + json.dumps({field: {op: operand}}))) == expected


def _json(value):
    return float(value) if isinstance(value, Decimal) else value


def test_missing_values_only_match_isnull():
    item = {"id": "z"}
    for op, value in [("$eq", "x"), ("$ne", "x"), ("$gt", 1), ("$lt", 1), ("$in", ("x",)), ("$notin", ("x",)),
                      ("$cont", "x"), ("$excl", "x"), ("$starts", "x"), ("$neL", "x"), ("$notinL", ("x",)),
                      ("$exclL", "x"), ("$between", (1, 2)), ("$contArr", ("x",)), ("$notnull", None)]:
        assert not matches(Compare("name", op, value), item), op
    assert matches(Compare("name", "$isnull"), item)
    assert matches(Compare("name", "$isnull"), {"id": "z", "name": None})


def test_values_of_different_kinds_are_unequal_and_unordered():
    item = {"id": "z", "name": "5", "score": 5, "active": True}
    assert not matches(Compare("name", "$eq", 5), item)
    assert matches(Compare("name", "$ne", 5), item)
    assert not matches(Compare("score", "$gt", "1"), item)
    assert not matches(Compare("score", "$lt", "9"), item)
    assert not matches(Compare("active", "$eq", 1), item)
    assert not matches(Compare("score", "$eq", True), item)
    assert not matches(Compare("score", "$cont", "5"), item)
    assert matches(Compare("score", "$excl", "5"), item)


def test_only_whole_iso_strings_are_dates():
    assert not matches(Compare("createdAt", "$eq", "2024-01-01"), {"createdAt": "2024-01-01T00:00:00Z\n"})
    assert matches(Compare("createdAt", "$eq", "2024-01-01"), {"createdAt": "2024-01-01T01:00:00+01:00"})
    # Month 13 is not a date: both sides compare as text.
    assert matches(Compare("createdAt", "$gt", "2024-01-01"), {"createdAt": "2024-13-01"})
    assert not matches(Compare("createdAt", "$eq", "2024-13-01T00:00:00Z"), {"createdAt": "2024-13-01"})


def test_numbers_compare_exactly():
    assert matches(Compare("score", "$eq", 0.1), {"score": 0.1})
    assert matches(Compare("score", "$eq", 1), {"score": 1.0})
    assert matches(Compare("score", "$lt", 0.30000000000000004), {"score": 0.3})


def test_search_objects_can_be_evaluated_directly():
    assert [i["id"] for i in evaluate({"$or": [{"name": "beta"}, {"score": {"$gt": 5}}]}, ITEMS)] == ["b", "c"]
    assert matches(None, ITEMS[0])
