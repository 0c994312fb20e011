"""The request-query parser: what @dataui/crud-request's RequestQueryBuilder (the @nestjsx/crud
request format) puts in a query string, as a ParsedQuery.

    fields / select   fields=a,b                     projection (the key is always returned)
    s                 s={"name": {"$cont": "x"}}      JSON search; when present, filter and or are ignored
    filter            filter=field||$op||value        repeatable; ANDed
    or                or=field||$op||value            repeatable; see `ParsedQuery.where`
    join              join=relation||f1,f2            repeatable; relations declared per collection
    sort              sort=field,ASC|DESC             repeatable
    limit / per_page, offset, page, cache, include_deleted   non-negative integers

Both `filter=a&filter=b` and the builder's `filter[0]=a&filter[1]=b` are accepted. Query-string
limits as the builder's `qs`: at most 1000 parameters, 20 values per parameter, keys nested 5 deep.
Every problem is a BadRequest (400) with the message the request format uses.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import parse_qsl

from chalicelib.crud.conditions import (CANONICAL_OPERATORS, DELIM, DELIM_STR, TRUE, Compare, Condition, all_of,
                                        any_of, check_field, normalize_search, parse_filter, parse_value)
from chalicelib.core.errors import BadRequest

PARAMETER_LIMIT = 1000
ARRAY_LIMIT = 20
DEPTH = 5
SORT_ORDERS = ("ASC", "DESC")

PARAM_NAMES: dict[str, tuple[str, ...]] = {
    "fields": ("fields", "select"),
    "search": ("s",),
    "filter": ("filter",),
    "or": ("or",),
    "join": ("join",),
    "sort": ("sort",),
    "limit": ("limit", "per_page"),
    "offset": ("offset",),
    "page": ("page",),
    "cache": ("cache",),
    "include_deleted": ("include_deleted",),
}
_KNOWN = {name: kind for kind, names in PARAM_NAMES.items() for name in names}
EXTRA_PREFIX = "extra."
NUMERIC = ("limit", "offset", "page", "cache", "include_deleted")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_DIGITS = re.compile(r"[0-9]{1,15}")


@dataclass(frozen=True)
class Sort:
    field: str
    order: str  # "ASC" or "DESC"


@dataclass(frozen=True)
class Join:
    relation: str
    select: tuple[str, ...] | None = None
    on: tuple[Compare, ...] = ()


@dataclass
class ParsedQuery:
    fields: list[str] = field(default_factory=list)
    search: Condition | None = None
    filter: list[Compare] = field(default_factory=list)
    or_: list[Compare] = field(default_factory=list)
    join: list[Join] = field(default_factory=list)
    sort: list[Sort] = field(default_factory=list)
    limit: int | None = None
    offset: int | None = None
    page: int | None = None
    cache: int | None = None
    include_deleted: int | None = None
    extra: dict = field(default_factory=dict)

    @property
    def where(self) -> Condition:
        """The query's own condition: `s` when given; else filters ANDed; one filter and one or
        give `$or: [f, o]`; more give `$or: [{$and: filters}, {$and: ors}]`; ors alone are ORed."""
        if self.search is not None:
            return self.search
        filters, ors = list(self.filter), list(self.or_)
        if filters and ors:
            if len(filters) == 1 and len(ors) == 1:
                return any_of(filters[0], ors[0])
            return any_of(all_of(*filters), all_of(*ors))
        if filters:
            return all_of(*filters)
        if ors:
            return any_of(*ors)
        return TRUE

    @property
    def paginated(self) -> bool:
        return self.page is not None or self.offset is not None


# ---------------------------------------------------------------- query-string keys and values


def split_key(key: str, depth: int = DEPTH) -> list[str] | None:
    """`a[b][c]` -> ['a', 'b', 'c'] as qs does: at most `depth` bracket groups, the rest kept as one
    segment; None for a key qs would refuse (unbalanced brackets)."""
    first = key.find("[")
    if first < 0:
        return [key]
    parent, rest = key[:first], key[first:]
    segments = [parent] if parent else []
    position, collected = 0, 0
    while position < len(rest) and collected < depth:
        if rest[position] != "[":
            break
        close = rest.find("]", position)
        if close < 0:
            return None
        segments.append(rest[position + 1:close])
        collected += 1
        position = close + 1
    if position < len(rest):
        segments.append(rest[position:])
    return segments


def query_pairs(params: Any) -> list[tuple[str, str]]:
    """(key, value) pairs from a raw query string, a Chalice MultiDict, a mapping or a list of pairs."""
    if params is None:
        return []
    if isinstance(params, str):
        return parse_qsl(params.lstrip("?"), keep_blank_values=True)
    if hasattr(params, "getlist"):
        return [(k, v) for k in list(params) for v in params.getlist(k)]
    if isinstance(params, Mapping):
        pairs = []
        for key, value in params.items():
            for item in (value if isinstance(value, (list, tuple)) else [value]):
                pairs.append((key, item))
        return pairs
    return [(k, v) for k, v in params]


def _array_limit_error() -> BadRequest:
    return BadRequest(f"Array limit exceeded. Only {ARRAY_LIMIT} elements allowed in an array.")


def group_params(params: Any) -> tuple[dict[str, list[tuple[str, str]]], dict]:
    """Values of the known parameters in order (indexed ones by index), and the `extra.` ones."""
    pairs = query_pairs(params)
    if len(pairs) > PARAMETER_LIMIT:
        raise BadRequest(f"Parameter limit exceeded. Only {PARAMETER_LIMIT} parameters allowed.")
    grouped: dict[str, list[tuple[int, int, str, str]]] = {}
    extra: dict = {}
    for position, (key, value) in enumerate(pairs):
        if key.startswith(EXTRA_PREFIX):
            _set_dotted(extra, key[len(EXTRA_PREFIX):], parse_value(value))
            continue
        segments = split_key(key)
        if not segments or segments[0] not in _KNOWN:
            continue
        name = segments[0]
        if len(segments) == 1 or (len(segments) == 2 and segments[1] == ""):
            index = ARRAY_LIMIT + position  # unindexed values keep their order after indexed ones
        elif len(segments) == 2 and segments[1].isascii() and segments[1].isdigit():
            index = int(segments[1])
            if index >= ARRAY_LIMIT:
                raise _array_limit_error()
        else:
            kind = _KNOWN[name]
            if kind == "fields":
                raise BadRequest("Invalid fields. Array of strings expected")
            raise BadRequest(f"Invalid {name}. String expected")
        grouped.setdefault(name, []).append((index, position, name, value))
    ordered: dict[str, list[tuple[str, str]]] = {}
    for name, entries in grouped.items():
        if len(entries) > ARRAY_LIMIT:
            raise _array_limit_error()
        kind = _KNOWN[name]
        ordered.setdefault(kind, []).extend((n, v) for _, _, n, v in sorted(entries))
    return ordered, extra


def _set_dotted(target: dict, dotted: str, value: Any) -> None:
    keys = dotted.split(".")
    for key in keys[:-1]:
        child = target.get(key)
        if not isinstance(child, dict):
            child = target[key] = {}
        target = child
    target[keys[-1]] = value


# ---------------------------------------------------------------- the parser


def parse_query(params: Any, collection: Any = None) -> ParsedQuery:
    """Parse a request's query parameters. With a collection (chalicelib.crud.Collection), field
    names are checked against its fields, operands typed by its field types, joins by its relations."""
    field_types = getattr(collection, "field_types", None)
    values, extra = group_params(params)
    parsed = ParsedQuery(extra=extra)

    searches = [v for _, v in values.get("search", [])]
    if searches:
        parsed.search = all_of(*(_parse_search(text, field_types) for text in searches))
    else:
        parsed.filter = [parse_filter(v, "filter", field_types) for _, v in values.get("filter", []) if v != ""]
        parsed.or_ = [parse_filter(v, "or", field_types) for _, v in values.get("or", []) if v != ""]

    for _, text in values.get("fields", []):
        if text == "":
            continue
        names = text.split(DELIM_STR)
        if any(name == "" for name in names):
            raise BadRequest("Invalid fields. Array of strings expected")
        for name in names:
            check_field(name, field_types)
            if name not in parsed.fields:
                parsed.fields.append(name)

    parsed.join = [_parse_join(text, collection) for _, text in values.get("join", []) if text != ""]
    parsed.sort = [_parse_sort(text, collection) for _, text in values.get("sort", []) if text != ""]
    for kind in NUMERIC:
        numbers = [_parse_number(name, text) for name, text in values.get(kind, []) if text != ""]
        if numbers:
            setattr(parsed, kind, numbers[0])
    return parsed


def _parse_search(text: str, field_types) -> Condition:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadRequest("Invalid search param. JSON expected") from exc
    if not isinstance(data, dict):
        raise BadRequest("Invalid search param. JSON expected")
    return normalize_search(data, field_types)


def _parse_sort(text: str, collection) -> Sort:
    parts = text.split(DELIM_STR)
    name = parts[0]
    order = parts[1] if len(parts) > 1 else None
    if not name:
        raise BadRequest("Invalid sort field. String expected")
    if order not in SORT_ORDERS:
        raise BadRequest(f"Invalid sort order. {','.join(SORT_ORDERS)} expected")
    if collection is not None:
        check_field(name, collection.field_types)
        if name not in collection.sortable_fields:
            raise BadRequest(f"Field {name} cannot be sorted on.")
    return Sort(name, order)


def _parse_join(text: str, collection) -> Join:
    parts = text.split(DELIM)
    relation = parts[0]
    if not relation:
        raise BadRequest("Invalid join field. String expected")
    select = None
    if len(parts) > 1 and parts[1]:
        select = tuple(parts[1].split(DELIM_STR))
        if any(name == "" for name in select):
            raise BadRequest("Invalid join select. Array of strings expected")
    spec = None
    if collection is not None:
        spec = collection.joins.get(relation)
        if spec is None:
            raise BadRequest(f"Unknown join relation {relation}")
        if select and spec.fields:
            for name in select:
                if name not in spec.fields:
                    raise BadRequest(f"Unknown field {relation}.{name}")
    on_text = DELIM.join(parts[2:])
    relation_types = {name: "any" for name in spec.fields} if spec is not None and spec.fields else None
    on = tuple(parse_filter(cond, "filter", relation_types) for key, cond in _join_conditions(on_text))
    return Join(relation, select, on)


def _join_conditions(text: str) -> list[tuple[str, str]]:
    # The builder writes `on[0]=field||$op||value,on[1]=...` after the select part.
    if not text:
        return []
    out = []
    for part in text.split(DELIM_STR):
        key, _, value = part.partition("=")
        segments = split_key(key)
        if segments and segments[0] == "on" and value:
            out.append((key, value))
    if len(out) > ARRAY_LIMIT:
        raise _array_limit_error()
    return out


def _parse_number(name: str, text: str) -> int:
    if not _DIGITS.fullmatch(text):
        raise BadRequest(f"Invalid {name}. Number expected")
    return int(text)


def parse_uuid_param(name: str, value: Any) -> str:
    """A route's id parameter, which must be a UUID string. The hand-written PATCH and DELETE of a collection's item
    path check it too, so a malformed id answers one 400 whatever the method (a walk met 400 on GET, 404 on PATCH)."""
    if not isinstance(value, str) or not _UUID.fullmatch(value):
        raise BadRequest(f"Invalid param {name}. UUID string expected")
    return value


# What a filter may compare with, said where it is documented: a client had only the refusal's list to learn them from.
_IGNORING_CASE = [op for op in CANONICAL_OPERATORS if op.endswith("L")]
OPERATORS = ("$op: " + ", ".join(op for op in CANONICAL_OPERATORS if op not in _IGNORING_CASE)
             + f"; {', '.join(_IGNORING_CASE)} ignore case ($cont does not). $in, $notin and $between take values "
               "joined by commas; $isnull and $notnull none.")


def query_parameters(max_page_size: int, *, joins: bool = False) -> dict[str, dict]:
    """The collection query language's parameters, for the OpenAPI document (chalicelib/core/openapi.py);
    `join` only for a collection that declares relations (any join of another is refused)."""
    repeated = {"type": "array", "items": {"type": "string"}}
    count = {"type": "integer", "minimum": 0}
    parameters = {
        "fields": {"type": "string", "description": "fields to return, comma separated (the key always is)"},
        "s": {"type": "string", "description": 'a JSON search, e.g. {"name": {"$contL": "river"}}: names holding '
                                                'river in any case'},
        "filter": {**repeated, "description": f"field||$op||value, ANDed (ignored when s is given). {OPERATORS}"},
        "or": {**repeated, "description": f"field||$op||value, ORed. {OPERATORS}"},
        "join": {**repeated, "description": "relation||field1,field2"},
        "sort": {**repeated, "description": "field,ASC or field,DESC"},
        "limit": {**count, "description": f"items a page; at most {max_page_size} (a larger limit, or 0, "
                                             f"gives {max_page_size})"},
        "offset": {**count, "description": "items to skip"},
        "page": {**count, "description": "page number from 1 (with limit); the answer is then "
                                            "{data, count, total, page, pageCount}"},
        "include_deleted": {**count, "description": "1 to include soft-deleted items"},
    }
    if not joins:
        del parameters["join"]
    return parameters
