"""Inputs past what is stored are a 400 that says the limit, never a 500 from DynamoDB's 400 KB item limit, and a
header map holds no two spellings of one column (security walk, 2026-11-27)."""
from __future__ import annotations

import uuid

from tests.api.imports_support import fresh_project

ZH = {"Accept-Language": "zh-CN"}


def test_a_station_name_or_description_past_its_limit_is_a_clear_400(api, demo):
    contributor = api.as_("contributor")
    station = {"organizationId": demo["org"], "identifier": f"LIM-{uuid.uuid4().hex[:6]}", "name": "Limits",
               "latitude": 40.0, "longitude": -75.0}
    too_long = contributor.post("/station", {**station, "name": "n" * 420_000})
    assert (too_long.status_code, too_long.json["message"]) == (400, "name must be at most 500 characters.")
    assert contributor.post("/station", {**station, "identifier": "i" * 501}).json["message"] == (
        "identifier must be at most 500 characters.")
    created = contributor.post("/station", station)
    assert created.status_code == 201
    path = f"/station/{created.json['id']}"
    described = contributor.patch(path, {"description": "x" * 420_000}, headers=ZH)
    assert (described.status_code, described.json["message"]) == (400, "description 最多 4000 个字符。")
    assert contributor.patch(path, {"description": "x" * 4000}).status_code == 200
    schema = api.get("/openapi.json").json["paths"]["/api/v1/station/{id}"]["patch"]["requestBody"]["content"][
        "application/json"]["schema"]
    assert schema["properties"]["description"]["maxLength"] == 4000


def test_a_header_map_refuses_oversized_parameters_and_invisible_column_names(api):
    org, _ = fresh_project(api)
    admin, path = api.as_("admin"), f"/organization/{org}/header-map"
    huge = admin.put(path, {"Temp": {"parameter": "p" * 450_000}})
    assert (huge.status_code, huge.json["message"]) == (
        400, "Column 'Temp': the parameter must be at most 100 characters, without control characters.")
    assert admin.patch(path, {"Temp": {"parameter": "Temperature, water", "unit": "u" * 41}}).json["message"] == (
        "Column 'Temp': the unit must be at most 40 characters, without control characters.")
    for column in ("Site\x00", "Lat\nitude", "\u202eetiS", "***"):
        refused = admin.patch(path, {column: "station"}, headers=ZH)
        assert refused.status_code == 400, column
        assert refused.json["message"] == f"列“{repr(column.strip())[1:-1]}”：列名需要包含字母或数字，且不能含控制字符或不可见字符。"
    assert admin.get(path).json == {}


def test_two_spellings_of_one_column_are_one_column(api):
    org, _ = fresh_project(api)
    admin, path = api.as_("admin"), f"/organization/{org}/header-map"
    both = admin.put(path, {"Sample Date": "date", "sample_date": "time"})
    assert (both.status_code, both.json["message"]) == (
        400, "Columns 'Sample Date' and 'sample_date' are one column to imports (case, spaces and punctuation aside): "
             "keep one.")
    assert admin.put(path, {"Sample Date": "date", "Site": "station"}).status_code == 200
    # Another spelling added later replaces the one stored: the map never holds both.
    respelt = admin.patch(path, {"SAMPLE_DATE": "date"})
    assert respelt.status_code == 200 and respelt.json == {"Site": "station", "SAMPLE_DATE": "date"}
    # Each change is in the trail: the columns it added, changed or took out.
    entries = api.as_("admin").get(f"/system/audit?filter=targetType||$eq||header-map&filter=targetId||$eq||{org}").json
    assert [(e["before"], e["after"]) for e in sorted(entries, key=lambda e: e["at"])] == [
        ({}, {"Sample Date": "date", "Site": "station"}),
        ({"Sample Date": "date"}, {"SAMPLE_DATE": "date"})]
