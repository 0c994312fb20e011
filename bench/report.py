"""The PDF report of 100 stations with 10 parameters each (POST /report), on the AWS stand-in given by
ENGINE (`make bench` runs it on each): time and size in English and Chinese (goal: <= 10 s, <= 5 MB), and
what loading reportlab costs the first report (the API's cold start does not carry it)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

PER_ENGINE = True
STATIONS, PARAMETERS, VALUES = 100, 10, 48  # 48 monthly values: 48,000 values in the report
GOAL_SECONDS, GOAL_BYTES = 10.0, 5_000_000


def _seed() -> list[str]:
    from concurrent.futures import ThreadPoolExecutor
    from datetime import date

    from chalicelib.core import aws
    from chalicelib.core.models import utc_now
    from chalicelib.organizations.models import Organization
    from chalicelib.parameters.models import Parameter
    from chalicelib.samples.models import SampleValue
    from chalicelib.stations.models import Station

    Organization(id="bench-org", name="Bench Watershed Council", createdAt=utc_now()).save()
    parameters = [f"bench-parameter-{p}" for p in range(PARAMETERS)]
    for index, parameter_id in enumerate(parameters):
        Parameter(id=parameter_id, label=f"Bench parameter {index}", unit="mg/L", createdAt=utc_now()).save()
    ids = [f"bench-station-{s:03d}" for s in range(STATIONS)]
    for s, station_id in enumerate(ids):
        Station(id=station_id, organizationId="bench-org", identifier=f"BENCH-{s:03d}", name=f"Bench creek {s}",
                latitude=38 + (s % 10) * 0.3, longitude=-80 + (s // 10) * 0.4, parameterIds=parameters,
                sampleCount=PARAMETERS * VALUES, createdAt=utc_now()).save()
    items = [{"PutRequest": {"Item": {
        "seriesKey": {"S": f"{station_id}#{parameter_id}"},
        "time": {"S": date(2020 + m // 12, m % 12 + 1, 15).isoformat() + "T10:00:00Z"},
        "v": {"N": f"{5 + (s * 7 + p * 3 + m) % 17 * 0.37:.2f}"}}}}
        for s, station_id in enumerate(ids) for p, parameter_id in enumerate(parameters) for m in range(VALUES)]
    client = aws.client("dynamodb")
    batches = [items[i:i + 25] for i in range(0, len(items), 25)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda b: client.batch_write_item(RequestItems={SampleValue.Meta.table_name: b}), batches))
    return ids


def _report_against_stack() -> None:
    from chalice.test import Client

    import app

    started = time.perf_counter()
    ids = _seed()
    print(f"    (seeded in {time.perf_counter() - started:.0f} s)", flush=True)
    stand_in = os.environ.get("ENGINE") or "moto"
    print(f"report of {STATIONS} stations x {PARAMETERS} parameters ({STATIONS * PARAMETERS * VALUES:,} values, "
          f"{stand_in} on loopback):", flush=True)
    with Client(app.app, stage_name="local") as client:
        for language in ("en", "zh-CN", "en"):
            started = time.perf_counter()
            response = client.http.request("POST", "/api/v1/report", headers={
                "Content-Type": "application/json", "Accept": "application/pdf"},
                body=json.dumps({"stationIds": ids, "language": language}))
            seconds = time.perf_counter() - started
            assert response.status_code == 200, response.body[:300]
            size = len(response.body)
            ok = seconds <= GOAL_SECONDS and size <= GOAL_BYTES
            print(f"    {language:6s} {seconds:5.2f} s  {size / 1e6:5.2f} MB  (goal <= {GOAL_SECONDS:.0f} s, "
                  f"<= {GOAL_BYTES / 1e6:.0f} MB) {'OK' if ok else 'OVER GOAL'}", flush=True)


def _reportlab_import_ms() -> float:
    probe = ("import time; t = time.perf_counter(); import chalicelib.reports.pdf; "
             "print((time.perf_counter() - t) * 1000)")
    return float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)


def main() -> None:
    from bench._stack import deployed_stack

    print(f"loading the report code (reportlab), paid by the first report only: {_reportlab_import_ms():.0f} ms",
          flush=True)
    with deployed_stack():
        _report_against_stack()
