"""Water Quality Portal services (issue 21, "Done when"):
(a) a Station query over 100,000 and 1,000,000 stations, CSV and zip: writing the answer alone, in the
    handler (GET /api/v1/wqp/data/Station/search: the answer written and stored in S3, a 303 answered) and
    end to end (the presigned object downloaded as well), with the peak memory the process grew by, next
    to DuckDB writing the same CSV from the same data (the snapshot's arrays, shared zero-copy with Arrow);
(b) a Result query (GET /api/v1/wqp/data/Result/search) on LocalStack's DynamoDB Local (the values written
    straight into it by parallel BatchWriteItem calls): 200,000 values by default, BENCH_WQP_VALUES=1000000
    for the million. Written while the caller waits (WQP_DIRECT_MAX_RESULTS raised above it): the handler's
    time and CPU and the rate per value, next to API Gateway's 29 s; and as the queue worker writes it (the
    limit below it): end to end, from the first request to the last byte, following the redirects through
    /wqp/answers/{id} as a WQP client does, with the worker's time.

(a) runs on the AWS stand-in ENGINE names (moto by default), (b) always on LocalStack (in a process of its
own when ENGINE is another); BENCH_WQP_STATIONS and BENCH_WQP_VALUES scale it,
BENCH_WQP_PARTS=stations|results runs one part, BENCH_WQP_SERIES sets the Result query's series.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
import json
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

STATION_COUNTS = [int(n) for n in os.environ.get("BENCH_WQP_STATIONS", "100000,1000000").split(",")]
# 200,000 by default: writing values into DynamoDB Local (~3,000 a second here) and reading them back took
# 9 minutes for 1,000,000 on this 2-core machine (docs/decisions/0009-wqp-web-services.md, Figures).
RESULT_VALUES = int(os.environ.get("BENCH_WQP_VALUES", 200_000))
# Values spread over stations as imports store them: a series (station and parameter) is a partition.
RESULT_STATIONS = int(os.environ.get("BENCH_WQP_SERIES", 1000))
WRITERS = 8  # threads writing the values (BatchWriteItem of 25)
PARTS = os.environ.get("BENCH_WQP_PARTS", "stations,results").split(",")

GOAL_RATIO = 1.5
RUNS = 3


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


@contextmanager
def _peak_memory():
    """The most the process's resident memory grew by while the block ran (sampled every 2 ms), in MB."""
    base = _rss_mb()
    peak = {"mb": base, "running": True}

    def sample():
        while peak["running"]:
            peak["mb"] = max(peak["mb"], _rss_mb())
            time.sleep(0.002)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    result = {}
    try:
        yield result
    finally:
        peak["running"] = False
        sampler.join()
        result["grew_mb"] = max(peak["mb"], _rss_mb()) - base


def _timed(fn):
    started = time.perf_counter()
    with _peak_memory() as memory:
        value = fn()
    return (time.perf_counter() - started), memory["grew_mb"], value


def _duckdb_csv(snapshot, look, path: str) -> int:
    """DuckDB writing the Station profile's CSV from the snapshot's arrays (the same columns and values)."""
    import duckdb
    import numpy as np
    import pyarrow as pa

    from chalicelib.wqp import columns

    a = snapshot.a
    n = snapshot.n
    blob = lambda name: pa.LargeStringArray.from_buffers(n, pa.py_buffer(a[f"{name}_ptr"]), pa.py_buffer(a[name]))  # noqa: E731
    org_ids = [look.organization_identifier(o) for o in snapshot.d["orgs"]]
    org_names = [look.organizations[o].name if o in look.organizations else o for o in snapshot.d["orgs"]]
    table = pa.table({
        "org_id": pa.DictionaryArray.from_arrays(pa.array(a["org"].astype(np.int32)), pa.array(org_ids)),
        "org_name": pa.DictionaryArray.from_arrays(pa.array(a["org"].astype(np.int32)), pa.array(org_names)),
        "ident": blob("ident"), "name": blob("name"),
        "mlt": pa.DictionaryArray.from_arrays(pa.array(a["mlt"].astype(np.int32)), pa.array(snapshot.d["mlts"])),
        "huc8": a["huc8"], "lat": a["lat"], "lng": a["lng"], "state": a["state"], "county": a["county"]})
    values = {"OrganizationIdentifier": "org_id", "OrganizationFormalName": "org_name",
              "MonitoringLocationIdentifier": "ident", "MonitoringLocationName": "name",
              "MonitoringLocationTypeName": "mlt",
              "HUCEightDigitCode": "CASE WHEN huc8 > 0 THEN lpad(huc8::VARCHAR, 8, '0') END",
              "LatitudeMeasure": "lat", "LongitudeMeasure": "lng",
              "CountryCode": "CASE WHEN state > 0 THEN 'US' END",
              "StateCode": "CASE WHEN state > 0 THEN lpad(state::VARCHAR, 2, '0') END",
              "CountyCode": "CASE WHEN county > 0 THEN lpad((county % 1000)::VARCHAR, 3, '0') END",
              "ProviderName": "'OWD'"}
    select = ", ".join(f'{values.get(c, "NULL")} AS "{c}"' for c in columns.STATION)
    connection = duckdb.connect()
    connection.execute("SET enable_progress_bar = false")
    connection.register("stations", table)
    connection.execute(f"COPY (SELECT {select} FROM stations) TO '{path}' (HEADER, DELIMITER ',')")
    connection.close()
    return os.path.getsize(path)


