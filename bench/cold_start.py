"""Cold start of the Lambda module: `python -X importtime -c "import app"`, total for `app` (goal < 300 ms),
measured where Lambda runs it: the unzipped deployment package of `make package`, with its vendored
libraries and the bytecode it ships, run by the functions' Python (package_stack.LAMBDA_RUNTIME); and, for
comparison, the same package without that bytecode.
Also the sizes of what `make package` deploys: the functions' package and the import worker's layer
(pyarrow), zipped and unzipped, against Lambda's 250 MB unzipped limit."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
GOAL_MS = 300


def import_time_ms(directory: Path, env: dict[str, str]) -> float:
    from devtools.package_stack import runtime_python  # the package's libraries are built for that Python

    result = subprocess.run([runtime_python(), "-X", "importtime", "-c", "import app"], cwd=directory, env=env,
                            capture_output=True, text=True, check=True)
    app_line = [line for line in result.stderr.splitlines() if line.rstrip().endswith("| app")][-1]
    return int(app_line.split("|")[1]) / 1000


def report(what: str, directory: Path, env: dict[str, str], *, goal: bool = True) -> None:
    import_time_ms(directory, env)  # file system caches warm, as on a Lambda host that just unzipped the code
    times = [import_time_ms(directory, env) for _ in range(RUNS)]
    median = statistics.median(times)
    verdict = f"; goal < {GOAL_MS} ms) {'OK' if median < GOAL_MS else 'OVER GOAL'}" if goal else ")"
    print(f"cold start: import app ({what})  median {median:.0f} ms  (min {min(times):.0f}, max {max(times):.0f}, "
          f"{RUNS} runs{verdict}")


def package_sizes(out_dir: Path) -> None:
    from devtools.package_stack import LAMBDA_UNZIPPED_LIMIT, WORKER_LAYER_ZIP

    def sizes(path: Path) -> tuple[int, int]:
        return path.stat().st_size, sum(entry.file_size for entry in zipfile.ZipFile(path).infolist())

    package, layer = sizes(out_dir / "deployment.zip"), sizes(out_dir / WORKER_LAYER_ZIP)
    mb = 1e6
    print(f"package: deployment.zip (API and worker) {package[0] / mb:.1f} MB zipped, {package[1] / mb:.1f} MB "
          f"unzipped; {WORKER_LAYER_ZIP} (worker only) {layer[0] / mb:.1f} MB zipped, {layer[1] / mb:.1f} MB unzipped")
    for function, unzipped in (("API", package[1]), ("import worker", package[1] + layer[1])):
        print(f"package: {function} function unzipped with its layers {unzipped / mb:.1f} MB of Lambda's "
              f"{LAMBDA_UNZIPPED_LIMIT / mb:.1f} MB {'OK' if unzipped <= LAMBDA_UNZIPPED_LIMIT else 'OVER LIMIT'}")


def main() -> None:
    # Lambda cannot write bytecode caches, so none are written here either.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "STAGE": "dev"}
    with tempfile.TemporaryDirectory(prefix="owd-cold-start-") as work:
        subprocess.run([sys.executable, "-m", "devtools.package_stack", "--stage", "dev", "--out", work], cwd=ROOT,
                       check=True, capture_output=True)
        package_sizes(Path(work))
        task_root = Path(work) / "task"
        with zipfile.ZipFile(Path(work) / "deployment.zip") as package:
            package.extractall(task_root)
        report("deployment package", task_root, env)
        for pyc in task_root.rglob("*.pyc"):
            pyc.unlink()
        report("the same package without its bytecode", task_root, env, goal=False)


if __name__ == "__main__":
    main()
