"""The OpenAPI document at GET /api/v1/openapi.json: a valid OpenAPI 3.1 document describing every route of
the app, and every route it describes has its row in the authorization matrix."""
from __future__ import annotations

import re

import pytest
from openapi_spec_validator import validate

from tests.api.authorization_matrix import MATRIX, NOT_IN_MATRIX


def _shape(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "{}", path.split("?")[0])


@pytest.fixture(scope="module")
def document(api) -> dict:
    response = api.get("/openapi.json")
    assert response.status_code == 200
    return response.json


def _documented(document: dict) -> set[tuple[str, str]]:
    return {(method.upper(), _shape(path.removeprefix("/api/v1")))
            for path, operations in document["paths"].items() for method in operations}


def test_the_document_is_valid_openapi_3_1(document):
    validate(document)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "Open Water Data API"


def test_every_route_of_the_app_is_described():
    import app
    from chalicelib.core.openapi import document

    described = document(app.app)["paths"]
    missing = sorted(f"{method} {path}" for path, methods in app.app.routes.items() for method in methods
                     if method.lower() not in described.get(path, {}))
    assert not missing, f"routes the OpenAPI document does not describe: {missing}"


def test_every_described_route_is_in_the_authorization_matrix(document):
    covered = {(case.method, _shape(case.path)) for case in MATRIX} | {(m, _shape(p)) for m, p in NOT_IN_MATRIX}
    missing = sorted(_documented(document) - covered)
    assert not missing, f"documented routes without an authorization-matrix entry: {missing}"


def test_a_route_says_who_may_call_it_its_parameters_body_and_answers(document):
    paths = document["paths"]
    station_list = paths["/api/v1/station"]["get"]
    assert station_list["security"] == [{}, {"bearer": []}]  # public, a token optional
    limit = next(p for p in station_list["parameters"] if p["name"] == "limit")
    assert limit["schema"] == {"type": "integer", "minimum": 0}
    assert "at most 1000" in limit["description"]
    assert set(station_list["responses"]) == {"200", "4XX", "500", "503"}

    create = paths["/api/v1/station"]["post"]
    assert create["security"] == [{"bearer": []}]
    assert set(create["responses"]) == {"201", "4XX", "500", "503"}
    # What a new station takes: its writable fields, typed, the required ones named; any other is refused.
    body = create["requestBody"]["content"]["application/json"]["schema"]
    assert (body["type"], body["additionalProperties"]) == ("object", False)
    assert body["required"] == ["organizationId", "identifier", "name", "latitude", "longitude"]
    assert body["properties"]["latitude"] == {"type": "number"}
    assert body["properties"]["horizontalDatum"] == {"type": ["string", "null"], "maxLength": 500}
    assert "sampleCount" not in body["properties"]  # the server's summary, not the client's
    answer = create["responses"]["201"]["content"]["application/json"]["schema"]
    assert answer["required"] == ["id"] and answer["properties"]["sampleCount"] == {"type": ["number", "null"]}
    listed = station_list["responses"]["200"]["content"]["application/json"]["schema"]["anyOf"][0]
    assert listed["items"] == answer
    # No collection declares relations to join: the list documents no join parameter (it had, and every join failed).
    assert "join" not in {p["name"] for p in station_list["parameters"]}
    assert create["summary"].startswith("Create a station")

    member = paths["/api/v1/organization/{organizationId}/members/{userId}"]["put"]
    assert [p["name"] for p in member["parameters"] if p["in"] == "path"] == ["organizationId", "userId"]
    report = paths["/api/v1/report"]["post"]
    # The PDF itself, or (202) the queued report's status in JSON.
    assert set(report["responses"]["200"]["content"]) == {"application/pdf"}
    assert report["responses"]["202"]["content"]["application/json"]["schema"]["required"][:2] == ["id", "status"]
    assert document["components"]["schemas"]["Error"]["required"] == ["statusCode", "message", "error"]


def test_a_body_of_another_json_type_than_the_route_takes_is_a_400(api):
    response = api.as_("viewer").post("/dashboards", ["not", "an", "object"])
    assert response.status_code == 400
    assert response.json == {"statusCode": 400, "error": "Bad Request",
                             "message": "Request body must be a JSON object."}
    chinese = api.as_("viewer").patch("/auth/profile", 5, headers={"Accept-Language": "zh-CN"})
    assert (chinese.status_code, chinese.json["message"]) == (400, "请求正文必须是 JSON 对象。")


