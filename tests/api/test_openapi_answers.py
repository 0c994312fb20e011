"""What the routes a script author calls most answer is what the OpenAPI document says: each route is called once
as a client would, and its real answer validated against its documented schema (a wrong or missing field fails).
The walk of 2026-11-28 had found about 95 routes whose answer was documented as nothing at all; the other routes'
answers are checked in test_openapi_answers_admin.py, and none may be left undescribed."""
from __future__ import annotations

import uuid

import requests

from chalicelib.imports.service import PART_BYTES
from tests.api.openapi_support import PROJECT, answers_as_documented, keep_their_answers
from tests.api.openapi_support import document, imported  # noqa: F401 - the fixtures of this file's tests
from tests.support.people import Person

# The routes whose answers are described and checked here: none may lose its answer's description.
DESCRIBED = {
    ("get", "/auth/profile"), ("patch", "/auth/profile"), ("delete", "/auth/profile"),
    ("get", "/station/{id}/series"), ("get", "/sampleValue/{stationId}/{parameterId}"),
    ("get", "/organization/{organizationId}/members"), ("put", "/organization/{organizationId}/members/{userId}"),
    ("delete", "/organization/{organizationId}/members/{userId}"),
    ("get", "/Invitation"), ("post", "/Invitation"), ("get", "/Invitation/pending"), ("post", "/Invitation/accept"),
    ("post", "/Invitation/{id}/resend"), ("delete", "/Invitation/{id}"),
    ("post", PROJECT + "/import-uploads"), ("post", PROJECT + "/import-uploads/parts"),
    ("post", PROJECT + "/import-uploads/complete"), ("get", "/Util/feedbacklog/{logId}"),
    ("get", PROJECT + "/stations"), ("put", PROJECT + "/stations"),
    ("get", PROJECT + "/parameters"), ("put", PROJECT + "/parameters"),
}


def test_the_routes_described_here_keep_their_answers(document):
    keep_their_answers(document, DESCRIBED)


def test_every_json_answer_of_a_route_is_described():
    """No route answers JSON the document describes as nothing or as just an object: a route whose answer is not
    JSON (a CSV, a PDF) documents that content type instead, and its redirect its JSON."""
    import app
    from chalicelib.core import openapi

    undescribed = sorted(f"{method.upper()} {path} {status}"
                         for path, operations in openapi.document(app.app)["paths"].items()
                         for method, operation in operations.items()
                         for status, answer in operation["responses"].items()
                         if status.startswith("2") and openapi.JSON in answer["content"]
                         and answer["content"][openapi.JSON]["schema"] in ({}, {"type": "object"}))
    assert not undescribed, f"JSON answers described as nothing or as just an object: {undescribed}"


def test_the_profile_answers_as_documented(api, document):
    viewer = api.as_("viewer")
    profile = answers_as_documented(document, "get", "/auth/profile", viewer.get("/auth/profile"))
    assert profile["organizationRoles"] and profile["organizationRole"] in profile["organizationRoles"]
    changed = answers_as_documented(document, "patch", "/auth/profile",
                                    viewer.patch("/auth/profile", {"name": profile["name"]}))
    assert changed["id"] == profile["id"]


def test_a_stations_series_and_values_answer_as_documented(api, document, imported):
    base = imported["base"]
    stations = answers_as_documented(document, "get", PROJECT + "/stations", api.get(base + "/stations"))
    parameters = answers_as_documented(document, "get", PROJECT + "/parameters", api.get(base + "/parameters"))
    station, parameter = stations[0]["id"], parameters[0]["id"]
    series = answers_as_documented(document, "get", "/station/{id}/series", api.get(f"/station/{station}/series"))
    assert [(s["parameterId"], s["sampleCount"], s["lastDate"]) for s in series] == [(parameter, 2, "2024-07-02")]
    values = f"/sampleValue/{station}/{parameter}"
    objects = answers_as_documented(document, "get", "/sampleValue/{stationId}/{parameterId}", api.get(values))
    assert [v["value"] for v in objects["data"]] == [7.1, 7.3]
    columns = answers_as_documented(document, "get", "/sampleValue/{stationId}/{parameterId}",
                                    api.get(values + "?format=columns&order=DESC"))
    assert columns["columns"]["value"] == [7.3, 7.1]
    # The export is a CSV file, and the document says that is what comes back.
    export = api.client.http.request("GET", f"/api/v1/sampleValue?stationId={station}", headers=api.headers())
    assert export.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert set(document["paths"]["/api/v1/sampleValue"]["get"]["responses"]["200"]["content"]) == {
        "text/csv; charset=utf-8"}
    admin = api.as_("admin")
    answers_as_documented(document, "put", PROJECT + "/stations", admin.put(base + "/stations", [station]))
    answers_as_documented(document, "put", PROJECT + "/parameters", admin.put(base + "/parameters", {"add": []}))


