"""A long import emails whoever started it how it ended (they have often left the screen); a short one, which
they see end, sends nothing."""
from __future__ import annotations

import uuid

from devtools import mailbox
from tests.api.imports_support import fresh_project, post_file, queued_minutes_ago, run_worker
from tests.api.test_imports import TEMPLATE

BROKEN_ROW = b"IMP-1,2024-02-30,10:00,EST,pH,7.0,std units,,,,,40.1,-75.2,Import creek\n"


def _queued(api, org, project, content, name, **fields) -> str:
    response = post_file(api.as_("admin"), org, project, content, name, **fields)
    assert response.status_code == 202, response.json
    return response.json["logId"]


def _mail_about(aws_url: str, email: str, file_name: str) -> list[mailbox.Mail]:
    return [m for m in mailbox.messages(aws_url) if email in m.to and file_name in m.subject]


def test_a_long_import_emails_its_sender_how_it_ended_in_both_languages(api, aws_url):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    email = admin.get("/auth/profile").json["email"]
    name = f"long-{uuid.uuid4().hex[:6]}.csv"
    log_id = _queued(api, org, project, TEMPLATE + BROKEN_ROW, name)
    queued_minutes_ago(log_id, 5)
    log = run_worker(api=admin, path=f"/organization/{org}/projects/{project}/queued-import/{log_id}")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 3, 1)

    [mail] = _mail_about(aws_url, email, name)
    assert mail.subject == f"{name}: imported with rejected rows / 已导入，部分行被拒绝"
    assert "Values imported: 3. Rows rejected: 1. Values unchanged: 0." in mail.body
    assert "导入的数值：3。被拒绝的行：1。未变化的数值：0。" in mail.body
    project_name = admin.get(f"/project/{project}").json["name"]
    assert f"Your import of {name} into the project {project_name}" in mail.body
    assert [link.split("#", 1)[1] for link in mail.links] == [f"/userspace/organizations/{org}/projects/{project}/imports"]


def test_a_long_check_says_it_was_a_check_and_a_short_import_sends_nothing(api, aws_url):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    email = admin.get("/auth/profile").json["email"]
    checked = f"check-{uuid.uuid4().hex[:6]}.csv"
    log_id = _queued(api, org, project, TEMPLATE, checked, dryRun="true")
    queued_minutes_ago(log_id, 3)
    run_worker(api=admin, path=f"/organization/{org}/projects/{project}/queued-import/{log_id}")
    [mail] = _mail_about(aws_url, email, checked)
    assert mail.subject == f"{checked}: checked: every row can be imported / 检查完毕：所有行都可以导入"

    short = f"short-{uuid.uuid4().hex[:6]}.csv"
    log_id = _queued(api, org, project, TEMPLATE, short)
    log = run_worker(api=admin, path=f"/organization/{org}/projects/{project}/queued-import/{log_id}")
    assert log["status"] == "succeeded"
    assert _mail_about(aws_url, email, short) == []


def test_who_said_no_in_their_profile_gets_no_import_email(api, aws_url):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    profile = admin.get("/auth/profile").json
    preferences = profile.get("preferences") or {}
    saved = admin.patch("/auth/profile", {"preferences": {**preferences, "importEmails": False}})
    assert saved.status_code == 200, saved.json
    try:
        name = f"quiet-{uuid.uuid4().hex[:6]}.csv"
        log_id = _queued(api, org, project, TEMPLATE, name)
        queued_minutes_ago(log_id, 5)
        assert run_worker(api=admin, path=f"/organization/{org}/projects/{project}/queued-import/{log_id}")[
            "status"] == "succeeded"
        assert _mail_about(aws_url, profile["email"], name) == []
    finally:
        admin.patch("/auth/profile", {"preferences": preferences})
