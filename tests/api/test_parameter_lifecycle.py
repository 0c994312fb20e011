"""An organization's own parameter from its making to its deletion, as its contributors meet it on the Parameters
tab (owner walk, 2026-11-27): the texts it takes, a unit imports take too, a unit and a life that values recorded
for it keep, and a label free again once it is deleted."""
from __future__ import annotations

import uuid

import pytest

from tests.api.imports_support import fresh_project, import_file

ZH = {"Accept-Language": "zh-CN"}


def _label(prefix: str = "Lifecycle") -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def _made(api, org: str, **fields) -> dict:
    made = api.as_("admin").post("/parameter", {"label": _label(), "unit": "mg/L", "organizationId": org, **fields})
    assert made.status_code == 201, made.json
    return made.json


def _with_a_value(api, parameter: dict) -> str:
    """An import of one value of the parameter into a new project of its organization; answers the organization."""
    org, project = fresh_project(api, parameter["organizationId"])
    content = (b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               b"LIFE-" + uuid.uuid4().hex[:6].encode() + b",2024-05-01,10:00,EST," + parameter["label"].encode()
               + b",2.5,mg/L,40.1,-75.2\n")
    log = import_file(api, org, project, content, "life.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 1), log
    return org


@pytest.fixture
def org(api):
    return fresh_project(api)[0]


def test_a_unit_is_one_imports_take_a_wqx_code_or_another_spelling_of_one(api, org):
    admin = api.as_("admin")
    refused = admin.post("/parameter", {"label": _label(), "unit": "bananas per fortnight", "organizationId": org})
    assert refused.status_code == 400
    assert refused.json["message"] == ("Unknown unit 'bananas per fortnight': use a WQX unit code such as mg/L, deg C "
                                       "or uS/cm.")
    in_chinese = admin.post("/parameter", {"label": _label(), "unit": "furlongs", "organizationId": org}, headers=ZH)
    assert in_chinese.json["message"] == "未知单位“furlongs”：请使用 WQX 单位代码，例如 mg/L、deg C 或 uS/cm。"
    for unit in ("deg C", "umho/cm", "MG/L", "ug/L"):
        assert admin.post("/parameter", {"label": _label(), "unit": unit, "organizationId": org}).status_code == 201, unit
    parameter = _made(api, org)
    assert admin.patch(f"/parameter/{parameter['id']}", {"unit": "parsecs"}).status_code == 400


@pytest.mark.parametrize("field, limit", [("label", 100), ("unit", 40), ("group", 200), ("characteristicName", 200),
                                          ("sampleFraction", 100), ("description", 5_000)])
def test_its_texts_have_lengths_said_by_name(api, org, field, limit):
    """A label of 100,000 characters was taken, and a 500 KB description answered 500 (DynamoDB's item limit)."""
    body = {"label": _label(), "organizationId": org, field: "x" * (limit + 1)}
    refused = api.as_("admin").post("/parameter", body)
    assert refused.status_code == 400
    assert refused.json["message"] == f"{field} must be at most {limit} characters."
    huge = api.as_("admin").post("/parameter", {"label": _label(), "organizationId": org, "description": "d" * 500_000})
    assert huge.status_code == 400


def test_a_taken_label_is_named_as_it_is_stored(api, org):
    parameter = _made(api, org)
    clash = api.as_("admin").post("/parameter", {"label": f"  {parameter['label']}  ", "organizationId": org})
    assert clash.status_code == 409
    assert clash.json["message"] == f"A parameter labelled {parameter['label']!r} already exists."


def test_a_parameter_with_values_keeps_its_unit_and_is_not_deleted(api, org):
    parameter = _made(api, org)
    _with_a_value(api, parameter)
    contributor = api.as_("admin")
    unit = contributor.patch(f"/parameter/{parameter['id']}", {"unit": "ug/L"})
    assert unit.status_code == 409
    assert unit.json["message"] == (f"Values of the parameter {parameter['label']!r} are recorded in mg/L: its unit "
                                    "cannot be changed while it has values.")
    same_unit = contributor.patch(f"/parameter/{parameter['id']}", {"unit": "MG/L", "description": "Still mg/L"})
    assert same_unit.status_code == 200, same_unit.json
    removal = contributor.delete(f"/parameter/{parameter['id']}", headers=ZH)
    assert removal.status_code == 409
    assert removal.json["message"] == f"参数“{parameter['label']}”已有记录的数值：有数值的参数不能删除。"
    assert api.get(f"/parameter/{parameter['id']}").status_code == 200


def test_a_parameter_measured_only_by_a_logger_is_kept_too(api, demo):
    parameter = _made(api, demo["org"], unit="deg C")
    admin = api.as_("admin")
    project = admin.post("/project", {"organizationId": demo["org"], "name": _label("Logger")}).json["id"]
    station = admin.post("/station", {"organizationId": demo["org"], "identifier": f"LOG-{uuid.uuid4().hex[:6]}",
                                      "name": "Logger creek", "latitude": 40.2, "longitude": -75.1}).json
    key = admin.post(f"/organization/{demo['org']}/api-keys", {"name": "Lifecycle test"}).json["key"]
    pushed = api.as_("anonymous").post(f"/wapi/{project}/ts", {"series": [
        {"stationId": station["id"], "parameterId": parameter["id"], "unit": "deg C",
         "values": [["2024-05-01T10:00:00Z", 11.5]]}]}, headers={"X-API-Key": key})
    assert pushed.json["accepted"] == 1, pushed.json
    assert admin.delete(f"/parameter/{parameter['id']}").status_code == 409
    assert admin.patch(f"/parameter/{parameter['id']}", {"unit": "deg F"}).status_code == 409


def test_a_deleted_parameters_label_may_be_taken_again_by_hand_or_by_an_import(api, org):
    parameter = _made(api, org, description="The first one")
    admin = api.as_("admin")
    assert admin.delete(f"/parameter/{parameter['id']}").status_code == 200
    again = admin.post("/parameter", {"label": parameter["label"], "unit": "ug/L", "organizationId": org})
    assert again.status_code == 201, again.json
    assert (again.json["id"], again.json["unit"], again.json.get("description")) == (parameter["id"], "ug/L", None)

    assert admin.delete(f"/parameter/{parameter['id']}").status_code == 200
    _with_a_value(api, {**parameter, "unit": "mg/L"})
    back = api.get(f"/parameter/{parameter['id']}")
    assert back.status_code == 200 and back.json["unit"] == "mg/L" and "deletedAt" not in back.json
