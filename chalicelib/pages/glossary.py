"""The glossary's WQX lists in one language: the product's own keylists (chalicelib/reference, the lists imports
are checked against), each value with what it means.

The values are WQX codes and stay as WQX spells them. Their English descriptions come with the keylists; the
Chinese ones are kept beside the Chinese pages, in defaults/zh-CN/glossary-lists.json: a description per
activity type, a name per value of the short lists (media, fractions, statuses...), and the words of unit
descriptions, from which each unit's Chinese name is put together ("milligrams per liter" → 毫克每升).
"""
from __future__ import annotations

import re
from functools import lru_cache

from chalicelib.pages import glossary_names
from chalicelib.pages.service import checked_language
from chalicelib.reference import service as reference

LISTS = ("activityTypes", "media", "sampleFractions", "resultStatus", "valueTypes", "detectionConditions", "units",
         "horizontalDatums")
LATIN = re.compile(r"[0-9A-Za-z]")


def unit_name(description: str, words: dict[str, str]) -> str | None:
    """A unit's description in the words of `words`, the longest phrase first ("parts per million" before "per");
    None when a word is missing, so no half-translated name is shown."""
    tokens, parts = description.split(), []
    while tokens:
        length = next((n for n in range(len(tokens), 0, -1) if " ".join(tokens[:n]) in words), 0)
        if length:
            parts.append(words[" ".join(tokens[:length])])
        elif re.fullmatch(r"\d+", tokens[0]):
            parts.append(tokens[0])
        else:
            return None
        tokens = tokens[length or 1:]
    # Chinese runs on without spaces; a number or a Latin word keeps a space on each side.
    name = ""
    for part in parts:
        name += f" {part}" if name and (LATIN.match(part[0]) or LATIN.match(name[-1])) else part
    return name


def _described(list_key: str, entry: dict, translations: dict) -> dict:
    term = str(entry.get("value") or entry.get("code") or "")
    english = entry.get("description")
    if list_key == "activityTypes":
        translated = translations.get("activityTypes", {}).get(term)
    elif list_key == "units":
        translated = unit_name(english, translations.get("unitWords", {})) if english else None
    else:
        translated = translations.get("names", {}).get(list_key, {}).get(term)
    return {"term": term, "description": translated or english}


@lru_cache(maxsize=None)
def _lists(lang: str) -> dict[str, list[dict]]:
    translations = glossary_names.translations(lang)
    return {key: [_described(key, entry, translations) for entry in reference.keylist(key)] for key in LISTS}


def lists(lang: str) -> dict[str, list[dict]]:
    """Every glossary list: its values as {term, description}, the description in `lang` (English where the
    language has none for a value)."""
    return _lists(checked_language(lang))
