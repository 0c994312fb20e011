"""The OpenAPI 3.1 document of the API, built from the Chalice app's route table.

What the code already says is read from it: paths and their parameters, methods, the summary (the view's
docstring), the domain (tag), who may call (the route's auth rule) and accepted content types. What only
the route knows - its query parameters, its body, its success status and content types - it declares with
`@describe(...)` next to its handler. Every route answers errors in one JSON shape (chalicelib/core/errors.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

TITLE = "Open Water Data API"
JSON = "application/json"
PDF = "application/pdf"
CSV = "text/csv; charset=utf-8"
ERROR_SCHEMA = {
    "type": "object",
    "required": ["statusCode", "message", "error"],
    "properties": {
        "statusCode": {"type": "integer"},
        "message": {"type": "string"},
        "error": {"type": "string", "description": "the status's phrase; \"Account Deleted\" on a 401 for a token of an "
                                                    "account deleted since its sign-in (sign out: a new sign-in starts a "
                                                    "new account)"},
        "requestId": {"type": "string", "description": "names the request in the API's log (server errors)"},
    },
}
ERROR_ANSWERS = {
    "4XX": "The request cannot be served as it is: the message says why (bad input 400, sign-in 401, "
           "permission 403, missing 404, method not allowed 405, conflict 409, body over the limit 413, "
           "content type not taken 415; 412: If-Match names a version no longer stored).",
    "500": "An unforeseen failure: requestId names the request in the API's log.",
    "503": "The data store is unavailable: try again shortly.",
}
OBJECT = {"type": "object"}
# What a route answers when it has done what was asked and has nothing to tell (a removal).
EMPTY = {"type": "object", "maxProperties": 0}


def page_of(item: dict) -> dict:
    """A page of a list: its items (`data`), how many it holds, the list's total, the page's number and count."""
    return {"type": "object", "required": ["data", "count", "total", "page", "pageCount"],
            "properties": {"data": {"type": "array", "items": item}, "count": {"type": "integer"},
                           "total": {"type": "integer"}, "page": {"type": "integer"},
                           "pageCount": {"type": "integer"}}}


def list_of(item: dict) -> dict:
    """A list's answer: the items, or a page of them when `page` or `offset` is asked for."""
    return {"anyOf": [{"type": "array", "items": item}, page_of(item)]}


LIST_ANSWER = list_of(OBJECT)
# The routes that replace a set take a list of ids (strings, or objects with an id), or an object holding it.
ID_LIST = {"anyOf": [{"type": "array", "items": {"anyOf": [{"type": "string"}, OBJECT]}}, OBJECT]}
# ... or a change to the set: the ids to add and to take out (a change made meanwhile by someone else is kept).
ID_LIST_OR_CHANGE = {"anyOf": [*ID_LIST["anyOf"][:1], {
    "type": "object", "additionalProperties": False,
    "properties": {"add": {"type": "array", "items": {"type": "string"}},
                   "remove": {"type": "array", "items": {"type": "string"}}}}, OBJECT]}
BODY_METHODS = {"POST", "PUT", "PATCH"}
TEXT = {"type": "string"}
FLAG = {"type": "boolean"}
NUMBER = {"type": "number"}
NULLABLE_TEXT = {"type": ["string", "null"]}
INTEGER = {"type": "integer"}
NULLABLE_NUMBER = {"type": ["number", "null"]}
# A moment as the API stores and answers it (utc_now: 2026-11-27T08:15:00.123Z).
INSTANT = {"type": "string", "description": "ISO 8601 in UTC"}
NULLABLE_INSTANT = {**INSTANT, "type": ["string", "null"]}


class FieldsBody(dict):
    """A body schema whose fields the request is held to (fields_body); as a schema, a plain dict."""


def fields_body(properties: dict[str, dict], *, required: Iterable[str] = ()) -> dict:
    """The schema of a JSON object body of these fields and no others: a route that declares one refuses any
    other field with a 400 that names it and the fields it takes (chalicelib/core/http.py). The generic
    collections check their bodies themselves (crud.Collection.check_writable)."""
    schema = FieldsBody(type="object", properties=properties, additionalProperties=False)
    if required:
        schema["required"] = list(required)
    return schema


def closed_fields(schema: dict | None) -> frozenset[str] | None:
    """The fields a body declared with fields_body takes; None for any other body."""
    if not isinstance(schema, FieldsBody):
        return None
    return frozenset(schema.get("properties") or {})
_SUCCESS = {201: "Created.", 202: "Accepted: queued, the answer says where to follow it.",
            303: "See the Location header (a presigned address of the file)."}
# A body a route does not declare is a JSON object (chalicelib/core/http.py holds requests to it).
DEFAULT_BODY = OBJECT
# Every 303 answers where to go twice: in its Location header and as JSON (for clients that do not follow).
REDIRECT = {
    "description": _SUCCESS[303],
    "headers": {"Location": {"schema": {"type": "string", "format": "uri"}}},
    "content": {JSON: {"schema": {"type": "object", "required": ["url"],
                                  "properties": {"url": {"type": "string", "format": "uri"}}}}},
}
SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
    "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key",
               "description": "An organization's API key, made by its group administrators (machine clients)."},
}


@dataclass(frozen=True)
class Declaration:
    query: dict[str, dict] = field(default_factory=dict)
    body: dict | None = None
    body_required: bool = False
    status: int | tuple[int, ...] = 200
    returns: dict | None = None
    produces: tuple[str, ...] = (JSON,)
    description: str | None = None
    tag: str | None = None
    versioned: bool = False


# A change made only to the version the client read (chalicelib/core/versions.py).
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
            "description": "The item's ETag as read (its version, in double quotes): the change is made only while "
                           "the item still has it, else 412. Without it the change is made in any case."}


