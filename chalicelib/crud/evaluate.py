"""The reference semantics of a query, in plain Python over dict items.

`list_items` reads candidate items from DynamoDB and filters, sorts, pages and projects them with
the functions here; `run_query` does the same over items held in memory, and the tests expect both
to give the same answer.

Comparison rules (SQL-like, as the relational backends of the request format behave):
- A missing or null value matches only `$isnull` (every other operator, `$ne`/`$notin`/`$excl`
  included, is false for it); `$notnull` matches everything else.
- Numbers compare as exact decimals; booleans only with booleans; two strings that are both ISO
  dates (`2024-05-01`, `2024-05-01T10:00:00Z`, with offsets) compare as instants, other strings by
  code point. Values of different kinds are unequal and unordered (`$gt` etc. are false).
- `$starts/$ends/$cont/$excl` look at string values only; the `L` variants compare lower-cased.
- `$ne`, `$notin`, `$excl` (and `L` forms) are the negations of `$eq`, `$in`, `$cont` for non-null values.
- `$between` is inclusive at both ends; `$contArr`/`$intersectsArr` test list values.
- Sorting: missing values last ascending (first descending); mixed kinds in a fixed kind order;
  ties broken by the key, so pages never overlap.
"""
from __future__ import annotations

import json
import math
from typing import Any, Iterable, Sequence

from chalicelib.crud.conditions import (TRUE, And, Compare, Condition, Or, all_of, as_text, normalize_search, number,
                                        parse_iso)
from chalicelib.crud.parser import Sort


def matches(condition: Condition | dict | None, item: dict) -> bool:
    """Whether the item satisfies the condition (a condition tree, or a search object)."""
    if condition is None:
        return True
    if isinstance(condition, dict):
        condition = normalize_search(condition, trusted=True)
    if isinstance(condition, And):
        return all(matches(part, item) for part in condition.items)
    if isinstance(condition, Or):
        return any(matches(part, item) for part in condition.items)
    return _compare(condition, item.get(condition.field))


def evaluate(condition: Condition | dict | None, items: Iterable[dict]) -> list[dict]:
    """The items that satisfy the condition, in their order."""
    if isinstance(condition, dict):
        condition = normalize_search(condition, trusted=True)
    return [item for item in items if matches(condition, item)]


# ---------------------------------------------------------------- comparisons


def _ordering(a: Any, b: Any) -> int | None:
    """-1/0/1 when a and b are comparable values of the same kind, else None."""
    if isinstance(a, bool) or isinstance(b, bool):
        if isinstance(a, bool) and isinstance(b, bool):
            return (a > b) - (a < b)
        return None
    na, nb = number(a), number(b)
    if na is not None and nb is not None:
        return (na > nb) - (na < nb)
    if isinstance(a, str) and isinstance(b, str):
        da, db = parse_iso(a), parse_iso(b)
        if da is not None and db is not None:
            return (da > db) - (da < db)
        return (a > b) - (a < b)
    return None


def _equal(a: Any, b: Any) -> bool:
    order = _ordering(a, b)
    if order is not None:
        return order == 0
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict, tuple)):
        return _plain(a) == _plain(b)
    return False


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    n = number(value)
    return n if n is not None else value


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _compare(cond: Compare, value: Any) -> bool:
    op = cond.op
    if op == "$isnull":
        return value is None
    if value is None:
        return False
    if op == "$notnull":
        return True
    operand = cond.value
    if op.endswith("L"):
        value = _lower(value)
        operand = tuple(_lower(v) for v in operand) if isinstance(operand, tuple) else _lower(operand)
        op = op[:-1]
    if op == "$eq":
        return _equal(value, operand)
    if op == "$ne":
        return not _equal(value, operand)
    if op in ("$gt", "$lt", "$gte", "$lte"):
        order = _ordering(value, operand)
        if order is None:
            return False
        return {"$gt": order > 0, "$lt": order < 0, "$gte": order >= 0, "$lte": order <= 0}[op]
    if op == "$between":
        low, high = _ordering(value, operand[0]), _ordering(value, operand[1])
        return low is not None and high is not None and low >= 0 and high <= 0
    if op == "$in":
        return any(_equal(value, v) for v in operand)
    if op == "$notin":
        return not any(_equal(value, v) for v in operand)
    if op in ("$starts", "$ends", "$cont", "$excl"):
        if not isinstance(value, str):
            return op == "$excl"
        text = as_text(operand)
        if op == "$starts":
            return value.startswith(text)
        if op == "$ends":
            return value.endswith(text)
        return (text in value) != (op == "$excl")
    if op in ("$contArr", "$intersectsArr"):
        if not isinstance(value, (list, tuple, set)):
            return False
        found = [any(_equal(element, v) for element in value) for v in operand]
        return all(found) if op == "$contArr" else any(found)
    raise ValueError(f"unknown operator {cond.op}")  # pragma: no cover - the parser only makes known ones


# ---------------------------------------------------------------- sorting, pages, projection


