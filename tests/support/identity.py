"""The local identity provider for the test session, started as a real process on a free port.

Its signing key lives in a temporary PEM file so that tests can forge tokens with the very key the
provider signs with (to prove the API checks issuer, audience and expiry, not only the signature)."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptography.hazmat.primitives.serialization import load_pem_private_key

from devtools.oidc.keys import read_key_file
from devtools.processes import free_port, wait_until_up

_state: dict = {}


def start_identity_provider(env: dict | None = None) -> str:
    port = free_port()
    issuer = f"http://127.0.0.1:{port}"
    key_file = Path(tempfile.mkdtemp(prefix="owd-oidc-")) / "signing-key.pem"
    process = subprocess.Popen(
        [sys.executable, "-m", "devtools.oidc", "--host", "127.0.0.1", "--port", str(port), "--issuer", issuer,
         "--key-file", str(key_file)],
        env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until_up(f"{issuer}/.well-known/openid-configuration", "identity provider", process)
    _state.update(process=process, issuer=issuer, key_file=key_file)
    return issuer


def identity_provider_url() -> str:
    return _state["issuer"]


def identity_provider_key():
    """(private key, kid) of the running provider: a cryptography key object for jwt.encode."""
    signing_key = read_key_file(_state["key_file"])
    return load_pem_private_key(signing_key.private_pem(), password=None), signing_key.kid


def stop_identity_provider() -> None:
    process = _state.pop("process", None)
    if process is not None:
        process.terminate()
        process.wait(timeout=10)
