"""Informational pages: the shipped Markdown defaults, saved versions, restore (no HTTP in here)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pynamodb.exceptions import PutError

from chalicelib.audit import service as audit
from chalicelib.auth.principal import Principal
from chalicelib.core.errors import BadRequest, Conflict, NotFound, PreconditionFailed
from chalicelib.core.models import utc_now
from chalicelib.pages.models import PageVersion, version_key

DEFAULTS = Path(__file__).resolve().parent / "defaults"
PAGE_KEYS = ("mission", "terms", "privacy", "cookies", "partner", "contactUs", "history", "training", "glossary",
             "faq", "practice", "more", "quickstart", "report")
LANGUAGES = ("en", "zh-CN")
# A page is prose, not a data dump: 100,000 characters is far more than any of them needs.
MAX_TEXT = 100_000
UNKNOWN_PAGE = "Page not found."
UNKNOWN_LANGUAGE = "Unknown language {lang}. Use en or zh-CN."
VERSION_NOT_FOUND = "Version {version} of this page not found."
TEXT_REQUIRED = "The page text is required."
TEXT_TOO_LONG = "The page text must be at most 100000 characters."
EDITED_MEANWHILE = "Someone saved this page at the same moment. Reload it and try again."
SAVED_MEANWHILE = "Someone else saved this page after you opened it: load it again to see their version."


def checked_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise BadRequest(UNKNOWN_LANGUAGE.format(lang=lang))
    return lang


def _checked(key: str, lang: str) -> str:
    if key not in PAGE_KEYS:
        raise NotFound(UNKNOWN_PAGE)
    return f"{key}#{checked_language(lang)}"


@lru_cache(maxsize=None)
def default_text(key: str, lang: str) -> str:
    return (DEFAULTS / lang / f"{key}.md").read_text(encoding="utf-8")


def _default(key: str, lang: str) -> dict:
    return {"key": key, "lang": lang, "version": 0, "text": default_text(key, lang), "savedAt": None,
            "savedBy": None, "savedByName": None, "restoredFrom": None, "isDefault": True}


def _shown(item: PageVersion) -> dict:
    return {"key": item.key, "lang": item.lang, "version": int(item.version), "text": item.text,
            "savedAt": item.savedAt, "savedBy": item.savedBy, "savedByName": item.savedByName,
            "restoredFrom": None if item.restoredFrom is None else int(item.restoredFrom), "isDefault": False}


def _latest(page_id: str) -> PageVersion | None:
    return next(iter(PageVersion.query(page_id, scan_index_forward=False, limit=1)), None)


def get(key: str, lang: str) -> dict:
    """The page as served: its latest saved version, or the shipped default when none was saved."""
    latest = _latest(_checked(key, lang))
    return _shown(latest) if latest else _default(key, lang)


def versions(key: str, lang: str) -> list[dict]:
    """Every saved version, newest first, then the shipped default (version 0)."""
    page_id = _checked(key, lang)
    saved = [_shown(item) for item in PageVersion.query(page_id, scan_index_forward=False)]
    return saved + [_default(key, lang)]


def _text(data) -> str:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    text = data.get("text")
    if not isinstance(text, str) or not text.strip():
        raise BadRequest(TEXT_REQUIRED)
    if len(text) > MAX_TEXT:
        raise BadRequest(TEXT_TOO_LONG)
    return text


def _append(key: str, lang: str, text: str, principal: Principal, restored_from: int | None = None,
            expected: tuple[str, ...] | None = None) -> dict:
    page_id = f"{key}#{lang}"
    latest = _latest(page_id)
    number = (int(latest.version) if latest else 0) + 1
    if expected is not None and str(number - 1) not in expected:
        raise PreconditionFailed(SAVED_MEANWHILE)
    item = PageVersion(pageId=page_id, version=version_key(number), key=key, lang=lang, text=text,
                       savedAt=utc_now(), savedBy=principal.id,
                       savedByName=principal.user.get("name") or principal.user.get("email"),
                       restoredFrom=restored_from)
    try:
        # Version numbers are claimed by a conditional put: two saves at once cannot share one.
        item.save(condition=PageVersion.version.does_not_exist())
    except PutError as error:
        if getattr(error, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise (PreconditionFailed(SAVED_MEANWHILE) if expected is not None else Conflict(EDITED_MEANWHILE)) from None
        raise
    audit.record("restore" if restored_from is not None else "update", "page", page_id,
                 before={"version": int(latest.version), "text": latest.text} if latest else None,
                 after={"version": number, "text": text,
                        **({"restoredFrom": restored_from} if restored_from is not None else {})})
    return _shown(item)


def save(key: str, lang: str, data, principal: Principal, expected: tuple[str, ...] | None = None) -> dict:
    """A new version of the page with this text; the earlier ones are kept. `expected`: the versions the client
    read (If-Match: "3", "0" for the shipped default); 412 when another was saved since."""
    _checked(key, lang)
    return _append(key, lang, _text(data), principal, expected=expected)


def restore(key: str, lang: str, version: str, principal: Principal) -> dict:
    """A new version carrying the text of an earlier one (0: the shipped default)."""
    page_id = _checked(key, lang)
    if not version.isdigit():
        raise NotFound(VERSION_NOT_FOUND.format(version=version))
    number = int(version)
    if number == 0:
        text = default_text(key, lang)
    else:
        try:
            text = PageVersion.get(page_id, version_key(number)).text
        except PageVersion.DoesNotExist:
            raise NotFound(VERSION_NOT_FOUND.format(version=number)) from None
    return _append(key, lang, text, principal, restored_from=number)
