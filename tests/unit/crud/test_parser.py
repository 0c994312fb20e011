"""The request-query parser: both array forms, every parameter, the query-string limits and the
exact 400 messages of the request format."""
from __future__ import annotations

from decimal import Decimal
from urllib.parse import urlencode

import pytest
from chalice.app import MultiDict

from chalicelib.core.errors import BadRequest
from chalicelib.crud.conditions import INVALID_OPERATOR, And, Compare, Or
from chalicelib.crud.parser import Join, ParsedQuery, Sort, parse_query, parse_uuid_param, split_key
from tests.unit.crud.support import make_collection, make_model

COLLECTION = make_collection(make_model("crudunit"))


def parse(query, collection=COLLECTION) -> ParsedQuery:
    return parse_query(query, collection)


def error_of(query, collection=COLLECTION) -> str:
    with pytest.raises(BadRequest) as caught:
        parse_query(query, collection)
    assert caught.value.status_code == 400
    return caught.value.message


# ---------------------------------------------------------------- inputs and array forms


def test_empty_inputs_parse_to_an_empty_query():
    for empty in (None, "", [], {}, MultiDict(None)):
        parsed = parse(empty)
        assert parsed == ParsedQuery()
        assert parsed.where == And(())


def test_repeated_and_indexed_filters_parse_the_same():
    repeated = parse([("filter", "name||$eq||a"), ("filter", "score||$gt||1")])
    indexed = parse("filter[0]=name||$eq||a&filter[1]=score||$gt||1")
    encoded = parse("filter%5B0%5D=name%7C%7C%24eq%7C%7Ca&filter%5B1%5D=score%7C%7C%24gt%7C%7C1")
    expected = [Compare("name", "$eq", "a"), Compare("score", "$gt", 1)]
    assert repeated.filter == indexed.filter == encoded.filter == expected


def test_indexed_values_are_ordered_by_index_and_empty_brackets_append():
    parsed = parse("sort[1]=score,DESC&sort[0]=name,ASC&sort[]=id,ASC")
    assert parsed.sort == [Sort("name", "ASC"), Sort("score", "DESC"), Sort("id", "ASC")]


def test_multidict_mapping_and_pairs_are_accepted():
    multi = MultiDict({"filter": ["name||$eq||a", "kind||$eq||b"], "limit": ["3"]})
    mapping = {"filter": ["name||$eq||a", "kind||$eq||b"], "limit": "3"}
    pairs = [("filter", "name||$eq||a"), ("filter", "kind||$eq||b"), ("limit", "3")]
    assert parse(multi) == parse(mapping) == parse(pairs)
    assert parse(multi).limit == 3


def test_unknown_parameters_are_ignored_and_extra_parameters_collected():
    parsed = parse("foo=bar&token[0]=x&extra.view.mode=map&extra.n=3")
    assert parsed.where == And(())
    assert parsed.extra == {"view": {"mode": "map"}, "n": 3}


def test_parameter_limit_is_1000():
    assert parse([("foo", "x")] * 1000).where == And(())
    assert error_of([("foo", "x")] * 1001) == "Parameter limit exceeded. Only 1000 parameters allowed."


def test_array_limit_is_20_values_in_either_form():
    twenty = [("sort", "name,ASC")] * 20
    assert len(parse(twenty).sort) == 20
    assert error_of(twenty + [("sort", "name,ASC")]) == "Array limit exceeded. Only 20 elements allowed in an array."
    indexed = "&".join(f"filter[{i}]=name||$eq||n{i}" for i in range(20))
    assert len(parse(indexed).filter) == 20
    assert error_of("filter[20]=name||$eq||x") == "Array limit exceeded. Only 20 elements allowed in an array."
    mixed = indexed + "&filter=name||$eq||x"
    assert error_of(mixed) == "Array limit exceeded. Only 20 elements allowed in an array."


