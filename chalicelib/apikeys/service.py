"""Organization API keys for machine clients (loggers pushing time series): created by a group-admin,
shown once, stored as a SHA-256 hash, revocable, good for the organization's projects only.

A key reads `owd_<keyId>_<secret>`: the id finds the record (one GetItem), the secret is compared with
the stored hash in constant time. The secret has 256 random bits, so a plain hash is enough (no slow
password hash: nobody can guess a preimage). Records live in the catalog table (kind
`apiKey#<organizationId>`), listed per organization through its byKind index.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Any

from chalicelib.audit import service as audit
from chalicelib.core.errors import BadRequest, NotFound, Unauthorized
from chalicelib.core.models import utc_now
from chalicelib.reference.models import CatalogItem

PREFIX = "owd_"
NOT_FOUND = "API key not found."
INVALID = "The API key is not valid (unknown, revoked or mistyped)."
_FORMAT = re.compile(r"^owd_([0-9a-f]{16})_([A-Za-z0-9_-]{20,100})$")


def _kind(organization_id: str) -> str:
    return f"apiKey#{organization_id}"


def _record_id(key_id: str) -> str:
    return f"apiKey#{key_id}"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def public(item: CatalogItem) -> dict:
    details = item.to_dict().get("details") or {}
    return {"id": item.key, "organizationId": item.organizationId, "name": item.label,
            "createdBy": details.get("createdBy"), "createdAt": item.createdAt,
            "lastUsedAt": details.get("lastUsedAt"), "revokedAt": details.get("revokedAt"),
            "active": not details.get("revokedAt")}


def create(organization_id: str, user_id: str, data: Any) -> dict:
    """A new key: its secret appears in this answer only."""
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
        raise BadRequest("name is required (1 to 100 characters): say which logger or script uses the key.")
    key_id, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
    item = CatalogItem(id=_record_id(key_id), kind=_kind(organization_id), key=key_id, label=name.strip(),
                       organizationId=organization_id, createdAt=utc_now(),
                       details={"hash": _hash(secret), "createdBy": user_id})
    item.save(condition=CatalogItem.id.does_not_exist())
    audit.record("create", "api-key", key_id, after={"name": item.label}, organization_id=organization_id)
    return {**public(item), "key": f"{PREFIX}{key_id}_{secret}"}


def list_keys(organization_id: str) -> list[dict]:
    items = CatalogItem.by_kind.query(_kind(organization_id))
    return sorted((public(i) for i in items), key=lambda k: k["createdAt"] or "", reverse=True)


def _get(organization_id: str, key_id: str) -> CatalogItem:
    try:
        item = CatalogItem.get(_record_id(key_id))
    except CatalogItem.DoesNotExist:
        raise NotFound(NOT_FOUND) from None
    if item.organizationId != organization_id:
        raise NotFound(NOT_FOUND)
    return item


def revoke(organization_id: str, key_id: str) -> dict:
    item = _get(organization_id, key_id)
    details = item.to_dict().get("details") or {}
    if not details.get("revokedAt"):
        item.update(actions=[CatalogItem.details.set({**details, "revokedAt": utc_now()})])
        audit.record("revoke", "api-key", key_id, before={"name": item.label}, organization_id=organization_id)
    return public(item)


def organization_of(presented: str) -> str:
    """The organization a presented key belongs to; 401 for anything but a valid, unrevoked key."""
    match = _FORMAT.match(presented.strip()) if isinstance(presented, str) else None
    if not match:
        raise Unauthorized(INVALID)
    key_id, secret = match.groups()
    try:
        item = CatalogItem.get(_record_id(key_id))
    except CatalogItem.DoesNotExist:
        raise Unauthorized(INVALID) from None
    details = item.to_dict().get("details") or {}
    if details.get("revokedAt") or not hmac.compare_digest(details.get("hash", ""), _hash(secret)):
        raise Unauthorized(INVALID)
    _note_use(item, details)
    return item.organizationId


def _note_use(item: CatalogItem, details: dict) -> None:
    """Keep `lastUsedAt` (so a group-admin sees which keys still work for something), writing at most once a
    minute per key: a logger pushing every few seconds should not cost a write per push."""
    now = utc_now()
    last = details.get("lastUsedAt") or ""
    if last[:16] != now[:16]:  # ISO text: the same minute shares its first 16 characters
        item.update(actions=[CatalogItem.details.set({**details, "lastUsedAt": now})])
