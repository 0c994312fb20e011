"""Load: 50 concurrent users (visitors and signed-in users: explorer, station charts, dashboards, dry-run
imports; bench/_load_scenario.py) for 2 minutes against the local stack as `make run` starts it, with
locust run headless. Prints requests per second and p50/p95 per kind, the failed requests (goal: 0), and
the share of the API's request time spent waiting for the moto server (which times its answers here:
devtools/moto_server.py, MOTO_REQUEST_TIMES=1). Starts its own product on ports 8640-8643 (BENCH_PORT);
LOAD_USERS, LOAD_SECONDS and SEED_STATIONS change the load and the data."""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.explorer import _stop, _wait_for

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "bench" / "_load_scenario.py"
KINDS = ("explorer", "station chart", "dashboards", "imports", "sign-in")


def moto_times(aws_url: str, method: str = "GET") -> dict:
    request = urllib.request.Request(f"{aws_url}/_owd/request-times", method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def main() -> None:
    users, seconds = int(os.environ.get("LOAD_USERS", "50")), int(os.environ.get("LOAD_SECONDS", "120"))
    port = int(os.environ.get("BENCH_PORT", "8640"))
    aws_url, oidc_url = f"http://127.0.0.1:{port + 3}", f"http://127.0.0.1:{port + 2}"
    env = {**os.environ, "ENGINE": "moto", "PORT": str(port), "API_PORT": str(port + 1), "OIDC_PORT": str(port + 2),
           "AWS_PORT": str(port + 3), "OIDC_KEY_FILE": "", "MOTO_REQUEST_TIMES": "1",
           "SEED_STATIONS": os.environ.get("SEED_STATIONS", "2000")}
    env.pop("AWS_ENDPOINT_URL", None)
    python = ROOT / ".venv" / "bin" / "python"
    python = str(python if python.exists() else sys.executable)
    out_dir = ROOT / "build" / "bench-load"
    out_dir.mkdir(parents=True, exist_ok=True)
    log_path = out_dir / "product.log"
    with log_path.open("w") as log:
        product = subprocess.Popen([python, "-m", "devtools.run"], cwd=ROOT, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        try:
            try:
                _wait_for(f"http://127.0.0.1:{port}/config.json", seconds=1800, process=product)
            except (TimeoutError, RuntimeError) as exc:
                print(f"load: the product did not start: {exc}\n{log_path.read_text()[-3000:]}")
                raise SystemExit(1) from exc
            moto_times(aws_url, "DELETE")  # the seeding's requests are not the load's
            run = subprocess.run(
                [python, "-m", "locust", "-f", str(SCENARIO), "--headless", "--users", str(users),
                 "--spawn-rate", str(max(1, users // 10)), "--run-time", f"{seconds}s", "--stop-timeout", "30",
                 "--host", f"http://127.0.0.1:{port}", "--csv", str(out_dir / "locust"), "--only-summary",
                 "--loglevel", "WARNING"],
                cwd=ROOT, env={**env, "LOAD_OIDC_ISSUER": oidc_url}, capture_output=True, text=True,
                timeout=seconds + 600)
            stand_in = moto_times(aws_url)
        finally:
            _stop(product)
    rows = {row["Name"]: row for row in csv.DictReader((out_dir / "locust_stats.csv").open())}
    if run.returncode not in (0, 1):  # 1: some requests failed (reported below)
        print(f"load: locust failed ({run.returncode})\n{run.stderr[-3000:]}")
        raise SystemExit(1)
    total = rows["Aggregated"]
    print(f"load: {users} users for {seconds} s: {int(total['Request Count']):,} requests, "
          f"{float(total['Requests/s']):.1f} requests/s, {int(total['Failure Count'])} failed")
    for kind in KINDS:
        if kind in rows:
            row = rows[kind]
            print(f"load: {kind:14s} {float(row['Requests/s']):6.1f} req/s  p50 {row['50%']:>5s} ms  "
                  f"p95 {row['95%']:>5s} ms  ({int(row['Request Count']):,} requests, "
                  f"{int(row['Failure Count'])} failed)")
    # The API's time: every request but the identity provider's sign-ins (sum over requests, in seconds).
    api_seconds = sum(float(rows[k]["Average Response Time"]) * int(rows[k]["Request Count"]) / 1000
                      for k in KINDS if k in rows and k != "sign-in")
    waiting = {name: entry for name, entry in stand_in.items() if name != "sqs-receive"}
    moto_seconds = sum(entry["seconds"] for entry in waiting.values())
    queued_seconds = sum(entry["lockSeconds"] for entry in waiting.values())
    print(f"load: waiting for the moto server {moto_seconds:.0f} s of {api_seconds:.0f} s of API request time "
          f"= {100 * moto_seconds / max(api_seconds, 1e-9):.0f}% ({queued_seconds:.0f} s of it queueing for its "
          f"one-at-a-time DynamoDB lock; the import worker's requests included, SQS long polls left out)")
    busiest = sorted(waiting.items(), key=lambda item: item[1]["lockSeconds"] - item[1]["seconds"])[:6]
    print("load: the moto server's busiest operations: " + ", ".join(
        f"{name} {entry['seconds'] - entry['lockSeconds']:.1f} s / {int(entry['requests']):,} "
        f"({1000 * (entry['seconds'] - entry['lockSeconds']) / entry['requests']:.0f} ms each)"
        for name, entry in busiest))
    failures = out_dir / "locust_failures.csv"
    if int(total["Failure Count"]):
        print(f"load: failures (goal 0):\n{failures.read_text()[:2000]}")
