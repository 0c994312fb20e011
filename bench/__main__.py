"""`make bench`: every benchmark in bench/, each printing its own figures.

Each runs in a process of its own: benchmarks start their own AWS stand-ins and configure the app's
models for them, which a shared process would carry over from one benchmark to the next. A benchmark
that says PER_ENGINE = True measures DynamoDB and runs once on each engine of BENCH_ENGINES
(default: moto and LocalStack with DynamoDB Local), so the figures stand side by side.
"""
import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

BENCHMARKS = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if not m.name.startswith("_"))

if __name__ == "__main__":
    selected = sys.argv[1:] or BENCHMARKS
    failed = []
    engines = os.environ.get("BENCH_ENGINES", "moto,localstack").split(",")
    for name in selected:
        per_engine = getattr(importlib.import_module(f"bench.{name}"), "PER_ENGINE", False)
        for engine in engines if per_engine else [None]:
            print(f"== {name}" + (f" on {engine}" if engine else ""), flush=True)
            env = {**os.environ, "ENGINE": engine} if engine else None
            code = subprocess.call([sys.executable, "-c", f"import bench.{name} as b; b.main()"],
                                   cwd=Path(__file__).resolve().parent.parent, env=env)
            if code:
                failed.append(name + (f" on {engine}" if engine else ""))
    if failed:
        sys.exit(f"benchmarks that failed: {', '.join(failed)}")
