"""DynamoDB's batch calls, several requests at once.

    batches.put_all([(table, item), ...])     # BatchWriteItem, 25 items a request (tables mixed)
    batches.get_all(table, [key, ...])        # BatchGetItem, 100 keys a request

An import's chunk of 1,000 rows makes about fifty such requests; one after the other, each waits a round
trip to DynamoDB, and the round trips, not the work, set how fast an import goes.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from chalicelib.core import aws

WRITE_ITEMS = 25  # DynamoDB's limits per request
READ_KEYS = 100
# Requests in flight at once (boto3's client keeps 24 connections: chalicelib/core/aws.py).
THREADS = 8
MAX_BACKOFF_SECONDS = 2.0


@dataclass
class Cost:
    """What the requests cost: how many were made and the capacity units DynamoDB reported."""

    requests: int = 0
    units: float = 0.0

    def add(self, requests: int, units: float) -> None:
        self.requests += requests
        self.units += units


def _units(answer: dict) -> float:
    return sum(c.get("CapacityUnits", 0) for c in answer.get("ConsumedCapacity", []))


def _backoff(attempt: int) -> None:
    """DynamoDB answered part of a batch as unprocessed (throttled): wait before asking for the rest."""
    time.sleep(min(MAX_BACKOFF_SECONDS, 0.05 * 2 ** attempt))


def _concurrently(work, batches: list, cost: Cost | None) -> list:
    if not batches:
        return []
    if len(batches) == 1:
        results = [work(batches[0])]
    else:
        with ThreadPoolExecutor(min(THREADS, len(batches)), thread_name_prefix="dynamodb-batch") as pool:
            results = list(pool.map(work, batches))
    found = []
    for requests, units, items in results:
        if cost is not None:
            cost.add(requests, units)
        found += items
    return found


def put_all(items: list[tuple[str, dict]], cost: Cost | None = None) -> None:
    """Put every (table, item): a put of the same item again changes nothing, so a repeated call is safe."""
    client = aws.client("dynamodb")

    def write(batch: list[tuple[str, dict]]) -> tuple[int, float, list]:
        pending: dict = {}
        for table, item in batch:
            pending.setdefault(table, []).append({"PutRequest": {"Item": item}})
        attempt, requests, units = 0, 0, 0.0
        while pending:
            answer = client.batch_write_item(RequestItems=pending, ReturnConsumedCapacity="TOTAL")
            requests += 1
            units += _units(answer)
            pending = answer.get("UnprocessedItems") or None
            if pending:
                attempt += 1
                _backoff(attempt)
        return requests, units, []

    _concurrently(write, [items[start:start + WRITE_ITEMS] for start in range(0, len(items), WRITE_ITEMS)], cost)


def get_all(table: str, keys: list[dict], cost: Cost | None = None) -> list[dict]:
    """The stored items of `keys` (distinct) that exist, in no particular order."""
    client = aws.client("dynamodb")

    def read(batch: list[dict]) -> tuple[int, float, list]:
        pending = {table: {"Keys": batch}}
        attempt, requests, units, found = 0, 0, 0.0, []
        while pending:
            answer = client.batch_get_item(RequestItems=pending, ReturnConsumedCapacity="TOTAL")
            requests += 1
            units += _units(answer)
            found += answer["Responses"].get(table, [])
            pending = answer.get("UnprocessedKeys") or None
            if pending:
                attempt += 1
                _backoff(attempt)
        return requests, units, found

    return _concurrently(read, [keys[start:start + READ_KEYS] for start in range(0, len(keys), READ_KEYS)], cost)
