"""The collection service against the real moto server: Query or Scan, request counts, reads across
DynamoDB pages, and the writes (create, PATCH, soft/hard delete, all-or-nothing bulk create)."""
from __future__ import annotations

import uuid

import pytest

from chalicelib.core.errors import BadRequest, Conflict, Forbidden, NotFound
from chalicelib.crud import (ReadStats, bulk_create, create_item, delete_item, get_item, list_items, parse_query,
                             update_item)
from chalicelib.crud.collection import Collection
from tests.unit.crud.support import clear, ensure_table, make_collection, make_model, write

Sample = make_model("crudsvc")
Plain = make_model("crudsvchard")


@pytest.fixture(scope="module", autouse=True)
def tables():
    ensure_table(Sample)
    ensure_table(Plain)


@pytest.fixture(autouse=True)
def empty():
    clear(Sample)
    clear(Plain)


@pytest.fixture
def samples() -> Collection:
    return make_collection(Sample, read_page_size=4)


def seed(n: int = 12) -> list[dict]:
    return write(Sample, [{"id": f"s{i:02d}", "ownerId": f"u{i % 3}", "name": f"name {i}", "score": i,
                           "active": i % 2 == 0} for i in range(n)])


def listed(collection, query="", scope=None, stats=None):
    return list_items(collection, parse_query(query, collection), scope, stats=stats)


# ---------------------------------------------------------------- reads


def test_a_filter_on_no_key_scans_every_page(samples):
    seed(12)
    stats = ReadStats()
    result = listed(samples, "filter=score||$gte||5&sort=score,DESC&limit=3&page=2", stats=stats)
    assert [i["id"] for i in result["data"]] == ["s08", "s07", "s06"]
    assert (result["total"], result["pageCount"], result["page"]) == (7, 3, 2)
    assert stats.operation == "Scan"
    assert stats.scanned == 12
    # 12 items in pages of 4 (DynamoDB may need a last, empty page to say it is done).
    assert stats.requests in (3, 4)


def test_a_gsi_hash_key_pinned_with_eq_is_a_query(samples):
    seed(12)
    stats = ReadStats()
    result = listed(samples, "filter=ownerId||$eq||u1&filter=active||$eq||false", stats=stats)
    assert [i["id"] for i in result] == ["s01", "s07"]
    assert stats.operation == "Query byOwner (ownerId)"
    assert stats.scanned == 4


def test_the_scope_can_pin_the_query(samples):
    seed(12)
    stats = ReadStats()
    result = listed(samples, "or=score||$lt||3&or=score||$gt||9", {"ownerId": "u2"}, stats)
    assert [i["id"] for i in result] == ["s02", "s11"]
    assert stats.operation == "Query byOwner (ownerId)"


def test_the_table_hash_key_pinned_with_eq_is_a_query(samples):
    seed(5)
    stats = ReadStats()
    assert [i["id"] for i in listed(samples, 's={"id": "s03"}', stats=stats)] == ["s03"]
    assert stats.operation == "Query (id)"
    assert stats.requests == 1


def test_a_key_inside_an_or_is_not_pinned(samples):
    seed(5)
    stats = ReadStats()
    result = listed(samples, "filter=ownerId||$eq||u1&or=name||$eq||name 2", stats=stats)
    assert [i["id"] for i in result] == ["s01", "s02", "s04"]
    assert stats.operation == "Scan"


def test_soft_deleted_items_are_listed_only_on_request(samples):
    seed(3)
    delete_item(samples, "s01")
    assert [i["id"] for i in listed(samples)] == ["s00", "s02"]
    assert [i["id"] for i in listed(samples, "include_deleted=1")] == ["s00", "s01", "s02"]


def test_projection_and_join_validation(samples):
    seed(2)
    assert listed(samples, "fields=name&join=owner||name") == [{"id": "s00", "name": "name 0"},
                                                               {"id": "s01", "name": "name 1"}]


def test_joins_with_a_loader_attach_related_data():
    seed(2)
    from chalicelib.crud import Relation

    def load(items, select):
        for item in items:
            item["owner"] = {"id": item.get("ownerId"), "select": select}

    collection = make_collection(Sample, joins={"owner": Relation(fields=("id", "name"), load=load)})
    assert listed(collection, "fields=name&join=owner||name")[0] == {
        "id": "s00", "name": "name 0", "owner": {"id": "u0", "select": ["name"]}}


def test_get_item_respects_scope_soft_delete_and_query(samples):
    seed(3)
    assert get_item(samples, "s01")["name"] == "name 1"
    assert get_item(samples, "s01", parsed=parse_query("fields=score", samples)) == {"id": "s01", "score": 1}
    for call in (lambda: get_item(samples, "nope"), lambda: get_item(samples, "s01", scope={"ownerId": "u2"}),
                 lambda: get_item(samples, "s01", parsed=parse_query("filter=score||$gt||5", samples)),
                 lambda: get_item(samples, "")):
        with pytest.raises(NotFound, match="Sample not found."):
            call()
    delete_item(samples, "s01")
    with pytest.raises(NotFound):
        get_item(samples, "s01")
    assert get_item(samples, "s01", parsed=parse_query("include_deleted=1", samples))["deletedAt"]


