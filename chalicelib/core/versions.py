"""Optimistic concurrency. An item's version is the time of its last change (`updatedAt`, else `createdAt`),
answered as its ETag. A change sent with `If-Match: "<version>"` is made only while the item still has that
version, so a change someone else saved in between is not overwritten without a word: the answer is 412 and the
client loads the item again. Without If-Match a change is made as before (the API stays compatible)."""
from __future__ import annotations

from typing import Any

from chalice import Response

from chalicelib.core.errors import BadRequest, PreconditionFailed

CHANGED_MEANWHILE = "Someone else changed this {thing} after you loaded it: load it again to see their change."
BAD_IF_MATCH = 'If-Match must name versions as the ETag gives them, in double quotes ("2026-01-31T12:00:00.000Z").'
MAX_TAGS = 20  # DynamoDB's IN takes at most 100 values; a client holds one version, or a few
TOO_MANY_TAGS = "If-Match names at most {limit} versions."


def version_of(item: Any) -> str | None:
    """The item's version (a model instance or its dict)."""
    get = item.get if isinstance(item, dict) else lambda name: getattr(item, name, None)
    return get("updatedAt") or get("createdAt")


def parse_if_match(header: str | None) -> tuple[str, ...] | None:
    """The versions an If-Match header accepts; None when it sets no precondition (absent, or `*`)."""
    header = (header or "").strip()
    if not header or header == "*":
        return None
    versions = []
    tags = header.split(",")
    if len(tags) > MAX_TAGS:
        raise BadRequest(TOO_MANY_TAGS.format(limit=MAX_TAGS))
    for tag in tags:
        tag = tag.strip()
        weak = tag.startswith("W/")
        if weak:
            tag = tag[2:]
        if len(tag) < 3 or not (tag.startswith('"') and tag.endswith('"')) or '"' in tag[1:-1]:
            raise BadRequest(BAD_IF_MATCH)
        if not weak:  # If-Match compares strongly (RFC 9110 13.1.1): a weak tag matches no version
            versions.append(tag[1:-1])
    return tuple(versions)


def require(item: Any, versions: tuple[str, ...] | None, thing: str) -> None:
    """412 when the client read a version of the item other than the stored one (always before `condition`,
    which takes at least one version)."""
    if versions is not None and version_of(item) not in versions:
        raise PreconditionFailed(CHANGED_MEANWHILE.format(thing=thing))


def condition(model: Any, versions: tuple[str, ...]):
    """The same check as a DynamoDB condition, so that a change saved between the read and the write counts."""
    return model.updatedAt.is_in(*versions) | (model.updatedAt.does_not_exist() & model.createdAt.is_in(*versions))


def answer(body: dict, status_code: int = 200, version: str | None = None) -> Response:
    """A JSON answer carrying the item's version (by default its time of change) as its ETag."""
    headers = {"Content-Type": "application/json"}
    version = version or (version_of(body) if isinstance(body, dict) else None)
    if version:
        headers["ETag"] = f'"{version}"'
    return Response(body=body, status_code=status_code, headers=headers)
