"""`make bench`: every benchmark in bench/, each printing its own figures.

Each runs in a process of its own: benchmarks start their own moto servers and configure the app's
models for them, which a shared process would carry over from one benchmark to the next.
"""
import pkgutil
import subprocess
import sys
from pathlib import Path

BENCHMARKS = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if not m.name.startswith("_"))

if __name__ == "__main__":
    selected = sys.argv[1:] or BENCHMARKS
    failed = []
    for name in selected:
        print(f"== {name}", flush=True)
        code = subprocess.call([sys.executable, "-c", f"import bench.{name} as b; b.main()"],
                               cwd=Path(__file__).resolve().parent.parent)
        if code:
            failed.append(name)
    if failed:
        sys.exit(f"benchmarks that failed: {', '.join(failed)}")
