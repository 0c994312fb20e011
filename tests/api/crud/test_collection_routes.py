"""The standard collection routes (chalicelib.crud.routes) on a throwaway Chalice app, called through
Chalice's test client and backed by the moto server of tests/conftest.py: status codes, JSON bodies,
the 400 messages, and the caller's scope on every route."""
from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from chalice import Chalice
from chalice.test import Client

from chalicelib.auth import rules
from chalicelib.core.errors import ApiError, Unauthorized
from chalicelib.core.http import API_PREFIX, Routes, error_response, normalize_error_response
from chalicelib.crud.routes import register_collection_routes
from tests.unit.crud.support import clear, ensure_table, make_collection, make_model

Sample = make_model("crudapi")
COLLECTION = make_collection(Sample)
QUERIES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "crud-request" / "queries.json")
                     .read_text())["queries"]


def authorize(request):
    """Test scope: the X-Owner header names the caller; "admin" sees everything."""
    owner = request.headers.get("x-owner")
    if not owner:
        raise Unauthorized("Sign-in required.")
    return None if owner == "admin" else {"ownerId": owner}


def shape(item: dict, request) -> dict:
    item.setdefault("kind", "default")
    return item


def build_app() -> Chalice:
    app = Chalice(app_name="crud-routes-test")
    samples = Routes("crud_samples")
    register_collection_routes(samples, "/samples", COLLECTION, auth=rules.public, authorize=authorize, shape=shape)
    nested = Routes("crud_nested")
    register_collection_routes(nested, "/owners/{ownerId}/items", COLLECTION, auth=rules.public,
                               actions=("list", "create", "get"))
    for routes in (samples, nested):
        app.register_blueprint(routes.blueprint, url_prefix=API_PREFIX)

    @app.middleware("http")
    def json_errors(event, get_response):
        try:
            return normalize_error_response(get_response(event))
        except ApiError as exc:
            return error_response(exc)

    return app


@pytest.fixture(scope="module")
def client():
    ensure_table(Sample)
    with Client(build_app(), stage_name="local") as test_client:
        yield test_client


@pytest.fixture(autouse=True)
def empty_table(client):
    clear(Sample)


class Call:
    def __init__(self, client, owner: str | None):
        self.client, self.owner = client, owner

    def __call__(self, method: str, path: str, body=None):
        headers = {"Content-Type": "application/json"}
        if self.owner:
            headers["X-Owner"] = self.owner
        data = body if isinstance(body, str) or body is None else json.dumps(body)
        response = self.client.http.request(method, f"{API_PREFIX}{path}", headers=headers, body=data)
        return response.status_code, (json.loads(response.body) if response.body else None)


@pytest.fixture
def alice(client):
    return Call(client, "alice")


@pytest.fixture
def bob(client):
    return Call(client, "bob")


def seed(call: Call, n: int) -> list[dict]:
    status, body = call("POST", "/samples/bulk", {"bulk": [{"name": f"n{i}", "score": i} for i in range(n)]})
    assert status == 201, body
    return body


def bad_request(message: str) -> dict:
    return {"statusCode": 400, "message": message, "error": "Bad Request"}


# ---------------------------------------------------------------- create and read


def test_create_answers_201_with_a_uuid_id_the_callers_owner_and_defaults(alice):
    status, body = alice("POST", "/samples", {"name": "first", "score": 1.5, "ownerId": "mallory"})
    assert status == 201
    uuid.UUID(body["id"])
    assert (body["ownerId"], body["kind"], body["score"]) == ("alice", "default", 1.5)
    assert alice("GET", f"/samples/{body['id']}") == (200, body)


def test_list_is_an_array_or_a_page(alice):
    seed(alice, 5)
    status, body = alice("GET", "/samples?sort=score,DESC&limit=2")
    assert status == 200 and [i["name"] for i in body] == ["n4", "n3"]
    status, body = alice("GET", "/samples/?sort[0]=score,ASC&limit=2&page=3&fields=name")
    assert status == 200
    assert body == {"data": [{"id": body["data"][0]["id"], "name": "n4"}], "count": 1, "total": 5, "page": 3,
                    "pageCount": 3}


def test_builder_queries_work_over_http(alice):
    seed(alice, 12)
    status, body = alice("GET", "/samples?" + QUERIES["page"])
    assert status == 200 and [i["score"] for i in body["data"]] == [2, 3]
    status, body = alice("GET", "/samples?" + QUERIES["chained"])
    assert status == 200 and body["total"] == 11 and body["data"][0]["name"] == "n11"


def test_callers_see_only_their_scope(alice, bob):
    mine = seed(alice, 2)
    seed(bob, 1)
    status, body = bob("GET", "/samples?or=ownerId||$eq||alice&or=ownerId||$ne||alice")
    assert status == 200 and [i["ownerId"] for i in body] == ["bob"]
    target = mine[0]["id"]
    for method, body_ in (("GET", None), ("PATCH", {"name": "x"}), ("DELETE", None)):
        assert bob(method, f"/samples/{target}", body_) == (404, {"statusCode": 404, "message": "Sample not found.",
                                                                   "error": "Not Found"})
    status, body = Call(bob.client, "admin")("GET", "/samples")
    assert status == 200 and len(body) == 3


