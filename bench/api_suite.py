"""The API test suite's time on each engine of the local stack (goal: LocalStack with DynamoDB Local at
most 1.5x the moto server's time). Each run starts its own stand-in, as `make test` does."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 1.5


def timed_run(engine: str) -> tuple[float, str]:
    env = {**os.environ, "ENGINE": engine}
    env.pop("AWS_ENDPOINT_URL", None)
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/api"], cwd=ROOT,
                         env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    summary = (run.stdout.strip().splitlines() or ["no output"])[-1]
    if run.returncode != 0:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
    return seconds, summary


def main() -> None:
    seconds = {}
    for engine in ("moto", "localstack"):
        seconds[engine], summary = timed_run(engine)
        print(f"api suite on {engine:10s}: {seconds[engine]:6.1f} s (start-up included)  {summary}")
    ratio = seconds["localstack"] / seconds["moto"]
    print(f"api suite: LocalStack with DynamoDB Local / moto = {ratio:.2f}x (goal <= {GOAL_RATIO}x) "
          f"{'OK' if ratio <= GOAL_RATIO else 'OVER GOAL'}")
