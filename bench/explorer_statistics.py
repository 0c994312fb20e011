"""Explorer figures (issue 6, "Done when"):
(a) statistic filtering over 1,000,000 station summaries: our vectorised filter and DuckDB's, for the
    same filters on the same in-memory data (numpy arrays shared zero-copy with an Arrow table); free
    text through the snapshot's trigram index (issue 18: goal <= 1.0x);
(b) response bytes per station, gzipped, of the map's columnar answer;
(c) a 100,000-point series read through the API: DynamoDB requests made and server time."""
from __future__ import annotations

import gzip
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

STATIONS = int(os.environ.get("BENCH_STATIONS", 1_000_000))
SERIES_POINTS = int(os.environ.get("BENCH_SERIES_POINTS", 100_000))
RUNS = 7
GOAL_RATIO = 1.0
GOAL_BYTES = 16


def _records(n: int) -> list[dict]:
    """n generated stations with summaries (positions, names, codes as the demo generator makes them)."""
    from devtools import demo_data

    rng = random.Random(7)
    params = [f"param-{i}" for i in range(len(demo_data.PARAMETERS))]
    orgs = [f"org-{i}" for i in range(40)]
    projects = [f"project-{i}" for i in range(400)]
    records = []
    for fields, _ in demo_data.generated_stations("bench", n, with_series=False):
        first = rng.randrange(14000, 19000)
        records.append({**fields, "organizationId": rng.choice(orgs), "sampleCount": rng.randrange(1, 500),
                        "firstDate": _day(first), "lastDate": _day(first + rng.randrange(0, 3000)),
                        "parameterIds": rng.sample(params, rng.randrange(2, 6)),
                        "projectIds": rng.sample(projects, rng.randrange(0, 3))})
    return records


def _day(number: int) -> str:
    from datetime import date, timedelta

    return (date(1970, 1, 1) + timedelta(days=number)).isoformat()


QUERIES = {
    "bbox + date range + parameters": (
        {"bbox": (-80.0, 37.0, -70.0, 45.0), "from": 16000, "to": 18000, "parameterIds": ["param-2", "param-4"]},
        "lng >= -80.0 AND lng <= -70.0 AND lat >= 37.0 AND lat <= 45.0 AND last >= 16000 AND first <= 18000 "
        "AND (pbits0 & {pbits}::UBIGINT) <> 0"),
    "organizations + station types": (
        {"organizationIds": ["org-1", "org-7", "org-9"], "stationTypes": ["lake", "groundwater"]},
        "org IN ({orgs}) AND stype IN ({stypes})"),
    "state + HUC-4 prefix": (
        {"stateFips": ["42", "36"], "huc": ["0205"]},
        "state IN (42, 36) AND huc8 // 10000 = 205"),
    "free text 'creek near'": ({"search": "creek near"}, "contains(text, 'creek near')"),
    "free text 'owd-ca-00012'": ({"search": "owd-ca-00012"}, "contains(text, 'owd-ca-00012')"),
    "free text 'ek' (2 bytes: scanned)": ({"search": "ek"}, "contains(text, 'ek')"),
}


def _timed(fn) -> tuple[float, object]:
    times, result = [], None
    for _ in range(RUNS):
        started = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), result