def test_an_imports_rejected_rows_answer_as_documented(api, document, imported):
    page = answers_as_documented(document, "get", "/Util/feedbacklog/{logId}",
                                 api.as_("admin").get(f"/Util/feedbacklog/{imported['log']}"))
    assert (page["total"], page["data"][0]["row"], page["data"][0]["column"]) == (1, 3, "Date")


def test_uploads_answer_as_documented(api, document, imported):
    admin, uploads = api.as_("admin"), imported["base"] + "/import-uploads"
    answers_as_documented(document, "post", PROJECT + "/import-uploads",
                          admin.post(uploads, {"fileName": "small.csv", "size": 100}), 201)
    size = PART_BYTES + 10
    slot = answers_as_documented(document, "post", PROJECT + "/import-uploads",
                                 admin.post(uploads, {"fileName": "large.csv", "size": size, "multipart": True}), 201)
    upload = {"uploadKey": slot["uploadKey"], "uploadId": slot["uploadId"], "size": size}
    parts = answers_as_documented(document, "post", PROJECT + "/import-uploads/parts",
                                  admin.post(uploads + "/parts", upload))
    for part in parts["parts"]:
        assert requests.put(part["url"], data=b"x" * part["bytes"], timeout=60).status_code == 200
    answers_as_documented(document, "post", PROJECT + "/import-uploads/parts", admin.post(uploads + "/parts", upload))
    answers_as_documented(document, "post", PROJECT + "/import-uploads/complete",
                          admin.post(uploads + "/complete", upload))


def test_members_answer_as_documented(api, document, demo, imported):
    org, admin, viewer = imported["org"], api.as_("admin"), demo["users"]["viewer"]
    member = f"/organization/{org}/members/{viewer}"
    path = "/organization/{organizationId}/members/{userId}"
    answers_as_documented(document, "put", path, admin.put(member, {"roleName": "simple-user"}))  # a new member
    answers_as_documented(document, "put", path, admin.put(member, {"roleName": "data-contributor"}))  # a change
    listed = answers_as_documented(document, "get", "/organization/{organizationId}/members",
                                   admin.get(f"/organization/{org}/members"))
    assert {"userId": viewer, "roleName": "data-contributor"}.items() <= next(
        m for m in listed if m["userId"] == viewer).items()
    assert answers_as_documented(document, "delete", path, admin.delete(member)) == {}


def test_invitations_answer_as_documented(api, document, imported):
    org, admin = imported["org"], api.as_("admin")

    def invite(person: Person) -> dict:
        return answers_as_documented(document, "post", "/Invitation", admin.post("/Invitation", {
            "email": person.email, "organizationId": org, "roleName": "data-contributor"}), 201)

    invitee, declined = Person(), Person()
    invitation = invite(invitee)
    answers_as_documented(document, "post", "/Invitation/{id}/resend",
                          admin.post(f"/Invitation/{invitation['id']}/resend"))
    listed = answers_as_documented(document, "get", "/Invitation", admin.get(f"/Invitation?organizationId={org}"))
    assert invitation["id"] in {i["id"] for i in listed}
    pending = answers_as_documented(document, "get", "/Invitation/pending",
                                    api.get("/Invitation/pending", headers=invitee.headers()))
    assert [i["id"] for i in pending] == [invitation["id"]]
    accepted = answers_as_documented(document, "post", "/Invitation/accept", api.post(
        "/Invitation/accept", {"token": invitation["id"]}, headers=invitee.headers()))
    assert (accepted["status"], accepted["acceptedAt"] is not None) == ("accepted", True)
    revoked = answers_as_documented(document, "delete", "/Invitation/{id}",
                                    admin.delete(f"/Invitation/{invite(declined)['id']}"))
    assert revoked["status"] == "revoked"
    assert uuid.UUID(revoked["id"])
