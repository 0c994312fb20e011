"""What a script author met pushing logger values and reading data with only the API reference, the organization's
API keys and the error messages to go by (a walk of 2026-11-28): a misspelt field of a pushed series was dropped
without a word (a "unti" of degF values stored them as deg C), the push's series, an API key's answer and the
answers of an import's queueing and of the series reads were described as "an object", an API key sent where a
token is needed was answered a bare "Sign-in required.", and a malformed id answered 400 to a GET and 404 to a
PATCH or DELETE of the same address."""
from __future__ import annotations

import json
import uuid
from urllib.parse import quote

import pytest
from jsonschema import Draft202012Validator

from chalicelib.timeseries import push
from tests.api.imports_support import fresh_project

ZH = {"Accept-Language": "zh-CN"}
PUSH = "/api/v1/wapi/{projectId}/ts"


@pytest.fixture(scope="module")
def document(api) -> dict:
    return api.get("/openapi.json").json


@pytest.fixture(scope="module")
def logger(api):
    """An organization with a project, a station and an API key of its own."""
    org, project = fresh_project(api)
    identifier = f"WALK-{uuid.uuid4().hex[:6]}"
    station = api.as_("admin").post("/station", {"organizationId": org, "identifier": identifier, "name": "Walk creek",
                                                 "latitude": 40.2, "longitude": -75.1}).json
    key = api.as_("admin").post(f"/organization/{org}/api-keys", {"name": "Logger at the weir"}).json
    return {"org": org, "project": project, "station": station["id"], "identifier": identifier, "key": key["key"]}


def _push(api, logger, body, headers=None):
    return api.as_("anonymous").post(f"/wapi/{logger['project']}/ts", body,
                                     headers={"X-API-Key": logger["key"], **(headers or {})})


def _answer(document, path, method="get", status="200") -> dict:
    return document["paths"]["/api/v1" + path][method]["responses"][status]["content"]["application/json"]["schema"]


def test_a_pushed_series_with_a_field_a_push_does_not_take_is_refused_whole(api, logger):
    series = {"stationIdentifier": logger["identifier"], "parameter": "Temperature, water", "unti": "degF",
              "values": [["2024-06-01T00:00:00Z", 50]]}
    answer = _push(api, logger, {"series": [series]})
    assert answer.status_code == 200, answer.json
    assert (answer.json["accepted"], answer.json["rejected"], answer.json["rejectedSeries"], answer.json["series"]) == (
        0, 1, 1, [])
    fields = ("stationId, stationIdentifier, station, parameterId, parameter, parameterName, unit, statistic, sensor, "
              "values")
    assert answer.json["rejections"] == [{"series": 0, "value": None, "message":
                                          f"all 1 values rejected: unknown field 'unti': a series takes {fields}"}]
    chinese = _push(api, logger, {"series": [series]}, headers=ZH).json["rejections"][0]["message"]
    assert chinese == f"全部 1 个数值被拒绝：未知字段“unti”：序列可用的字段为 {fields.replace(', ', '、')}"
    # Spelt right, the values are converted to the series' unit.
    series["unit"] = series.pop("unti")
    converted = _push(api, logger, {"series": [series]}).json
    assert (converted["accepted"], converted["converted"]) == (1, 1)
    assert api.get(f"/wapi/ts/data?series={converted['series'][0]}&aggregate=raw").json["points"] == [
        {"t": "2024-06-01T00:00:00Z", "v": 10.0}]


def test_the_push_says_field_by_field_what_a_series_takes(document):
    operation = document["paths"][PUSH]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    series = body["properties"]["series"]
    assert series["maxItems"] == push.MAX_SERIES
    assert (set(series["items"]["properties"]), series["items"]["additionalProperties"]) == (set(push.SERIES_FIELDS),
                                                                                            False)
    assert series["items"]["properties"]["values"]["items"]["prefixItems"][0] == {"type": "string"}
    for example in body["examples"]:
        Draft202012Validator(body).validate(example)
    assert "not its projectKey" in operation["description"] and "10,000 values" in operation["description"]


