"""The generic collection service: list, get, create, update, delete, bulk create (no HTTP here).

`scope` is the caller's authorization condition (a search object such as {"ownerId": "u1"}, or a
condition tree). It is ANDed with every read, so no query can widen it; on writes, the fields it
pins with equality are set on the item, and the written item must still satisfy it.
"""
from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal
from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute, UTCDateTimeAttribute
from pynamodb.exceptions import DeleteError, PutError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib.crud.collection import MAX_BULK, Collection
from chalicelib.crud import listing
from chalicelib.crud.conditions import Compare, Condition, conjuncts, parse_value
from chalicelib.crud.dynamo import ReadStats, read_candidates
from chalicelib.crud.evaluate import effective_condition, finish, matches, present, project, scope_condition
from chalicelib.crud.parser import ParsedQuery, parse_query
from chalicelib.core.errors import BadRequest, Conflict, Forbidden, NotFound
from chalicelib.core import versions
from chalicelib.core.models import utc_now
from chalicelib.core.uniques import was_conflict

OUT_OF_SCOPE = "You do not have permission to do this."
BULK_TOO_LARGE = f"Bulk create accepts at most {MAX_BULK} items."
BULK_EMPTY = "Empty data. Nothing to save."


def list_items(collection: Collection, parsed: ParsedQuery | None = None, scope: Condition | dict | None = None, *,
               stats: ReadStats | None = None) -> list | dict:
    """The items the query asks for: a plain list, or {data, count, total, page, pageCount} when
    `page` or `offset` is given. `stats`, when passed, receives the DynamoDB requests made."""
    parsed = parsed if parsed is not None else ParsedQuery()
    condition = effective_condition(collection, parsed, scope)
    if listing.applies(collection, parsed, condition):
        return listing.list_page(collection, parsed, stats if stats is not None else ReadStats())
    matched = [item for item in read_candidates(collection, condition, stats) if matches(condition, item)]
    return finish(collection, parsed, matched)


def search(collection: Collection, query_params: Any, scope: Condition | dict | None = None) -> list | dict:
    """A list route's whole work: parse the request's query for this collection, then list."""
    return list_items(collection, parse_query(query_params, collection), scope)


def get_item(collection: Collection, key: Any, *, parsed: ParsedQuery | None = None,
             scope: Condition | dict | None = None, range_key: Any = None) -> dict:
    """One item (404 when it does not exist, is soft-deleted, or is outside the scope or the query)."""
    parsed = parsed if parsed is not None else ParsedQuery()
    item = _visible(collection, key, range_key, scope, parsed).to_dict()
    return present(collection, parsed, [item])[0]


def create_item(collection: Collection, data: Any, *, scope: Condition | dict | None = None) -> dict:
    """Create one item; a missing string key becomes a uuid4. 409 when the key is taken."""
    item = _new_instance(collection, data, scope)
    try:
        item.save(condition=_key_attribute(collection).does_not_exist())
    except PutError as exc:
        if _condition_failed(exc):
            raise Conflict(f"{collection.name} already exists.") from exc
        raise
    return _public(collection, item)


def bulk_create(collection: Collection, items: Any, *, scope: Condition | dict | None = None) -> list[dict]:
    """Create up to 25 items all-or-nothing, in one DynamoDB transaction."""
    if not isinstance(items, list) or not items:
        raise BadRequest(BULK_EMPTY)
    if len(items) > MAX_BULK:
        raise BadRequest(BULK_TOO_LARGE)
    instances = []
    for position, data in enumerate(items):
        try:
            instances.append(_new_instance(collection, data, scope))
        except BadRequest as exc:
            raise BadRequest(f"bulk[{position}]: {exc.message}") from exc
    keys = [tuple(getattr(i, name) for name in collection.key_fields) for i in instances]
    if len(set(keys)) != len(keys):
        raise BadRequest(f"Every item of a bulk create needs its own {collection.key}.")
    try:
        with TransactWrite(connection=collection.model._get_connection().connection) as transaction:
            for instance in instances:
                transaction.save(instance, condition=_key_attribute(collection).does_not_exist())
    except TransactWriteError as exc:
        if was_conflict(exc):
            raise Conflict(f"{collection.name} already exists.") from exc
        raise
    return [_public(collection, instance) for instance in instances]


