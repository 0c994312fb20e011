"""The registry of application entries the shell can show (the current key defaults to `demo`)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

DEFAULT_APP_KEY = "demo"
_BUILT_IN = Path(__file__).resolve().parent.parent / "data" / "applications.json"


class DuplicateApplication(ValueError):
    pass


class ApplicationRegistry:
    def __init__(self) -> None:
        self._entries: dict[str, dict] = {}

    def register(self, entry: dict) -> None:
        key = entry["key"]
        if key in self._entries:
            raise DuplicateApplication(f"default config already exist with key: {key}")
        views = [
            {"name": v["name"], "component": v["component"], "config": v.get("config", {}),
             "widgets": v.get("widgets", [])}
            for v in entry.get("views", [])
        ]
        self._entries[key] = {**entry, "views": views}

    def entries(self) -> list[dict]:
        return list(self._entries.values())


@lru_cache(maxsize=1)
def registry() -> ApplicationRegistry:
    built_in = ApplicationRegistry()
    for entry in json.loads(_BUILT_IN.read_text()):
        built_in.register(entry)
    return built_in


def list_applications() -> list[dict]:
    return registry().entries()
