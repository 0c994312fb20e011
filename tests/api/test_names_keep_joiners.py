"""A name written with a zero-width joiner or non-joiner is stored and read back with it (👩‍🔬 stays one emoji,
a Persian word keeps its non-joiner), and is the same name as without it (chalicelib/core/names.py, decision 0015)."""
from __future__ import annotations

import uuid

import pytest

from tests.api.imports_support import fresh_project

SCIENTIST = "\U0001F469\u200d\U0001F52C"  # 👩‍🔬
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # می‌خواهم


@pytest.fixture(scope="module")
def org(api) -> str:
    return fresh_project(api)[0]


def test_an_organization_named_with_a_joined_emoji_reads_back_with_the_joiner(api):
    name = f"Field team {SCIENTIST} {uuid.uuid4().hex[:8]}"
    made = api.as_("admin").post("/organization", {"name": f"\u200d{name}\u200d "})
    assert (made.status_code, made.json["name"]) == (201, name), made.json
    assert api.get(f"/organization/{made.json['id']}").json["name"] == name
    # Without the joiner it is the same name: taken.
    clash = api.as_("admin").post("/organization", {"name": name.replace("\u200d", "")})
    assert clash.status_code == 409, clash.json


def test_a_parameter_labelled_with_joiners_reads_back_with_them(api, org):
    label = f"{PERSIAN} {SCIENTIST} {uuid.uuid4().hex[:8]}"
    made = api.as_("admin").post("/parameter", {"label": label, "organizationId": org, "unit": "mg/L"})
    assert (made.status_code, made.json["label"]) == (201, label), made.json
    assert api.get(f"/parameter/{made.json['id']}").json["label"] == label
    clash = api.as_("admin").post("/parameter", {"label": label.replace("\u200c", ""), "organizationId": org,
                                                 "unit": "mg/L"})
    assert clash.status_code == 409, clash.json
