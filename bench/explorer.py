"""Explorer in the browser (issues 7 and 18): with STATIONS seeded stations (default 1,000,000), the seed's
time (make seed's own path, goal <= 15 min), then in headless Chromium the time from navigation to the
points painted (goal <= 6 s), frame times while panning, filter changes to the points repainted (goal
<= 1 s), the table's pages (never every station), the browser's memory (goal <= 1 GB) and, with a
100,000-point series, the time to the chart drawn (goal <= 1 s); last, the snapshot rebuild as the
worker's queued job after a station write, while the API keeps answering from the previous snapshot.
Starts its own product on ports 8600-8603 (BENCH_PORT) on LocalStack unless ENGINE says otherwise (moto's
Scan rereads the table for each page: hours at a million), with the SPA that `npm run build` made
(SPA_DIR, default frontend/dist).

Seeding a million stations takes minutes; BENCH_EXPLORER_REUSE=1 measures the product already answering on
BENCH_PORT (started by an earlier run with the same setting, which leaves it running and says how to
stop it), so the browser figures can be taken again without seeding again."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHART_GOAL_MS = 1000
PAINT_GOAL_MS = 6000
REPAINT_GOAL_MS = 1000
MEMORY_GOAL_MB = 1024
SEED_GOAL_S = 15 * 60


def _verdict(ok: bool) -> str:
    return "OK" if ok else "OVER GOAL"


def _post(url: str, body: dict) -> tuple[float, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        answer = json.loads(response.read())
    return (time.perf_counter() - started) * 1000, answer


def _rebuild_while_serving(port: int, timeout_s: float = 3600) -> None:
    """A station write, then reads every 2 s until the worker's rebuild is served: how long it took,
    what the reads meanwhile got, and what the rebuild cost (recorded with the snapshot pointer)."""
    import uuid

    from devtools import local_stack

    os.environ.update(local_stack.deploy(f"http://127.0.0.1:{port + 3}"))
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    get_settings.cache_clear()
    aws.reset()
    from chalicelib.core.models import utc_now
    from chalicelib.statistics import service
    from chalicelib.stations import service as stations
    from chalicelib.stations.models import Station

    url = f"http://127.0.0.1:{port}/api/v1/statistic"
    before = service._pointer() or {}
    stations.save_all([Station(id=str(uuid.uuid4()), organizationId="bench", identifier=f"BENCH-{uuid.uuid4().hex[:8]}",
                               name="Bench station of the rebuild", latitude=40.0, longitude=-75.0, createdAt=utc_now())])
    started = time.monotonic()
    reads: list[float] = []
    served_previous = 0
    while time.monotonic() - started < timeout_s:
        ms, answer = _post(url, {"limit": 1, "format": "objects"})
        if answer["snapshot"] > before.get("version", 0):
            break
        reads.append(ms)
        served_previous += 1
        time.sleep(2)
    else:
        print(f"rebuild: not served within {timeout_s:.0f} s")
        return
    waited = time.monotonic() - started
    after = service._pointer() or {}
    reads.sort()
    how = "the worker's queued job" if int(after.get("stations", 0)) > service.SYNC_REBUILD_LIMIT else \
        f"rebuilt by the read (at most {service.SYNC_REBUILD_LIMIT:,} stations)"
    print(f"rebuild: {int(after.get('stations', 0)):,} stations, {how}: new snapshot served "
          f"{waited:.0f} s after the write (job: {float(after.get('seconds', 0)):.0f} s, of which Scan "
          f"{float(after.get('scanSeconds', 0)):.0f} s)")
    print(f"rebuild: DynamoDB Scan {float(after.get('requests', 0)):.0f} requests, "
          f"{float(after.get('readUnits', 0)):,.0f} read capacity units; S3 {int(after.get('bytes', 0)) / 1e6:.0f} MB written")
    if reads:
        print(f"rebuild: meanwhile {served_previous} reads answered from the previous snapshot "
              f"(median {reads[len(reads) // 2]:.0f} ms, max {reads[-1]:.0f} ms)")


def _wait_for(url: str, seconds: float, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"it exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(1)
    raise TimeoutError(f"{url} did not answer within {seconds:.0f} s")


def _stop(product: subprocess.Popen) -> None:
    """SIGTERM to the product's process group (it stops its children), SIGKILL if it lingers."""
    if product.poll() is not None:
        return
    os.killpg(product.pid, signal.SIGTERM)
    try:
        product.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(product.pid, signal.SIGKILL)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except OSError:
        return False


