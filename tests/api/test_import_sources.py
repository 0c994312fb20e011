"""Import sources: a project's URLs imported on a schedule, served here by a local HTTP server (no test needs the
internet): the run queues a normal import (trigger: schedule), a second run imports nothing new, a failing
source records why and backs off, and URLs that could reach private places are refused."""
from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.api.imports_support import fresh_project, run_worker

USGS = (Path(__file__).resolve().parents[1] / "fixtures" / "usgs" / "waterservices_iv.json").read_bytes()


class _Files(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path.startswith("/slow"):
            time.sleep(0.8)
        if self.path.startswith("/iv"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(USGS)
        else:
            self.send_response(503)
            self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Files)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def project(api):
    org, project = fresh_project(api)
    return f"/organization/{org}/projects/{project}"


def test_a_source_is_run_as_a_scheduled_import_and_a_second_run_imports_nothing_new(api, server, project):
    admin = api.as_("admin")
    source = admin.post(project + "/import-sources", {"name": "Choptank gages", "url": f"{server}/iv?sites=01491000",
                                                      "format": "usgs-json", "schedule": "hourly"})
    assert source.status_code == 201, source.json
    assert (source.json["enabled"], source.json["lastStatus"]) == (True, None)
    from chalicelib.sources import service as sources

    assert sources.run_due() >= 1  # due at once: what the scheduled function runs every 5 minutes
    listed = admin.get(project + "/import-sources").json
    assert [(s["name"], s["lastStatus"]) for s in listed] == [("Choptank gages", "queued")]
    log = run_worker(api=admin, path=f"{project}/queued-import/{listed[0]['lastLogId']}")
    assert (log["status"], log["trigger"], log["sourceId"], log["rowsImported"]) == (
        "succeeded", "schedule", source.json["id"], 20)
    sources.run_due()  # not due again before an hour: this source is left alone
    assert admin.get(project + "/import-sources").json[0]["lastLogId"] == log["logId"]
    again = admin.post(f"{project}/import-sources/{source.json['id']}/run").json
    assert (again["lastStatus"], again["lastMessage"], again["lastLogId"]) == (
        "unchanged", "The source's answer has not changed since the last import: nothing new to import.",
        log["logId"])


def test_a_failing_source_records_why_and_backs_off(api, server, project):
    admin = api.as_("admin")
    broken = admin.post(project + "/import-sources", {"name": "Down", "url": f"{server}/down", "format": "ts-long",
                                                      "schedule": "daily", "enabled": False}).json
    assert broken["nextRunAt"] is None
    failed = admin.post(f"{project}/import-sources/{broken['id']}/run").json
    assert (failed["lastStatus"], failed["failures"], failed["lastMessage"]) == (
        "failed", 1, "The source answered HTTP 503 instead of a file. Next try in 5 minutes.")
    from chalicelib.sources import service as sources

    slow = admin.post(project + "/import-sources", {"name": "Slow", "url": f"{server}/slow", "format": "ts-wide",
                                                    "schedule": "hourly"}).json
    started = time.monotonic()
    answer = sources.run(sources.get(slow["projectId"], slow["id"]), read_seconds=0.3)
    assert time.monotonic() - started < 0.75
    assert answer["lastStatus"] == "failed" and answer["lastMessage"].startswith("The source could not be reached")
    second = admin.post(f"{project}/import-sources/{broken['id']}/run").json
    assert (second["failures"], second["lastMessage"]) == (2, "The source answered HTTP 503 instead of a file. "
                                                              "Next try in 10 minutes.")
    edited = admin.patch(f"{project}/import-sources/{broken['id']}", {"url": f"{server}/iv", "enabled": True}).json
    assert (edited["failures"], edited["enabled"]) == (0, True)
    assert admin.delete(f"{project}/import-sources/{broken['id']}").status_code == 200
    assert admin.delete(f"{project}/import-sources/{broken['id']}").json["message"] == "Import source not found."


def test_urls_that_could_reach_private_places_are_refused(api, project):
    admin = api.as_("admin")
    for url, message in (("ftp://example.org/data.csv", "Only http and https URLs can be imported."),
                         ("file:///etc/passwd", "Only http and https URLs can be imported."),
                         ("http://user:secret@example.org/", "A URL with a user name or password is not accepted; "
                                                             "use a public address.")):
        response = admin.post(project + "/import-sources", {"name": "x", "url": url, "format": "ts-long",
                                                            "schedule": "daily"})
        assert (response.status_code, response.json["message"]) == (400, message)
    in_chinese = admin.request("POST", project + "/import-sources", {"name": "x", "url": "ftp://example.org/a.csv",
                                                                     "format": "ts-long", "schedule": "daily"},
                               headers={"Accept-Language": "zh-CN"})
    assert (in_chinese.status_code, in_chinese.json["message"]) == (400, "只能导入 http 和 https 网址。")
    from chalicelib.sources import fetch

    for url in ("http://127.0.0.1:8000/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/",
                "http://[::1]/"):
        with pytest.raises(fetch.Refused) as refused:
            fetch.check_url(url, cloud=True)
        assert str(refused.value) == ("The URL points at a private, loopback or link-local address; only public "
                                      "addresses can be imported.")
    assert fetch.check_url("http://127.0.0.1:8000/", cloud=False, resolve=True)[3] == ["127.0.0.1"]
