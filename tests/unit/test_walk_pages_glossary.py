"""The glossary's WQX lists in Chinese (chalicelib/pages/glossary.py): every activity type described in Chinese,
every value of the short lists named in Chinese, every unit's Chinese name put together from the dictionary of
unit words; and the Chinese data names exactly the values the keylists hold, so none is left in English or stale."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from chalicelib.core.errors import BadRequest
from chalicelib.pages import glossary
from chalicelib.reference import service as reference

TRANSLATIONS = json.loads((Path(glossary.__file__).parent / "defaults/zh-CN/glossary-lists.json").read_text("utf-8"))
CHINESE = re.compile(r"[\u4e00-\u9fff]")
# Latin words a Chinese description may keep: units and the pH scale.
KEPT_LATIN = {"pH", "C"}


def test_every_value_of_every_list_is_described_in_chinese():
    for list_key, entries in glossary.lists("zh-CN").items():
        english = glossary.lists("en")[list_key]
        assert [e["term"] for e in entries] == [e["term"] for e in english], list_key
        for entry in entries:
            assert CHINESE.search(entry["description"] or ""), (list_key, entry)
            assert set(re.findall(r"[A-Za-z]+", entry["description"])) <= KEPT_LATIN, (list_key, entry)


def test_the_chinese_data_names_exactly_the_values_of_the_keylists():
    assert set(TRANSLATIONS["activityTypes"]) == {t["code"] for t in reference.activity_types()}
    for list_key, names in TRANSLATIONS["names"].items():
        assert set(names) == {v["value"] for v in reference.keylist(list_key)}, list_key
    assert set(TRANSLATIONS["names"]) | {"activityTypes", "units"} == set(glossary.LISTS)


def test_what_a_chinese_reader_searches_for_is_there():
    lists = glossary.lists("zh-CN")
    units = {e["term"]: e["description"] for e in lists["units"]}
    assert units["mg/L"] == "毫克每升"
    assert units["mg/L as N"] == "毫克每升（以氮计）"
    assert units["cfu/100mL"] == "菌落形成单位每 100 毫升"
    assert units["ppm"] == "百万分率"  # the phrase, not "parts" + "per" + "million"
    blanks = [e["term"] for e in lists["activityTypes"] if "空白" in e["description"]]
    assert "Quality Control Sample-Field Blank" in blanks and "Quality Control Sample-Trip Blank" in blanks
    assert {e["term"]: e["description"] for e in lists["sampleFractions"]}["Dissolved"] == "溶解态"


def test_a_unit_with_a_word_the_dictionary_lacks_keeps_its_english_description():
    assert glossary.unit_name("milligrams per liter", TRANSLATIONS["unitWords"]) == "毫克每升"
    assert glossary.unit_name("furlongs per fortnight", TRANSLATIONS["unitWords"]) is None


def test_english_keeps_the_keylists_own_descriptions():
    lists = glossary.lists("en")
    assert lists["activityTypes"][0] == {"term": "Field Msr/Obs", "description": reference.activity_types()[0]["description"]}
    assert {"term": "mg/L", "description": "milligrams per liter"} in lists["units"]
    assert {"term": "Dissolved", "description": None} in lists["sampleFractions"]


def test_an_unknown_language_is_refused():
    with pytest.raises(BadRequest, match="Unknown language fr. Use en or zh-CN."):
        glossary.lists("fr")