def test_attributes_that_are_not_public_fields_are_never_returned(samples):
    write(Sample, [{"id": "s1", "ownerId": "u1", "name": "n", "secret": "hidden"}])
    assert listed(samples) == [{"id": "s1", "ownerId": "u1", "name": "n"}]
    assert get_item(samples, "s1") == {"id": "s1", "ownerId": "u1", "name": "n"}
    assert "secret" not in update_item(samples, "s1", {"name": "m"})
    assert listed(samples, "filter=name||$eq||m", {"secret": "hidden"})[0]["name"] == "m"


# ---------------------------------------------------------------- writes


def test_create_fills_key_and_timestamp_and_pins_the_scope(samples):
    created = create_item(samples, {"name": "n", "score": 2.5, "tags": ["a"], "meta": {"k": 1}},
                          scope={"ownerId": "u9"})
    uuid.UUID(created["id"])
    assert created["ownerId"] == "u9" and created["createdAt"].endswith("Z")
    assert get_item(samples, created["id"]) == created


def test_create_validates_fields_and_types(samples):
    cases = [({"name": 5, "ownerId": "u"}, "Invalid name. String expected"),
             ({"score": "5", "ownerId": "u"}, "Invalid score. Number expected"),
             ({"score": True, "ownerId": "u"}, "Invalid score. Number expected"),
             ({"active": "yes", "ownerId": "u"}, "Invalid active. Boolean expected"),
             ({"tags": "a", "ownerId": "u"}, "Invalid tags. Array expected"),
             ({"meta": [], "ownerId": "u"}, "Invalid meta. Object expected"),
             ({"secret": "x", "ownerId": "u"}, "Unknown field secret"),
             ({"createdAt": "x", "ownerId": "u"}, "Field createdAt cannot be changed."),
             ({"name": "x"}, "ownerId is required."),
             ({"ownerId": None}, "ownerId is required."),
             ([], "Request body must be a JSON object.")]
    for body, message in cases:
        with pytest.raises(BadRequest) as caught:
            create_item(samples, body)
        assert caught.value.message == message


def test_create_conflicts_on_an_existing_key(samples):
    create_item(samples, {"id": "fixed", "ownerId": "u"})
    with pytest.raises(Conflict, match="Sample already exists."):
        create_item(samples, {"id": "fixed", "ownerId": "u"})


def test_create_outside_a_non_equality_scope_is_forbidden(samples):
    with pytest.raises(Forbidden):
        create_item(samples, {"ownerId": "u", "score": 1}, scope={"score": {"$gt": 5}})


def test_update_is_partial_and_stays_in_scope(samples):
    seed(2)
    updated = update_item(samples, "s01", {"name": "renamed", "active": None}, scope={"ownerId": "u1"})
    assert updated["name"] == "renamed" and "active" not in updated and updated["score"] == 1
    assert updated["updatedAt"]
    assert update_item(samples, "s01", {}) == get_item(samples, "s01")
    with pytest.raises(Forbidden):
        update_item(samples, "s01", {"ownerId": "u2"}, scope={"ownerId": "u1"})
    with pytest.raises(NotFound):
        update_item(samples, "s01", {"name": "x"}, scope={"ownerId": "u2"})
    with pytest.raises(BadRequest, match="Field id cannot be changed."):
        update_item(samples, "s01", {"id": "other"})
    with pytest.raises(BadRequest, match="ownerId is required."):
        update_item(samples, "s01", {"ownerId": None})
    assert update_item(samples, "s01", {"id": "s01", "kind": "k"})["kind"] == "k"


def test_delete_is_soft_with_a_soft_delete_attribute_and_hard_without(samples):
    seed(1)
    delete_item(samples, "s00")
    assert Sample.get("s00").deletedAt
    with pytest.raises(NotFound):
        delete_item(samples, "s00")
    hard = make_collection(Plain, soft_delete=None)
    write(Plain, [{"id": "p1", "ownerId": "u"}])
    with pytest.raises(NotFound):
        delete_item(hard, "p1", scope={"ownerId": "other"})
    delete_item(hard, "p1")
    assert Plain.count() == 0


def test_bulk_create_is_all_or_nothing(samples):
    created = bulk_create(samples, [{"ownerId": "u1", "name": f"b{i}"} for i in range(25)], scope={"ownerId": "u1"})
    assert len(created) == 25 and len({c["id"] for c in created}) == 25
    assert len(listed(samples, "limit=100")) == 25
    with pytest.raises(Conflict):
        bulk_create(samples, [{"id": "new-1", "ownerId": "u"}, {"id": created[0]["id"], "ownerId": "u"}])
    with pytest.raises(NotFound):
        get_item(samples, "new-1")


def test_bulk_create_limits_and_messages(samples):
    with pytest.raises(BadRequest) as caught:
        bulk_create(samples, [{"ownerId": "u"}] * 26)
    assert caught.value.message == "Bulk create accepts at most 25 items."
    for empty in ([], None, {"bulk": []}):
        with pytest.raises(BadRequest, match="Empty data. Nothing to save."):
            bulk_create(samples, empty)
    with pytest.raises(BadRequest) as caught:
        bulk_create(samples, [{"ownerId": "u"}, {"name": 1, "ownerId": "u"}])
    assert caught.value.message == "bulk[1]: Invalid name. String expected"
    with pytest.raises(BadRequest, match="Every item of a bulk create needs its own id."):
        bulk_create(samples, [{"id": "x", "ownerId": "u"}, {"id": "x", "ownerId": "u"}])
    assert listed(samples) == []
