"""The base of every pynamodb model: table names and endpoint come from the settings."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from pynamodb.attributes import MapAttribute
from pynamodb.models import Model

from chalicelib.core.config import STORE_ATTEMPTS, get_settings
from chalicelib.core.errors import NotFound


def table_meta(short_name: str) -> type:
    """A pynamodb Meta class for the table `<prefix><short_name>` (names as in infra/template.yaml)."""
    settings = get_settings()
    attrs: dict[str, Any] = {
        "table_name": settings.table_name(short_name),
        "region": settings.region,
        "connect_timeout_seconds": settings.store_connect_timeout_seconds,
        "read_timeout_seconds": settings.store_read_timeout_seconds,
        "max_retry_attempts": STORE_ATTEMPTS - 1,  # retries after the first attempt
    }
    if settings.endpoint_url:
        attrs["host"] = settings.endpoint_url
    return type("Meta", (), attrs)


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _plain(value: Any) -> Any:
    if isinstance(value, MapAttribute):
        return {k: _plain(v) for k, v in value.attribute_values.items()}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, datetime):
        return value.isoformat()
    return value


class BaseModel(Model):
    """Adds `to_dict()`: the item as plain JSON-able data, the shape the API returns."""

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(value) for name, value in self.attribute_values.items()}


def get_live(model: type[Model], key: str, not_found: str):
    """The item with this key, unless it is missing or soft-deleted (then 404 with `not_found`)."""
    try:
        item = model.get(key)
    except model.DoesNotExist:
        raise NotFound(not_found) from None
    if getattr(item, "deletedAt", None):
        raise NotFound(not_found)
    return item
