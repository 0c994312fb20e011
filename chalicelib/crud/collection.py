"""What a collection is: its pynamodb model, the fields clients may use, keys, indexes, limits.

    stations = Collection(Station, name="Station", fields=("id", "name", "organizationId", ...),
                          indexes={"organizationId": "byOrganization"}, joins={"organization": Relation()})
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, Callable, Iterable, Mapping

from pynamodb.attributes import (Attribute, BinaryAttribute, BooleanAttribute, JSONAttribute, ListAttribute,
                                 MapAttribute, NumberAttribute, NumberSetAttribute, UnicodeAttribute,
                                 UnicodeSetAttribute, UTCDateTimeAttribute)
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core import numbers
from chalicelib.crud.conditions import ANY, BOOLEAN, NUMBER, STRING, parse_iso
from chalicelib.core.errors import BadRequest

DEFAULT_MAX_PAGE_SIZE = 100
MAX_BULK = 25
TIMESTAMP_FIELDS = ("createdAt", "updatedAt")


@dataclass(frozen=True)
class Relation:
    """A relation that `join=name||f1,f2` may ask for.

    `fields`: the fields a join may select (empty: any). `load(items, select)`: attaches the related
    data to the page's items (dicts) in place; without it a join is only validated.
    """

    fields: tuple[str, ...] = ()
    load: Callable[[list[dict], list[str] | None], None] | None = None


@dataclass(frozen=True)
class Collection:
    model: type
    name: str = "Item"
    # Fields clients may select, filter, search and sort on; default: every model attribute.
    fields: tuple[str, ...] = ()
    # Fields clients may sort on; default: all of `fields`.
    sortable: tuple[str, ...] | None = None
    # Fields clients may set on create/update; default: `fields` without keys, timestamps, soft delete.
    writable: tuple[str, ...] | None = None
    # Attribute name -> GSI name, for GSIs whose hash key is that attribute (ALL projection);
    # default: discovered from the model's GlobalSecondaryIndex attributes with an ALL projection.
    indexes: Mapping[str, str] | None = None
    soft_delete: str | None = "deletedAt"
    # A shared list (organizations, stations...): only system administrators ask it for deleted items
    # (include_deleted); on one's own list (dashboards) the deleted items are one's own.
    deleted_for_admins_only: bool = False
    max_page_size: int = DEFAULT_MAX_PAGE_SIZE
    joins: Mapping[str, Relation] = field(default_factory=dict)
    # The order of a list when the query names none (field, "ASC"|"DESC").
    default_sort: tuple[tuple[str, str], ...] = ()
    # DynamoDB Limit per Query/Scan request (None: DynamoDB's 1 MB pages). Tests use small pages.
    read_page_size: int | None = None
    # A GSI in the default order, with a counter: a default listing reads a page, not the table
    # (chalicelib/crud/listing.py).
    listing: Any = None
    # Fields a new item must be given (the OpenAPI document's `required`; the service checks them).
    required: tuple[str, ...] = ()
    # The most characters a text field takes (DynamoDB refuses an item past 400 KB: a 500, not a 400).
    text_limits: Mapping[str, int] = field(default_factory=dict)

    # ------------------------------------------------------------ model introspection

    @cached_property
    def attributes(self) -> dict[str, Attribute]:
        return dict(self.model.get_attributes())

    @cached_property
    def key(self) -> str:
        return self.model._hash_keyname

    @cached_property
    def range_key(self) -> str | None:
        return self.model._range_keyname

    @cached_property
    def key_fields(self) -> tuple[str, ...]:
        return (self.key,) + ((self.range_key,) if self.range_key else ())

    @cached_property
    def public_fields(self) -> tuple[str, ...]:
        names = self.fields or tuple(self.attributes)
        unknown = [n for n in names if n not in self.attributes]
        if unknown:
            raise ValueError(f"{self.name}: fields not in the model: {', '.join(unknown)}")
        return tuple(dict.fromkeys(self.key_fields + tuple(names)))

    @cached_property
    def field_types(self) -> dict[str, str]:
        return {name: field_type(self.attributes[name]) for name in self.public_fields}

    @cached_property
    def sortable_fields(self) -> frozenset[str]:
        return frozenset(self.public_fields if self.sortable is None else self.sortable)

    @cached_property
    def soft_delete_field(self) -> str | None:
        """The soft-delete attribute when the model has it (else deletes are hard)."""
        return self.soft_delete if self.soft_delete and self.soft_delete in self.attributes else None

    @cached_property
    def writable_fields(self) -> frozenset[str]:
        if self.writable is not None:
            return frozenset(self.writable)
        excluded = set(self.key_fields) | set(TIMESTAMP_FIELDS) | {self.soft_delete}
        return frozenset(n for n in self.public_fields if n not in excluded)

    @cached_property
    def index_objects(self) -> dict[str, Any]:
        """Attribute name -> the pynamodb index whose hash key it is."""
        by_name = {index.Meta.index_name: index for index in self.model._indexes.values()}
        if self.indexes is not None:
            return {attr: by_name[name] for attr, name in self.indexes.items()}
        found: dict[str, Any] = {}
        for index in by_name.values():
            if isinstance(index, GlobalSecondaryIndex) and isinstance(index.Meta.projection, AllProjection):
                hash_key = index._hash_key_attribute()
                found.setdefault(hash_key.attr_name, index)
        # Attribute names as the model's Python names.
        python_names = {attr.attr_name: name for name, attr in self.attributes.items()}
        return {python_names.get(attr, attr): index for attr, index in found.items()}

    def not_found(self) -> str:
        return f"{self.name} not found."

    # ------------------------------------------------------------ values written by clients

    def new_key(self) -> str:
        return str(uuid.uuid4())

    # ------------------------------------------------------------ the OpenAPI document's schemas

    def item_schema(self) -> dict:
        """An item as the API answers it: its public fields, typed (absent when not set)."""
        return model_schema(self.model, self.public_fields, required=(self.key,))

    def items_schema(self) -> dict:
        """Items as the API answers them, in an array (a list without paging)."""
        return {"type": "array", "items": self.item_schema()}

    def body_schema(self, *, creating: bool) -> dict:
        """What a create or update takes: the writable fields, typed; any other field is refused."""
        properties = {name: field_schema(self.attributes[name]) for name in sorted(self.writable_fields)}
        for name, limit in self.text_limits.items():
            if name in properties:
                properties[name]["maxLength"] = limit
        schema = {"type": "object", "additionalProperties": False, "properties": properties}
        if creating and self.required:
            schema["required"] = list(self.required)
        return schema

    def check_writable(self, data: Any, *, allow_keys: bool = False) -> dict:
        if not isinstance(data, dict):
            raise BadRequest("Request body must be a JSON object.")
        for name in data:
            if name in self.writable_fields or (allow_keys and name in self.key_fields):
                continue
            if name in self.public_fields:
                raise BadRequest(f"Field {name} cannot be changed.")
            raise BadRequest(f"Unknown field {name}")
        return {name: self.convert(name, value) for name, value in data.items()}

    def convert(self, name: str, value: Any) -> Any:
        """A JSON value as the model attribute `name` stores it, or a 400 naming the field."""
        attribute = self.attributes[name]
        if value is None:
            if not attribute.null:
                raise BadRequest(f"{name} is required.")
            return None
        expected = _expected(attribute)
        try:
            converted = _convert(attribute, value)
        except (TypeError, ValueError):
            converted = _INVALID
        if converted is _INVALID:
            raise BadRequest(f"Invalid {name}. {expected} expected")
        limit = self.text_limits.get(name)
        if limit is not None and isinstance(converted, str) and len(converted) > limit:
            raise BadRequest(f"{name} must be at most {limit} characters.")
        return converted


def field_type(attribute: Attribute) -> str:
    if isinstance(attribute, UnicodeAttribute):
        return STRING
    if isinstance(attribute, NumberAttribute):
        return NUMBER
    if isinstance(attribute, BooleanAttribute):
        return BOOLEAN
    return ANY


_INVALID = object()


def model_schema(model: type, fields: Iterable[str], *, required: Iterable[str] = ()) -> dict:
    """An item of a model as the API answers it: these attributes, typed (null where they may be); `required`,
    those it always has."""
    attributes = model.get_attributes()
    return {"type": "object", "required": list(required),
            "properties": {name: field_schema(attributes[name]) for name in fields}}


def field_schema(attribute: Attribute) -> dict:
    """The JSON schema of a model attribute's value as the API reads and answers it (null where it may be)."""
    kinds = ((UTCDateTimeAttribute, {"type": "string", "format": "date-time"}), (UnicodeAttribute, {"type": "string"}),
             (NumberAttribute, {"type": "number"}), (BooleanAttribute, {"type": "boolean"}),
             (MapAttribute, {"type": "object"}), (ListAttribute, {"type": "array"}),
             (UnicodeSetAttribute, {"type": "array", "items": {"type": "string"}}),
             (NumberSetAttribute, {"type": "array", "items": {"type": "number"}}))
    schema = next((dict(found) for kind, found in kinds if isinstance(attribute, kind)), {})
    if schema and attribute.null:
        schema["type"] = [schema["type"], "null"]
    return schema


