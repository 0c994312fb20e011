"""A collection's default listing without reading the whole table (docs/decisions/0002).

A list with no filter, search or scope, in the collection's default order and paged, is what an
administrator's screen asks for first; by Scan it costs the whole table per page. A `Listing` names
a GSI that keeps the items in that order: its hash key an attribute every item carries with one
value (a model default), its range key the default sort field. A page is then one Query of the
first offset + limit items (plus the ties at its end, so ties are ordered by the key as the Scan
path orders them) and one GetItem of a counter of the items (`total`), whatever the table's size.

The counter lives in the catalog table and is changed by the collection's own create and delete
paths (`count_change`). When it is missing (a new stack, a table written before it existed) the
first listing counts the index once (a COUNT Query) and stores the number. It cannot be below what
a page has seen: a Query that reaches the end of the index gives the exact total.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from chalicelib.core import aws
from chalicelib.crud.conditions import TRUE, Condition
from chalicelib.crud.evaluate import _default_sort, present, respond, skip_of, sort_items, take_of


@dataclass(frozen=True)
class Listing:
    index: str  # GSI name: hash key `partition`, range key the first default sort field (ascending)
    partition: str  # attribute every item has, always `value` (a model default)
    value: str
    counter: str  # id of the counter item in the catalog table

    def counter_key(self) -> dict:
        return {"id": {"S": f"count#{self.counter}"}}


def applies(collection: Any, parsed: Any, condition: Condition) -> bool:
    """Whether the request is the default listing the collection's index answers."""
    listing = getattr(collection, "listing", None)
    if listing is None or not parsed.paginated or condition != TRUE or parsed.include_deleted:
        return False
    default = _default_sort(collection)
    return len(default) == 1 and default[0].order == "ASC" and (not parsed.sort or list(parsed.sort) == default)


def count_change(listing: Listing, delta: int) -> None:
    """Add delta to the collection's counter (after an item was created or deleted); a counter not
    yet counted stays missing (the next listing counts)."""
    from chalicelib.reference.models import CatalogItem

    try:
        aws.client("dynamodb").update_item(
            TableName=CatalogItem.Meta.table_name, Key=listing.counter_key(), UpdateExpression="ADD #c :d",
            ConditionExpression="attribute_exists(#c)", ExpressionAttributeNames={"#c": "count"},
            ExpressionAttributeValues={":d": {"N": str(delta)}})
    except aws.client("dynamodb").exceptions.ConditionalCheckFailedException:
        pass


def _counted(collection: Any, stats: Any) -> int:
    """The stored count, or a count of the index stored now."""
    from chalicelib.reference.models import CatalogItem

    listing: Listing = collection.listing
    client = aws.client("dynamodb")
    started = time.perf_counter()
    item = client.get_item(TableName=CatalogItem.Meta.table_name, Key=listing.counter_key()).get("Item")
    stats.requests += 1
    if item and "count" in item:
        stats.dynamodb_ms += (time.perf_counter() - started) * 1000
        return int(item["count"]["N"])
    request = dict(TableName=collection.model.Meta.table_name, IndexName=listing.index, Select="COUNT",
                   KeyConditionExpression="#p = :v", ExpressionAttributeNames={"#p": listing.partition},
                   ExpressionAttributeValues={":v": {"S": listing.value}})
    total = 0
    while True:
        page = client.query(**request)
        stats.requests += 1
        total += page["Count"]
        if "LastEvaluatedKey" not in page:
            break
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    client.update_item(TableName=CatalogItem.Meta.table_name, Key=listing.counter_key(),
                       UpdateExpression="SET #c = if_not_exists(#c, :n), kind = :k",
                       ExpressionAttributeNames={"#c": "count"},
                       ExpressionAttributeValues={":n": {"N": str(total)}, ":k": {"S": "counter"}})
    stats.requests += 1
    stats.dynamodb_ms += (time.perf_counter() - started) * 1000
    return total


def list_page(collection: Any, parsed: Any, stats: Any) -> dict:
    """The page of the default listing: {data, count, total, page, pageCount} as the Scan path answers."""
    listing: Listing = collection.listing
    take = take_of(parsed, collection.max_page_size)
    skip = skip_of(parsed, take)
    field = _default_sort(collection)[0].field
    index = next(i for i in collection.model._indexes.values() if i.Meta.index_name == listing.index)
    stats.operation = f"Query {listing.index} (default listing)"
    # One more than the page, and on to the end of the last item's ties (they sort by key).
    wanted = skip + take + 1
    pages = index.query(listing.value, page_size=wanted).page_iter
    items: list[dict] = []
    reached_end = False
    while True:
        started = time.perf_counter()
        try:
            page = next(pages)
        except StopIteration:
            reached_end = True
            break
        finally:
            stats.dynamodb_ms += (time.perf_counter() - started) * 1000
        stats.requests += 1
        stats.scanned += page.get("ScannedCount", 0)
        stats.read += len(page.get("Items", []))
        items.extend(collection.model.from_raw_data(raw).to_dict() for raw in page.get("Items", []))
        if len(items) >= wanted and items[-1].get(field) != items[skip + take - 1].get(field):
            break
    ordered = sort_items(items, _default_sort(collection), collection.key_fields)
    data = ordered[skip:skip + take]
    total = len(items) if reached_end else max(_counted(collection, stats), len(items))
    info = {"count": len(data), "total": total, "page": skip // take + 1,
            "pageCount": math.ceil(total / take) if total else 1}
    return respond(present(collection, parsed, data), info)