def test_an_in_list_is_not_limited_by_the_array_limit():
    values = ",".join(f"n{i}" for i in range(50))
    assert len(parse(f"filter=name||$in||{values}").filter[0].value) == 50


def test_keys_nest_at_most_five_levels_like_qs():
    assert split_key("a") == ["a"]
    assert split_key("a[0]") == ["a", "0"]
    assert split_key("a[]") == ["a", ""]
    assert split_key("a[b][c][d][e][f][g][h]") == ["a", "b", "c", "d", "e", "f", "[g][h]"]
    assert split_key("a[b") is None


def test_nested_keys_on_known_parameters_are_rejected():
    assert error_of("filter[0][field]=name") == "Invalid filter. String expected"
    assert error_of("fields[a][b]=name") == "Invalid fields. Array of strings expected"
    assert error_of("sort[²]=name,ASC") == "Invalid sort. String expected"


# ---------------------------------------------------------------- fields / select


def test_fields_and_select_are_the_same_parameter():
    assert parse("fields=name,score").fields == ["name", "score"]
    assert parse("select=name,score").fields == ["name", "score"]
    assert parse("fields=name&select=score,name").fields == ["name", "score"]
    assert parse("fields=").fields == []


@pytest.mark.parametrize("query", ["fields=name,", "fields=,name", "select=name,,score"])
def test_fields_must_be_an_array_of_strings(query):
    assert error_of(query) == "Invalid fields. Array of strings expected"


def test_unknown_fields_are_named():
    assert error_of("fields=name,password") == "Unknown field password"
    assert error_of("filter=secret||$eq||x") == "Unknown field secret"
    assert error_of('s={"nope": 1}') == "Unknown field nope"
    assert error_of("sort=nope,ASC") == "Unknown field nope"


def test_without_a_collection_any_field_is_accepted():
    assert parse_query("filter=anything||$eq||1&fields=x").fields == ["x"]


# ---------------------------------------------------------------- filter / or


@pytest.mark.parametrize("legacy", ["eq", "ne", "gt", "lt", "gte", "lte", "starts", "ends", "cont", "excl"])
def test_legacy_operators_become_dollar_operators(legacy):
    assert parse(f"filter=name||{legacy}||a").filter == [Compare("name", "$" + legacy, "a")]


@pytest.mark.parametrize("op", ["contArr", "intersectsArr", "$contArr", "$intersectsArr"])
def test_array_operators_of_the_builder_take_lists(op):
    assert parse(f"filter=tags||{op}||a,b").filter == [Compare("tags", "$" + op.lstrip("$"), ("a", "b"))]


@pytest.mark.parametrize("op", ["$in", "$notin", "$inL", "$notinL", "in", "notin"])
def test_list_operators_split_values_on_commas(op):
    canonical = op if op.startswith("$") else "$" + op
    assert parse(f"filter=name||{op}||a,b,c").filter == [Compare("name", canonical, ("a", "b", "c"))]


def test_between_needs_exactly_two_values():
    assert parse("filter=score||$between||1,5").filter == [Compare("score", "$between", (1, 5))]
    assert parse("filter=score||between||1,5").filter == [Compare("score", "$between", (1, 5))]
    assert error_of("filter=score||$between||1") == "Invalid filter value"
    assert error_of("filter=score||$between||1,2,3") == "Invalid filter value"


@pytest.mark.parametrize("op", ["$isnull", "$notnull", "isnull", "notnull"])
def test_null_operators_need_no_value(op):
    canonical = op if op.startswith("$") else "$" + op
    assert parse(f"filter=name||{op}").filter == [Compare("name", canonical)]


