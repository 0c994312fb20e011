"""Search conditions: the operators of the request format, the condition tree, typed values.

A condition is a small tree: `Compare(field, op, value)` leaves joined by `And`/`Or`. The parser
builds it from `s`, `filter` and `or`; the service ANDs it with route params, the caller's scope and
the soft-delete rule; `evaluate.matches` decides whether an item (a plain dict) satisfies it.

Operators are kept in their canonical `$` form; the legacy names without `$` are accepted on input.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any, Mapping

from chalicelib.core import numbers
from chalicelib.core.errors import BadRequest

DELIM = "||"
DELIM_STR = ","

CANONICAL_OPERATORS = (
    "$eq", "$ne", "$gt", "$lt", "$gte", "$lte", "$starts", "$ends", "$cont", "$excl", "$in", "$notin",
    "$isnull", "$notnull", "$between", "$eqL", "$neL", "$startsL", "$endsL", "$contL", "$exclL", "$inL",
    "$notinL", "$contArr", "$intersectsArr",
)
LEGACY_OPERATORS = (
    "eq", "ne", "gt", "lt", "gte", "lte", "starts", "ends", "cont", "excl", "in", "notin", "isnull",
    "notnull", "between", "contArr", "intersectsArr",
)
# The order @dataui/crud-request lists them in its own validation message.
VALID_OPERATORS = LEGACY_OPERATORS + CANONICAL_OPERATORS
INVALID_OPERATOR = f"Invalid comparison operator. {','.join(VALID_OPERATORS)} expected"

ARRAY_OPERATORS = frozenset({"$in", "$notin", "$between", "$inL", "$notinL", "$contArr", "$intersectsArr"})
EMPTY_OPERATORS = frozenset({"$isnull", "$notnull"})
# Operators whose operand is compared as text.
TEXT_OPERATORS = frozenset({"$starts", "$ends", "$cont", "$excl", "$startsL", "$endsL", "$contL", "$exclL"})

# Field types a collection may declare (derived from its pynamodb attributes).
STRING, NUMBER, BOOLEAN, ANY = "string", "number", "boolean", "any"

MAX_SEARCH_DEPTH = 10

# The same shape @dataui/crud-util calls a date string: a date, optionally with a time and zone.
ISO_DATE = re.compile(
    r"(\d{4})-([01]\d)-([0-3]\d)(?:T([0-2]\d):([0-5]\d):([0-5]\d)(?:\.(\d+))?(Z|[-+][0-2]\d(?::?[0-5]\d)?)?)?", re.ASCII)
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?", re.ASCII)
_JSON_INTEGER = re.compile(r"-?(?:0|[1-9]\d*)", re.ASCII)


@dataclass(frozen=True)
class Compare:
    field: str
    op: str
    value: Any = None


@dataclass(frozen=True)
class And:
    items: tuple = ()


@dataclass(frozen=True)
class Or:
    items: tuple = ()


TRUE = And(())
Condition = Compare | And | Or


def all_of(*conditions: Condition | None) -> Condition:
    """AND of the given conditions, flattening nested ANDs and dropping empty ones."""
    items: list = []
    for condition in conditions:
        if condition is None:
            continue
        if isinstance(condition, And):
            items.extend(condition.items)
        else:
            items.append(condition)
    return items[0] if len(items) == 1 else And(tuple(items))


def any_of(*conditions: Condition) -> Condition:
    return conditions[0] if len(conditions) == 1 else Or(tuple(conditions))


def conjuncts(condition: Condition) -> list[Condition]:
    """The top-level AND parts of a condition (the condition itself when it is not an AND)."""
    if isinstance(condition, And):
        out: list = []
        for item in condition.items:
            out.extend(conjuncts(item))
        return out
    return [condition]


def canonical_operator(operator: Any) -> str:
    if isinstance(operator, str):
        if operator in CANONICAL_OPERATORS:
            return operator
        if operator in LEGACY_OPERATORS:
            return "$" + operator
    raise BadRequest(INVALID_OPERATOR)


# ---------------------------------------------------------------- values


def parse_value(text: str) -> Any:
    """A query-string value, JSON-typed where it parses (numbers, booleans, null, "quoted" text);
    anything else, including JSON objects and arrays, stays the text it was."""
    if text in ("true", "false"):
        return text == "true"
    if text == "null":
        return None
    if _JSON_NUMBER.fullmatch(text):
        return int(text) if _JSON_INTEGER.fullmatch(text) else Decimal(text)
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        try:
            decoded = json.loads(text)
        except ValueError:
            return text
        return decoded if isinstance(decoded, str) else text
    return text


def is_value(value: Any) -> bool:
    """A usable operand: non-empty text, a finite number or a boolean (as the builder's hasValue)."""
    if isinstance(value, bool):
        return True
    if isinstance(value, (int, Decimal, float)):
        return numbers.finite(value)
    return isinstance(value, str) and value != ""


def has_value(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return len(value) > 0 and all(is_value(v) for v in value)
    return is_value(value)


def as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return str(value)


def coerce(value: Any, field_type: str, raw: str | None = None) -> Any:
    """An operand converted to the declared type of its field, so `name||$eq||123` compares
    with the text "123" on a string field and `{"score": "5"}` with the number 5 on a number field."""
    if value is None:
        return None
    if field_type == STRING and not isinstance(value, str):
        return raw if raw is not None else as_text(value)
    if field_type == NUMBER and isinstance(value, str) and _JSON_NUMBER.fullmatch(value.strip()):
        return parse_value(value.strip())
    if field_type == BOOLEAN and value in ("true", "false"):
        return value == "true"
    return value


@lru_cache(maxsize=4096)
def parse_iso(value: str) -> datetime | None:
    """An ISO date or date-time string as an aware datetime (UTC when no zone is given), else None."""
    match = ISO_DATE.fullmatch(value)
    if not match:
        return None
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0),
                          int(((fraction or "") + "000000")[:6]), tzinfo=timezone.utc)
    except ValueError:
        return None
    if zone and zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
        moment = moment - sign * offset
    return moment


