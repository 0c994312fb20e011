"""Cold start of the Lambda module: `python -X importtime -c "import app"`, total for `app` (goal < 300 ms)."""
from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
GOAL_MS = 300


def import_time_ms() -> float:
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import app"], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    app_line = [line for line in result.stderr.splitlines() if line.rstrip().endswith("| app")][-1]
    return int(app_line.split("|")[1]) / 1000


def main() -> None:
    import_time_ms()  # the first run writes bytecode caches; Lambda ships them warm too
    times = [import_time_ms() for _ in range(RUNS)]
    median = statistics.median(times)
    print(f"cold start: import app  median {median:.0f} ms  (min {min(times):.0f}, max {max(times):.0f}, "
          f"{RUNS} runs; goal < {GOAL_MS} ms) {'OK' if median < GOAL_MS else 'OVER GOAL'}")


if __name__ == "__main__":
    main()