def sort_value(value: Any) -> tuple:
    """A total order over stored values: booleans, numbers, dates, other strings, the rest."""
    if isinstance(value, bool):
        return (0, value)
    n = number(value)
    if n is not None:
        return (1, n)
    if isinstance(value, str):
        moment = parse_iso(value)
        # Text as people read it: case only breaks ties ("bob" before "Vera", not after).
        return (2, moment) if moment is not None else (3, value.casefold(), value)
    return (4, json.dumps(_plain(value), sort_keys=True, default=str))


def _sort_key(name: str):
    def key(item: dict) -> tuple:
        value = item.get(name)
        # Missing values last when ascending, first when descending (as SQL's default NULLS LAST/FIRST).
        return (1, ()) if value is None else (0, sort_value(value))

    return key


def sort_items(items: Sequence[dict], sort: Sequence[Any], key_fields: Sequence[str]) -> list[dict]:
    """Items sorted by the given sorts (objects with `field` and `order`), ties broken by the key."""
    result = list(items)
    for name in reversed(tuple(key_fields)):
        result.sort(key=_sort_key(name))
    for entry in reversed(tuple(sort)):
        result.sort(key=_sort_key(entry.field), reverse=entry.order == "DESC")
    return result


def take_of(parsed: Any, max_page_size: int) -> int:
    """Page size: the requested limit (0 or none: the maximum), never above the server maximum."""
    limit = parsed.limit or 0
    return min(limit, max_page_size) if limit > 0 else max_page_size


def skip_of(parsed: Any, take: int) -> int:
    if parsed.page:
        return take * (parsed.page - 1)
    return parsed.offset or 0


def project(item: dict, fields: Sequence[str], keep: Sequence[str]) -> dict:
    if not fields:
        return item
    wanted = set(fields) | set(keep)
    return {name: value for name, value in item.items() if name in wanted}


def page_of(parsed: Any, items: Sequence[dict], *, max_page_size: int) -> tuple[list[dict], dict | None]:
    """The requested slice of sorted items, and the page information when the request is paginated:
    {count, total, page, pageCount}; page = floor(offset/limit)+1, pageCount = ceil(total/limit)
    (1 for an empty result, as the request format's servers answer)."""
    take = take_of(parsed, max_page_size)
    skip = skip_of(parsed, take) if parsed.paginated else 0
    data = list(items[skip:skip + take])
    if not parsed.paginated:
        return data, None
    total = len(items)
    info = {"count": len(data), "total": total, "page": skip // take + 1,
            "pageCount": math.ceil(total / take) if total else 1}
    return data, info


def respond(data: list[dict], info: dict | None) -> list | dict:
    if info is None:
        return data
    return {"data": data, **info}


# ---------------------------------------------------------------- the whole query


def effective_condition(collection: Any, parsed: Any, scope: Condition | dict | None = None) -> Condition:
    """The query's condition ANDed with the caller's scope and the soft-delete rule. The scope is
    ANDed, never ORed, so nothing in the query can widen it."""
    parts: list = [scope_condition(collection, scope), parsed.where if parsed is not None else TRUE]
    soft_delete = getattr(collection, "soft_delete_field", None)
    if soft_delete and parsed is not None and parsed.include_deleted == 1:
        if getattr(collection, "deleted_for_admins_only", False):
            _require_system_admin()
    elif soft_delete:
        parts.append(Compare(soft_delete, "$isnull"))
    return all_of(*parts)


def _require_system_admin() -> None:
    from chalicelib.auth.principal import current_principal
    from chalicelib.core.errors import Forbidden

    principal = current_principal()
    if not (principal is not None and principal.is_system_admin):
        raise Forbidden("Only system administrators list deleted records.")


def scope_condition(collection: Any, scope: Condition | dict | None) -> Condition:
    """The caller's scope as a condition; a search object's values are typed by the collection's fields
    (a route parameter "5" compares with the number 5 on a number field)."""
    if scope is None:
        return TRUE
    if isinstance(scope, dict):
        return normalize_search(scope, getattr(collection, "field_types", None), trusted=True)
    return scope


def run_query(collection: Any, parsed: Any, items: Iterable[dict], scope: Condition | dict | None = None,
              condition: Condition | None = None) -> list | dict:
    """Filter, sort, page and project items as `list_items` answers (joins excepted)."""
    if condition is None:
        condition = effective_condition(collection, parsed, scope)
    matched = [item for item in items if matches(condition, item)]
    return finish(collection, parsed, matched)


def finish(collection: Any, parsed: Any, matched: list[dict]) -> list | dict:
    ordered = sort_items(matched, parsed.sort or _default_sort(collection), collection.key_fields)
    data, info = page_of(parsed, ordered, max_page_size=collection.max_page_size)
    return respond(present(collection, parsed, data), info)


def _default_sort(collection: Any) -> list:
    return [Sort(name, order) for name, order in getattr(collection, "default_sort", ())]


def present(collection: Any, parsed: Any, items: list[dict]) -> list[dict]:
    """Items as the client asked for them: joined relations loaded, projected to the requested
    fields (default: the collection's public fields), the key and joined relations always kept."""
    for join in parsed.join:
        relation = collection.joins.get(join.relation)
        if relation is not None and relation.load is not None:
            relation.load(items, list(join.select) if join.select else None)
    keep = tuple(collection.key_fields) + tuple(j.relation for j in parsed.join)
    return [project(item, parsed.fields or collection.public_fields, keep) for item in items]
