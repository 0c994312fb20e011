"""A collection's default listing from its ordered index (chalicelib/crud/listing.py) against the real
moto server: the same pages as the Scan path would give (ties by the key), a few requests whatever
the table's size, and totals from the counter (counted once when missing, never below what a page saw)."""
from __future__ import annotations

import pytest
from pynamodb.attributes import UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core import aws
from chalicelib.core.models import BaseModel, table_meta
from chalicelib.crud import Collection, ReadStats, list_items, parse_query
from chalicelib.crud.evaluate import run_query
from chalicelib.crud.listing import Listing, count_change
from chalicelib.reference.models import CatalogItem


class ByName(GlobalSecondaryIndex):
    class Meta:
        index_name = "byName"
        projection = AllProjection()

    listing = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute(range_key=True)


class Person(BaseModel):
    Meta = table_meta("crudlisting")

    id = UnicodeAttribute(hash_key=True)
    name = UnicodeAttribute()
    email = UnicodeAttribute(null=True)
    listing = UnicodeAttribute(default="person")

    by_name = ByName()


LISTING = Listing(index="byName", partition="listing", value="person", counter="crudlisting-test")
PEOPLE = Collection(Person, name="Person", fields=("id", "name", "email"), default_sort=(("name", "ASC"),),
                    listing=LISTING)
NAMES = ["Ada", "bob", "Carl", "Ada", "Zoë", "émile", "Bob", "Ada", "dora", "Carl"]
COUNT = 40


def _reset_counter() -> None:
    aws.client("dynamodb").delete_item(TableName=CatalogItem.Meta.table_name, Key=LISTING.counter_key())


@pytest.fixture(scope="module")
def people() -> list[dict]:
    if not Person.exists():
        Person.create_table(billing_mode="PAY_PER_REQUEST", wait=True)
    items = [Person(id=f"p{(i * 7919) % 1000:03d}", name=NAMES[i % len(NAMES)] + (" x" if i % 3 == 0 else ""),
                    email=f"p{i}@example.com") for i in range(COUNT)]
    with Person.batch_write() as batch:
        for item in items:
            batch.save(item)
    _reset_counter()
    return [{k: v for k, v in i.to_dict().items() if k != "listing"} for i in items]


def _list(query: str) -> tuple[dict, ReadStats]:
    stats = ReadStats()
    return list_items(PEOPLE, parse_query(query, PEOPLE), None, stats=stats), stats


def test_every_page_is_the_page_the_scan_path_gives_in_a_few_requests(people):
    _list("limit=1&page=1")  # counts the index once: the counter exists from here on
    for query in ("limit=4&page=1", "limit=4&page=3", "limit=3&page=14", "limit=5&offset=17", "limit=6&page=9",
                  "sort=name,ASC&limit=10&page=2", "fields=name&limit=4&page=2"):
        page, stats = _list(query)
        assert page == run_query(PEOPLE, parse_query(query, PEOPLE), people), query
        assert stats.operation == "Query byName (default listing)"
        assert stats.requests <= 3  # a Query to the page's end (and its ties), the counter's GetItem


def test_other_lists_do_not_use_the_index(people):
    for query in ("sort=name,DESC&limit=4&page=1", "filter=name||$starts||Ada&limit=4&page=1", "s={\"name\":\"bob\"}",
                  "limit=4"):
        page, stats = _list(query)
        assert page == run_query(PEOPLE, parse_query(query, PEOPLE), people), query
        assert stats.operation == "Scan"


def test_the_total_comes_from_the_counter_and_never_below_what_a_page_saw(people):
    _reset_counter()
    first, stats = _list("limit=10&page=1")
    assert first["total"] == COUNT and first["pageCount"] == 4
    assert stats.requests >= 3  # the Query, the COUNT Query, storing the counter

    count_change(LISTING, 2)  # e.g. two users created
    assert _list("limit=10&page=1")[0]["total"] == COUNT + 2
    count_change(LISTING, -40)  # a counter gone wrong: a page never answers less than it saw
    assert 11 <= _list("limit=10&page=1")[0]["total"] < COUNT  # the page, the next item, the ties of its last
    last = _list("limit=10&page=4")[0]
    assert last["total"] == COUNT and last["count"] == 10
    _reset_counter()