# The hand-written routes that take a JSON object of named fields: each describes them, and refuses any other.
FIELDS_OF = {
    ("post", "/dashboards"): {"label", "icon"},
    ("patch", "/dashboards/{id}"): {"label", "positions"},
    ("post", "/dashboards/{id}/widgets"): {"component", "config", "position"},
    ("patch", "/dashboards/{id}/widgets/{widgetId}"): {"config"},
    ("post", "/Invitation"): {"email", "organizationId", "roleName", "isSystemAdmin", "id"},
    ("post", "/Invitation/accept"): {"token"},
    ("post", "/organization"): {"name", "description", "website", "contact", "id"},
    ("patch", "/organization/{organizationId}"): {"name", "description", "website", "contact", "id"},
    ("put", "/organization/{organizationId}/members/{userId}"): {"roleName"},
    ("put", "/organization/{organizationId}/settings/{settingKey}"): {"value"},
    ("post", "/organization/{organizationId}/api-keys"): {"name"},
    ("put", "/organization/{organizationId}/wqx-account"): {"wqxOrganizationId", "userId", "privateKey",
                                                            "organizationId", "privateKeySetAt", "configured",
                                                            "updatedAt"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-uploads"): {"fileName", "contentType", "size",
                                                                                    "format", "multipart"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-uploads/parts"): {"uploadKey", "uploadId",
                                                                                          "size"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-uploads/complete"): {"uploadKey", "uploadId",
                                                                                             "size"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-data"): {"uploadKey", "format", "dryRun",
                                                                                  "timeZone"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-ts-data"): {"uploadKey", "format", "dryRun"},
    ("post", "/organization/{organizationId}/projects/{projectId}/import-sources"): {"name", "url", "format",
                                                                                    "schedule", "enabled"},
    ("post", "/roles"): {"roleName", "description", "permissions"},
    ("patch", "/roles/{id}"): {"roleName", "description", "permissions"},
    ("put", "/pages/{key}/{lang}"): {"text"},
    ("post", "/contact"): {"name", "email", "message", "language", "website"},
    ("post", "/system/settings"): {"id", "label", "value"},
}


def test_hand_written_routes_describe_the_fields_of_their_bodies(document):
    for (method, path), fields in FIELDS_OF.items():
        schema = document["paths"]["/api/v1" + path][method]["requestBody"]["content"]["application/json"]["schema"]
        assert (schema["type"], set(schema["properties"]), schema["additionalProperties"]) == (
            "object", fields, False), (method, path)


def test_a_field_a_route_does_not_take_is_refused_by_name(api, demo):
    """Walk of 2026-11-26: a dashboard's PATCH dropped an unknown field without a word (a misspelt one too)."""
    viewer = api.as_("viewer")
    dashboard = viewer.post("/dashboards", {"label": f"Fields {demo['org'][:6]} {id(viewer)}"}).json
    misspelt = viewer.patch(f"/dashboards/{dashboard['id']}", {"lable": "Renamed"})
    assert (misspelt.status_code, misspelt.json["message"]) == (400, "Unknown field 'lable'. Fields: label, positions.")
    chinese = viewer.patch(f"/dashboards/{dashboard['id']}", {"lable": "Renamed"}, headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "未知字段“lable”。可用字段：label、positions。"
    assert viewer.get(f"/dashboards/{dashboard['id']}").json["label"] == dashboard["label"]
    viewer.delete(f"/dashboards/{dashboard['id']}")


def test_machine_clients_read_how_to_push_with_an_api_key(document):
    assert document["components"]["securitySchemes"]["apiKey"] == {
        "type": "apiKey", "in": "header", "name": "X-API-Key",
        "description": "An organization's API key, made by its group administrators (machine clients)."}
    push = document["paths"]["/api/v1/wapi/{projectId}/ts"]["post"]
    assert push["security"] == [{"bearer": []}, {"apiKey": []}]  # never anonymous


def test_a_redirect_says_where_in_its_header_and_its_json(document):
    download = document["paths"]["/api/v1/wapi/ts/download"]["get"]["responses"]
    assert "text/csv; charset=utf-8" in download["200"]["content"]
    assert set(download["303"]["content"]) == {"application/json"}
    assert download["303"]["content"]["application/json"]["schema"]["required"] == ["url"]
    assert "Location" in download["303"]["headers"]


def test_summaries_are_whole_sentences_and_lists_say_their_query_language(document):
    operations = [op for ops in document["paths"].values() for op in ops.values()]
    cut = [op["summary"] for op in operations if not re.search(r"[.!?)]$", op["summary"])]
    assert not cut, cut
    data = document["paths"]["/api/v1/wapi/ts/data"]["get"]
    assert "aggregate" in data["summary"] + data.get("description", "")
    update = document["paths"]["/api/v1/organization/{organizationId}/projects/{projectId}/import-sources/{sourceId}"]
    assert update["patch"]["summary"] == "Change an import source (name, URL, format, schedule, or whether it runs)."
    point = {p["name"] for p in document["paths"]["/api/v1/Util/gis/point2feature"]["get"]["parameters"]}
    assert {"lat", "lng"} <= point
    audit = {p["name"] for p in document["paths"]["/api/v1/system/audit"]["get"]["parameters"]}
    assert {"filter", "sort", "limit", "page"} <= audit


def test_changes_that_take_a_version_say_so(document):
    """If-Match and the 412 it may bring are in the document where a change takes them."""
    for path, method in (("/api/v1/station/{id}", "patch"), ("/api/v1/project/{id}", "patch"),
                         ("/api/v1/parameter/{id}", "patch"), ("/api/v1/organization/{organizationId}", "patch"),
                         ("/api/v1/pages/{key}/{lang}", "put")):
        operation = document["paths"][path][method]
        assert "If-Match" in [p["name"] for p in operation["parameters"] if p["in"] == "header"], path
        assert "ETag" in operation["responses"]["200"]["headers"], path
    assert "412" in document["paths"]["/api/v1/station/{id}"]["patch"]["responses"]["4XX"]["description"]
    assert not any(p["in"] == "header" for p in document["paths"]["/api/v1/station/{id}"]["delete"]["parameters"])


def test_an_imports_log_is_described_where_it_is_followed_as_in_the_history_and_answered_so(api, document):
    """GET .../queued-import/{logId}, which a client polls to follow an import, had no answer schema while the
    history's item had the log's fields: both (and the cancel and the organization's history) give the one shape."""
    from jsonschema import Draft202012Validator

    from tests.api.imports_support import fresh_project, import_file

    project = "/api/v1/organization/{organizationId}/projects/{projectId}"

    def answer(path: str, method: str = "get") -> dict:
        return document["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]

    log = answer(project + "/queued-import/{logId}")
    assert log == answer(project + "/import-history")["anyOf"][0]["items"]
    assert log == answer(project + "/queued-import/{logId}", "delete")
    assert answer("/api/v1/organization/{organizationId}/import-history") == {"type": "array", "items": log}
    fields = log["properties"]
    assert {"logId", "status", "rowsDone", "rowsTotal", "rowsImported", "rowsRejected", "rowsConverted",
            "unitsConverted", "newParameters", "message", "progress", "settled"} <= set(fields)
    assert (fields["status"], fields["rowsTotal"], fields["settled"]) == (
        {"type": "string"}, {"type": ["number", "null"]}, {"type": "boolean", "description": fields["settled"][
            "description"]})
    assert not {"workerId", "leaseUntil", "pending"} & set(fields)  # the worker's, never answered
    # What a client following an import is answered fits it.
    org, project_id = fresh_project(api)
    ended = import_file(api, org, project_id, b"StationIdentifier,StationName,Latitude,Longitude,Date,Parameter,Value,"
                                              b"Unit\nOA-1,OpenAPI creek,46.8,-71.2,2024-07-01,pH,7.1,std units\n")
    assert ended["status"] == "succeeded"
    Draft202012Validator(log).validate(ended)
    history = api.as_("admin").get(f"/organization/{org}/projects/{project_id}/import-history").json
    assert [item["logId"] for item in history] == [ended["logId"]]
    Draft202012Validator(log).validate(history[0])