def _start_stack():
    from bench._stack import start_deployed

    return start_deployed()


def stations(client) -> None:
    import requests

    from bench.explorer_statistics import _records
    from chalicelib.statistics import service as statistics
    from chalicelib.wqp import output, params
    from chalicelib.wqp import service as wqp

    import duckdb  # noqa: F401 - imported before measuring, as the handler's modules are
    import pyarrow  # noqa: F401

    client.http.get("/api/v1/wqp/data/Station/search?siteid=warm-up")  # the handler's modules loaded
    print("(a) Station query, all stations (GET /api/v1/wqp/data/Station/search), Station profile CSV:")
    for count in STATION_COUNTS:
        snapshot = statistics.publish(_records(count))
        look = wqp.Lookups.load()
        query = params.parse("data", "station", {})

        def write_only():
            answer = output.Answer(5 * 1024 * 1024)
            _, records = wqp.records(query, look)
            answer.write("station", "csv", False, query.columns, query.columns, records)
            size = answer.size
            answer.close()
            return size

        # The best of RUNS each: the machine is shared, and DuckDB's first COPY pays for its set-up.
        ours_s, ours_mb, size = min(_timed(write_only) for _ in range(RUNS))
        with tempfile.TemporaryDirectory() as folder:
            duck_s, duck_mb, duck_size = min(
                _timed(lambda: _duckdb_csv(snapshot, look, f"{folder}/station.csv")) for _ in range(RUNS))
        print(f"    {count:>9,} stations  CSV {size / 1e6:6.1f} MB (DuckDB's {duck_size / 1e6:6.1f} MB)")
        print(f"        writing the CSV (best of {RUNS}):  ours {ours_s:6.2f} s, +{ours_mb:5.0f} MB   DuckDB {duck_s:6.2f} s, "
              f"+{duck_mb:5.0f} MB   ratio {ours_s / duck_s:4.1f}x (goal <= {GOAL_RATIO}x) "
              f"{'OK' if ours_s / duck_s <= GOAL_RATIO else 'OVER GOAL'}")
        for label, path in (("CSV", "/api/v1/wqp/data/Station/search"),
                            ("zip", "/api/v1/wqp/data/Station/search?zip=yes")):
            handler_s, handler_mb, response = _timed(lambda: client.http.get(path))
            assert response.status_code in (200, 303), response.status_code
            fetch_s, size = 0.0, len(response.body)
            if response.status_code == 303:  # past the inline limit (or a zip): stored in S3
                fetch_s, _, fetched = _timed(lambda: requests.get(response.headers["Location"], timeout=600))
                assert fetched.status_code == 200
                size = len(fetched.content)
            print(f"        {label:4s} in the handler (written{', stored in S3, 303' if fetch_s else ', inline'}) "
                  f"{handler_s:6.2f} s, +{handler_mb:5.0f} MB; end to end (+ download {size / 1e6:6.1f} MB) "
                  f"{handler_s + fetch_s:6.2f} s; Total-Site-Count {response.headers['Total-Site-Count']}")
        del snapshot


def _dynamodb_local(engine):
    """A DynamoDB client talking straight to the DynamoDB Local that this LocalStack runs (found by its
    run folder in the process list), in LocalStack's namespace for account 000000000000 in us-east-1;
    None when it is not found (LocalStack in Docker). LocalStack's own proxy in front of it (Python)
    halves its rate, and AWS has no such proxy."""
    import re
    import subprocess

    import boto3
    from botocore.config import Config

    port = engine.url.rsplit(":", 1)[1]
    listed = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout.splitlines()
    found = [re.search(r"-port (\d+)", line) for line in listed if f"/runs/{port}/" in line and "DynamoDBLocal" in line]
    if not found or not found[0]:
        return None
    return boto3.client("dynamodb", endpoint_url=f"http://127.0.0.1:{found[0].group(1)}", region_name="us-east-1",
                        aws_access_key_id="000000000000useast1", aws_secret_access_key="local",
                        config=Config(max_pool_connections=WRITERS + 2, retries={"max_attempts": 10}))


