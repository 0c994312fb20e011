"""Informational pages (GET/PUT /pages/{key}/{lang}, versions, restore) and the contact form (POST/GET
/contact): what a visitor reads, what a system administrator changes, and the contact form's limits."""
from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from devtools import mailbox
from tests.api.pages_support import forget_recent_senders

DEFAULTS = Path(__file__).resolve().parents[2] / "chalicelib" / "pages" / "defaults"
PAGES = ("mission", "terms", "privacy", "cookies", "partner", "contactUs", "history", "training", "glossary",
         "faq", "practice", "more", "quickstart", "report")


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_every_page_is_served_in_both_languages_from_its_shipped_default(api, lang):
    for key in PAGES:
        response = api.get(f"/pages/{key}/{lang}")
        assert response.status_code == 200, (key, response.json)
        assert response.json["key"] == key and response.json["lang"] == lang
        if response.json["isDefault"]:
            assert response.json["text"] == (DEFAULTS / lang / f"{key}.md").read_text(encoding="utf-8")
            assert response.json["version"] == 0


def test_the_shipped_texts_are_written_for_this_product():
    mission = (DEFAULTS / "en" / "mission.md").read_text(encoding="utf-8")
    assert "Open Water Data" in mission and "#/sts/overview" in mission
    privacy_zh = (DEFAULTS / "zh-CN" / "privacy.md").read_text(encoding="utf-8")
    assert "邀请" in privacy_zh and "7 天" in privacy_zh
    more = (DEFAULTS / "en" / "more.md").read_text(encoding="utf-8")
    assert "https://www.waterqualitydata.us/" in more and "WQX" in more and "USGS" in more
    practice = (DEFAULTS / "en" / "practice.md").read_text(encoding="utf-8")
    for topic in ("Sampling", "QA/QC", "Units", "Detection limits", "Metadata", "StationIdentifier,Date"):
        assert topic in practice


def test_an_unknown_page_or_language_is_a_clear_4xx(api):
    assert api.get("/pages/nothing/en").status_code == 404
    assert api.get("/pages/nothing/en").json["message"] == "Page not found."
    response = api.get("/pages/faq/fr")
    assert response.status_code == 400
    assert response.json["message"] == "Unknown language fr. Use en or zh-CN."


def test_an_administrator_saves_versions_the_visitor_sees_the_latest_and_an_earlier_one_is_restored(api):
    admin = api.as_("admin")
    first = admin.put("/pages/training/zh-CN", {"text": "## 第一版\n\n培训内容。"})
    assert first.status_code == 200, first.json
    second = admin.put("/pages/training/zh-CN", {"text": "## 第二版"})
    assert second.json["version"] == first.json["version"] + 1
    assert second.json["savedByName"]
    assert api.get("/pages/training/zh-CN").json["text"] == "## 第二版"
    # The other language is untouched.
    assert api.get("/pages/training/en").json["text"].startswith("A short course for volunteers and staff")

    versions = admin.get("/pages/training/zh-CN/versions").json
    assert [v["version"] for v in versions][:2] == [second.json["version"], first.json["version"]]
    assert versions[-1]["version"] == 0 and versions[-1]["isDefault"] is True

    restored = admin.post(f"/pages/training/zh-CN/versions/{first.json['version']}/restore")
    assert restored.status_code == 201
    assert restored.json["restoredFrom"] == first.json["version"]
    assert restored.json["version"] == second.json["version"] + 1
    assert api.get("/pages/training/zh-CN").json["text"] == "## 第一版\n\n培训内容。"

    admin.post("/pages/training/zh-CN/versions/0/restore")
    shipped = (DEFAULTS / "zh-CN" / "training.md").read_text(encoding="utf-8")
    assert api.get("/pages/training/zh-CN").json["text"] == shipped


def test_saving_needs_a_text_and_restoring_a_missing_version_is_404(api):
    admin = api.as_("admin")
    response = admin.put("/pages/faq/en", {"text": "   "})
    assert (response.status_code, response.json["message"]) == (400, "The page text is required.")
    response = admin.put("/pages/faq/en", {"text": "x" * 100_001})
    assert (response.status_code, response.json["message"]) == (400, "The page text must be at most 100000 characters.")
    response = admin.put("/pages/faq/en", ["not", "an", "object"])
    assert response.status_code == 400
    response = admin.post("/pages/faq/en/versions/999/restore")
    assert (response.status_code, response.json["message"]) == (404, "Version 999 of this page not found.")
    assert admin.post("/pages/faq/en/versions/abc/restore").status_code == 404


def test_only_system_administrators_change_pages(api):
    response = api.as_("orgadmin").put("/pages/mission/en", {"text": "Taken over"})
    assert response.status_code == 403
    assert response.json["message"] == "You do not have permission to do this."
    assert api.put("/pages/mission/en", {"text": "Taken over"}).status_code == 401
    assert "Taken over" not in api.get("/pages/mission/en").json["text"]


def _message(email=None, **extra):
    return {"name": "Lin Wei", "email": email or f"visitor-{uuid.uuid4().hex[:8]}@example.com",
            "message": "Is the river data near Fairview updated monthly?\nThanks.", **extra}


