"""Import sources: a project's URLs imported on a schedule, served here by a local HTTP server (no test needs the
internet): the run queues a normal import (trigger: schedule), a second run imports nothing new, a failing
source records why and backs off, and URLs that could reach private places are refused."""
from __future__ import annotations

import html
import re
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.api.imports_support import fresh_project, run_worker

USGS = (Path(__file__).resolve().parents[1] / "fixtures" / "usgs" / "waterservices_iv.json").read_bytes()


class _Files(BaseHTTPRequestHandler):
    files: dict[str, bytes] = {}

    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path.startswith("/slow"):
            time.sleep(0.8)
        if self.path.startswith("/iv"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(USGS)
        elif self.path.startswith("/files/"):  # a file the test put there (_Files.files)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(_Files.files[self.path.split("?")[0].rsplit("/", 1)[-1]])
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
    assert listed[0]["lastMessage"] == f"{len(USGS):,} bytes fetched; the import of Choptank gages.json is queued."
    log = run_worker(api=admin, path=f"{project}/queued-import/{listed[0]['lastLogId']}")
    assert (log["status"], log["trigger"], log["sourceId"], log["rowsImported"], log["fileName"]) == (
        "succeeded", "schedule", source.json["id"], 20, "Choptank gages.json")
    # The source's last result is now the import's.
    ended = admin.get(project + "/import-sources").json[0]
    assert (ended["lastStatus"], ended["lastMessage"], ended["lastLogId"]) == (
        "succeeded", "20 values of 4 series read.", log["logId"])
    sources.run_due()  # not due again before an hour: this source is left alone
    assert admin.get(project + "/import-sources").json[0]["lastLogId"] == log["logId"]
    again = admin.post(f"{project}/import-sources/{source.json['id']}/run").json
    assert (again["lastStatus"], again["lastMessage"], again["lastLogId"]) == (
        "unchanged", "The source answered as at its last import.",
        log["logId"])


def test_a_failing_source_records_why_and_backs_off(api, server, project, monkeypatch):
    admin = api.as_("admin")
    broken = admin.post(project + "/import-sources", {"name": "Down", "url": f"{server}/down", "format": "ts-long",
                                                      "schedule": "daily", "enabled": False}).json
    assert broken["nextRunAt"] is None
    before = datetime.now(timezone.utc)
    failed = admin.post(f"{project}/import-sources/{broken['id']}/run").json
    # The next try as a moment (UTC), five minutes on: a length of time would be wrong by the time it is read.
    retry = [(before + timedelta(minutes=5, seconds=s)).strftime("%Y-%m-%d %H:%M") for s in (0, 60)]
    assert (failed["lastStatus"], failed["failures"]) == ("failed", 1)
    assert failed["lastMessage"] in {f"The source answered HTTP 503 instead of a file. Next try at {r} UTC." for r in retry}
    in_chinese = admin.get(project + "/import-sources", headers={"Accept-Language": "zh-CN"}).json
    assert next(s for s in in_chinese if s["id"] == broken["id"])["lastMessage"] in {
        f"导入源返回了 HTTP 503，而不是文件。将于 {r}（UTC）重试。" for r in retry}
    from chalicelib.sources import service as sources

    slow = admin.post(project + "/import-sources", {"name": "Slow", "url": f"{server}/slow", "format": "ts-wide",
                                                    "schedule": "hourly"}).json
    # The time measured is the fetch's: the email a first failed scheduled run sends after it (its own test, below)
    # is not sent here.
    from chalicelib.sources import notify

    monkeypatch.setattr(notify, "source_failing", lambda source, message: False)
    started = time.monotonic()
    answer = sources.run(sources.get(slow["projectId"], slow["id"]), read_seconds=0.3)
    assert time.monotonic() - started < 0.75
    assert answer["lastStatus"] == "failed"
    assert answer["lastMessage"].startswith("The source could not be reached: it did not answer within 0 s.")
    # "Run now" keeps within API Gateway's 29 s: its own, shorter read limit (a slow source had ended in a 502).
    monkeypatch.setattr(sources, "RUN_NOW_READ_SECONDS", 0.3)
    started = time.monotonic()
    ran = admin.post(f"{project}/import-sources/{slow['id']}/run", headers={"Accept-Language": "zh-CN"}).json
    assert time.monotonic() - started < 0.75
    assert ran["lastMessage"].startswith("无法连接导入源：它在 0 秒内没有应答。")
    # Nothing at the address: said in words (it had said "NewConnectionError").
    closed = admin.post(project + "/import-sources", {"name": "Closed", "url": "http://127.0.0.1:9/data.csv",
                                                      "format": "ts-wide", "schedule": "hourly"}).json
    refused = admin.post(f"{project}/import-sources/{closed['id']}/run").json
    assert refused["lastMessage"].startswith("The source could not be reached: nothing answered at its address.")
    before = datetime.now(timezone.utc)
    second = admin.post(f"{project}/import-sources/{broken['id']}/run").json
    retry = [(before + timedelta(minutes=10, seconds=s)).strftime("%Y-%m-%d %H:%M") for s in (0, 60)]
    assert second["failures"] == 2
    assert second["lastMessage"] in {f"The source answered HTTP 503 instead of a file. Next try at {r} UTC." for r in retry}
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


def test_a_malformed_url_is_refused_with_a_clear_message(api, project):
    admin = api.as_("admin")
    for url, message in (
            ("https://[::1/", "The URL is not a valid web address: check its brackets and characters."),
            ("http://exa mple.org/", "The URL's host 'exa mple.org' is not a valid host name: use letters, digits, "
                                     "dots and hyphens."),
            ("http://exa<mple.org/data.csv", "The URL's host 'exa<mple.org' is not a valid host name: use letters, "
                                             "digits, dots and hyphens."),
            ("http://example.org/my data.csv", "The URL holds a space or another blank; write a space as %20.")):
        response = admin.post(project + "/import-sources", {"name": "x", "url": url, "format": "ts-wide",
                                                            "schedule": "daily"})
        assert (response.status_code, response.json["message"]) == (400, message), url
    source = admin.post(project + "/import-sources", {"name": "x", "url": "https://example.org/", "format": "ts-wide",
                                                      "schedule": "daily", "enabled": False}).json
    edited = admin.patch(f"{project}/import-sources/{source['id']}", {"url": "https://[::1/"})
    assert (edited.status_code, edited.json["message"]) == (
        400, "The URL is not a valid web address: check its brackets and characters.")
    in_chinese = admin.request("POST", project + "/import-sources", {
        "name": "x", "url": "http://exa mple.org/", "format": "ts-wide", "schedule": "daily"},
        headers={"Accept-Language": "zh-CN"})
    assert (in_chinese.status_code, in_chinese.json["message"]) == (
        400, "网址的主机“exa mple.org”不是有效的主机名：请使用字母、数字、点和连字符。")
    admin.delete(f"{project}/import-sources/{source['id']}")


def test_a_run_by_hand_whose_import_fails_says_so_and_imports_the_answer_again_next_time(api, server, project):
    admin = api.as_("admin")
    _Files.files["gages.json"] = b'{"value": {}}'
    source = admin.post(project + "/import-sources", {"name": "Broken gages", "url": f"{server}/files/gages.json?x=1",
                                                      "format": "usgs-json", "schedule": "daily",
                                                      "enabled": False}).json
    queued = admin.post(f"{project}/import-sources/{source['id']}/run").json
    assert (queued["lastStatus"], queued["lastMessage"]) == (
        "queued", "13 bytes fetched; the import of gages.json is queued.")
    log = run_worker(api=admin, path=f"{project}/queued-import/{queued['lastLogId']}")
    assert (log["status"], log["trigger"], log["fileName"]) == ("failed", "manual", "gages.json")
    failed = admin.get(project + "/import-sources").json
    failed = next(s for s in failed if s["id"] == source["id"])
    assert (failed["lastStatus"], failed["lastMessage"], failed["lastLogId"]) == (
        "failed", "The JSON is not a USGS Water Services answer (value.timeSeries is missing).", log["logId"])
    in_chinese = admin.get(project + "/import-sources", headers={"Accept-Language": "zh-CN"}).json
    assert next(s for s in in_chinese if s["id"] == source["id"])["lastMessage"] == (
        "该 JSON 不是 USGS Water Services 的响应（缺少 value.timeSeries）。")
    # The same answer again: the failed import does not count as imported, so it is imported again.
    again = admin.post(f"{project}/import-sources/{source['id']}/run").json
    assert again["lastStatus"] == "queued" and again["lastLogId"] != log["logId"]
    run_worker(api=admin, path=f"{project}/queued-import/{again['lastLogId']}")
    admin.delete(f"{project}/import-sources/{source['id']}")


def test_a_scheduled_source_that_starts_failing_emails_its_maker_once(api, server, project, aws_url):
    from chalicelib.sources import service as sources
    from devtools import mailbox

    admin = api.as_("admin")
    email = admin.get("/auth/profile").json["email"]
    name = f"Gauge feed {time.time_ns()}"
    made = admin.post(project + "/import-sources", {"name": name, "url": f"{server}/gone", "format": "ts-long",
                                                    "schedule": "hourly"}).json

    def mails():
        return [m for m in mailbox.messages(aws_url) if email in m.to and name in m.subject]

    first = sources.run(sources.get(made["projectId"], made["id"]))  # the scheduled run
    assert first["failures"] == 1
    [mail] = mails()
    assert mail.subject == f"Import source {name} is failing / 导入源 {name} 运行失败"
    assert f"The scheduled import of {name} ({server}/gone) into the project" in mail.body
    assert first["lastMessage"] in mail.body
    assert "导入源返回了 HTTP 503，而不是文件。" in mail.body
    assert [link.split("#", 1)[1] for link in mail.links if "#" in link] == [
        f"/userspace/organizations/{made['organizationId']}/projects/{made['projectId']}/logger"]
    # Failing on: not said again; nor is a person's Run now, answered on the screen.
    assert sources.run(sources.get(made["projectId"], made["id"]))["failures"] == 2
    admin.patch(f"{project}/import-sources/{made['id']}", {"url": f"{server}/down"})
    assert admin.post(f"{project}/import-sources/{made['id']}/run").json["failures"] == 1
    assert len(mails()) == 1


def test_a_scheduled_import_that_fails_emails_the_sources_maker_once_until_it_works_again(api, server, project, aws_url):
    """The source answers, but its answer cannot be imported (its format changed, say): every hourly run would fail
    alike, unseen. Its maker hears of it once, and again only after an import of it has worked in between."""
    from chalicelib.sources import service as sources
    from devtools import mailbox

    admin = api.as_("admin")
    email = admin.get("/auth/profile").json["email"]
    name = f"Changed feed {time.time_ns()}"
    file = f"{time.time_ns()}.json"
    _Files.files[file] = b'{"value": {}}'
    made = admin.post(project + "/import-sources", {"name": name, "url": f"{server}/files/{file}", "format": "usgs-json",
                                                    "schedule": "hourly"}).json

    def scheduled_run() -> dict:
        ran = sources.run(sources.get(made["projectId"], made["id"]))
        return run_worker(api=admin, path=f"{project}/queued-import/{ran['lastLogId']}")

    def mails():
        return [m for m in mailbox.messages(aws_url) if email in m.to and name in m.subject]

    assert scheduled_run()["status"] == "failed"
    [mail] = mails()
    assert mail.subject == f"Import source {name} is failing / 导入源 {name} 运行失败"
    body = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", mail.body)).split())  # as a mail reader shows it
    assert f"The scheduled import of {name} ({server}/files/{file}) into the project" in body
    assert ("fetched the source's answer, but could not import it: The JSON is not a USGS Water Services answer "
            "(value.timeSeries is missing).") in body
    assert "该 JSON 不是 USGS Water Services 的响应（缺少 value.timeSeries）。" in body
    assert "每次定时运行都会重试，在恢复正常之前不会再发送邮件。" in body
    assert [link.split("#", 1)[1] for link in mail.links if "#" in link] == [
        f"/userspace/organizations/{made['organizationId']}/projects/{made['projectId']}/logger"]

    assert scheduled_run()["status"] == "failed"  # failing on: not said again
    assert len(mails()) == 1
    _Files.files[file] = USGS
    assert scheduled_run()["status"] == "succeeded"  # working again ...
    _Files.files[file] = b'{"value": {}}'
    assert scheduled_run()["status"] == "failed"  # ... so a new failure is said
    assert len(mails()) == 2
    admin.delete(f"{project}/import-sources/{made['id']}")
