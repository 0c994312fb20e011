"""System information and settings."""
from __future__ import annotations

import json
import re
from functools import lru_cache

from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest
from chalicelib.core.models import utc_now
from chalicelib.system.models import Setting

MAP_SERVICE = "map-service"
# Offline-safe default: no basemap tiles are fetched until an administrator configures a style.
DEFAULT_SETTINGS = {MAP_SERVICE: {"label": "Map service", "value": {"provider": "none", "styleUrl": None,
                                                                     "accessToken": None}}}
SETTING_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
MAX_VALUE_BYTES = 32_000
MAX_LABEL = 200


def info() -> dict:
    settings = get_settings()
    return {
        "name": settings.app_name,
        "version": settings.version,
        "stage": settings.stage,
        "buildTime": settings.build_time,
    }


@lru_cache(maxsize=1)
def openapi_document(app) -> dict:
    """The app's OpenAPI document, built once per process (the route table does not change)."""
    from chalicelib.core.openapi import document

    return document(app, version=get_settings().version)


def list_settings(*, with_editor: bool) -> list[dict]:
    """Every setting, a default one where none is stored; `with_editor`: with the id of the user who changed it
    (an administrator's id is nobody else's business: the list is public)."""
    stored = {s.id: s.to_dict() for s in Setting.scan()}
    if not with_editor:
        for setting in stored.values():
            setting.pop("updatedBy", None)
    defaults = {k: {"id": k, **v} for k, v in DEFAULT_SETTINGS.items()}
    return sorted({**defaults, **stored}.values(), key=lambda s: s["id"])


def save_setting(data: dict, user_id: str) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    setting_id = data.get("id")
    if not isinstance(setting_id, str) or not SETTING_ID.match(setting_id):
        raise BadRequest("Setting id is required: lower-case letters, digits and dashes.")
    if "value" not in data:
        raise BadRequest("Setting value is required.")
    label = data.get("label")
    if label is not None and (not isinstance(label, str) or len(label) > MAX_LABEL):
        # The store refused anything else (a 500).
        raise BadRequest("Setting label must be text of at most 200 characters.")
    if len(json.dumps(data["value"])) > MAX_VALUE_BYTES:
        raise BadRequest(f"Setting value must be at most {MAX_VALUE_BYTES} bytes.")
    setting = Setting(id=setting_id, label=label, value=data["value"], updatedAt=utc_now(),
                      updatedBy=user_id)
    setting.save()
    return setting.to_dict()