def test_signing_in_is_up_to_the_authorize_hook(client):
    status, body = Call(client, None)("GET", "/samples")
    assert (status, body["message"]) == (401, "Sign-in required.")


# ---------------------------------------------------------------- update, delete, bulk


def test_patch_changes_only_the_given_fields(alice):
    created = seed(alice, 1)[0]
    status, body = alice("PATCH", f"/samples/{created['id']}", {"name": "renamed"})
    assert status == 200
    assert body["name"] == "renamed" and body["score"] == 0 and body["updatedAt"]
    status, body = alice("PATCH", f"/samples/{created['id']}", {"ownerId": "bob"})
    assert status == 403


def test_delete_is_soft_and_include_deleted_shows_it(alice):
    created = seed(alice, 2)[0]
    assert alice("DELETE", f"/samples/{created['id']}") == (200, {})
    assert alice("GET", f"/samples/{created['id']}")[0] == 404
    assert len(alice("GET", "/samples")[1]) == 1
    assert len(alice("GET", "/samples?include_deleted=1")[1]) == 2
    assert alice("GET", f"/samples/{created['id']}?include_deleted=1")[0] == 200


def test_bulk_create_limits(alice):
    status, body = alice("POST", "/samples/bulk", {"bulk": [{"name": "x"}] * 26})
    assert (status, body) == (400, bad_request("Bulk create accepts at most 25 items."))
    assert alice("POST", "/samples/bulk", {"items": []}) == (400, bad_request('Request body must be {"bulk": [...]}.'))
    assert alice("POST", "/samples/bulk", {"bulk": []}) == (400, bad_request("Empty data. Nothing to save."))
    status, body = alice("POST", "/samples/bulk", {"bulk": [{"name": "ok"}, {"name": 5}]})
    assert (status, body["message"]) == (400, "bulk[1]: Invalid name. String expected")
    assert alice("GET", "/samples")[1] == []


def test_route_params_are_part_of_the_scope(client):
    call = Call(client, None)
    status, created = call("POST", "/owners/carol/items", {"name": "c1", "ownerId": "dave"})
    assert status == 201 and created["ownerId"] == "carol"
    call("POST", "/owners/dave/items", {"name": "d1"})
    status, body = call("GET", "/owners/carol/items?filter=ownerId||$eq||dave")
    assert (status, body) == (200, [])
    assert [i["name"] for i in call("GET", "/owners/carol/items")[1]] == ["c1"]
    assert call("GET", f"/owners/dave/items/{created['id']}")[0] == 404


# ---------------------------------------------------------------- 400 messages


@pytest.mark.parametrize("query, message", [
    ("fields=name,", "Invalid fields. Array of strings expected"),
    ("fields=secret", "Unknown field secret"),
    ("filter=name||$like||x", None),
    ("filter=name||$eq||", "Invalid filter value"),
    ("or=name||$eq", "Invalid or value"),
    ("sort=name,up", "Invalid sort order. ASC,DESC expected"),
    ("limit=ten", "Invalid limit. Number expected"),
    ("per_page=-1", "Invalid per_page. Number expected"),
    ("offset=1.5", "Invalid offset. Number expected"),
    ("page=x", "Invalid page. Number expected"),
    ("cache=x", "Invalid cache. Number expected"),
    ("include_deleted=yes", "Invalid include_deleted. Number expected"),
    ("s={bad", "Invalid search param. JSON expected"),
    ("join=friends", "Unknown join relation friends"),
    ("filter[25]=name||$eq||x", "Array limit exceeded. Only 20 elements allowed in an array."),
])
def test_invalid_queries_answer_400_with_the_message(alice, query, message):
    status, body = alice("GET", f"/samples?{query}")
    assert status == 400
    assert body["statusCode"] == 400 and body["error"] == "Bad Request"
    if message is None:
        assert body["message"].startswith("Invalid comparison operator. ")
    else:
        assert body["message"] == message


def test_id_params_must_be_uuids(alice):
    for method in ("GET", "PATCH", "DELETE"):
        assert alice(method, "/samples/not-a-uuid", {} if method == "PATCH" else None) == (
            400, bad_request("Invalid param id. UUID string expected"))


def test_bodies_are_checked(alice):
    assert alice("POST", "/samples", "{not json") == (400, bad_request("Request body must be valid JSON."))
    assert alice("POST", "/samples", {"id": "12", "name": "x"}) == (400, bad_request("Invalid id. UUID string expected"))
    assert alice("POST", "/samples", {"nope": 1}) == (400, bad_request("Unknown field nope"))
    fixed = str(uuid.uuid4())
    assert alice("POST", "/samples", {"id": fixed})[0] == 201
    assert alice("POST", "/samples", {"id": fixed}) == (409, {"statusCode": 409, "message": "Sample already exists.",
                                                              "error": "Conflict"})
