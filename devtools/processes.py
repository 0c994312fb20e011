"""Small helpers for starting local servers: free ports, waiting until up, the moto server."""
from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent


class StartupError(RuntimeError):
    pass


def quiet_libraries() -> None:
    """Libraries' INFO lines (pynamodb has no global settings file, botocore found credentials in the
    environment) tell someone watching `make run` nothing; their warnings still show."""
    for name in ("pynamodb", "botocore"):
        logging.getLogger(name).setLevel(logging.WARNING)


def die_with_parent() -> None:
    """Linux: a child gets SIGTERM when the process that started it dies, even by SIGKILL, so no orphan
    keeps a port (or a test runner's output pipe) open. Given as Popen's preexec_fn."""
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, what: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise StartupError(f"{what} exited during start-up (exit code {process.returncode}); its output is above or in .run/logs/.")
        try:
            requests.get(url, timeout=1)
            return
        except requests.RequestException:
            time.sleep(0.2)
    raise StartupError(f"{what} did not answer at {url} within {timeout:.0f} s.")


def moto_server_command(port: int) -> list[str]:
    return [sys.executable, "-m", "devtools.moto_server", "--port", str(port)]


def start_moto_server(port: int, **popen_options) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(moto_server_command(port), cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, **popen_options)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(f"{url}/moto-api/", "moto server", process)
    return process, url
