"""Every field a header-map column may be mapped to (GET /import-fields) has a name on the organization's Settings
in both languages: a field without one showed the server's English words, lower case, in 简体中文 too (a walk: the
detection limit's three fields)."""
from __future__ import annotations

import re
from pathlib import Path

from chalicelib.imports import formats

ROOT = Path(__file__).resolve().parents[2]


def named_fields(language: str) -> set[str]:
    locale = (ROOT / f"frontend/src/features/organizations/locales/{language}.ts").read_text("utf-8")
    names = locale[locale.index("importFields: {"):]
    names = names[:names.index("}")]
    return set(re.findall(r"^\s*'?([A-Za-z0-9]+)'?:", names, re.MULTILINE))


def test_every_import_field_is_named_in_both_languages():
    offered = {field["name"] for field in formats.fields()}
    assert {"station", "detectionLimit", "detectionLimitUnit", "detectionLimitType"} <= offered
    for language in ("en", "zh-CN"):
        assert offered - named_fields(language) == set(), language
