"""Time series (issue 13, "Done when"), on the AWS stand-in ENGINE names (`make bench` runs it on each):
(a) DynamoDB write requests and items per 1,000,000 logger values (goal: at most 1 item per 100 values):
    ten series of 100,000 15-minute values, merged 10,000 values at a time (a push's largest size), then
    the same values again (a repeated import: nothing to write);
(b) a year of 15-minute values of one series (35,040) read and aggregated by GET /api/v1/wapi/ts/data in
    the handler (auto: daily min/mean/max), and one day of it raw: time, DynamoDB requests, response size.
BENCH_TS_VALUES scales (a).
"""
from __future__ import annotations

import gzip
import json
import os
import random
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PER_ENGINE = True
TOTAL_VALUES = int(os.environ.get("BENCH_TS_VALUES", 1_000_000))
SERIES = 10
PUSH_VALUES = 10_000
STEP = 900  # 15 minutes
GOAL_ITEMS_PER_100 = 1.0


def _count_requests(*models) -> dict:
    """DynamoDB operations the models' connections send, by name."""
    counts: dict[str, int] = {}
    for model in models:
        client = model._get_connection().connection.client
        client.meta.events.register("before-call.dynamodb.*",
                                    lambda model, **_: counts.__setitem__(model.name, counts.get(model.name, 0) + 1))
    return counts


def _reading(rng, base: float) -> float:
    """A logger's reading: two decimals, noisy (what packs and compresses like real data, unlike a pattern)."""
    return round(base + rng.gauss(0, 15), 2)


def writes() -> None:
    from chalicelib.timeseries import service
    from chalicelib.timeseries.models import TimeBucket, TimeSeries
    from chalicelib.timeseries.packing import Point

    counts = _count_requests(TimeBucket, TimeSeries)
    rng = random.Random(13)
    per_series = TOTAL_VALUES // SERIES
    start = int(datetime(2020, 1, 1, tzinfo=timezone.utc).timestamp())
    all_series = []
    for number in range(SERIES):
        all_series.append(service.ensure_series(organization_id="bench", station_id=f"bench-station-{number}",
                                                parameter_id="bench-conductance", unit="uS/cm",
                                                times=[start, start + STEP, start + 2 * STEP]))
    for run in ("first import", "same values again"):
        counts.clear()
        rng.seed(13)
        started = time.perf_counter()
        merged = service.MergeCounts()
        for series in all_series:
            for offset in range(0, per_series, PUSH_VALUES):
                points = {start + (offset + i) * STEP: Point(_reading(rng, 400))
                          for i in range(min(PUSH_VALUES, per_series - offset))}
                merged.add(service.merge(series, points))
        seconds = time.perf_counter() - started
        values = SERIES * per_series
        items = sum(1 for s in all_series for _ in TimeBucket.query(s.id, TimeBucket.ts.between("0000", "9999")))
        sizes = [len(b.data) for s in all_series for b in TimeBucket.query(s.id, TimeBucket.ts.between("0000", "9999"))]
        scale = 1_000_000 / values
        print(f"(a) {run}: {values:,} values of {SERIES} series in pushes of {PUSH_VALUES:,}: "
              f"added {merged.added:,}, unchanged {merged.unchanged:,}; "
              f"per 1,000,000 values: {merged.write_requests * scale:,.0f} PutItem + "
              f"{counts.get('BatchGetItem', 0) * scale:,.0f} BatchGetItem + {counts.get('GetItem', 0) * scale:,.0f} "
              f"GetItem + {counts.get('UpdateItem', 0) * scale:,.0f} UpdateItem (series summary); "
              f"items stored {items * scale:,.0f} = {100 * items / values:.3f} items per 100 values "
              f"(goal <= {GOAL_ITEMS_PER_100}); packed item {min(sizes) / 1024:.1f}-{max(sizes) / 1024:.1f} KB "
              f"(limit 400 KB); {values / seconds:,.0f} values/s")


def read_year() -> None:
    from chalice.test import Client

    from chalicelib.timeseries import service
    from chalicelib.timeseries.models import TimeBucket, TimeSeries
    from chalicelib.timeseries.packing import Point

    rng = random.Random(2023)
    start = int(datetime(2023, 1, 1, tzinfo=timezone.utc).timestamp())
    series = service.ensure_series(organization_id="bench", station_id="bench-year", parameter_id="bench-temperature",
                                   unit="deg C", times=[start, start + STEP, start + 2 * STEP])
    service.merge(series, {start + i * STEP: Point(_reading(rng, 12)) for i in range(35_040)})
    counts = _count_requests(TimeBucket, TimeSeries)
    import app

    with Client(app.app, stage_name="local") as client:
        for label, query in (("a year, auto (daily min/mean/max)", ""),
                             ("a year, hourly", "&aggregate=hour&limit=10000"),
                             ("one day, raw", "&from=2023-06-01&to=2023-06-01")):
            timings = []
            for _ in range(5):
                counts.clear()
                started = time.perf_counter()
                response = client.http.get(f"/api/v1/wapi/ts/data?series={series.id}{query}")
                timings.append((time.perf_counter() - started) * 1000)
            body = json.loads(response.body)
            timings.sort()
            print(f"(b) {label}: {body['count']:,} values -> {len(body['points']):,} points ({body['aggregate']}); "
                  f"handler median {timings[2]:.0f} ms (best {timings[0]:.0f}); DynamoDB requests: "
                  f"{counts.get('Query', 0)} Query + {counts.get('GetItem', 0)} GetItem; response "
                  f"{len(response.body) / 1024:.1f} KB, {len(gzip.compress(response.body)) / 1024:.1f} KB gzipped")


def main() -> None:
    from bench._stack import deployed_stack

    with deployed_stack() as engine:
        print(f"time series: {engine.describe()}")
        writes()
        read_year()


if __name__ == "__main__":
    main()
