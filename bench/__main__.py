"""`make bench`: every benchmark in bench/, each printing its own figures."""
import importlib
import pkgutil
import sys
from pathlib import Path

BENCHMARKS = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if not m.name.startswith("_"))

if __name__ == "__main__":
    selected = sys.argv[1:] or BENCHMARKS
    for name in selected:
        print(f"== {name}", flush=True)
        importlib.import_module(f"bench.{name}").main()
