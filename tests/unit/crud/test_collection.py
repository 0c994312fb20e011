"""What a Collection derives from its pynamodb model, and how it checks values clients write."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from pynamodb.attributes import (MapAttribute, NumberSetAttribute, UnicodeAttribute, UnicodeSetAttribute,
                                 UTCDateTimeAttribute)
from pynamodb.indexes import GlobalSecondaryIndex, KeysOnlyProjection

from chalicelib.core.errors import BadRequest
from chalicelib.core.models import BaseModel, table_meta
from chalicelib.crud import Collection
from tests.unit.crud.support import make_collection, make_model


class Point(MapAttribute):
    lat = UnicodeAttribute()


class ByKind(GlobalSecondaryIndex):
    class Meta:
        index_name = "byKind"
        projection = KeysOnlyProjection()

    kind = UnicodeAttribute(hash_key=True)


class Thing(BaseModel):
    Meta = table_meta("crudthing")
    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute(null=True)
    seen = UTCDateTimeAttribute(null=True)
    where = Point(null=True)
    labels = UnicodeSetAttribute(null=True)
    sizes = NumberSetAttribute(null=True)
    by_kind = ByKind()


def test_fields_keys_and_indexes_come_from_the_model():
    samples = make_collection(make_model("crudunit"))
    assert samples.key == "id" and samples.key_fields == ("id",)
    assert samples.field_types["score"] == "number" and samples.field_types["active"] == "boolean"
    assert samples.field_types["tags"] == "any" and samples.field_types["name"] == "string"
    assert set(samples.index_objects) == {"ownerId"}
    assert "secret" not in samples.public_fields
    assert "createdAt" not in samples.writable_fields and "id" not in samples.writable_fields
    assert samples.soft_delete_field == "deletedAt"
    things = Collection(Thing)
    assert things.index_objects == {}  # a keys-only GSI cannot answer a list
    assert things.soft_delete_field is None
    assert Collection(Thing, indexes={"kind": "byKind"}).index_objects["kind"].Meta.index_name == "byKind"
    with pytest.raises(ValueError):
        _ = Collection(Thing, fields=("nope",)).public_fields


def test_written_values_are_converted_or_rejected_with_the_field_named():
    things = Collection(Thing)
    assert things.convert("seen", "2024-01-02T03:04:05Z") == datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    assert things.convert("labels", ["a", "b"]) == {"a", "b"}
    assert things.convert("sizes", [1, 2.5]) == {1, 2.5}
    assert things.convert("where", {"lat": "1"}).lat == "1"
    assert things.convert("kind", None) is None
    for name, value, message in [("seen", "yesterday", "Invalid seen. ISO date string expected"),
                                 ("labels", [], "Invalid labels. Array of strings expected"),
                                 ("sizes", ["1"], "Invalid sizes. Array of numbers expected"),
                                 ("where", {"lon": 1}, "Invalid where. Object expected"),
                                 ("id", None, "id is required.")]:
        with pytest.raises(BadRequest) as caught:
            things.convert(name, value)
        assert caught.value.message == message
