"""DynamoDB's batch calls, several requests at once.

    batches.put_all([(table, item), ...])     # BatchWriteItem, 25 items a request (tables mixed)
    batches.get_all(table, [key, ...])        # BatchGetItem, 100 keys a request

An import's chunk of 1,000 rows makes about fifty such requests; one after the other, each waits a round
trip to DynamoDB, and the round trips, not the work, set how fast an import goes.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from chalicelib.core import aws

WRITE_ITEMS = 25  # DynamoDB's limits per request
READ_KEYS = 100
# Requests in flight at once (boto3's client keeps 24 connections: chalicelib/core/aws.py).
THREADS = 8
MAX_BACKOFF_SECONDS = 2.0


def _backoff(attempt: int) -> None:
    """DynamoDB answered part of a batch as unprocessed (throttled): wait before asking for the rest."""
    time.sleep(min(MAX_BACKOFF_SECONDS, 0.05 * 2 ** attempt))


def _concurrently(work, batches: list) -> list:
    """`work(batch)` (a list of items found) for every batch, THREADS at once; their items, in batch order."""
    if len(batches) <= 1:
        return [item for batch in batches for item in work(batch)]
    with ThreadPoolExecutor(min(THREADS, len(batches)), thread_name_prefix="dynamodb-batch") as pool:
        return [item for items in pool.map(work, batches) for item in items]


def put_all(items: list[tuple[str, dict]]) -> None:
    """Put every (table, item): a put of the same item again changes nothing, so a repeated call is safe."""
    client = aws.client("dynamodb")

    def write(batch: list[tuple[str, dict]]) -> list:
        pending: dict = {}
        for table, item in batch:
            pending.setdefault(table, []).append({"PutRequest": {"Item": item}})
        attempt = 0
        while pending:
            # The capacity used comes back with each answer (make bench sums it: bench/imports.py).
            pending = client.batch_write_item(RequestItems=pending, ReturnConsumedCapacity="TOTAL").get(
                "UnprocessedItems") or None
            if pending:
                attempt += 1
                _backoff(attempt)
        return []

    _concurrently(write, [items[start:start + WRITE_ITEMS] for start in range(0, len(items), WRITE_ITEMS)])


def get_all(table: str, keys: list[dict]) -> list[dict]:
    """The stored items of `keys` (distinct) that exist, in no particular order."""
    client = aws.client("dynamodb")

    def read(batch: list[dict]) -> list[dict]:
        pending = {table: {"Keys": batch}}
        attempt, found = 0, []
        while pending:
            answer = client.batch_get_item(RequestItems=pending, ReturnConsumedCapacity="TOTAL")
            found += answer["Responses"].get(table, [])
            pending = answer.get("UnprocessedKeys") or None
            if pending:
                attempt += 1
                _backoff(attempt)
        return found

    return _concurrently(read, [keys[start:start + READ_KEYS] for start in range(0, len(keys), READ_KEYS)])
