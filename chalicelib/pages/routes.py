"""Informational pages (/pages/{key}/{lang}: read, save, versions, restore), the glossary's lists and the
contact form."""
from chalicelib.audit import service as audit
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import FLAG, INTEGER, NULLABLE_INSTANT, NULLABLE_TEXT, TEXT, describe, fields_body
from chalicelib.crud.collection import model_schema
from chalicelib.pages import contact, glossary, service
from chalicelib.pages.models import ContactMessage

routes = Routes(__name__)
SYSTEM_ADMIN = rules.system_roles("system-admin")
_SAVED = "null for the shipped default"
# service._shown and service._default: a version of a page in one language.
PAGE = {"type": "object", "required": ["key", "lang", "version", "text", "savedAt", "savedBy", "savedByName",
                                       "restoredFrom", "isDefault"], "properties": {
    "key": {"enum": list(service.PAGE_KEYS)}, "lang": {"enum": list(service.LANGUAGES)},
    "version": {**INTEGER, "minimum": 0, "description": "counts the saves from 1; 0: the shipped default"},
    "text": {**TEXT, "description": "Markdown"}, "savedAt": {**NULLABLE_INSTANT, "description": _SAVED},
    "savedBy": {**NULLABLE_TEXT, "description": f"the user's id; {_SAVED}"},
    "savedByName": {**NULLABLE_TEXT, "description": f"their name (or email) then; {_SAVED}"},
    "restoredFrom": {"type": ["integer", "null"], "description": "the version this one restored, if it did"},
    "isDefault": FLAG}}
# glossary.lists: every list's values, each described in the language asked for (English where it has none).
_TERM = {"type": "object", "required": ["term", "description"],
         "properties": {"term": {**TEXT, "description": "the WQX value"}, "description": NULLABLE_TEXT}}
GLOSSARY = {"type": "object", "required": list(glossary.LISTS),
            "properties": {name: {"type": "array", "items": _TERM} for name in glossary.LISTS}}
# contact._shown: a stored message, for the system administrators.
CONTACT_MESSAGE = model_schema(ContactMessage, contact.SHOWN, required=contact.SHOWN)


@routes.route("/pages/{key}/{lang}", auth=rules.public)
@describe(returns=PAGE)
def get_page(key, lang):
    """A page in one language: its latest saved version, or the shipped default (ETag: its version number)."""
    page = service.get(key, lang)
    return versions.answer(page, version=str(page["version"]))


@routes.route("/pages/{key}/{lang}", methods=["PUT"], auth=SYSTEM_ADMIN)
@describe(body=fields_body({"text": TEXT}, required=("text",)), versioned=True, returns=PAGE)
def save_page(key, lang):
    """Save a new version of a page ({text}); earlier versions are kept (system administrators)."""
    page = service.save(key, lang, routes.json_body(), require_principal(), expected=routes.expected_versions())
    return versions.answer(page, version=str(page["version"]))


@routes.route("/pages/{key}/{lang}/versions", auth=SYSTEM_ADMIN)
@describe(returns={"type": "array", "items": PAGE})
def page_versions(key, lang):
    """Every saved version of a page, newest first, then the default (system administrators)."""
    return service.versions(key, lang)


@routes.route("/pages/{key}/{lang}/versions/{version}/restore", methods=["POST"], auth=SYSTEM_ADMIN)
@describe(status=201, returns=PAGE)
def restore_page(key, lang, version):
    """Serve an earlier version again, saved as the newest (system administrators)."""
    return created(service.restore(key, lang, version, require_principal()))


@routes.route("/glossary/{lang}", auth=rules.public)
@describe(returns=GLOSSARY)
def glossary_lists(lang):
    """The glossary's WQX lists (activity types, media, fractions, statuses, value types, detection conditions
    and units), each value with its description in this language."""
    return glossary.lists(lang)


@routes.route("/contact", methods=["POST"], auth=rules.public)
@describe(status=201, body=fields_body({name: TEXT for name in contact.FIELDS}, required=("name", "email", "message")),
          returns={"type": "object", "required": ["received"], "properties": {"received": {"const": True}}})
def send_contact_message():
    """Send a message to the system administrators ({name, email, message}); 5 an hour per address and client."""
    request = routes.current_request
    # The visitor's address: behind CloudFront, API Gateway's sourceIp is CloudFront's (everyone's at one edge).
    client, _agent = audit.source_of(request.headers, request.context)
    return created(contact.submit(routes.json_body(), client or ""))


@routes.route("/contact", auth=SYSTEM_ADMIN)
@describe(returns={"type": "array", "items": CONTACT_MESSAGE})
def contact_messages():
    """Every contact message, newest first (system administrators)."""
    return contact.list_messages()
