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
