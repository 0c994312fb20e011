"""Who changed what, when and from where: one `record()` call per change, from the services.

The actor is the request's signed-in principal; the source address and user agent are kept for the
request by `request_origin()` (app.py's middleware), so services pass only what changed.
"""
from __future__ import annotations

import contextlib
import contextvars
import re
import uuid
from typing import Any, Iterator

from chalicelib import crud
from chalicelib.audit.models import AuditEntry
from chalicelib.auth.principal import current_principal
from chalicelib.core.models import utc_now

ENTRIES = crud.Collection(
    AuditEntry, name="Audit entry",
    fields=("id", "at", "actorId", "actorName", "actorEmail", "action", "targetType", "targetId", "targetLabel",
            "organizationId", "before", "after", "sourceIp", "userAgent"),
    soft_delete=None, default_sort=(("at", "DESC"),))

# Values under these names never reach the trail (a WQX private key, tokens, passwords).
SECRET_NAME = re.compile(r"password|token$|^secret|^privatekey$|apikey|credential", re.IGNORECASE)
SUMMARY_TEXT = 120  # characters kept of a long text (a page's Markdown)
SUMMARY_ITEMS = 20  # entries kept of a long list or object
MAX_USER_AGENT = 300

_origin: contextvars.ContextVar[tuple[str | None, str | None]] = contextvars.ContextVar("origin", default=(None, None))


def source_of(headers: dict, context: dict | None) -> tuple[str | None, str | None]:
    """(source address, user agent) of an API request. Behind CloudFront the viewer's address is in
    CloudFront-Viewer-Address ("ip:port", set by CloudFront and locally by the gateway); API Gateway's
    sourceIp is then CloudFront's own."""
    headers = {name.lower(): value for name, value in (headers or {}).items()}
    viewer = headers.get("cloudfront-viewer-address", "")
    address = viewer.rpartition(":")[0].strip("[]") if ":" in viewer else None
    address = address or ((context or {}).get("identity") or {}).get("sourceIp")
    agent = headers.get("user-agent")
    return address, agent[:MAX_USER_AGENT] if agent else None


@contextlib.contextmanager
def request_origin(headers: dict, context: dict | None) -> Iterator[None]:
    token = _origin.set(source_of(headers, context))
    try:
        yield
    finally:
        _origin.reset(token)


def summary(data: Any) -> Any:
    """A short copy of `data` for the trail: secrets dropped, long texts and lists cut."""
    if isinstance(data, dict):
        return {str(key): summary(value) for key, value in list(data.items())[:SUMMARY_ITEMS]
                if not SECRET_NAME.search(str(key))}
    if isinstance(data, (list, tuple, set, frozenset)):
        items = sorted(data) if isinstance(data, (set, frozenset)) else list(data)
        return [summary(value) for value in items[:SUMMARY_ITEMS]]
    if isinstance(data, str) and len(data) > SUMMARY_TEXT:
        return data[:SUMMARY_TEXT] + "…"
    return data


# What names a target in the change itself, in this order ("name" of a project, "email" of an invitation...).
NAMING_FIELDS = ("name", "email", "identifier", "label", "roleName")


def label_in(*changes: Any) -> str | None:
    """The name a change carries for its target (the newer state's first), for entries recorded without one."""
    return next((change[field] for change in changes if isinstance(change, dict)
                 for field in NAMING_FIELDS if isinstance(change.get(field), str)), None)


def record(action: str, target_type: str, target_id: str, *, before: Any = None, after: Any = None,
           organization_id: str | None = None, target_label: str | None = None) -> None:
    """One entry; its target's name (searched for on the trail's screen) is `target_label`, else the one the
    change carries."""
    principal = current_principal()
    source_ip, user_agent = _origin.get()
    user = principal.user if principal else {}
    label = target_label or label_in(after, before)
    AuditEntry(
        id=str(uuid.uuid4()), at=utc_now(), actorId=user.get("id"), actorName=user.get("name") or user.get("email"),
        actorEmail=user.get("email"),
        action=action, targetType=target_type, targetId=str(target_id), targetLabel=label[:SUMMARY_TEXT] if label else None,
        organizationId=organization_id,
        before=_as_map(before), after=_as_map(after), sourceIp=source_ip, userAgent=user_agent,
    ).save()


def _as_map(data: Any) -> dict | None:
    if data is None:
        return None
    short = summary(data)
    return short if isinstance(short, dict) else {"value": short}


def search(query_params) -> list | dict:
    return crud.search(ENTRIES, query_params)