def test_an_api_key_alone_is_refused_where_a_token_is_needed_saying_so(api, logger):
    message = ("An API key is taken only by a push of values (POST /wapi/{projectId}/ts); this route needs a bearer "
               "token: Authorization: Bearer <token>.")
    for path in ("/auth/profile", f"/organization/{logger['org']}/api-keys"):
        refused = api.as_("anonymous").get(path, headers={"X-API-Key": logger["key"]})
        assert (refused.status_code, refused.json["message"]) == (401, message), path
    chinese = api.as_("anonymous").get("/auth/profile", headers={"X-API-Key": logger["key"], **ZH}).json["message"]
    assert chinese == ("API 密钥仅用于推送数值（POST /wapi/{projectId}/ts）；此路由需要 bearer 令牌："
                       "Authorization: Bearer <token>。")
    # Without a key, or where no sign-in is needed, nothing changes.
    assert api.as_("anonymous").get("/auth/profile").json["message"] == "Sign-in required."
    assert api.as_("anonymous").get("/station?limit=1", headers={"X-API-Key": logger["key"]}).status_code == 200


def test_an_api_key_takes_only_a_name_and_its_answers_are_described(api, logger, document):
    path = f"/organization/{logger['org']}/api-keys"
    misspelt = api.as_("admin").post(path, {"name": "Spare", "expires": "2030-01-01"})
    assert (misspelt.status_code, misspelt.json["message"]) == (400, "Unknown field 'expires'. Fields: name.")
    created = api.as_("admin").post(path, {"name": "Spare"})
    Draft202012Validator(_answer(document, "/organization/{organizationId}/api-keys", "post", "201")).validate(
        created.json)
    listed = api.as_("admin").get(path).json
    Draft202012Validator(_answer(document, "/organization/{organizationId}/api-keys")).validate(listed)
    revoked = api.as_("admin").delete(f"{path}/{created.json['id']}").json
    Draft202012Validator(_answer(document, "/organization/{organizationId}/api-keys/{keyId}", "delete")).validate(
        revoked)
    assert "key" in _answer(document, "/organization/{organizationId}/api-keys", "post", "201")["required"]


@pytest.mark.parametrize("collection", ["station", "project", "parameter"])
def test_a_malformed_id_answers_the_same_on_every_method_of_an_item_address(api, collection):
    expected = (400, "Invalid param id. UUID string expected")
    admin = api.as_("admin")
    for method, body in (("GET", None), ("PATCH", {"name": "x"}), ("DELETE", None)):
        answer = admin.request(method, f"/{collection}/not-an-id", body)
        assert (answer.status_code, answer.json["message"]) == expected, method
    # A well-formed id that names nothing is still not found.
    assert admin.request("PATCH", f"/{collection}/{uuid.uuid4()}", {"name": "x"}).status_code == 404


def test_the_answers_a_script_follows_and_reads_are_described(api, logger, document):
    queued = _answer(document, "/organization/{organizationId}/projects/{projectId}/import-data", "post", "202")
    assert queued["required"] == ["logId", "status"]
    assert queued == _answer(document, "/organization/{organizationId}/projects/{projectId}/import-ts-data", "post",
                             "202")
    pushed = _push(api, logger, {"series": [{"stationId": logger["station"], "parameter": "pH", "values": [
        ["2024-06-01T00:00:00Z", 7.1], ["2024-06-01T00:15:00Z", 7.2, "P"]]}]}).json
    listed = api.get(f"/wapi/ts/list?stationId={logger['station']}")
    Draft202012Validator(_answer(document, "/wapi/ts/list")).validate(listed.json)
    for aggregate in ("raw", "hour"):
        data = api.get(f"/wapi/ts/data?series={pushed['series'][0]}&aggregate={aggregate}").json
        assert len(data["points"]) == (2 if aggregate == "raw" else 1)
        Draft202012Validator(_answer(document, "/wapi/ts/data")).validate(data)
    empty = api.get(f"/wapi/ts/data?series={pushed['series'][0]}&from=2020-01-01&to=2020-01-02").json
    Draft202012Validator(_answer(document, "/wapi/ts/data")).validate(empty)


def test_a_list_says_which_comparisons_its_filter_takes(api, logger, document):
    parameters = {p["name"]: p for p in document["paths"]["/api/v1/station"]["get"]["parameters"]}
    for name in ("filter", "or"):
        assert all(op in parameters[name]["description"] for op in ("$eq", "$in", "$between", "$contL", "$isnull"))
    # The search example's operator finds names holding the word in any case; $cont minds the case.
    assert '"$contL": "river"' in parameters["s"]["description"]

    def named(operator: str) -> list[str]:
        search = quote(json.dumps({"name": {operator: "WALK CREEK"}, "organizationId": logger["org"]}))
        return [station["id"] for station in api.get(f"/station?s={search}&fields=name").json]

    assert (named("$contL"), named("$cont")) == ([logger["station"]], [])
