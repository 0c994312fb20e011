"""Property: for random items and random queries, `list_items` against the real moto server (Query or
Scan, pages of 3 items so answers span many DynamoDB pages) answers exactly what the plain Python
evaluation of the same parsed query answers over the same items."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chalicelib.crud import ReadStats, list_items, parse_query
from chalicelib.crud.conditions import CANONICAL_OPERATORS, LEGACY_OPERATORS
from chalicelib.crud.evaluate import run_query
from tests.unit.crud.support import clear, ensure_table, make_collection, make_model, write

Sample = make_model("crudprop")
COLLECTION = make_collection(Sample, read_page_size=3, max_page_size=7)

OWNERS = ["u1", "u2", "U1"]
NAMES = ["alpha", "Alpha", "beta", "BETA gamma", "gamma", "a,b", "2024-01-01", "12", "Zeta"]
DATES = ["2024-01-01", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00.000Z", "2024-02-10T08:30:00+02:00",
         "2024-02-10T06:30:00Z", "2023-12-31T23:59:59Z", "2025-06-01T00:00:00Z"]
SCORES = [0, 1, 2, -3, 5, 0.5, 2.5, -1.25]
TAGS = ["x", "y", "z"]
KINDS = ["k1", "k2", "K1"]

FIELD_VALUES = {
    "id": [f"i{n}" for n in range(8)] + ["I1"],
    "ownerId": OWNERS,
    "name": NAMES + ["al", "ga", "a", "BETA"],
    "score": [str(s) for s in SCORES] + ["3", "1.0"],
    "active": ["true", "false"],
    "tags": TAGS,
    "createdAt": DATES + ["2024-02"],
    "kind": KINDS,
}
SORTABLE = ["id", "ownerId", "name", "score", "active", "createdAt", "kind"]
ALL_OPERATORS = CANONICAL_OPERATORS + LEGACY_OPERATORS
ARRAY = {"in", "notin", "between", "inL", "notinL", "contArr", "intersectsArr"}
EMPTY = {"isnull", "notnull"}
SCOPES = [None, {"ownerId": "u1"}, {"active": True}, {"$or": [{"kind": "k1"}, {"score": {"$gt": 0}}]}]


def _bare(op: str) -> str:
    return op.lstrip("$")


item_strategy = st.fixed_dictionaries({
    "ownerId": st.sampled_from(OWNERS),
}, optional={
    "name": st.sampled_from(NAMES),
    "score": st.sampled_from(SCORES),
    "active": st.booleans(),
    "tags": st.lists(st.sampled_from(TAGS), max_size=3),
    "createdAt": st.sampled_from(DATES),
    "kind": st.sampled_from(KINDS),
    "deletedAt": st.sampled_from(["2024-05-01T00:00:00Z"]),
})


@st.composite
def filter_text(draw) -> str:
    # Keys and equality often, so Query plans (and their near misses) are common.
    field = draw(st.one_of(st.sampled_from(["id", "ownerId"]), st.sampled_from(sorted(FIELD_VALUES))))
    op = draw(st.one_of(st.sampled_from(["$eq", "eq", "$eqL", "$in", "$ne"]), st.sampled_from(ALL_OPERATORS)))
    if _bare(op) in EMPTY:
        return f"{field}||{op}"
    pool = FIELD_VALUES[field]
    listable = [v for v in pool if "," not in v]  # a comma inside a value would split it
    if _bare(op) == "between":
        values = draw(st.lists(st.sampled_from(listable), min_size=2, max_size=2))
    elif _bare(op) in ARRAY:
        values = draw(st.lists(st.sampled_from(listable), min_size=1, max_size=3))
    else:
        values = [draw(st.sampled_from(pool))]
    return f"{field}||{op}||{','.join(values)}"


def _json_value(field: str, text: str):
    if field == "score":
        return float(text) if "." in text else int(text)
    if field == "active":
        return text == "true"
    return text


@st.composite
def search_leaf(draw) -> dict:
    field = draw(st.one_of(st.sampled_from(["id", "ownerId"]), st.sampled_from(sorted(FIELD_VALUES))))
    pool = FIELD_VALUES[field]
    kind = draw(st.sampled_from(["value", "null", "op", "or"]))
    if kind == "value":
        return {field: _json_value(field, draw(st.sampled_from(pool)))}
    if kind == "null":
        return {field: None}
    ops = draw(st.lists(st.sampled_from(["$eq", "$ne", "$gt", "$lte", "$in", "$notin", "$contL", "$starts",
                                         "$between", "$notnull", "$isnull", "$eqL", "$intersectsArr"]),
                        min_size=1, max_size=2, unique=True))
    operators = {}
    for op in ops:
        if op in ("$notnull", "$isnull"):
            operators[op] = True
        elif op == "$between":
            operators[op] = [_json_value(field, v) for v in draw(st.lists(st.sampled_from(pool), min_size=2,
                                                                          max_size=2))]
        elif op in ("$in", "$notin", "$intersectsArr"):
            operators[op] = [_json_value(field, v) for v in draw(st.lists(st.sampled_from(pool), min_size=1,
                                                                          max_size=3))]
        else:
            operators[op] = _json_value(field, draw(st.sampled_from(pool)))
    return {field: {"$or": operators} if kind == "or" else operators}


search_tree = st.recursive(
    search_leaf(),
    lambda children: st.one_of(
        st.builds(lambda xs: {"$and": xs}, st.lists(children, min_size=1, max_size=3)),
        st.builds(lambda xs: {"$or": xs}, st.lists(children, min_size=1, max_size=3)),
    ),
    max_leaves=6,
)


@st.composite
def query_pairs(draw) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    mode = draw(st.sampled_from(["none", "filter", "or", "both", "search"]))
    indexed = draw(st.booleans())

    def add(name: str, values: list[str]) -> None:
        for i, value in enumerate(values):
            pairs.append((f"{name}[{i}]" if indexed else name, value))

    if mode in ("filter", "both"):
        add("filter", draw(st.lists(filter_text(), min_size=1, max_size=3)))
    if mode in ("or", "both"):
        add("or", draw(st.lists(filter_text(), min_size=1, max_size=3)))
    if mode == "search":
        pairs.append(("s", json.dumps(draw(search_tree))))
    sorts = draw(st.lists(st.sampled_from(SORTABLE), max_size=2, unique=True))
    add("sort", [f"{field},{draw(st.sampled_from(['ASC', 'DESC']))}" for field in sorts])
    for name, values in (("limit", st.integers(0, 9)), ("offset", st.integers(0, 10)), ("page", st.integers(0, 4)),
                         ("include_deleted", st.integers(0, 1))):
        if draw(st.booleans()):
            pairs.append((name, str(draw(values))))
    if draw(st.booleans()):
        pairs.append(("fields", ",".join(draw(st.lists(st.sampled_from(SORTABLE), min_size=1, max_size=3,
                                                        unique=True)))))
    return pairs


@pytest.fixture(scope="module", autouse=True)
def table():
    ensure_table(Sample)
    clear(Sample)
    yield
    clear(Sample)


@settings(max_examples=50, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(items=st.lists(item_strategy, max_size=20), data=st.data())
def test_dynamodb_answers_as_the_python_evaluation(items, data):
    clear(Sample)
    stored = write(Sample, [{"id": f"i{n}", **item} for n, item in enumerate(items)])
    for _ in range(4):
        pairs = data.draw(query_pairs(), label="query")
        scope = data.draw(st.sampled_from(SCOPES), label="scope")
        parsed = parse_query(pairs, COLLECTION)
        stats = ReadStats()
        answer = list_items(COLLECTION, parsed, scope, stats=stats)
        event(stats.operation.split(" (")[0])
        assert answer == run_query(COLLECTION, parsed, stored, scope)
        assert stats.requests >= 1