def _expected(attribute: Attribute) -> str:
    for kind, text in ((UnicodeAttribute, "String"), (NumberAttribute, "Number"), (BooleanAttribute, "Boolean"),
                       (UTCDateTimeAttribute, "ISO date string"), (MapAttribute, "Object"), (ListAttribute, "Array"),
                       (UnicodeSetAttribute, "Array of strings"), (NumberSetAttribute, "Array of numbers")):
        if isinstance(attribute, kind):
            return text
    return "Value"


def _is_number(value: Any) -> bool:
    """A JSON number this field can store (10**400 or 1e300 could not be: they were 500s)."""
    return isinstance(value, (int, float)) and numbers.storable(value)


def _convert(attribute: Attribute, value: Any) -> Any:
    if isinstance(attribute, UnicodeAttribute):
        return value if isinstance(value, str) else _INVALID
    if isinstance(attribute, NumberAttribute):
        return value if _is_number(value) else _INVALID
    if isinstance(attribute, BooleanAttribute):
        return value if isinstance(value, bool) else _INVALID
    if isinstance(attribute, UTCDateTimeAttribute):
        if isinstance(value, datetime):
            return value
        moment = parse_iso(value) if isinstance(value, str) else None
        return moment if moment is not None else _INVALID
    if isinstance(attribute, MapAttribute):
        if not isinstance(value, dict):
            return _INVALID
        if type(attribute) is MapAttribute or getattr(attribute, "is_raw", lambda: False)():
            return value
        return type(attribute)(**value)
    if isinstance(attribute, ListAttribute):
        return value if isinstance(value, list) else _INVALID
    if isinstance(attribute, UnicodeSetAttribute):
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return set(value) if ok and value else _INVALID
    if isinstance(attribute, NumberSetAttribute):
        ok = isinstance(value, list) and all(_is_number(v) for v in value)
        return set(value) if ok and value else _INVALID
    if isinstance(attribute, BinaryAttribute):
        return _INVALID
    if isinstance(attribute, JSONAttribute):
        return value
    return value
