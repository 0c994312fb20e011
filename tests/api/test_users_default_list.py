"""The administrators' default list of users, a page at a time, lists every user once, in the order people read
names (case only breaking ties). A walk: with names in lower case (a user made without a name is named by the
email), page 2 repeated the last user of page 1 and one user was on no page: the index read was ordered upper
case first and each page re-sorted."""
from __future__ import annotations

import uuid

from chalicelib.crud.evaluate import sort_value


def _every_page(admin, size: int) -> list[dict]:
    first = admin.get(f"/user?limit={size}&page=1").json
    users = list(first["data"])
    for page in range(2, first["pageCount"] + 1):
        users += admin.get(f"/user?limit={size}&page={page}").json["data"]
    return users


def test_every_user_is_on_one_page_in_the_order_people_read(api):
    admin = api.as_("admin")
    tag = uuid.uuid4().hex[:6]
    names = [f"zed {tag}", f"Alma {tag}", f"bert {tag}", f"Bert {tag}", f"aaron {tag}", f"Zoe {tag}"]
    made = [admin.post("/user", {"email": f"{n.replace(' ', '-').lower()}-{k}@example.org", "name": n}).json["id"]
            for k, n in enumerate(names)]
    made.append(admin.post("/user", {"email": f"nameless-{tag}@example.org"}).json["id"])  # named by its email
    listed = _every_page(admin, 3)
    ids = [u["id"] for u in listed]
    assert len(ids) == len(set(ids))  # nobody twice
    assert set(made) <= set(ids)  # nobody missing
    keys = [sort_value(u["name"]) for u in listed]
    assert keys == sorted(keys)
    ours = [u["name"] for u in listed if tag in u["name"]]
    assert ours == [f"aaron {tag}", f"Alma {tag}", f"Bert {tag}", f"bert {tag}", f"nameless-{tag}@example.org",
                    f"zed {tag}", f"Zoe {tag}"]
    assert "nameKey" not in listed[0]  # the index's key is not part of the answer


def test_users_written_before_the_sort_key_are_listed_after_the_one_time_fill(api):
    from chalicelib.core import aws
    from chalicelib.crud import migrations
    from chalicelib.reference.models import CatalogItem
    from chalicelib.users import service
    from chalicelib.users.models import User

    admin = api.as_("admin")
    _every_page(admin, 50)  # the one-time fill has run in this stack
    old_id = f"old-{uuid.uuid4().hex[:8]}"
    # As an older version wrote it: no nameKey, so in no page of the index.
    aws.client("dynamodb").put_item(TableName=User.Meta.table_name, Item={
        "id": {"S": old_id}, "email": {"S": f"{old_id}@example.org"}, "name": {"S": f"Older {old_id}"},
        "listing": {"S": "user"}, "roles": {"L": []}, "createdAt": {"S": "2026-01-01T00:00:00Z"}})
    assert old_id not in {u["id"] for u in _every_page(admin, 50)}
    # A stack that has not run the fill yet (as one deployed before it): its first listing fills.
    CatalogItem(id=service.NAME_KEYS_DONE).delete()
    migrations.forget(service.NAME_KEYS_DONE)
    assert old_id in {u["id"] for u in _every_page(admin, 50)}
    assert CatalogItem.get(service.NAME_KEYS_DONE).kind == "migration"
