"""GET /glossary/{lang}: the glossary's WQX lists with their descriptions in the page's language, for anyone."""
from __future__ import annotations

from chalicelib.reference import service as reference


def test_the_chinese_glossary_lists_describe_their_values_in_chinese(api):
    response = api.get("/glossary/zh-CN")
    assert response.status_code == 200, response.json
    lists = response.json
    assert list(lists) == ["activityTypes", "media", "sampleFractions", "resultStatus", "valueTypes",
                           "detectionConditions", "units", "horizontalDatums"]
    assert len(lists["activityTypes"]) == len(reference.activity_types())
    assert {"term": "Quality Control Sample-Field Blank",
            "description": "带到现场并像样品一样处理的无分析物水（现场空白）。"} in lists["activityTypes"]
    assert {"term": "mg/L", "description": "毫克每升"} in lists["units"]
    assert {"term": "Not Detected", "description": "未检出"} in lists["detectionConditions"]
    assert {"term": "NAD83", "description": "1983 北美基准"} in lists["horizontalDatums"]
    # Every datum has its Chinese name (none falls back to English).
    assert len(lists["horizontalDatums"]) == len(reference.keylist("horizontalDatums")) == 17
    assert all(not any("a" <= c <= "z" for c in e["description"]) for e in lists["horizontalDatums"])


def test_the_english_glossary_lists_are_the_keylists_and_an_unknown_language_is_a_400(api):
    lists = api.get("/glossary/en").json
    assert {"term": "mg/L", "description": "milligrams per liter"} in lists["units"]
    assert [e["term"] for e in lists["media"]] == [v["value"] for v in reference.keylist("media")]
    response = api.get("/glossary/fr", headers={"Accept-Language": "zh-CN"})
    assert (response.status_code, response.json["message"]) == (400, "未知语言 fr，请使用 en 或 zh-CN。")