def number(value: Any) -> Decimal | None:
    """Numbers of any Python type as exact Decimals (floats by their shortest text); None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        try:
            return Decimal(repr(value))
        except InvalidOperation:  # pragma: no cover - repr of a finite float always parses
            return None
    return None


# ---------------------------------------------------------------- the `s` search object


def normalize_search(data: Any, field_types: Mapping[str, str] | None = None, *, trusted: bool = False) -> Condition:
    """Turn a search object ({field: value | {op: value}}, `$and`/`$or` lists) into a condition.

    Every key of an object is ANDed; `$and` is the AND of its list, `$or` the OR of its list.
    A field's operator object ANDs its operators; an `$or` inside it ORs the operators it holds.
    `trusted` is for conditions written by the server (a route's scope): no field check.
    """
    if not isinstance(data, dict):
        raise BadRequest("Invalid search param. JSON expected")
    return _search_node(data, field_types, trusted, 0)


def _search_error(detail: str) -> BadRequest:
    return BadRequest(f"Invalid search param. {detail}")


def _search_node(data: Any, field_types, trusted: bool, depth: int) -> Condition:
    if depth > MAX_SEARCH_DEPTH:
        raise _search_error("Conditions are nested too deeply")
    if not isinstance(data, dict):
        raise _search_error("Conditions must be objects")
    parts: list = []
    for key, value in data.items():
        if key in ("$and", "$or"):
            if not isinstance(value, list):
                raise _search_error(f"{key} must be an array of conditions")
            children = [_search_node(child, field_types, trusted, depth + 1) for child in value]
            if not children:
                continue
            parts.append(all_of(*children) if key == "$and" else any_of(*children))
        else:
            parts.append(_search_field(key, value, field_types, trusted, depth))
    return all_of(*parts) if parts else TRUE


def check_field(field: Any, field_types: Mapping[str, str] | None) -> str:
    if field_types is not None and field not in field_types:
        raise BadRequest(f"Unknown field {field}")
    return field


def _search_field(field: str, value: Any, field_types, trusted: bool, depth: int) -> Condition:
    if not field:
        raise BadRequest("Invalid field type in search condition. String expected")
    if not trusted:
        check_field(field, field_types)
    field_type = (field_types or {}).get(field, ANY)
    if isinstance(value, dict):
        return _search_operators(field, value, field_type, depth)
    if isinstance(value, list):
        raise _search_error(f"Value of {field} must be a value or an object of operators")
    if value is None:
        return Compare(field, "$isnull")
    return search_compare(field, "$eq", value, field_type)


def _search_operators(field: str, operators: dict, field_type: str, depth: int) -> Condition:
    if depth > MAX_SEARCH_DEPTH:
        raise _search_error("Conditions are nested too deeply")
    parts: list = []
    for operator, operand in operators.items():
        if operator == "$or":
            if not isinstance(operand, dict):
                raise _search_error(f"$or of {field} must be an object of operators")
            inner = _search_operators(field, operand, field_type, depth + 1)
            parts.append(Or(inner.items) if isinstance(inner, And) and inner.items else inner)
        else:
            parts.append(search_compare(field, canonical_operator(operator), operand, field_type))
    return all_of(*parts) if parts else TRUE


def search_compare(field: str, op: str, operand: Any, field_type: str) -> Compare:
    """One comparison of the search object, its operand checked and typed."""
    if op in EMPTY_OPERATORS:
        return Compare(field, op)
    if operand is None:
        if op in ("$eq", "$eqL"):
            return Compare(field, "$isnull")
        if op in ("$ne", "$neL"):
            return Compare(field, "$notnull")
        raise _search_error(f"Invalid value for {field} {op}")
    if op in ARRAY_OPERATORS:
        values = operand if isinstance(operand, list) else [operand]
        if not values or not all(_is_search_value(v) for v in values) or (op == "$between" and len(values) != 2):
            raise _search_error(f"Invalid value for {field} {op}")
        return Compare(field, op, tuple(coerce(_typed(v), field_type) for v in values))
    if not _is_search_value(operand):
        raise _search_error(f"Invalid value for {field} {op}")
    return Compare(field, op, coerce(_typed(operand), field_type))


def _is_search_value(value: Any) -> bool:
    # Unlike a filter string, a search object may compare with the empty text.
    return value == "" or is_value(value)


def _typed(value: Any) -> Any:
    # JSON floats arrive as Python floats; keep numbers exact from here on.
    return number(value) if isinstance(value, float) else value


# ---------------------------------------------------------------- `filter` / `or` strings


def parse_filter(text: str, kind: str, field_types: Mapping[str, str] | None) -> Compare:
    """`field||$op||value` (value lists split by `,` for $in, $notin, $between, ...)."""
    parts = text.split(DELIM)
    field = parts[0]
    if not field:
        raise BadRequest(f"Invalid field type in {kind} condition. String expected")
    op = canonical_operator(parts[1] if len(parts) > 1 else None)
    raw = DELIM.join(parts[2:])
    check_field(field, field_types)
    field_type = (field_types or {}).get(field, ANY)
    if op in EMPTY_OPERATORS:
        return Compare(field, op)
    if op in ARRAY_OPERATORS:
        raws = raw.split(DELIM_STR)
        values = [parse_value(r) for r in raws]
        if not has_value(values) or (op == "$between" and len(values) != 2):
            raise BadRequest(f"Invalid {kind} value")
        return Compare(field, op, tuple(coerce(v, field_type, r) for v, r in zip(values, raws)))
    value = parse_value(raw)
    if not is_value(value):
        raise BadRequest(f"Invalid {kind} value")
    return Compare(field, op, coerce(value, field_type, raw))
