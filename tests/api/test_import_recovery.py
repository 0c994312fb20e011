"""A worker killed in the middle of a file loses and duplicates nothing: the redelivered message resumes
from the import's checkpoint, and the stored values equal those of a clean import of the same file."""
from __future__ import annotations

import csv
import io
from datetime import date, timedelta

from tests.api.imports_support import fresh_project, import_file, killed_mid_file, post_file, raw_get, run_worker

ROWS = 300
KILL_AFTER_ROWS = 100


def _file() -> bytes:
    lines = ["StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude,StationName"]
    for n in range(ROWS):
        station = f"RECOVER-{n % 7}"
        day = (date(2010, 1, 1) + timedelta(days=n)).isoformat()  # every row its own value
        value = "bad" if n % 97 == 0 else f"{(n * 37) % 1000 / 10:.1f}"
        lines.append(f"{station},{day},{n % 24:02d}:{n % 60:02d},UTC,Parameter {n % 3},{value},mg/L,"
                     f"{40 + n % 7 / 10},-75.{n % 7},Recovery site {n % 7}")
    return ("\n".join(lines) + "\n").encode()


def _values(api, project_id: str) -> list[tuple]:
    rows = csv.DictReader(io.StringIO(raw_get(api, f"/sampleValue?projectId={project_id}").body.decode("utf-8")))
    # Without the columns naming the organization and project (the two imports are in two of each).
    own = ("OrganizationIdentifier", "OrganizationFormalName", "ProjectIdentifier")
    return sorted(tuple(v for k, v in row.items() if k not in own) for row in rows)


def test_a_killed_worker_resumes_from_its_checkpoint_and_nothing_is_lost_or_doubled(api):
    content = _file()
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log_id = post_file(admin, org, project, content, "recovery.csv").json["logId"]
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    killed, _ = killed_mid_file(admin, path, log_id, KILL_AFTER_ROWS)
    assert killed["status"] == "running" and KILL_AFTER_ROWS <= killed["rowsDone"] < ROWS
    resumed = run_worker(api=admin, path=path, timeout=120)

    clean_org, clean_project = fresh_project(api)
    clean = import_file(api, clean_org, clean_project, content, "recovery.csv")
    counted = ("status", "rowsTotal", "rowsDone", "rowsImported", "rowsRejected", "rowsUnchanged", "stationsCreated")
    assert {k: resumed[k] for k in counted} == {k: clean[k] for k in counted}
    # Parameters are shared by every organization: the first import made them, the clean one found them.
    assert (resumed["parametersCreated"], clean["parametersCreated"]) == (3, 0)
    assert resumed["rowsRejected"] == len(range(0, ROWS, 97))
    assert resumed["rowsImported"] == ROWS - resumed["rowsRejected"]
    assert _values(api, project) == _values(api, clean_project)
    assert len(_values(api, project)) == resumed["rowsImported"]
    rejected = admin.get(f"/Util/feedbacklog/{log_id}?limit=1000").json
    assert rejected["total"] == resumed["rowsRejected"]  # each rejected row once, however often its chunk ran
    assert sorted(r["row"] for r in rejected["data"]) == [n + 1 for n in range(0, ROWS, 97)]