def test_values_are_json_typed_by_the_field_type():
    # On untyped (ANY) fields values are JSON-typed; on typed fields they follow the field.
    untyped = parse_query("filter=a||$eq||12&filter=b||$eq||1.50&filter=c||$eq||true&filter=d||$eq||x"
                          '&filter=e||$eq||"7"&filter=f||$eq||{"a":1}&filter=g||$eq||1e3&filter=h||$eq||007').filter
    assert [c.value for c in untyped] == [12, Decimal("1.50"), True, "x", "7", '{"a":1}', Decimal("1e3"), "007"]
    typed = parse("filter=name||$eq||123&filter=score||$eq||12.5&filter=active||$eq||false"
                  "&filter=name||$in||1,true").filter
    assert [c.value for c in typed] == ["123", Decimal("12.5"), False, ("1", "true")]


def test_values_keep_the_delimiter_when_they_contain_it():
    assert parse("filter=name||$eq||a||b").filter == [Compare("name", "$eq", "a||b")]


@pytest.mark.parametrize("query", ["filter=name||$eq||", "filter=name||$eq", "filter=name||$eq||null",
                                   "filter=name||$in||a,,b", "filter=name||$in||"])
def test_filters_need_a_value(query):
    assert error_of(query) == "Invalid filter value"


def test_or_values_are_checked_as_or():
    assert error_of("or=name||$eq||") == "Invalid or value"


@pytest.mark.parametrize("query", ["filter=name||$like||a", "filter=name||EQ||a", "filter=name", "or=name||$nope||a",
                                   's={"name": {"$like": "a"}}'])
def test_unknown_operators_are_rejected(query):
    message = error_of(query)
    assert message.startswith("Invalid comparison operator")
    assert message == INVALID_OPERATOR
    assert "$eqL" in message and "notin" in message and message.endswith(" expected")


def test_a_filter_needs_a_field():
    assert error_of("filter=||$eq||a") == "Invalid field type in filter condition. String expected"
    assert error_of("or=||$eq||a") == "Invalid field type in or condition. String expected"


def test_empty_filter_values_are_ignored():
    assert parse("filter=&or=").filter == []


# ---------------------------------------------------------------- s


def test_search_is_json_with_and_or_nesting():
    parsed = parse('s={"$and": [{"name": "a"}, {"$or": [{"score": {"$gt": 1}}, {"kind": null}]}]}')
    assert parsed.search == And((Compare("name", "$eq", "a"),
                                 Or((Compare("score", "$gt", 1), Compare("kind", "$isnull")))))


def test_search_field_objects_and_their_or():
    parsed = parse('s={"score": {"$gte": 1, "$lte": 5}, "name": {"$or": {"$eq": "a", "$startsL": "B"}}}')
    assert parsed.search == And((Compare("score", "$gte", 1), Compare("score", "$lte", 5),
                                 Or((Compare("name", "$eq", "a"), Compare("name", "$startsL", "B")))))


def test_search_null_and_not_null():
    assert parse('s={"name": {"$eq": null}}').search == Compare("name", "$isnull")
    assert parse('s={"name": {"$ne": null}}').search == Compare("name", "$notnull")
    assert parse('s={"name": {"$notnull": true}}').search == Compare("name", "$notnull")


def test_search_values_follow_field_types():
    assert parse('s={"name": 5, "score": "7", "active": "true"}').search == And(
        (Compare("name", "$eq", "5"), Compare("score", "$eq", 7), Compare("active", "$eq", True)))
    assert parse('s={"score": 1.5}').search == Compare("score", "$eq", Decimal("1.5"))


def test_search_replaces_filter_and_or():
    parsed = parse('s={"name": "a"}&filter=name||$eq||b&or=kind||$eq||c&filter=bad||$zzz')
    assert parsed.filter == [] and parsed.or_ == []
    assert parsed.where == Compare("name", "$eq", "a")


def test_several_search_params_are_anded():
    assert parse('s={"name": "a"}&s={"kind": "b"}').search == And(
        (Compare("name", "$eq", "a"), Compare("kind", "$eq", "b")))


@pytest.mark.parametrize("text", ["", "{", "[1]", "1", '"x"', "null", "not json"])
def test_search_must_be_a_json_object(text):
    assert error_of([("s", text)]) == "Invalid search param. JSON expected"


