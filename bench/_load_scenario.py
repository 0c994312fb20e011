"""The locust scenario of bench/load.py (run by `locust -f`, not a benchmark itself: its name starts with _).

Visitors browse the explorer and station charts; signed-in users (the demo sign-ins, by the local
identity provider's password grant) do the same and keep dashboards; contributors also import a small
file (a dry run, so the data stays as seeded) and follow it until the worker has checked it. Every
request is named by its kind, so locust's statistics are per kind.
"""
from __future__ import annotations

import itertools
import os
import random
import time
import uuid

import requests
from locust import HttpUser, between, events, task

DEMO_ORGANIZATION_ID = "6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01"
OIDC_ISSUER = os.environ.get("LOAD_OIDC_ISSUER", "http://127.0.0.1:8002")
IMPORT_FILE = (b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit\n"
               b"LOAD-1,2024-05-01,10:00,UTC,pH,7.1,std units\nLOAD-1,2024-05-02,10:00,UTC,pH,7.3,std units\n")
EXPLORER, CHART, DASHBOARDS, IMPORTS, SIGN_IN = "explorer", "station chart", "dashboards", "imports", "sign-in"

shared: dict = {}
sign_ins = itertools.cycle(["viewer", "contributor", "orgadmin", "admin"])


@events.test_start.add_listener
def find_demo_data(environment, **_):
    """Stations with values, and the demo organization's first project (where imports go)."""
    host = environment.host
    stations = requests.post(f"{host}/api/v1/statistic", json={"organizationIds": [DEMO_ORGANIZATION_ID],
                                                                "format": "objects", "limit": 500}, timeout=60).json()
    shared["stations"] = [s["id"] for s in stations["stations"] if s["meta"]["sampleCount"] > 0]
    projects = requests.get(f"{host}/api/v1/project", params={"filter": f"organizationId||$eq||{DEMO_ORGANIZATION_ID}",
                                                              "limit": 1}, timeout=60).json()
    shared["project"] = projects[0]["id"]


class Browsing(HttpUser):
    abstract = True
    wait_time = between(1, 3)

    def explorer(self):
        self.client.get("/api/v1/system/settings", name=EXPLORER)
        self.client.get("/api/v1/stationTypes", name=EXPLORER)
        self.client.post("/api/v1/statistic", json={"format": "columns"}, name=EXPLORER)
        self.client.post("/api/v1/statistic", json={"organizationIds": [DEMO_ORGANIZATION_ID], "format": "objects",
                                                    "limit": 25, "offset": 0}, name=EXPLORER)

    def station_chart(self):
        station = random.choice(shared["stations"])
        self.client.get(f"/api/v1/station/{station}", name=CHART)
        series = self.client.get(f"/api/v1/station/{station}/series", name=CHART).json() or []
        for parameter in [s["parameterId"] for s in series][:2]:
            self.client.get(f"/api/v1/sampleValue/{station}/{parameter}", params={"order": "ASC"}, name=CHART)


class Visitor(Browsing):
    weight = 3

    @task(3)
    def browse_explorer(self):
        self.explorer()

    @task(2)
    def open_station(self):
        self.station_chart()


class SignedInUser(Browsing):
    weight = 2

    def on_start(self):
        self.username = next(sign_ins)
        started = time.perf_counter()
        token = requests.post(f"{OIDC_ISSUER}/token", data={
            "grant_type": "password", "client_id": "cli", "username": self.username, "password": self.username,
            "scope": "openid profile email"}, timeout=30)
        events.request.fire(request_type="POST", name=SIGN_IN, response_time=(time.perf_counter() - started) * 1000,
                            response_length=len(token.content), exception=None if token.ok else Exception(token.text),
                            context={})
        self.client.headers["Authorization"] = f"Bearer {token.json()['access_token']}"

    @task(2)
    def browse_explorer(self):
        self.explorer()

    @task(2)
    def open_station(self):
        self.station_chart()

    @task(2)
    def keep_a_dashboard(self):
        self.client.get("/api/v1/dashboards", name=DASHBOARDS)
        created = self.client.post("/api/v1/dashboards", json={"label": f"Load {uuid.uuid4().hex[:8]}"}, name=DASHBOARDS)
        dashboard = created.json()["id"]
        self.client.post(f"/api/v1/dashboards/{dashboard}/widgets", name=DASHBOARDS,
                         json={"component": "markdown-note", "config": {"text": "Seen under load"}})
        self.client.get(f"/api/v1/dashboards/{dashboard}", name=DASHBOARDS)
        self.client.delete(f"/api/v1/dashboards/{dashboard}", name=DASHBOARDS)

    @task(1)
    def import_a_file(self):
        if self.username not in ("contributor", "orgadmin"):
            return
        project = f"/api/v1/organization/{DEMO_ORGANIZATION_ID}/projects/{shared['project']}"
        queued = self.client.post(f"{project}/import-data", name=IMPORTS, data={"dryRun": "true"},
                                  files={"file": ("load.csv", IMPORT_FILE, "text/csv")})
        log_id = queued.json()["logId"]
        for _ in range(20):
            status = self.client.get(f"{project}/queued-import/{log_id}", name=IMPORTS).json()["status"]
            if status not in ("queued", "running"):
                break
            time.sleep(1)
        self.client.get(f"{project}/import-history", name=IMPORTS)