def update_item(collection: Collection, key: Any, data: Any, *, scope: Condition | dict | None = None,
                range_key: Any = None, expected: tuple[str, ...] | None = None) -> dict:
    """Change the given fields only (PATCH); null removes an optional field. `expected`: the versions the client
    read (If-Match); the change is refused (412) when the stored item has another."""
    item = _visible(collection, key, range_key, scope)
    thing = collection.name.lower()
    versions.require(item, expected, thing)
    values = collection.check_writable(data, allow_keys=True)
    current = item.to_dict()
    for name in collection.key_fields:
        if name in values:
            if values.pop(name) != current.get(name):
                raise BadRequest(f"Field {name} cannot be changed.")
    pins = _pins(collection, scope)
    for name, value in values.items():
        if name in pins and value != pins[name]:
            raise Forbidden(OUT_OF_SCOPE)
    if not values:
        return _public(collection, item)
    if not matches(scope_condition(collection, scope), {**current, **{k: _plain(v) for k, v in values.items()}}):
        raise Forbidden(OUT_OF_SCOPE)
    model = collection.model
    actions = [getattr(model, name).set(value) if value is not None else getattr(model, name).remove()
               for name, value in values.items()]
    if "updatedAt" in collection.attributes:
        actions.append(model.updatedAt.set(_now(collection, "updatedAt")))
    condition = _still_there(collection)
    if expected is not None:
        condition &= versions.condition(model, expected)
    try:
        item.update(actions=actions, condition=condition)
    except UpdateError as exc:
        if _condition_failed(exc):
            if expected is not None:  # changed in between, unless it is gone
                versions.require(_visible(collection, key, range_key, scope), expected, thing)
            raise NotFound(collection.not_found()) from exc
        raise
    return _public(collection, item)


def delete_item(collection: Collection, key: Any, *, scope: Condition | dict | None = None,
                range_key: Any = None) -> None:
    """Soft delete (set the soft-delete attribute) when the collection has one, else delete."""
    item = _visible(collection, key, range_key, scope)
    soft_delete = collection.soft_delete_field
    try:
        if soft_delete:
            item.update(actions=[getattr(collection.model, soft_delete).set(_now(collection, soft_delete))],
                        condition=_still_there(collection))
        else:
            item.delete(condition=_key_attribute(collection).exists())
    except (UpdateError, DeleteError) as exc:
        if _condition_failed(exc):
            raise NotFound(collection.not_found()) from exc
        raise


# ---------------------------------------------------------------- helpers


def _public(collection: Collection, item) -> dict:
    """An item as clients see it: its public fields only."""
    return project(item.to_dict(), collection.public_fields, collection.key_fields)


def _now(collection: Collection, name: str) -> Any:
    """The current time as the attribute stores it (a datetime for UTCDateTimeAttribute, else ISO text)."""
    if isinstance(collection.attributes[name], UTCDateTimeAttribute):
        return datetime.now(timezone.utc)
    return utc_now()


def _pins(collection: Collection, scope: Condition | dict | None) -> dict:
    """Fields the scope fixes with equality at its top level."""
    return {part.field: _plain(part.value) for part in conjuncts(scope_condition(collection, scope))
            if isinstance(part, Compare) and part.op == "$eq"}


def _key_attribute(collection: Collection):
    return getattr(collection.model, collection.key)


def _still_there(collection: Collection):
    condition = _key_attribute(collection).exists()
    if collection.soft_delete_field:
        condition &= getattr(collection.model, collection.soft_delete_field).does_not_exist()
    return condition


def _condition_failed(exc: Exception) -> bool:
    return getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException"


def _typed_key(attribute: Any, value: Any) -> Any:
    if isinstance(attribute, NumberAttribute) and isinstance(value, str):
        return parse_value(value)
    return value


def _visible(collection: Collection, key: Any, range_key: Any, scope: Condition | dict | None,
             parsed: ParsedQuery | None = None):
    model = collection.model
    if key is None or key == "":
        raise NotFound(collection.not_found())
    key = _typed_key(collection.attributes[collection.key], key)
    try:
        if collection.range_key:
            item = model.get(key, _typed_key(collection.attributes[collection.range_key], range_key))
        else:
            item = model.get(key)
    except model.DoesNotExist:
        raise NotFound(collection.not_found()) from None
    condition = effective_condition(collection, parsed if parsed is not None else ParsedQuery(), scope)
    if not matches(condition, item.to_dict()):
        raise NotFound(collection.not_found())
    return item


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, set):
        return sorted(value)
    return value


def _new_instance(collection: Collection, data: Any, scope: Condition | dict | None):
    values = collection.check_writable(data, allow_keys=True)
    values.update({name: value for name, value in _pins(collection, scope).items() if name in collection.attributes})
    key = collection.key
    if values.get(key) is None:
        if not isinstance(collection.attributes[key], UnicodeAttribute):
            raise BadRequest(f"{key} is required.")
        values[key] = collection.new_key()
    if "createdAt" in collection.attributes and "createdAt" not in values:
        values["createdAt"] = _now(collection, "createdAt")
    for name, attribute in collection.attributes.items():
        if not attribute.null and values.get(name) is None and attribute.default is None:
            raise BadRequest(f"{name} is required.")
    values = {name: value for name, value in values.items() if value is not None}
    item = collection.model(**values)
    if not matches(scope_condition(collection, scope), item.to_dict()):
        raise Forbidden(OUT_OF_SCOPE)
    return item