def describe(*, query: dict[str, dict] | None = None, body: dict | None = None, body_required: bool = False,
             status: int | tuple[int, ...] = 200, returns: dict | None = None, produces: Iterable[str] = (JSON,),
             description: str | None = None, tag: str | None = None, versioned: bool = False):
    """Declare what the OpenAPI document says of a route besides what its registration says.

    query: parameter name -> JSON schema; a schema may carry "required": True and a "description".
    body: the JSON schema of the request body; returns: the success answer's schema (JSON answers; with 202, the
    queued job's, always JSON); status: the success status (201 for creation), or the statuses (200 or 202 when
    queued);
    produces: the success answer's content types; tag: the domain, when the handler is shared (the generic
    collection routes); versioned: the change takes If-Match, and the answer carries the item's ETag.
    """
    declaration = Declaration(dict(query or {}), body, body_required, status, returns, tuple(produces), description,
                              tag, versioned)

    def attach(view):
        view.openapi = declaration
        return view

    return attach


def document(app, *, prefix: str = "", version: str = "1") -> dict:
    """The OpenAPI 3.1 document of every route of `app` (a Chalice app)."""
    paths: dict[str, dict] = {}
    for path, entries in sorted(app.routes.items()):
        operations = paths.setdefault(path, {})
        for method, entry in sorted(entries.items()):
            operations[method.lower()] = _operation(path, method, entry)
    return {
        "openapi": "3.1.0",
        "info": {"title": TITLE, "version": version,
                 "description": "Bearer tokens are the identity provider's access tokens (OIDC). "
                                "Lists take the collection query language (filter, s, sort, fields, limit, "
                                "page, offset); a page never holds more than the list's maximum page size."},
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {
            "securitySchemes": SECURITY_SCHEMES,
            "schemas": {"Error": ERROR_SCHEMA},
        },
    }


def _operation(path: str, method: str, entry: Any) -> dict:
    view = entry.view_function
    declared: Declaration = getattr(view, "openapi", None) or Declaration()
    rule = getattr(view, "auth_rule", None)
    summary, rest = _summary(view.__doc__ or view.__name__)
    operation: dict[str, Any] = {
        "operationId": f"{method.lower()}_{entry.view_name}",
        "summary": summary,
        "tags": [declared.tag or _domain(view)],
        "parameters": [_path_parameter(name) for name in re.findall(r"{(\w+)}", path)]
                      + [_query_parameter(name, schema) for name, schema in declared.query.items()]
                      + ([IF_MATCH] if declared.versioned else []),
        "responses": _responses(declared),
    }
    description = declared.description or " ".join(rest.split())
    if description:
        operation["description"] = description
    if getattr(rule, "accepts_api_key", False):
        operation["security"] = [{"bearer": []}, {"apiKey": []}]
    elif rule is not None and not rule.requires_sign_in:
        operation["security"] = [{}, {"bearer": []}]
    else:
        operation["security"] = [{"bearer": []}]
    if method in BODY_METHODS:
        content_types = entry.content_types or [JSON]
        body = declared.body if declared.body is not None else DEFAULT_BODY
        operation["requestBody"] = {
            "required": declared.body_required,
            "content": {kind: {"schema": body if kind == JSON else {}} for kind in content_types},
        }
    return operation


# Where a sentence may end: . ! or ? before a space and a capital (or an opening bracket, quote, backtick),
# or at the end. An ellipsis ("/data/... legacy") marks something left out, never a sentence's end.
_SENTENCE_END = re.compile(r"(?<!\.)[.!?](?!\.)(?=\s+[A-Z(`\"]|$)")


def _summary(docstring: str) -> tuple[str, str]:
    """(the first sentence of the docstring's first paragraph, what follows it): a sentence may wrap lines,
    and does not end inside brackets ("(?stationId | projectId ...)", "(/wqx3/... WQX 3.0 columns)")."""
    text = " ".join(docstring.split())
    for end in _SENTENCE_END.finditer(text):
        before = text[:end.end()]
        if before.count("(") <= before.count(")") and before.count("[") <= before.count("]"):
            if end.end() > 200:
                break
            return before, text[end.end():].strip()
    return text, ""


def _domain(view) -> str:
    # chalicelib.<domain>.routes or chalicelib.crud.routes (then the collection's name prefixes the view).
    parts = view.__module__.split(".")
    return parts[1] if len(parts) > 2 else parts[0]


def _path_parameter(name: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string", "minLength": 1}}


def _query_parameter(name: str, schema: dict) -> dict:
    schema = dict(schema)
    parameter = {"name": name, "in": "query", "required": schema.pop("required", False)}
    if "description" in schema:
        parameter["description"] = schema.pop("description")
    if schema.get("type") == "array":
        parameter.update(style="form", explode=True)
    parameter["schema"] = schema
    return parameter


def _responses(declared: Declaration) -> dict:
    success = {kind: {"schema": (declared.returns or {}) if kind == JSON else {}} for kind in declared.produces}
    # A queued job is answered in JSON, whatever the answer made without queueing is (a report's PDF).
    queued = {JSON: {"schema": declared.returns or {}}}
    statuses = declared.status if isinstance(declared.status, tuple) else (declared.status,)
    answers: dict[str, Any] = {str(status): REDIRECT if status == 303 else
                               {"description": _SUCCESS.get(status, "Success."),
                                "content": queued if status == 202 else success,
                                **({"headers": {"ETag": {"schema": {"type": "string"},
                                                         "description": "The item's version."}}}
                                   if declared.versioned else {})}
                               for status in statuses}
    for status, description in ERROR_ANSWERS.items():
        answers[status] = {"description": description,
                           "content": {JSON: {"schema": {"$ref": "#/components/schemas/Error"}}}}
    return answers
