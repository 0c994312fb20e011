"""The generic collection service's list over 10,000 items in an AWS stand-in of its own (ENGINE): a filtered,
sorted, paged list by Scan (no key pinned) and by GSI Query (owner pinned); DynamoDB requests made
(counted by the service and, as a check, by botocore's event system) and server time in ms.

Then the product's own lists at 100,000 items (BENCH_CRUD_ITEMS; issue 18): the administrators' user list
(default order: a page from the byNameKey index and the user counter; a search: the Scan) and a user's
dashboards among 100,000 (Query byOwner). Goal: a default page in O(1) requests, whatever the table's size.
Last, a project's activities list with BENCH_ACTIVITIES (24,000) activities: its first and last pages (byStart
index, keys only) and a search (reads them all)."""
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
CRUD_ITEMS = int(os.environ.get("BENCH_CRUD_ITEMS", 100_000))
DASHBOARD_OWNERS = 1_000
ACTIVITIES = int(os.environ.get("BENCH_ACTIVITIES", 24_000))
PAGE_REQUESTS_GOAL = 3
OWNERS = 100
RUNS = 3
QUERIES = {
    "Scan: filter + sort + page": "filter=score||$gte||500&filter=kind||$in||a,b&sort=score,DESC&limit=20&page=3",
    "Query GSI: owner + sort + page": "filter=ownerId||$eq||owner-7&filter=active||$eq||true&sort=createdAt,DESC"
                                      "&limit=10&page=2",
}


def _environment(url: str) -> None:
    """The product's stack deployed into the stand-in (the users and dashboards tables), its settings in the
    environment."""
    from devtools import local_stack

    os.environ.update(local_stack.deploy(url))
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
        _product_lists(stand_in)
        _activities_list(stand_in)
    finally:
        engine.stop()


def _write_many(model, items) -> float:
    """Items written in batches of 25 by 4 threads (the product's models serialise them)."""
    from concurrent.futures import ThreadPoolExecutor

    def write(chunk):
        with model.batch_write() as batch:
            for item in chunk:
                batch.save(item)

    started = time.perf_counter()
    chunks = [items[i:i + 2500] for i in range(0, len(items), 2500)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(write, chunks))
    return time.perf_counter() - started


def _measure(label: str, run, stand_in: str) -> None:
    from chalicelib.crud import ReadStats

    times, stats, result = [], None, None
    for _ in range(RUNS):
        stats = ReadStats()
        started = time.perf_counter()
        result = run(stats)
        times.append((time.perf_counter() - started) * 1000)
    goal = ""
    if "default" in label:
        goal = f" (goal <= {PAGE_REQUESTS_GOAL}) {'OK' if stats.requests <= PAGE_REQUESTS_GOAL else 'OVER GOAL'}"
    print(f"crud list: {label}: {stats.operation}; DynamoDB requests {stats.requests}{goal}, items read {stats.read:,}, "
          f"total {result['total']:,}, page {result['page']}/{result['pageCount']}; server time median "
          f"{statistics.median(times):.0f} ms (waiting for {stand_in} {stats.dynamodb_ms:.0f} ms in the last run)")


def _product_lists(stand_in: str) -> None:
    """The users and dashboards lists with CRUD_ITEMS items each."""
    from chalicelib.crud import list_items, parse_query
    from chalicelib.dashboards.models import Dashboard
    from chalicelib.dashboards.service import DASHBOARDS
    from chalicelib.users.models import User
    from chalicelib.users.service import USERS

    rng = random.Random(18)
    first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus"]
    users = [User(id=str(uuid.UUID(int=rng.getrandbits(128), version=4)), email=f"user{n}@example.org",
                  name=f"{rng.choice(first)} {n:06d}", roles=[], createdAt="2026-01-01T00:00:00Z")
             for n in range(CRUD_ITEMS)]
    seconds = _write_many(User, users)
    owner = f"owner-{7:04d}"
    dashboards = [Dashboard(id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                            ownerId=f"owner-{n % DASHBOARD_OWNERS:04d}", label=f"Dashboard {n:06d}",
                            createdAt="2026-01-01T00:00:00Z") for n in range(CRUD_ITEMS)]
    seconds += _write_many(Dashboard, dashboards)
    print(f"crud list: {CRUD_ITEMS:,} users and {CRUD_ITEMS:,} dashboards ({DASHBOARD_OWNERS:,} owners) written "
          f"into {stand_in} in {seconds:.0f} s")

    def users_page(query):
        return lambda stats: list_items(USERS, parse_query(query, USERS), None, stats=stats)

    _measure(f"{CRUD_ITEMS:,} users, default list page 1 of 20", users_page("limit=20&page=1"), stand_in)
    _measure(f"{CRUD_ITEMS:,} users, default list page 50 of 20", users_page("limit=20&page=50"), stand_in)
    _measure(f"{CRUD_ITEMS:,} users, searched by name (Scan)",
             users_page('s={"$or":[{"name":{"$contL":"grace 0001"}},{"email":{"$contL":"grace 0001"}}]}&limit=20&page=1'),
             stand_in)
    _measure(f"{CRUD_ITEMS:,} dashboards, one owner's default list",
             lambda stats: list_items(DASHBOARDS, parse_query("limit=20&page=1", DASHBOARDS), {"ownerId": owner},
                                      stats=stats), stand_in)


def _activities_list(stand_in: str) -> None:
    """One project's activities: a page by start date, newest first, at the start and at the end, and a search."""
    from chalicelib.core import aws
    from chalicelib.projects import service
    from chalicelib.projects.models import Activity, Project

    project = Project(id=str(uuid.uuid4()), organizationId="bench", projectKey="BENCH", name="Bench",
                      createdAt="2026-01-01T00:00:00Z")
    activities = [Activity(projectId=project.id, id=f"BENCH-{n:07d}", organizationId="bench", typeCode="Field Msr/Obs",
                           media="Water", startDate=f"{2000 + n % 25}-{1 + n % 12:02d}-{1 + n % 28:02d}",
                           startTime=f"{n % 24:02d}:{n % 60:02d}:00", monitoringLocationIdentifier=f"BENCH-{n % 100}",
                           createdAt="2026-01-01T00:00:00Z") for n in range(ACTIVITIES)]
    seconds = _write_many(Activity, activities)
    print(f"crud list: {ACTIVITIES:,} activities of one project written into {stand_in} in {seconds:.0f} s")
    calls = {"n": 0}

    def count(**_):
        calls["n"] += 1

    aws.client("dynamodb").meta.events.register("before-call.dynamodb.*", count)
    service.activities(project, page=1, page_size=20, order="DESC", search=None)  # the one-time fill's check
    last = -(-ACTIVITIES // 20)
    for label, page, search in (("page 1 of 20, newest first", 1, None), (f"page {last:,} of 20 (the last)", last, None),
                                ("searched (reads them all)", 1, "BENCH-42")):
        times = []
        for _ in range(RUNS):
            calls["n"] = 0
            started = time.perf_counter()
            answer = service.activities(project, page=page, page_size=20, order="DESC", search=search)
            times.append((time.perf_counter() - started) * 1000)
        print(f"crud list: {ACTIVITIES:,} activities, {label}: DynamoDB requests {calls['n']}, total "
              f"{answer['total']:,}, {len(answer['data'])} on the page; server time median "
              f"{statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f})")


if __name__ == "__main__":
    main()
