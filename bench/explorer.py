"""Explorer in the browser (issue 7): with STATIONS seeded stations (default 100,000), the time from
navigation to the points painted and frame times while panning, in headless Chromium; with a
100,000-point series, the time to the chart drawn (goal <= 1 s). Starts its own product on ports
8600-8603 (BENCH_PORT), with the SPA that `npm run build` made (SPA_DIR, default frontend/dist)."""
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


def main() -> None:
    stations = int(os.environ.get("STATIONS", "100000"))
    port = int(os.environ.get("BENCH_PORT", "8600"))
    env = {**os.environ, "PORT": str(port), "API_PORT": str(port + 1), "OIDC_PORT": str(port + 2),
           "AWS_PORT": str(port + 3), "OIDC_KEY_FILE": "", "SEED_STATIONS": str(stations),
           # The map needs the stations; values for the first 2,000 are enough for the popups and charts.
           "SEED_SERIES_STATIONS": os.environ.get("SEED_SERIES_STATIONS", "2000")}
    python = ROOT / ".venv" / "bin" / "python"
    started = time.monotonic()
    log_path = ROOT / "build" / "bench-explorer-product.log"
    log_path.parent.mkdir(exist_ok=True)
    log = log_path.open("w")
    product = subprocess.Popen([str(python if python.exists() else sys.executable), "-m", "devtools.run"], cwd=ROOT,
                               env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        try:
            _wait_for(f"http://127.0.0.1:{port}/config.json", seconds=3600, process=product)
        except (TimeoutError, RuntimeError) as exc:
            print(f"explorer: the product did not start: {exc}\n{log_path.read_text()[-3000:]}")
            return
        seeded_s = time.monotonic() - started
        out = subprocess.run(["node", str(ROOT / "bench" / "explorer_browser.mjs"), f"http://127.0.0.1:{port}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=900)
        if out.returncode != 0:
            print(f"explorer: browser run failed\n{out.stderr[-2000:]}")
            return
        r = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        _stop(product)
        log.close()
    print(f"explorer: {r.get('stations') or 0:,} stations painted ({stations:,} seeded, product ready in {seeded_s:.0f} s)")
    if "paintedMs" in r:
        print(f"explorer: navigation -> points painted  {r['paintedMs']} ms")
    if "panFrameMedianMs" in r:
        print(f"explorer: panning  frame median {r['panFrameMedianMs']} ms, p95 {r['panFrameP95Ms']} ms, "
              f"max {r['panFrameMaxMs']} ms ({r['panFrames']} frames)")
    if "chartDrawnMs" in r:
        verdict = "OK" if r["chartDrawnMs"] <= CHART_GOAL_MS else "OVER GOAL"
        print(f"explorer: {r['seriesPoints']:,}-point series -> chart drawn  {r['chartDrawnMs']} ms "
              f"({r['chartDrawnPoints']:,} points drawn after LTTB; goal <= {CHART_GOAL_MS} ms) {verdict}")
    if "error" in r:
        print(f"explorer: stopped early: {r['error']}")


if __name__ == "__main__":
    main()