def filtering(snapshot) -> None:
    import duckdb
    import numpy as np
    import pyarrow as pa

    from chalicelib.statistics import snapshot as columns

    a = snapshot.a
    table = pa.table({
        "row": pa.array(np.arange(snapshot.n, dtype=np.int64)), "lat": a["lat"], "lng": a["lng"], "org": a["org"],
        "stype": a["stype"], "state": a["state"], "huc8": a["huc8"], "first": a["first"], "last": a["last"],
        "pbits0": a["pbits0"],
        "text": pa.LargeStringArray.from_buffers(snapshot.n, pa.py_buffer(a["text_ptr"]), pa.py_buffer(a["text"])),
    })
    connection = duckdb.connect()
    connection.register("stations", table)
    codes = lambda name, values: ", ".join(str(snapshot.index[name][v]) for v in values if v in snapshot.index[name])  # noqa: E731
    print(f"(a) filtering {snapshot.n:,} station summaries, median of {RUNS} runs "
          f"(DuckDB {duckdb.__version__}, {connection.execute('SELECT current_setting(' + repr('threads') + ')').fetchone()[0]} threads):")
    worst = 0.0
    for label, (query, where) in QUERIES.items():
        bits = sum(1 << snapshot.index["params"][p] for p in query.get("parameterIds", []))
        where = where.format(orgs=codes("orgs", query.get("organizationIds", [])),
                             stypes=codes("stypes", query.get("stationTypes", [])), pbits=bits)
        ours_ms, rows = _timed(lambda: columns.matching_rows(snapshot, query))
        sql = f"SELECT row FROM stations WHERE {where} ORDER BY row"
        duck_ms, duck = _timed(lambda: connection.execute(sql).fetchnumpy()["row"])
        assert np.array_equal(rows, duck), f"{label}: different answers ({len(rows)} vs {len(duck)})"
        ratio = ours_ms / duck_ms
        worst = max(worst, ratio)
        print(f"    {label:34s} {len(rows):>9,} matches  ours {ours_ms:7.1f} ms  DuckDB {duck_ms:7.1f} ms  "
              f"ratio {ratio:4.2f}x")
    print(f"    worst ratio {worst:.2f}x (goal <= {GOAL_RATIO}x) {'OK' if worst <= GOAL_RATIO else 'OVER GOAL'}")


def response_bytes(snapshot) -> None:
    import numpy as np

    from chalicelib.statistics import snapshot as columns

    print("(b) map answer (format=columns: row, lat, lng delta-coded, 4 decimals), gzipped:")
    for label, query in (("all stations", {}), ("bbox of the north-east", QUERIES["bbox + date range + parameters"][0])):
        rows = columns.matching_rows(snapshot, query) if query else np.arange(snapshot.n)
        body = {"snapshot": 1, "total": int(len(rows)), "totals": columns.totals(snapshot, rows), "format": "columns",
                "precision": 4, "encoding": "delta", "columns": columns.columns(snapshot, rows, [], 4)}
        raw = json.dumps(body, separators=(",", ":")).encode()
        zipped = len(gzip.compress(raw, 6))
        per = zipped / max(1, len(rows))
        print(f"    {label:24s} {len(rows):>9,} stations  {len(raw) / max(1, len(rows)):5.1f} B raw  "
              f"{per:5.2f} B gzipped per station (goal <= {GOAL_BYTES}) {'OK' if per <= GOAL_BYTES else 'OVER GOAL'}")


def series_read() -> None:
    from bench._stack import deployed_stack

    with deployed_stack() as engine:
        print(f"series read: {engine.describe()}")
        _series_read_against_stack()


