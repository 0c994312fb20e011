"""Informational pages (/pages/{key}/{lang}: read, save, versions, restore), the glossary's lists and the
contact form."""
from chalicelib.audit import service as audit
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import TEXT, describe, fields_body
from chalicelib.pages import contact, glossary, service

routes = Routes(__name__)
SYSTEM_ADMIN = rules.system_roles("system-admin")


@routes.route("/pages/{key}/{lang}", auth=rules.public)
def get_page(key, lang):
    """A page in one language: its latest saved version, or the shipped default (ETag: its version number)."""
    page = service.get(key, lang)
    return versions.answer(page, version=str(page["version"]))


@routes.route("/pages/{key}/{lang}", methods=["PUT"], auth=SYSTEM_ADMIN)
@describe(body=fields_body({"text": TEXT}, required=("text",)), versioned=True)
def save_page(key, lang):
    """Save a new version of a page ({text}); earlier versions are kept (system administrators)."""
    page = service.save(key, lang, routes.json_body(), require_principal(), expected=routes.expected_versions())
    return versions.answer(page, version=str(page["version"]))


@routes.route("/pages/{key}/{lang}/versions", auth=SYSTEM_ADMIN)
def page_versions(key, lang):
    """Every saved version of a page, newest first, then the default (system administrators)."""
    return service.versions(key, lang)


@routes.route("/pages/{key}/{lang}/versions/{version}/restore", methods=["POST"], auth=SYSTEM_ADMIN)
@describe(status=201)
def restore_page(key, lang, version):
    """Serve an earlier version again, saved as the newest (system administrators)."""
    return created(service.restore(key, lang, version, require_principal()))


@routes.route("/glossary/{lang}", auth=rules.public)
def glossary_lists(lang):
    """The glossary's WQX lists (activity types, media, fractions, statuses, value types, detection conditions
    and units), each value with its description in this language."""
    return glossary.lists(lang)


@routes.route("/contact", methods=["POST"], auth=rules.public)
@describe(status=201, body=fields_body({name: TEXT for name in contact.FIELDS}, required=("name", "email", "message")))
def send_contact_message():
    """Send a message to the system administrators ({name, email, message}); 5 an hour per address and client."""
    request = routes.current_request
    # The visitor's address: behind CloudFront, API Gateway's sourceIp is CloudFront's (everyone's at one edge).
    client, _agent = audit.source_of(request.headers, request.context)
    return created(contact.submit(routes.json_body(), client or ""))


@routes.route("/contact", auth=SYSTEM_ADMIN)
def contact_messages():
    """Every contact message, newest first (system administrators)."""
    return contact.list_messages()
