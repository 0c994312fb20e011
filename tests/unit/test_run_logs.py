"""`make run` keeps the chatty programs' output out of the terminal, and shows it when one of them stops."""
import sys

from devtools import run


def test_a_logged_child_writes_to_its_file_and_its_end_is_shown_when_it_stops(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(run, "LOGS", tmp_path / "logs")
    monkeypatch.setattr(run, "ROOT", tmp_path)
    supervisor = run.Supervisor()
    script = "import sys\nfor n in range(30): print('request', n)\nprint('address in use', file=sys.stderr)\nsys.exit(3)"
    process = supervisor.start("AWS stand-in (moto)", [sys.executable, "-c", script], {"PYTHONUNBUFFERED": "1"}, log="aws-stand-in.log")
    assert process.wait(timeout=30) == 3

    assert capsys.readouterr().out == ""  # nothing reached the terminal
    supervisor.show_log_of_stopped()
    shown = capsys.readouterr().err.splitlines()
    assert shown[0] == "The end of the AWS stand-in (moto)'s log (logs/aws-stand-in.log):"
    assert shown[1:] == [f"request {n}" for n in range(11, 30)] + ["address in use"]


def test_a_running_or_unlogged_child_shows_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(run, "LOGS", tmp_path / "logs")
    monkeypatch.setattr(run, "ROOT", tmp_path)
    supervisor = run.Supervisor()
    running = supervisor.start("gateway", [sys.executable, "-c", "import time; time.sleep(30)"], {}, log="gateway.log")
    supervisor.start("API", [sys.executable, "-c", "pass"], {}).wait(timeout=30)
    try:
        supervisor.show_log_of_stopped()
        assert capsys.readouterr().err == ""
    finally:
        supervisor.stop_all()
    assert running.poll() is not None


def test_a_worker_that_dies_is_started_again_but_one_that_dies_at_once_stops_the_run(tmp_path, monkeypatch, capsys):
    """As Lambda starts another worker (walk, 2026-11-27: a killed worker had stopped the whole of make run)."""
    monkeypatch.setattr(run, "ROOT", tmp_path)
    monkeypatch.setattr(run, "RESTART_AFTER_SECONDS", 2)  # past a busy machine's interpreter start
    supervisor = run.Supervisor()
    marks = tmp_path / "starts"
    # Each start leaves a mark; the first two die after 3 seconds, the third at once.
    # Each one ends killed, as a worker killed mid-job.
    script = (f"import os, pathlib, signal, time\np = pathlib.Path({str(marks)!r})\n"
              "n = len(p.read_text()) if p.exists() else 0\n"
              "p.write_text('x' * (n + 1))\ntime.sleep(3 if n < 2 else 0)\nos.kill(os.getpid(), signal.SIGKILL)")
    supervisor.start("import worker", [sys.executable, "-I", "-S", "-c", script], {}, restart=True)
    try:
        assert supervisor.watch() == "import worker"
    finally:
        supervisor.stop_all()
    assert marks.read_text() == "xxx"
    assert capsys.readouterr().err.count("import worker stopped (exit code -9); starting it again.") == 2