def results(client, engine) -> None:
    """(b) on DynamoDB Local: moto's Query walks every item of the table for each request (a thousand walks
    of a million items); DynamoDB Local reads one partition, as DynamoDB does."""
    from concurrent.futures import ThreadPoolExecutor

    from chalicelib.core import aws
    from chalicelib.core.models import utc_now
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples.models import SampleValue, Series
    from chalicelib.statistics import service as statistics

    per_station = RESULT_VALUES // RESULT_STATIONS
    total = per_station * RESULT_STATIONS
    direct = _dynamodb_local(engine)
    dynamodb = direct or aws.client("dynamodb")
    if direct is not None:  # the handler reads DynamoDB Local straight too
        product_client = aws.client
        aws.client = lambda service: direct if service == "dynamodb" else product_client(service)
    Parameter(id="bench-ph", label="pH", characteristicName="pH", unit="std units", createdAt=utc_now()).save()
    records = []
    started = time.perf_counter()
    with Series.batch_write() as batch:
        for s in range(RESULT_STATIONS):
            station_id = f"bench-result-{s:04d}"
            records.append({"id": station_id, "identifier": f"BENCH-{s:04d}", "name": f"Bench station {s}",
                            "latitude": 40 + s / 10000, "longitude": -75, "organizationId": "bench", "stateFips": "42",
                            "sampleCount": per_station, "firstDate": "2000-01-01", "lastDate": "2025-12-31",
                            "parameterIds": ["bench-ph"]})
            batch.save(Series(stationId=station_id, parameterId="bench-ph", count=per_station,
                              firstTime="2000-01-01T00:00:00Z", lastTime="2025-12-31T00:00:00Z", unit="std units"))

    def values(s: int) -> list[dict]:
        """One station's values as imports store them: its series' partition, sorted by time#row."""
        return [{"PutRequest": {"Item": {
            "seriesKey": {"S": f"bench-result-{s:04d}#bench-ph"},
            "time": {"S": f"{2000 + i // 400:04d}-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:{i % 60:02d}Z#{i}"},
            "v": {"N": f"{7 + (i % 100) / 100:.2f}"}, "a": {"S": f"ACT-{s}-{i // 4}"}}}} for i in range(per_station)]

    def write(s: int) -> None:
        items = values(s)
        for start in range(0, len(items), 25):
            batch = items[start:start + 25]
            while batch:
                answer = dynamodb.batch_write_item(RequestItems={SampleValue.Meta.table_name: batch})
                batch = answer.get("UnprocessedItems", {}).get(SampleValue.Meta.table_name, [])

    with ThreadPoolExecutor(WRITERS) as pool:
        list(pool.map(write, range(RESULT_STATIONS)))
    statistics.publish(records)
    print(f"(b) Result query of {total:,} values ({RESULT_STATIONS:,} stations x {per_station:,} values, one series "
          f"each; written in {time.perf_counter() - started:.0f} s by {WRITERS} threads"
          f"{' straight into DynamoDB Local' if direct else ''}) through GET /api/v1/wqp/data/Result/search?statecode=US:42"
          f" (load average {os.getloadavg()[0]:.1f}):")
    head_s, _, head = _timed(lambda: client.http.request("HEAD", RESULT_PATH))
    print(f"    HEAD (counts from the station summaries) {head_s:6.2f} s: "
          f"Total-Result-Count {head.headers['Total-Result-Count']}")
    queries = {"n": 0}
    dynamodb.meta.events.register("before-send.dynamodb.Query", lambda **_: queries.update(n=queries["n"] + 1))
    _direct_path(client, total, queries)
    _queued_path(client, total)


RESULT_PATH = "/api/v1/wqp/data/Result/search?statecode=US:42"
LIMIT_S = 29  # API Gateway's integration timeout


@contextmanager
def _direct_max(rows: int):
    """WQP_DIRECT_MAX_RESULTS for the block."""
    from chalicelib.core.config import get_settings

    before = os.environ.get("WQP_DIRECT_MAX_RESULTS")
    os.environ["WQP_DIRECT_MAX_RESULTS"] = str(rows)
    get_settings.cache_clear()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("WQP_DIRECT_MAX_RESULTS")
        else:
            os.environ["WQP_DIRECT_MAX_RESULTS"] = before
        get_settings.cache_clear()


def _lines_of(url: str) -> tuple[int, int]:
    """The bytes and lines of a presigned object, read a MB at a time."""
    import requests

    size = lines = 0
    with requests.get(url, timeout=600, stream=True) as fetched:
        assert fetched.status_code == 200, fetched.status_code
        for chunk in fetched.iter_content(1 << 20):
            size, lines = size + len(chunk), lines + chunk.count(b"\n")
    return size, lines