def _series_read_against_stack() -> None:
    from concurrent.futures import ThreadPoolExecutor
    from datetime import datetime, timedelta, timezone

    from chalice.test import Client

    from chalicelib.core import aws
    from chalicelib.core.models import utc_now
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples.models import SampleValue
    from chalicelib.stations.models import Station

    Station(id="bench-station", organizationId="bench", identifier="BENCH-1", name="Bench station", latitude=40,
            longitude=-75, createdAt=utc_now()).save()
    Parameter(id="bench-parameter", label="Temperature, water", unit="deg C", createdAt=utc_now()).save()
    client = aws.client("dynamodb")
    start = datetime(2010, 1, 1, tzinfo=timezone.utc)
    items = [{"PutRequest": {"Item": {"seriesKey": {"S": "bench-station#bench-parameter"},
                                      "time": {"S": (start + timedelta(minutes=15 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")},
                                      "v": {"N": f"{12 + 8 * ((i % 35040) / 35040):.2f}"}}}} for i in range(SERIES_POINTS)]
    batches = [items[i:i + 25] for i in range(0, len(items), 25)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda b: client.batch_write_item(RequestItems={SampleValue.Meta.table_name: b}), batches))
    calls = []
    client.meta.events.register("before-call.dynamodb.*", lambda model, **_: calls.append(model.name))
    stand_in = os.environ.get("ENGINE") or "moto"
    # Time on the wire and in the AWS stand-in (from sending a request to its response arriving), apart from ours.
    wire = {"started": 0.0, "ms": 0.0}
    client.meta.events.register("before-send.dynamodb.*", lambda **_: wire.update(started=time.perf_counter()))
    client.meta.events.register("needs-retry.dynamodb.*", lambda **_: wire.update(
        ms=wire["ms"] + (time.perf_counter() - wire["started"]) * 1000))
    import app

    print(f"(c) one series of {SERIES_POINTS:,} values through GET /sampleValue/{{stationId}}/{{parameterId}} "
          f"({stand_in} on loopback):")
    with Client(app.app, stage_name="local") as test_client:
        for fmt in ("columns", "objects"):
            calls.clear()
            wire["ms"] = 0.0
            started = time.perf_counter()
            response = test_client.http.get(f"/api/v1/sampleValue/bench-station/bench-parameter?format={fmt}")
            total_ms = (time.perf_counter() - started) * 1000
            body = json.loads(response.body)
            queries = sum(1 for c in calls if c == "Query")
            print(f"    format={fmt:8s} {body['count']:,} values  DynamoDB requests: {queries} Query pages "
                  f"+ 2 GetItem (station, parameter exist) + 0 other  series read {body['stats']['serverMs']:.0f} ms "
                  f"(handler incl. JSON {total_ms:.0f} ms = waiting for {stand_in} {wire['ms']:.0f} ms + ours "
                  f"{total_ms - wire['ms']:.0f} ms)  response {len(response.body) / 1e6:.1f} MB, "
                  f"{len(gzip.compress(response.body)) / 1e6:.2f} MB gzipped")


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load_peak_mb(stored: bytes) -> tuple[float, float]:
    """Peak memory (MB) of a fresh process that loads the stored snapshot as an API Lambda does, and
    the seconds the load took."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".npz") as handle:
        handle.write(stored)
        handle.flush()
        # VmHWM (not ru_maxrss, which a child inherits from the benchmark's own large process across exec).
        code = ("import re, time, sys; from chalicelib.statistics.snapshot import Snapshot; "
                "data = open(sys.argv[1], 'rb').read(); t = time.perf_counter(); s = Snapshot.from_bytes(data, 1); "
                "t = time.perf_counter() - t; del data; "
                "print(int(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)) / 1024, t)")
        out = subprocess.run([sys.executable, "-c", code, handle.name], cwd=ROOT, capture_output=True, text=True,
                             check=True)
    peak, seconds = out.stdout.split()
    return float(peak), float(seconds)


def main() -> None:
    from chalicelib.statistics.snapshot import Snapshot

    started = time.perf_counter()
    records = _records(STATIONS)
    records_mb = _peak_mb()
    snapshot = Snapshot.from_records(records)
    build_mb = _peak_mb()
    del records
    index_bytes = sum(v.nbytes for k, v in snapshot.a.items() if k.startswith("tri_"))
    print(f"    ({STATIONS:,} generated station summaries, snapshot built in {time.perf_counter() - started:.0f} s, "
          f"{len(snapshot.to_bytes()) / 1e6:.0f} MB as npz, of which the free-text trigram index "
          f"{index_bytes / 1e6:.0f} MB = {index_bytes / max(1, snapshot.n):.0f} B per station, "
          f"{index_bytes / max(1, len(snapshot.a['text'])):.1f} B per byte of text)")
    stored = snapshot.to_bytes()
    load_mb, load_s = _load_peak_mb(stored)
    arrays_mb = sum(v.nbytes for v in snapshot.a.values()) / 1e6
    print(f"    memory: the arrays {arrays_mb:.0f} MB; a rebuild's peak {build_mb:.0f} MB (the station records alone "
          f"{records_mb:.0f} MB); loading the stored snapshot (an API Lambda's cold read) peaks at {load_mb:.0f} MB "
          f"and takes {load_s:.1f} s")
    del stored
    filtering(snapshot)
    response_bytes(snapshot)


if __name__ == "__main__":
    main()
