"""A test-only collection: a pynamodb model on a table the tests create in the moto server of
tests/conftest.py (`owd-local-<short name>`, GSI byOwner on ownerId), and helpers to fill it."""
from __future__ import annotations

from pynamodb.attributes import BooleanAttribute, ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta
from chalicelib.crud import Collection, Relation

PUBLIC_FIELDS = ("id", "ownerId", "name", "score", "active", "tags", "createdAt", "updatedAt", "deletedAt",
                 "kind", "meta")


def make_model(short_name: str) -> type:
    """A model class of its own per table, so test modules never see each other's items."""

    class ByOwner(GlobalSecondaryIndex):
        class Meta:
            index_name = "byOwner"
            projection = AllProjection()

        ownerId = UnicodeAttribute(hash_key=True)

    class Sample(BaseModel):
        Meta = table_meta(short_name)

        id = UnicodeAttribute(hash_key=True)
        ownerId = UnicodeAttribute()
        name = UnicodeAttribute(null=True)
        score = NumberAttribute(null=True)
        active = BooleanAttribute(null=True)
        tags = ListAttribute(null=True)
        kind = UnicodeAttribute(null=True)
        meta = MapAttribute(null=True)
        secret = UnicodeAttribute(null=True)
        createdAt = UnicodeAttribute(null=True)
        updatedAt = UnicodeAttribute(null=True)
        deletedAt = UnicodeAttribute(null=True)

        by_owner = ByOwner()

    Sample.__name__ = f"Sample_{short_name}"
    return Sample


def ensure_table(model: type) -> None:
    if not model.exists():
        model.create_table(billing_mode="PAY_PER_REQUEST", wait=True)


def clear(model: type) -> None:
    with model.batch_write() as batch:
        for item in model.scan():
            batch.delete(item)


def write(model: type, items: list[dict]) -> list[dict]:
    """Store the items; return them as the service reads them back (model.to_dict())."""
    instances = [model(**{k: v for k, v in item.items() if v is not None}) for item in items]
    with model.batch_write() as batch:
        for instance in instances:
            batch.save(instance)
    return [instance.to_dict() for instance in instances]


def make_collection(model: type, **options) -> Collection:
    defaults = dict(name="Sample", fields=PUBLIC_FIELDS, joins={"owner": Relation(fields=("id", "name"))})
    defaults.update(options)
    return Collection(model, **defaults)
