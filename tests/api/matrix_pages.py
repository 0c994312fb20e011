"""Authorization-matrix cases of the informational pages (/pages/...) and the contact form (/contact).
Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

import uuid

from tests.api.authorization_matrix import ADMIN_ONLY, ALL_OK, Case
from tests.api.pages_support import forget_recent_senders

# Each matrix run posts one contact message per identity from the same client: the hourly limit per
# client is tested in tests/api/test_pages.py, so here every request starts with no recent messages.
ALL_CREATED = {identity: 201 for identity in ALL_OK}


def _page(key: str, lang: str):
    return lambda ids: {"page": key, "lang": lang}


def _saved_version(ids: dict) -> dict:
    from chalicelib.auth.principal import Principal
    from chalicelib.pages import service

    admin = Principal(user={"id": ids["admin"], "name": "Matrix"}, system_roles=(("system-admin", "system-admin"),))
    saved = service.save("history", "en", {"text": f"Matrix text {uuid.uuid4().hex[:6]}"}, admin)
    return {"page": "history", "lang": "en", "version": saved["version"]}


CASES = [
    Case("GET", "/pages/{page}/{lang}", ALL_OK, setup=_page("mission", "en")),
    Case("PUT", "/pages/{page}/{lang}", ADMIN_ONLY, setup=_page("faq", "zh-CN"),
         body=lambda: {"text": f"## 矩阵 {uuid.uuid4().hex[:6]}"}),
    Case("GET", "/pages/{page}/{lang}/versions", ADMIN_ONLY, setup=_page("faq", "en")),
    Case("POST", "/pages/{page}/{lang}/versions/{version}/restore", {**ADMIN_ONLY, "admin": 201},
         setup=_saved_version),
    Case("GET", "/glossary/{lang}", ALL_OK, setup=lambda ids: {"lang": "zh-CN"}),
    Case("POST", "/contact", ALL_CREATED, setup=forget_recent_senders,
         body=lambda: {"name": "Matrix", "email": f"{uuid.uuid4().hex[:8]}@example.com", "message": "Hello"}),
    Case("GET", "/contact", ADMIN_ONLY),
]

# The PDF report is public. A successful answer is a PDF, which the matrix's JSON client cannot read, so
# the matrix asks for stations that do not exist: every identity gets past authorization to the same
# 400 (tests/api/test_report.py checks the PDFs themselves).
def _queued_report(ids: dict) -> dict:
    from chalicelib.core import queued_answers
    from chalicelib.reports import queue

    report_id = str(uuid.uuid4())
    queue._save({"id": report_id, "status": queued_answers.QUEUED, "progress": 0.0, "stations": 101, "request": {}})
    return {"report": report_id}


REPORT_CASES = [
    Case("POST", "/report", {identity: 400 for identity in ALL_OK}, body={"stationIds": ["no-such-station"]}),
    Case("GET", "/report/{report}", ALL_OK, setup=_queued_report),
    # Not drawn yet: everyone gets the same 404 (the PDF of a finished one is tested in test_report.py).
    Case("GET", "/report/{report}/pdf", {identity: 404 for identity in ALL_OK}, setup=_queued_report),
]
CASES += REPORT_CASES
