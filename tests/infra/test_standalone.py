"""The repository stands on its own: a clone with nothing beside it loads its demo data, and no tracked
file reaches for a folder outside the repository (issue 11)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE_FOLDER = re.compile("|".join([
    re.escape("..") + r"[/\\]" + "shared",                       # ../shared/data/...
    r"""["']""" + "shared" + r"""["']\s*/\s*["']""" + "data",  # Path(...) / "shared" / "data"
]))
TEXT_SUFFIXES = {".py", ".ts", ".tsx", ".js", ".mjs", ".json", ".yaml", ".yml", ".toml", ".cfg", ".ini",
                 ".txt", ".md", ".html", ".css", ".sh", ""}


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


def test_no_tracked_file_names_a_folder_outside_the_repository():
    offenders = []
    this_file = Path(__file__).resolve().relative_to(ROOT).as_posix()  # it spells the rule out
    for name in tracked_files():
        path = ROOT / name
        if name == this_file:
            continue
        if path.suffix not in TEXT_SUFFIXES and path.name != "Makefile":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE_FOLDER.search(line):
                offenders.append(f"{name}:{number}: {line.strip()}")
    assert offenders == []


def test_the_rule_catches_what_it_is_meant_to():
    assert OUTSIDE_FOLDER.search("WQP = Path(__file__).parents[2] / 'shared' / 'data' / 'wqp'")
    assert OUTSIDE_FOLDER.search("open('../shared/data/usgs/waterservices_iv.json')")
    assert not OUTSIDE_FOLDER.search("devtools/demo/wqp/wqp_sites.csv")


def test_a_copy_of_the_tracked_files_alone_loads_the_demo_files(tmp_path):
    # tmp_path has no shared/ beside the copy: a read outside the repository fails here.
    copy = tmp_path / "clone"
    for name in tracked_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    assert not (tmp_path / "shared").exists()
    script = ("import json; from devtools import demo_data; "
              "print(json.dumps({name: len(rows) for name, rows in demo_data.read_wqp_files().items()}))")
    loaded = subprocess.run([sys.executable, "-c", script], cwd=copy, capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy)}, timeout=120)
    assert loaded.returncode == 0, loaded.stderr
    # Every file the seed loads, with its real rows.
    assert json.loads(loaded.stdout) == {"wqp_sites.csv": 5, "wqp_projects.csv": 53, "wqp_activities.csv": 5,
                                         "wqp_results.csv": 5, "wqp3_results.csv": 5}
