"""An import keeps its lease while it updates the station summaries after its rows (walk, 2026-11-27: that phase
took minutes on big files without renewing the lease, and the queue hands out again a job whose lease lapsed)."""
from __future__ import annotations

import time
import uuid

from tests.api.imports_support import fresh_project, import_file
from tests.api.test_imports import TEMPLATE


def test_the_lease_is_renewed_while_the_summaries_are_updated(api, settings_env, monkeypatch):
    from chalicelib.imports.models import ImportLog
    from chalicelib.samples import service as samples

    settings_env(IMPORT_LEASE_SECONDS=3)  # renewed every second
    leases: list[int] = []
    refresh, name = samples.refresh_summaries, f"lease-{uuid.uuid4().hex[:8]}.csv"

    def slow_refresh(series):
        (log,) = [log for log in ImportLog.scan() if log.fileName == name]
        for _ in range(4):
            leases.append(int(ImportLog.get(log.id, consistent_read=True).leaseUntil or 0))
            time.sleep(1.1)
        return refresh(series)

    monkeypatch.setattr(samples, "refresh_summaries", slow_refresh)
    org, project = fresh_project(api)
    log = import_file(api, org, project, TEMPLATE, name)
    assert log["status"] == "succeeded", log
    assert leases == sorted(leases) and leases[-1] > leases[0], leases
