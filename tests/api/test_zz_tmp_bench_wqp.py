"""THROWAWAY benchmark (deleted after measuring): a project of 24,000 activities, then one-site queries."""
import os
import time

from chalicelib.core.models import utc_now
from chalicelib.projects import service as projects
from chalicelib.projects.models import Activity
from chalicelib.statistics import service as statistics


def _time(api, path, n=3):
    spent = []
    for _ in range(n):
        t = time.perf_counter()
        r = api.client.http.request("GET", f"/api/v1{path}", headers=api.headers())
        spent.append(time.perf_counter() - t)
        assert r.status_code == 200, r.body
    return spent, r


def test_bench(api, demo):
    snap = statistics.current()
    a = snap.a
    idents = [a["ident"][a["ident_ptr"][i]:a["ident_ptr"][i + 1]].tobytes().decode() for i in range(snap.n)]
    ids = [x.decode() for x in a["id"].tolist()]
    generated = [(i, s) for i, s in zip(idents, ids) if i.startswith("OWD-")]
    site, _ = generated[0]
    others = [s for i, s in generated[1:]]
    project = projects.ensure(demo["org"], "BENCH-24K", "Bench project of 24k activities")
    t = time.perf_counter()
    with Activity.batch_write() as batch:
        for n in range(24000):
            batch.save(Activity(projectId=project.id, id=f"BENCH-{n:06d}", organizationId=demo["org"],
                                typeCode="Sample-Routine", media="Water", startDate="2020-01-01",
                                stationId=others[n % len(others)], createdAt=utc_now()))
    print(f"\nwrote 24,000 activities in {time.perf_counter() - t:.1f} s; site {site}", flush=True)
    out = []
    for path in (f"/wqp/data/Activity/search?siteid={site}&mimeType=csv",
                 f"/wqp/data/Project/search?siteid={site}&mimeType=csv",
                 f"/wqp/data/Activity/search?siteid=WIDNR_WQX-10032762&mimeType=csv",
                 f"/wqp/data/summary/monitoringLocation/search?siteid={site}&summaryYears=all",
                 "/wqp/data/Activity/search?organization=Demo%20Watershed%20Council&mimeType=csv",
                 f"/wqp/data/Station/search?siteid={site}&minactivities=1",
                 "/wqp/data/Station/search?organization=Demo%20Watershed%20Council&minactivities=1"):
        spent, r = _time(api, path)
        rows = r.body.count(b"\n") - 1
        totals = {k: v for k, v in r.headers.items() if k.startswith("Total")}
        times = ", ".join(f"{s:.2f}" for s in spent)
        out.append(f"{path}: {times} s; rows {rows}; {totals}")
    text = "\n".join(out)
    print(text)
    with open(os.environ.get("BENCH_OUT", "/tmp/wqpbench/out.txt"), "a") as f:
        f.write(text + "\n")
