"""The Chinese words of the glossary's WQX lists (defaults/<language>/glossary-lists.json), read from the package
alone: the PDF report names sample fractions and detection conditions with them in the import worker, whose role
holds none of the pages' tables (the pages module reads them)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DEFAULTS = Path(__file__).resolve().parent / "defaults"


@lru_cache(maxsize=None)
def translations(lang: str) -> dict:
    """The language's glossary-lists.json (names per list, descriptions, unit words); {} for a language without."""
    path = DEFAULTS / lang / "glossary-lists.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
