"""Helpers of the tests that check real answers against the OpenAPI document (test_openapi_answers*.py): the
check itself, and their fixtures (imported by each of them): the document, and a project with imported values to
ask about."""
from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from tests.api.imports_support import fresh_project, import_file

JSON = "application/json"
PROJECT = "/organization/{organizationId}/projects/{projectId}"
# One station's pH values, and a row refused for its date.
FILE = (b"StationIdentifier,StationName,Latitude,Longitude,Date,Parameter,Value,Unit\n"
        b"OA-1,Answers creek,46.8,-71.2,2024-07-01,pH,7.1,std units\n"
        b"OA-1,Answers creek,46.8,-71.2,2024-07-02,pH,7.3,std units\n"
        b"OA-1,Answers creek,46.8,-71.2,not a date,pH,7.2,std units\n")


@pytest.fixture(scope="module")
def document(api) -> dict:
    return api.get("/openapi.json").json


@pytest.fixture(scope="module")
def imported(api) -> dict:
    """A fresh organization and project with FILE imported, one row of which was rejected: {org, project, log,
    base} (base: the project's path)."""
    org, project = fresh_project(api)
    log = import_file(api, org, project, FILE)
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 1), log
    return {"org": org, "project": project, "log": log["logId"], "base": PROJECT.format(organizationId=org,
                                                                                      projectId=project)}


def answers_as_documented(document: dict, method: str, path: str, response, status: int = 200):
    """The response's JSON, checked to be the documented answer of the route (its status, then its schema)."""
    assert response.status_code == status, (method, path, response.json)
    schema = document["paths"]["/api/v1" + path][method]["responses"][str(status)]["content"][JSON]["schema"]
    assert schema, f"{method.upper()} {path} documents no answer"
    Draft202012Validator(schema).validate(response.json)
    return response.json


def keep_their_answers(document: dict, described: set[tuple[str, str]]) -> None:
    """Each of these routes still documents its success answer as more than an object."""
    for method, path in described:
        answers = document["paths"]["/api/v1" + path][method]["responses"].items()
        schemas = [answer["content"][JSON]["schema"] for status, answer in answers
                   if status.startswith("2") and JSON in answer["content"]]
        assert schemas and all(schema not in ({}, {"type": "object"}) for schema in schemas), (method, path)
