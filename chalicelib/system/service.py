"""System information and settings."""
from __future__ import annotations

import json
import re
from functools import lru_cache

from chalicelib.audit import service as audit
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
    if setting_id == MAP_SERVICE:  # every visitor's map reads it: a value it cannot read left the map blank
        if not isinstance(data["value"], dict):
            raise BadRequest("Setting value must be a JSON object.")
        check_map_service(data["value"])
    before = _stored(setting_id) or DEFAULT_SETTINGS.get(setting_id)
    setting = Setting(id=setting_id, label=label, value=data["value"], updatedAt=utc_now(),
                      updatedBy=user_id)
    setting.save()
    # The trail is where an administrator finds who changed every visitor's map, and what it was before.
    audit.record("update" if before else "create", "system-setting", setting_id,
                 before={"value": before["value"]} if before else None, after={"value": setting.value},
                 target_label=label or (before or {}).get("label") or setting_id)
    return setting.to_dict()


def _stored(setting_id: str) -> dict | None:
    try:
        return Setting.get(setting_id).to_dict()
    except Setting.DoesNotExist:
        return None


def check_map_service(value: dict) -> None:
    """A map service (the system's or an organization's) as the explorer's base map reads it (see
    frontend/src/features/explorer/api/mapService.ts)."""
    for name in MAP_SERVICE_URLS:
        url = value.get(name)
        if url not in (None, "") and not (isinstance(url, str) and re.match(r"^https?://\S+$", url)):
            # Named as the settings screen names the field.
            if name == "styleUrl":
                raise BadRequest("The style address must be an http(s) address.")
            raise BadRequest("The tile address must be an http(s) address.")
    tiles = value.get("tileUrl")
    if tiles and not all(part in tiles for part in ("{z}", "{x}", "{y}")):  # else no map could be drawn from it
        raise BadRequest("The tile address must hold {z}, {x} and {y} (for example "
                         "https://tiles.example.org/{z}/{x}/{y}.png).")
    for name in ("accessToken", "attribution", "provider", "url"):
        if value.get(name) is not None and not isinstance(value.get(name), str):
            raise BadRequest(f"{name} must be text.")
    if value.get("tiles") is not None and not (isinstance(value["tiles"], list)
                                               and all(isinstance(t, str) for t in value["tiles"])):
        raise BadRequest("tiles must be a list of tile addresses.")
    unknown = sorted(set(value) - MAP_SERVICE_FIELDS)
    if unknown:  # the explorer reads none of them: a typo would be kept without a word
        raise BadRequest(UNKNOWN_MAP_SERVICE_FIELD.format(names=", ".join(unknown),
                                                          known=", ".join(sorted(MAP_SERVICE_FIELDS))))


MAP_SERVICE_URLS = ("styleUrl", "tileUrl")
# What the explorer's base map reads of a map service (frontend/src/features/explorer/api/mapService.ts).
MAP_SERVICE_FIELDS = frozenset({"provider", "styleUrl", "tileUrl", "url", "tiles", "accessToken", "attribution"})
UNKNOWN_MAP_SERVICE_FIELD = "Unknown map service field {names}. A map service takes: {known}."
