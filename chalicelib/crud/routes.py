"""The standard routes of a collection, registered on a `chalicelib.core.http.Routes`:

    GET    {base}            list (also {base}/: API Gateway drops the trailing slash)
    GET    {base}/{id}       one item
    POST   {base}            create                  201
    POST   {base}/bulk       bulk create {"bulk": []}  201
    PATCH  {base}/{id}       partial update
    DELETE {base}/{id}       delete (soft when the collection has a soft-delete attribute)

`authorize(request)` returns the caller's scope (a search object ANDed with every read and pinned on
every write; None for no restriction) or raises. Parameters of `base` (such as {organizationId})
that are fields of the collection are part of the scope too. `shape(item, request)` fills defaults
of a created item before it is validated; ids of created items are uuid4 unless the body gives one.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping

from chalicelib.auth.rules import Rule
from chalicelib.crud import service
from chalicelib.crud.collection import MAX_BULK, Collection
from chalicelib.crud.parser import parse_query, parse_uuid_param, query_parameters
from chalicelib.core import versions
from chalicelib.core.errors import BadRequest
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, describe, list_of

ACTIONS = ("list", "get", "create", "bulk", "update", "delete")
Authorize = Callable[[Any], "dict | None"]
Shape = Callable[[dict, Any], dict]


def register_collection_routes(routes: Routes, base: str, collection: Collection, *,
                               auth: Rule | Mapping[str, Rule], authorize: Authorize | None = None,
                               shape: Shape | None = None, actions: Iterable[str] = ACTIONS,
                               id_param: str = "id", uuid_ids: bool = True) -> None:
    """Register the standard CRUD routes of `collection` under `base` (e.g. "/station")."""
    base = "/" + base.strip("/")
    actions = tuple(actions)
    unknown = set(actions) - set(ACTIONS)
    if unknown:
        raise ValueError(f"unknown actions: {', '.join(sorted(unknown))}")
    rules = {action: auth for action in actions} if isinstance(auth, Rule) else dict(auth)
    missing = [a for a in actions if a not in rules]
    if missing:
        raise ValueError(f"no auth rule for: {', '.join(missing)}")
    prefix = re.sub(r"\W+", "_", base).strip("_") or "root"
    item_path = f"{base}/{{{id_param}}}"

    def scope_of(uri: dict) -> dict | None:
        request = routes.current_request
        parts = [authorize(request)] if authorize is not None else []
        pinned = {name: value for name, value in uri.items()
                  if name != id_param and name in collection.public_fields}
        parts = [part for part in parts + [pinned] if part]
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else {"$and": parts}

    def item_key(uri: dict) -> str:
        value = uri[id_param]
        return parse_uuid_param(id_param, value) if uuid_ids else value

    def shaped(data: Any) -> Any:
        if isinstance(data, dict):
            if shape is not None:
                data = shape(dict(data), routes.current_request)
            key = data.get(collection.key)
            if uuid_ids and key is not None and not (isinstance(key, str) and _is_uuid(key)):
                raise BadRequest(f"Invalid {collection.key}. UUID string expected")
        return data

    def query():
        return parse_query(routes.current_request.query_params, collection)

    def register(action: str, path: str, method: str, view: Callable) -> None:
        view.__name__ = f"{prefix}_{action}"
        view.__doc__ = f"{action.capitalize()} {collection.name} ({method} {path})."
        describe(tag=routes.domain, **_DOCUMENTED[action](collection))(view)
        routes.route(path, methods=[method], auth=rules[action])(view)

    if "list" in actions:
        def list_view(**uri):
            return service.list_items(collection, query(), scope_of(uri))

        register("list", base, "GET", list_view)

    if "get" in actions:
        def get_view(**uri):
            return versions.answer(service.get_item(collection, item_key(uri), parsed=query(), scope=scope_of(uri)))

        register("get", item_path, "GET", get_view)

    if "create" in actions:
        def create_view(**uri):
            body = shaped(routes.json_body())
            return created(service.create_item(collection, body, scope=scope_of(uri)))

        register("create", base, "POST", create_view)

    if "bulk" in actions:
        def bulk_view(**uri):
            body = routes.json_body()
            if not isinstance(body, dict) or not isinstance(body.get("bulk"), list):
                raise BadRequest('Request body must be {"bulk": [...]}.')
            if len(body["bulk"]) > MAX_BULK:
                raise BadRequest(service.BULK_TOO_LARGE)
            items = [shaped(item) for item in body["bulk"]]
            return created(service.bulk_create(collection, items, scope=scope_of(uri)))

        register("bulk", f"{base}/bulk", "POST", bulk_view)

    if "update" in actions:
        def update_view(**uri):
            key = item_key(uri)
            return versions.answer(service.update_item(collection, key, routes.json_body(), scope=scope_of(uri),
                                                       expected=routes.expected_versions()))

        register("update", item_path, "PATCH", update_view)

    if "delete" in actions:
        def delete_view(**uri):
            service.delete_item(collection, item_key(uri), scope=scope_of(uri))
            return {}

        register("delete", item_path, "DELETE", delete_view)


# What the OpenAPI document says of each action besides its path, method and rule.
def list_answer(collection: Collection) -> dict:
    """A list's answer: the items, or a page of them when `page` or `offset` is asked for."""
    return list_of(collection.item_schema())


def _query(collection: Collection) -> dict:
    return query_parameters(collection.max_page_size, joins=bool(collection.joins))


_DOCUMENTED: dict[str, Callable[[Collection], dict]] = {
    "list": lambda c: dict(query=_query(c), returns=list_answer(c)),
    "get": lambda c: dict(query={name: schema for name, schema in _query(c).items() if name in ("fields", "join")},
                          returns=c.item_schema()),
    "create": lambda c: dict(body=c.body_schema(creating=True), body_required=True, status=201, returns=c.item_schema()),
    "bulk": lambda c: dict(body={"type": "object", "required": ["bulk"],
                                 "properties": {"bulk": {"type": "array", "items": c.body_schema(creating=True),
                                                         "maxItems": MAX_BULK}}},
                           body_required=True, status=201, returns=c.items_schema()),
    "update": lambda c: dict(body=c.body_schema(creating=False), body_required=True, returns=c.item_schema(),
                             versioned=True),
    "delete": lambda c: dict(returns=EMPTY),
}


def describe_create(collection: Collection):
    """The OpenAPI declaration of a hand-written create route taking and answering one item of the collection."""
    return describe(**_DOCUMENTED["create"](collection))


def describe_update(collection: Collection):
    """The same for a hand-written update (PATCH) route."""
    return describe(**_DOCUMENTED["update"](collection))


def describe_list(collection: Collection):
    """The OpenAPI declaration of a hand-written list route that answers with the collection query language."""
    return describe(**_DOCUMENTED["list"](collection))


def _is_uuid(value: str) -> bool:
    try:
        parse_uuid_param("id", value)
    except BadRequest:
        return False
    return True
