"""The generic collection service's list over 10,000 items in an AWS stand-in of its own (ENGINE): a filtered,
sorted, paged list by Scan (no key pinned) and by GSI Query (owner pinned); DynamoDB requests made
(counted by the service and, as a check, by botocore's event system) and server time in ms."""
from __future__ import annotations

PER_ENGINE = True

import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ITEMS = 10_000
OWNERS = 100
RUNS = 3
QUERIES = {
    "Scan: filter + sort + page": "filter=score||$gte||500&filter=kind||$in||a,b&sort=score,DESC&limit=20&page=3",
    "Query GSI: owner + sort + page": "filter=ownerId||$eq||owner-7&filter=active||$eq||true&sort=createdAt,DESC"
                                      "&limit=10&page=2",
}


def _environment(url: str) -> None:
    os.environ.update({"AWS_ENDPOINT_URL": url, "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench",
                       "AWS_DEFAULT_REGION": "us-east-1", "AWS_REGION": "us-east-1", "TABLE_PREFIX": "owd-bench-"})
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    get_settings.cache_clear()
    aws.reset()


def _model():
    from pynamodb.attributes import BooleanAttribute, ListAttribute, NumberAttribute, UnicodeAttribute
    from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

    from chalicelib.core.models import BaseModel, table_meta

    class ByOwner(GlobalSecondaryIndex):
        class Meta:
            index_name = "byOwner"
            projection = AllProjection()

        ownerId = UnicodeAttribute(hash_key=True)

    class BenchItem(BaseModel):
        Meta = table_meta("crudbench")
        id = UnicodeAttribute(hash_key=True)
        ownerId = UnicodeAttribute()
        name = UnicodeAttribute()
        kind = UnicodeAttribute()
        score = NumberAttribute()
        active = BooleanAttribute()
        tags = ListAttribute(null=True)
        createdAt = UnicodeAttribute()
        deletedAt = UnicodeAttribute(null=True)
        by_owner = ByOwner()

    return BenchItem


def _seed(model) -> float:
    rng = random.Random(7)
    started = time.perf_counter()
    model.create_table(billing_mode="PAY_PER_REQUEST", wait=True)
    with model.batch_write() as batch:
        for n in range(ITEMS):
            batch.save(model(id=str(uuid.UUID(int=rng.getrandbits(128), version=4)), ownerId=f"owner-{n % OWNERS}",
                             name=f"Station {n}", kind=rng.choice("abcd"), score=rng.randint(0, 1000),
                             active=rng.random() < 0.7, tags=rng.sample(["ph", "do", "temp", "flow"], 2),
                             createdAt=f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}T{n % 24:02d}:00:00Z"))
    return time.perf_counter() - started


def main() -> None:
    from devtools import engines
    from devtools.processes import free_port

    engine = engines.start(engines.selected(), free_port())
    stand_in = engine.name
    try:
        print(f"crud list: {engine.describe()}")
        _environment(engine.url)
        from chalicelib.crud import Collection, ReadStats, list_items, parse_query

        model = _model()
        seconds = _seed(model)
        print(f"crud list: seeded {ITEMS:,} items into {stand_in} in {seconds:.1f} s")
        collection = Collection(model, name="Station")
        calls = {"n": 0}

        def count(**_):
            calls["n"] += 1

        model._get_connection().connection.client.meta.events.register("before-call.dynamodb.*", count)
        for label, query in QUERIES.items():
            times, waits, stats = [], [], None
            for _ in range(RUNS):
                calls["n"] = 0
                stats = ReadStats()
                started = time.perf_counter()
                result = list_items(collection, parse_query(query, collection), None, stats=stats)
                times.append((time.perf_counter() - started) * 1000)
                waits.append(stats.dynamodb_ms)
            own = [t - w for t, w in zip(times, waits)]
            print(f"crud list: {label}: {stats.operation}; DynamoDB requests {stats.requests} "
                  f"(botocore saw {calls['n']}), items scanned {stats.scanned:,}, matched {result['total']}, "
                  f"page {result['page']}/{result['pageCount']} ({result['count']} items)")
            print(f"    server time median {statistics.median(times):.0f} ms (min {min(times):.0f}, max "
                  f"{max(times):.0f}, {RUNS} runs) = waiting for DynamoDB ({stand_in}) {statistics.median(waits):.0f} ms "
                  f"+ service (deserialize, evaluate, sort, page) {statistics.median(own):.0f} ms")
    finally:
        engine.stop()


if __name__ == "__main__":
    main()
