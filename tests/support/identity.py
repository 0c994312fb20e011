"""The local identity provider for the test session, started as a real process on a free port."""
from __future__ import annotations

import os
import subprocess
import sys

from devtools.processes import free_port, wait_until_up

_state: dict = {}


def start_identity_provider(env: dict | None = None) -> str:
    port = free_port()
    issuer = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "devtools.oidc", "--host", "127.0.0.1", "--port", str(port), "--issuer", issuer],
        env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until_up(f"{issuer}/.well-known/openid-configuration", "identity provider", process)
    _state.update(process=process, issuer=issuer)
    return issuer


def identity_provider_url() -> str:
    return _state["issuer"]


def stop_identity_provider() -> None:
    process = _state.pop("process", None)
    if process is not None:
        process.terminate()
        process.wait(timeout=10)
