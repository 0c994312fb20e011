"""The AWS stand-in under the local stack, chosen by one setting read here only: ENGINE.

    ENGINE=moto        a moto server (pure Python, embedded: the lightest; `make run`'s default)
    ENGINE=localstack  LocalStack with AWS's DynamoDB Local (what `make test` and CI run on)

Either way the stand-in listens on one loopback port and the rest of the stack (the template deployed
through its CloudFormation, the API, the worker) talks to it by URL alone.
"""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Callable

from devtools.processes import StartupError, moto_server_command, start_moto_server

ENGINES = ("moto", "localstack")
DEFAULT_ENGINE = "moto"


def selected() -> str:
    name = os.environ.get("ENGINE", "").strip().lower() or DEFAULT_ENGINE
    if name not in ENGINES:
        raise StartupError(f"ENGINE={name!r} is not an engine of the local stack; choose one of: {', '.join(ENGINES)}.")
    return name


@dataclass
class Engine:
    name: str
    url: str
    versions: dict[str, str] = field(default_factory=dict)
    stop: Callable[[], None] = lambda: None

    def describe(self) -> str:
        return "AWS stand-in: " + "; ".join(f"{what} {version}" for what, version in self.versions.items())


def moto_versions() -> dict[str, str]:
    from importlib.metadata import version

    return {"moto server": version("moto")}


def start(name: str, port: int) -> Engine:
    """Starts the engine on 127.0.0.1:`port` in this process's care (tests, benchmarks)."""
    if name == "moto":
        process, url = start_moto_server(port)

        def stop() -> None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # busy answering a request it was left with: no state to keep
                process.kill()
                process.wait(timeout=10)

        return Engine(name, url, moto_versions(), stop)
    from devtools import localstack

    instance = localstack.start(port)
    return Engine(name, instance.url, instance.versions, instance.stop)


def server_command(name: str, port: int) -> list[str]:
    """The engine as a child process of `make run`'s supervisor (it stops the engine on SIGTERM)."""
    if name == "moto":
        return moto_server_command(port)
    return [sys.executable, "-m", "devtools.localstack", "serve", "--port", str(port)]


def app_settings(name: str) -> dict[str, str]:
    """Settings of the API and the worker that suit the engine (environment variables)."""
    # moto applies a Scan's ProjectionExpression item by item in Python: the explorer snapshot's Scan
    # of the demo's 2,006 stations took 3.1 s with it and 0.6 s without.
    return {"STATION_SCAN_PROJECTION": "0"} if name == "moto" else {}


def ready_path(name: str) -> str:
    """A path that answers once the engine serves requests."""
    return "/moto-api/" if name == "moto" else "/_localstack/health"