def test_a_contact_message_is_stored_emailed_to_the_system_administrators_and_listed_for_them(api, aws_url):
    forget_recent_senders()
    body = _message(language="zh-CN")
    response = api.post("/contact", body)
    assert response.status_code == 201, response.json
    assert response.json == {"received": True}

    mail = [m for m in mailbox.messages(aws_url) if "admin@demo.openwater.example" in m.to][-1]
    assert mail.subject == "[Open Water Data] Contact message from Lin Wei / 联系留言"
    assert body["email"] in mail.body and "updated monthly?" in mail.body
    assert any(link.endswith("/#/admin/contact-messages") for link in mail.links)

    listed = api.as_("admin").get("/contact").json
    mine = next(m for m in listed if m["email"] == body["email"])
    assert mine["name"] == "Lin Wei" and mine["message"] == body["message"]
    assert mine["language"] == "zh-CN" and mine["emailed"] is True
    assert listed == sorted(listed, key=lambda m: m["createdAt"], reverse=True)
    assert api.as_("orgadmin").get("/contact").status_code == 403


def test_a_filled_honeypot_is_answered_like_a_success_but_nothing_is_kept_or_sent(api, aws_url):
    forget_recent_senders()
    body = _message(website="http://spam.example")
    before = len(mailbox.messages(aws_url))
    response = api.post("/contact", body)
    assert (response.status_code, response.json) == (201, {"received": True})
    assert len(mailbox.messages(aws_url)) == before
    assert body["email"] not in [m["email"] for m in api.as_("admin").get("/contact").json]


@pytest.mark.parametrize("field, value, message", [
    ("name", " ", "Please enter your name (at most 200 characters)."),
    ("email", "not-an-email", "A valid email address is required."),
    ("message", "", "Please write a message (at most 5000 characters)."),
    ("message", "x" * 5001, "Please write a message (at most 5000 characters)."),
])
def test_a_contact_message_with_a_missing_field_is_refused_with_a_message(api, field, value, message):
    forget_recent_senders()
    response = api.post("/contact", {**_message(), field: value})
    assert (response.status_code, response.json["message"]) == (400, message)


def test_unknown_contact_fields_are_refused(api):
    response = api.post("/contact", {**_message(), "phone": "123"})
    assert (response.status_code, response.json["message"]) == (400, "Unknown field 'phone'. Fields: email, language, message, name, website.")


def test_at_most_five_messages_an_hour_per_client(api):
    forget_recent_senders()
    for _ in range(5):
        assert api.post("/contact", _message()).status_code == 201
    response = api.post("/contact", _message())
    assert response.status_code == 429
    assert response.json["message"] == "You have sent 5 messages in the last hour. Please try again later."
    zh = api.post("/contact", _message(), headers={"Accept-Language": "zh-CN"})
    assert zh.json["message"] == "您在过去一小时内已发送 5 条留言，请稍后再试。"


def test_behind_cloudfront_the_limit_counts_each_visitors_address_not_the_edges(api):
    """Security walk, 2026-11-27: the limit was keyed on API Gateway's sourceIp, which behind CloudFront is the
    edge's: everyone behind one edge shared five messages an hour."""
    forget_recent_senders()
    visitor, neighbour = (f"[2001:db8::{uuid.uuid4().hex[:4]}]:443" for _ in range(2))
    for _ in range(5):
        assert api.post("/contact", _message(), headers={"CloudFront-Viewer-Address": visitor}).status_code == 201
    refused = api.post("/contact", _message(), headers={"CloudFront-Viewer-Address": visitor})
    assert refused.status_code == 429
    assert api.post("/contact", _message(), headers={"CloudFront-Viewer-Address": neighbour}).status_code == 201


def test_at_most_five_messages_an_hour_per_address_whatever_the_client(api):
    from chalicelib.core.errors import ApiError
    from chalicelib.pages import contact

    forget_recent_senders()
    email = f"busy-{uuid.uuid4().hex[:8]}@example.com"
    for client in ("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"):
        assert contact.submit(_message(email), client) == {"received": True}
    with pytest.raises(ApiError) as refused:
        contact.submit(_message(email.upper()), "192.0.2.6")
    assert refused.value.status_code == 429
    # Another address from a new client still gets through.
    assert contact.submit(_message(), "192.0.2.7") == {"received": True}


def test_messages_older_than_an_hour_no_longer_count(api):
    from datetime import datetime, timedelta, timezone

    from chalicelib.pages import contact
    from chalicelib.pages.models import ContactSender

    forget_recent_senders()
    email = f"patient-{uuid.uuid4().hex[:8]}@example.com"
    an_hour_ago = (datetime.now(timezone.utc) - timedelta(minutes=61)).isoformat()
    ContactSender(id=contact._fingerprint("email", email), recent=[an_hour_ago] * 5).save()
    assert contact.submit(_message(email), "192.0.2.8") == {"received": True}


def test_two_saves_of_the_same_version_at_once_do_not_overwrite_each_other(api, monkeypatch):
    """The second save read the same latest version as the first: its conditional put is refused with 409."""
    from chalicelib.pages import service

    admin = api.as_("admin")
    assert admin.put("/pages/partner/zh-CN", {"text": "## 合作伙伴 A"}).status_code == 200
    # A read that missed that save: the next save claims version 1 again.
    monkeypatch.setattr(service, "_latest", lambda page_id: None)
    response = admin.put("/pages/partner/zh-CN", {"text": "## 合作伙伴 C"})
    assert response.status_code == 409
    assert response.json["message"] == "Someone saved this page at the same moment. Reload it and try again."
    zh = admin.put("/pages/partner/zh-CN", {"text": "## 合作伙伴 C"}, headers={"Accept-Language": "zh-CN"})
    assert zh.json["message"] == "有人同时保存了此页面，请重新加载后再试。"
    monkeypatch.undo()
    assert "合作伙伴 C" not in api.get("/pages/partner/zh-CN").json["text"]