@pytest.mark.parametrize("text", ['{"$and": {}}', '{"$or": 1}', '{"$and": [1]}', '{"name": [1, 2]}',
                                  '{"score": {"$between": [1]}}', '{"score": {"$gt": null}}',
                                  '{"name": {"$or": [1]}}', '{"score": {"$in": [{"a": 1}]}}'])
def test_malformed_search_objects_are_rejected(text):
    assert error_of([("s", text)]).startswith("Invalid search param.")


def test_search_nesting_is_bounded():
    deep = '{"$and": [' * 12 + '{"name": "a"}' + "]}" * 12
    assert error_of([("s", deep)]) == "Invalid search param. Conditions are nested too deeply"
    very_deep = '{"$and": [' * 5000 + "{}" + "]}" * 5000
    assert error_of([("s", very_deep)]).startswith("Invalid search param.")


# ---------------------------------------------------------------- sort, join, numbers


def test_sort_is_field_comma_order():
    assert parse("sort=name,ASC&sort=score,DESC").sort == [Sort("name", "ASC"), Sort("score", "DESC")]


@pytest.mark.parametrize("query", ["sort=name", "sort=name,asc", "sort=name,UP", "sort=name,"])
def test_sort_order_is_asc_or_desc(query):
    assert error_of(query) == "Invalid sort order. ASC,DESC expected"


def test_sort_needs_a_field_that_may_be_sorted_on():
    assert error_of("sort=,ASC") == "Invalid sort field. String expected"
    restricted = make_collection(make_model("crudunit"), sortable=("name",))
    assert error_of("sort=score,ASC", restricted) == "Field score cannot be sorted on."


def test_join_parses_relation_select_and_on_conditions():
    assert parse("join=owner").join == [Join("owner")]
    assert parse("join=owner||id,name").join == [Join("owner", ("id", "name"))]
    assert parse("join=owner||name||on[0]=name||$eq||x").join == [
        Join("owner", ("name",), (Compare("name", "$eq", "x"),))]


def test_join_errors():
    assert error_of("join=||a") == "Invalid join field. String expected"
    assert error_of("join=owner||id,,name") == "Invalid join select. Array of strings expected"
    assert error_of("join=friends") == "Unknown join relation friends"
    assert error_of("join=owner||email") == "Unknown field owner.email"


@pytest.mark.parametrize("name", ["limit", "per_page", "offset", "page", "cache", "include_deleted"])
def test_numeric_params(name):
    attribute = {"per_page": "limit"}.get(name, name)
    assert getattr(parse(f"{name}=7"), attribute) == 7
    for bad in ("x", "-1", "1.5", "1e2", "true", "99999999999999999", "7\n", "\uff17"):
        assert error_of(f"{name}={bad}") == f"Invalid {name}. Number expected"


def test_the_first_limit_wins():
    assert parse("limit=5&per_page=9").limit == 5


def test_uuid_params():
    value = "0b7f8f8e-2c2a-4f3e-9b1d-3c4d5e6f7a8b"
    assert parse_uuid_param("id", value) == value
    assert parse_uuid_param("id", value.upper()) == value.upper()
    for bad in ("", "1", value + "0", value.replace("-", ""), value + "\n", None, 5):
        with pytest.raises(BadRequest) as caught:
            parse_uuid_param("id", bad)
        assert caught.value.message == "Invalid param id. UUID string expected"
    with pytest.raises(BadRequest, match="Invalid param stationId. UUID string expected"):
        parse_uuid_param("stationId", "x")


def test_query_string_decoding_matches_the_builder():
    query = urlencode({"filter[0]": "name||$cont||a b+c", "s": '{"name": "x&y"}'})
    parsed = parse(query)
    assert parsed.search == Compare("name", "$eq", "x&y")
    assert parse(urlencode({"filter[0]": "name||$cont||a b+c"})).filter == [Compare("name", "$cont", "a b+c")]