def _direct_path(client, total: int, queries: dict) -> None:
    """The answer written while the caller waits (the limit raised above it): the rate per value."""
    from chalicelib.core.config import get_settings
    from chalicelib.samples.service import READ_AHEAD

    default = get_settings().wqp_direct_max_results
    with _direct_max(sys.maxsize):  # whatever the answer weighs (values, sites), written while the caller waits
        cpu = time.process_time()
        handler_s, handler_mb, response = _timed(lambda: client.http.get(RESULT_PATH))
        cpu = time.process_time() - cpu
    assert response.status_code in (200, 303), response.status_code
    size, lines = len(response.body), response.body.count(b"\n")
    if response.status_code == 303:  # past the inline limit: stored in S3
        size, lines = _lines_of(response.headers["Location"])
    rows = int(response.headers["Total-Result-Count"])
    assert rows == total and lines == total + 1, (rows, lines, total)  # the header and a line a value
    print(f"    direct path (the limit raised): in the handler {handler_s:6.1f} s (limit {LIMIT_S} s), +{handler_mb:.0f} MB "
          f"peak; {rows:,} rows, {size / 1e6:.1f} MB of CSV; {queries['n']:,} Query requests, "
          f"{READ_AHEAD} at once")
    print(f"        {handler_s / rows * 1e6:5.1f} µs a value ({rows / handler_s:,.0f} rows/s); CPU {cpu:5.1f} s, "
          f"{cpu / rows * 1e6:4.1f} µs a value: {LIMIT_S} s holds {LIMIT_S / handler_s * rows:,.0f} values at this rate; "
          f"WQP_DIRECT_MAX_RESULTS {default:,}")


def _queued_path(client, total: int) -> None:
    """The answer the worker writes (the limit below it): first request to last byte, following the
    redirects as a WQP client does, while a worker polls the queue as Lambda's event source does."""
    from urllib.parse import urljoin, urlsplit

    import app
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings
    from chalicelib.wqp import answers
    from devtools.worker import poll_once

    queue_url, below = get_settings().import_queue_url, min(get_settings().wqp_direct_max_results, total - 1)
    arn = aws.client("sqs").get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    stop = threading.Event()
    worker = threading.Thread(target=lambda: [poll_once(app.import_worker, queue_url, arn, wait_seconds=1)
                                              for _ in iter(stop.is_set, True)], daemon=True)
    worker.start()
    try:
        with _direct_max(below):
            cpu, started = time.process_time(), time.perf_counter()
            first_s, _, response = _timed(lambda: client.http.get(RESULT_PATH))
            assert response.status_code == 303, response.status_code
            answer_id = json.loads(response.body)["id"]
            url, hops, longest = urljoin(f"http://api{RESULT_PATH}", response.headers["Location"]), 1, first_s
            while urlsplit(url).netloc == "api":  # this API: the answers address, until it names the object
                hop_s, _, response = _timed(lambda: client.http.get(url.removeprefix("http://api")))
                assert response.status_code == 303, (response.status_code, response.body)
                url, hops, longest = urljoin(url, response.headers["Location"]), hops + 1, max(longest, hop_s)
            size, lines = _lines_of(url)
            end_s, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        stop.set()
        worker.join(timeout=60)
    status = answers._load(answer_id)
    assert lines == total + 1, (lines, total)
    print(f"    queued path (WQP_DIRECT_MAX_RESULTS {below:,}): end to end (first request to the last "
          f"byte, {hops} redirects followed) {end_s:6.1f} s; first request {first_s:5.2f} s, the longest hop "
          f"{longest:5.1f} s (limit {LIMIT_S} s); the worker {status['workerSeconds']:6.1f} s; "
          f"{size / 1e6:.1f} MB; CPU of handler and worker {cpu:5.1f} s")


def main() -> None:
    import subprocess

    from chalice.test import Client

    from devtools import engines

    # The Result query needs DynamoDB Local (see results): on another engine it runs in a process of its own.
    results_here = "results" in PARTS and engines.selected() == "localstack"
    if "stations" in PARTS or results_here:
        engine = _start_stack()
        try:
            print(f"    {engine.describe()}")
            import app

            with Client(app.app, stage_name="local") as client:
                if "stations" in PARTS:
                    stations(client)
                if results_here:
                    results(client, engine)
        finally:
            engine.stop()
    if "results" in PARTS and not results_here:
        sys.stdout.flush()
        subprocess.run([sys.executable, "-c", "import bench.wqp as b; b.main()"], cwd=ROOT, check=True,
                       env={**os.environ, "ENGINE": "localstack", "BENCH_WQP_PARTS": "results"})


if __name__ == "__main__":
    main()
