"""Reading a collection's candidate items from DynamoDB for a condition.

A Query when the condition pins the table's hash key, or the hash key of one of the collection's
GSIs, with `$eq` at the top level of its AND; otherwise a paginated Scan. Every page is read (the
full condition is evaluated in Python afterwards, so answers are right across DynamoDB pages), and
every request is counted in a ReadStats.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterator

from pynamodb.attributes import NumberAttribute, UnicodeAttribute

from chalicelib.crud.conditions import Compare, Condition, conjuncts, number, parse_iso


@dataclass
class ReadStats:
    """What one list request cost: DynamoDB requests, items DynamoDB examined and returned, and the
    time spent waiting for DynamoDB (ms)."""

    requests: int = 0
    scanned: int = 0
    read: int = 0
    dynamodb_ms: float = 0.0
    operation: str = ""


@dataclass(frozen=True)
class ReadPlan:
    operation: str  # "query" or "scan"
    attribute: str | None = None
    value: Any = None
    index: Any = None  # a pynamodb index, or None for the table

    def describe(self) -> str:
        if self.operation == "scan":
            return "Scan"
        where = f" {self.index.Meta.index_name}" if self.index is not None else ""
        return f"Query{where} ({self.attribute})"


def _key_value(attribute: Any, value: Any) -> Any:
    """The value to query a key attribute with, or None when a Query could miss matching items."""
    if isinstance(attribute, UnicodeAttribute):
        # ISO date strings equal other spellings of the same instant; only exact text is safe.
        return value if isinstance(value, str) and value and parse_iso(value) is None else None
    if isinstance(attribute, NumberAttribute):
        exact = number(value)
        if exact is None:
            return None
        return int(exact) if exact == exact.to_integral_value() else float(exact)
    return None


def plan_read(collection: Any, condition: Condition) -> ReadPlan:
    pinned: dict[str, Any] = {}
    for part in conjuncts(condition):
        if isinstance(part, Compare) and part.op == "$eq" and part.field not in pinned:
            pinned[part.field] = part.value
    attributes = collection.attributes
    key = collection.key
    if key in pinned:
        value = _key_value(attributes[key], pinned[key])
        if value is not None:
            return ReadPlan("query", key, value)
    for name, index in collection.index_objects.items():
        if name in pinned and name in attributes:
            value = _key_value(attributes[name], pinned[name])
            if value is not None:
                return ReadPlan("query", name, value, index)
    return ReadPlan("scan")


def read_candidates(collection: Any, condition: Condition, stats: ReadStats | None = None) -> Iterator[dict]:
    """Items (as dicts) that may satisfy the condition: all of those that do, maybe more."""
    stats = stats if stats is not None else ReadStats()
    plan = plan_read(collection, condition)
    stats.operation = plan.describe()
    model = collection.model
    page_size = collection.read_page_size
    if plan.operation == "query":
        source = plan.index if plan.index is not None else model
        result = source.query(plan.value, page_size=page_size)
    else:
        result = model.scan(page_size=page_size)
    pages = result.page_iter
    while True:
        started = time.perf_counter()
        try:
            page = next(pages)
        except StopIteration:
            return
        finally:
            stats.dynamodb_ms += (time.perf_counter() - started) * 1000
        stats.requests += 1
        stats.scanned += page.get("ScannedCount", 0)
        raw_items = page.get("Items", [])
        stats.read += len(raw_items)
        for raw in raw_items:
            yield model.from_raw_data(raw).to_dict()