def main() -> None:
    stations = int(os.environ.get("STATIONS", "1000000"))
    port = int(os.environ.get("BENCH_PORT", "8600"))
    reuse = os.environ.get("BENCH_EXPLORER_REUSE") == "1"
    env = {**os.environ, "PORT": str(port), "API_PORT": str(port + 1), "OIDC_PORT": str(port + 2),
           "AWS_PORT": str(port + 3), "OIDC_KEY_FILE": "", "SEED_STATIONS": str(stations),
           # The map needs the stations; values for the first 2,000 are enough for the popups and charts.
           "SEED_SERIES_STATIONS": os.environ.get("SEED_SERIES_STATIONS", "2000"),
           "ENGINE": os.environ.get("ENGINE") or "localstack",
           # DynamoDB Local answers a Scan page of a million-item table in more than the API's 10 s.
           "AWS_READ_TIMEOUT_SECONDS": os.environ.get("AWS_READ_TIMEOUT_SECONDS", "300"),
           # Room in DynamoDB Local's heap for the rebuild's parallel Scan pages next to a million items
           # (devtools/localstack.py; decision 0013).
           "DYNAMODB_HEAP_SIZE": os.environ.get("DYNAMODB_HEAP_SIZE", "2g")}
    python = ROOT / ".venv" / "bin" / "python"
    started = time.monotonic()
    log_path = ROOT / "build" / "bench-explorer-product.log"
    log_path.parent.mkdir(exist_ok=True)
    product = None
    reused = reuse and _answers(f"http://127.0.0.1:{port}/config.json")
    if reused:
        print(f"explorer: measuring the product already running on port {port} (BENCH_EXPLORER_REUSE=1; not seeded again)")
        log = None
    else:
        log = log_path.open("w")
        product = subprocess.Popen([str(python if python.exists() else sys.executable), "-m", "devtools.run"], cwd=ROOT,
                                   env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        try:
            if product is not None:
                _wait_for(f"http://127.0.0.1:{port}/config.json", seconds=3600, process=product)
        except (TimeoutError, RuntimeError) as exc:
            print(f"explorer: the product did not start: {exc}\n{log_path.read_text()[-3000:]}")
            return
        seeded_s = time.monotonic() - started
        seed_lines = [line for line in log_path.read_text(errors="replace").splitlines() if "Demo data is in place" in line] \
            if log_path.exists() else []
        if seed_lines:
            print(f"seed: {seed_lines[-1].strip()}")
        warm_ms, warm = _post(f"http://127.0.0.1:{port}/api/v1/statistic", {"limit": 1, "format": "objects"})
        print(f"explorer: the API's first read loads the snapshot of {warm['total']:,} stations from S3: {warm_ms:.0f} ms")
        out = subprocess.run(["node", str(ROOT / "bench" / "explorer_browser.mjs"), f"http://127.0.0.1:{port}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=900)
        if out.returncode != 0:
            print(f"explorer: browser run failed\n{out.stderr[-2000:]}")
            return
        r = json.loads(out.stdout.strip().splitlines()[-1])
        # A shared 2-core machine: the figures are read beside how busy it was.
        r["loadAverage"] = os.getloadavg()
        _rebuild_while_serving(port, float(os.environ.get("BENCH_REBUILD_TIMEOUT", 3600)))
    finally:
        if product is not None and reuse:
            print(f"explorer: the product keeps running for the next BENCH_EXPLORER_REUSE=1 run; stop it with "
                  f"kill -TERM -{product.pid}")
        elif product is not None:
            _stop(product)
        if log is not None:
            log.close()
    if reused:
        print(f"explorer: {r.get('stations') or 0:,} stations painted (the running product's; seeded before)")
    else:
        print(f"explorer: {r.get('stations') or 0:,} stations painted ({stations:,} seeded, product ready in {seeded_s:.0f} s; "
              f"seed goal <= {SEED_GOAL_S // 60} min at 1,000,000) {_verdict(seeded_s <= SEED_GOAL_S)}")
    if "paintedMs" in r:
        print(f"explorer: navigation -> points painted  {r['paintedMs']} ms (goal <= {PAINT_GOAL_MS} ms) "
              f"{_verdict(r['paintedMs'] <= PAINT_GOAL_MS)}")
    for change in r.get("filters", []):
        print(f"explorer: filter change ({change['label']}) -> {change['stations']:,} points repainted  {change['ms']} ms "
              f"(goal <= {REPAINT_GOAL_MS} ms) {_verdict(change['ms'] <= REPAINT_GOAL_MS)}")
    if "tableFirstRowsMs" in r:
        loaded, total = r["tableRowsLoaded"], r["tableTotal"] or 0
        print(f"explorer: table  first rows {r['tableFirstRowsMs']} ms, next page {r['tableNextPageMs']} ms; "
              f"{loaded:,} of {total:,} stations loaded {_verdict(loaded < total or total <= 5000)}")
    if "chromiumPssMaxMb" in r:
        print(f"explorer: memory  the page's renderer max {r['rendererPssMaxMb']} MB (goal <= {MEMORY_GOAL_MB} MB) "
              f"{_verdict(r['rendererPssMaxMb'] <= MEMORY_GOAL_MB)}; its JS heap max {r['heapMaxMb']} MB (after painting "
              f"{r['heapAfterPaintMb']} MB); all Chromium processes (browser, GPU, utilities) max {r['chromiumPssMaxMb']} MB "
              f"(PSS: shared pages counted once)")
    if "panFrameMedianMs" in r:
        print(f"explorer: panning  frame median {r['panFrameMedianMs']} ms, p95 {r['panFrameP95Ms']} ms, "
              f"max {r['panFrameMaxMs']} ms ({r['panFrames']} frames)")
    if "chartDrawnMs" in r:
        verdict = "OK" if r["chartDrawnMs"] <= CHART_GOAL_MS else "OVER GOAL"
        print(f"explorer: {r['seriesPoints']:,}-point series -> chart drawn  {r['chartDrawnMs']} ms "
              f"({r['chartDrawnPoints']:,} points drawn after LTTB; goal <= {CHART_GOAL_MS} ms) {verdict}")
    if "loadAverage" in r:
        print("explorer: load average after the browser run (1, 5, 15 min): " + ", ".join(f"{v:.1f}" for v in r["loadAverage"]))
    if "error" in r:
        print(f"explorer: stopped early: {r['error']}")


if __name__ == "__main__":
    main()
