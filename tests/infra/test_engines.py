"""The local stack's engine switch (ENGINE=moto|localstack, devtools/engines.py).

`make test` runs every suite on LocalStack; this keeps `make run`'s embedded default, the moto server,
working: the whole product started as `make run` starts it, on a moto server of its own.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from devtools import engines
from devtools.processes import StartupError, free_port, port_in_use, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
# What tests/conftest.py set for the session's own stand-in; the product started here makes its own.
SESSION_SETTINGS = ("AWS_ENDPOINT_URL", "TABLE_PREFIX", "IMPORT_QUEUE_URL", "UPLOADS_BUCKET", "OIDC_ISSUER",
                    "OIDC_AUDIENCE", "ADMIN_EMAILS")


def test_the_engine_is_one_setting_with_moto_as_the_default(monkeypatch):
    monkeypatch.delenv("ENGINE", raising=False)
    assert engines.selected() == "moto"
    monkeypatch.setenv("ENGINE", "LocalStack")
    assert engines.selected() == "localstack"
    monkeypatch.setenv("ENGINE", "docker")
    with pytest.raises(StartupError, match="ENGINE='docker' is not an engine of the local stack; choose one of: "
                                           "moto, localstack"):
        engines.selected()


def test_make_run_on_moto_deploys_seeds_and_answers(tmp_path):
    gateway, api, oidc, aws = (free_port() for _ in range(4))
    env = {key: value for key, value in os.environ.items() if key not in SESSION_SETTINGS}
    env.update(ENGINE="moto", PORT=str(gateway), API_PORT=str(api), OIDC_PORT=str(oidc), AWS_PORT=str(aws),
               SEED_STATIONS="12", OIDC_KEY_FILE="", APP_VERSION="0.1.0-moto-path")
    log = (tmp_path / "run.log").open("wb")
    product = subprocess.Popen([sys.executable, "-m", "devtools.run"], cwd=ROOT, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{gateway}"
    try:
        wait_until_up(f"{base}/config.json", "make run (moto)", product, timeout=240)
        # The template is deployed into the moto server and the API reads from it.
        assert requests.get(f"http://127.0.0.1:{aws}/moto-api/", timeout=5).ok
        assert requests.get(f"{base}/api/v1/system/info", timeout=10).json()["version"] == "0.1.0-moto-path"
        # The demo is seeded: the real WQP stations and the 12 generated ones.
        stations = requests.get(f"{base}/api/v1/station", params={"limit": 100}, timeout=30).json()
        rows = stations["data"] if isinstance(stations, dict) else stations
        assert len(rows) >= 12
        # Sign-in works: a demo user's token is accepted and names the user.
        token = requests.post(f"http://127.0.0.1:{oidc}/token", data={
            "grant_type": "password", "client_id": "cli", "username": "viewer", "password": "viewer",
            "scope": "openid profile email"}, timeout=10).json()["access_token"]
        profile = requests.get(f"{base}/api/v1/auth/profile", headers={"Authorization": f"Bearer {token}"},
                               timeout=10).json()
        assert profile["email"] == "viewer@demo.openwater.example"
    finally:
        os.killpg(product.pid, signal.SIGTERM)
        product.wait(timeout=60)
        log.close()
    assert product.returncode == 0, (tmp_path / "run.log").read_text(errors="replace")[-3000:]
    # Everything it started is gone with it.
    assert not any(port_in_use(port) for port in (gateway, api, oidc, aws))
