"""The answers of the routes test_openapi_answers.py leaves out, as the OpenAPI document describes them: the
reference lists, pages, GIS, organizations and their settings, projects' activities, import sources, dashboards,
roles and users, removals, the station query's row lookup and a queued report. Each route is called once as a
client would, mostly by the administrators who run the product; a resource is walked from its creation to its
removal in one test."""
from __future__ import annotations

import base64
import json
import socket
import uuid

import pytest
from urllib3 import encode_multipart_formdata

from tests.api.openapi_support import PROJECT, answers_as_documented, keep_their_answers
from tests.api.openapi_support import document, imported  # noqa: F401 - the fixtures of this file's tests

ORGANIZATION = "/organization/{organizationId}"
SOURCE = PROJECT + "/import-sources/{sourceId}"
DASHBOARD = "/dashboards/{id}"
WIDGET = DASHBOARD + "/widgets/{widgetId}"
PAGE = "/pages/{key}/{lang}"
# The routes whose answers are described and checked here: none may lose its answer's description.
DESCRIBED = {
    ("get", "/applications"), ("get", "/county/county"), ("get", "/keylist/{typeKey}"), ("get", "/glossary/{lang}"),
    ("get", "/system/info"), ("get", "/system/settings"), ("post", "/system/settings"), ("get", "/import-fields"),
    ("get", "/permissions"),
    ("post", "/system/upload-files"), ("get", "/watershed"), ("get", "/Util/gis/point2feature"),
    ("get", PAGE), ("put", PAGE), ("get", PAGE + "/versions"), ("post", PAGE + "/versions/{version}/restore"),
    ("post", "/contact"), ("get", "/contact"),
    ("post", "/organization"), ("get", ORGANIZATION), ("patch", ORGANIZATION), ("delete", ORGANIZATION),
    ("get", ORGANIZATION + "/settings/{settingKey}"), ("put", ORGANIZATION + "/settings/{settingKey}"),
    ("get", ORGANIZATION + "/wqx-account"), ("put", ORGANIZATION + "/wqx-account"),
    ("post", ORGANIZATION + "/wqx-account/test"),
    ("get", ORGANIZATION + "/header-map"), ("put", ORGANIZATION + "/header-map"),
    ("patch", ORGANIZATION + "/header-map"),
    ("get", ORGANIZATION + "/parameters"), ("put", ORGANIZATION + "/parameters"),
    ("get", PROJECT + "/activities"), ("get", PROJECT + "/activities/{activityId}"),
    ("get", "/project/getIdsByOrganizationIds"), ("delete", "/project/{id}"),
    ("get", PROJECT + "/import-sources"), ("post", PROJECT + "/import-sources"), ("patch", SOURCE),
    ("post", SOURCE + "/run"), ("delete", SOURCE),
    ("post", "/dashboards"), ("get", DASHBOARD), ("patch", DASHBOARD), ("delete", DASHBOARD),
    ("post", DASHBOARD + "/widgets"), ("patch", WIDGET), ("delete", WIDGET),
    ("post", "/roles"), ("patch", "/roles/{id}"), ("delete", "/roles/{id}"), ("get", "/roles/{id}/permissions"),
    ("put", "/roles/{id}/permissions"),
    ("post", "/user"), ("patch", "/user/{id}"), ("delete", "/user/{id}"), ("get", "/user/{id}/roles"),
    ("put", "/user/{id}/roles"),
    ("delete", "/station/{id}"), ("delete", "/parameter/{id}"), ("delete", "/stationTypes/{id}"),
    ("delete", "/monitoringLocationTypes/{id}"), ("delete", "/parameter/groups/{id}"),
    ("get", "/statistic/sampleLocationList"), ("post", "/report"), ("get", "/report/{reportId}"),
}
# A WQX Web private key as WQX Web hands them out (base64 of at least 16 bytes).
WQX_KEY = base64.b64encode(b"an openapi answers test key!").decode()


@pytest.fixture(scope="module")
def refusing_port():
    """A local port that refuses connections (bound, never listening): a WQX Web or a source that cannot be
    reached, answered at once."""
    for port in range(8600, 8700):
        with socket.socket() as bound:
            try:
                bound.bind(("127.0.0.1", port))
            except OSError:
                continue
            yield port
            return
    pytest.fail("no free port from 8600 to 8699")


def _unique(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def test_the_routes_described_here_keep_their_answers(document):
    keep_their_answers(document, DESCRIBED)


def test_reference_lists_and_system_information_answer_as_documented(api, document):
    answers_as_documented(document, "get", "/applications", api.get("/applications"))
    wisconsin = answers_as_documented(document, "get", "/county/county", api.get("/county/county?state=WI"))
    assert {county["stateCode"] for county in wisconsin} == {"WI"}
    for key in ("units", "timeZones", "activityTypes"):
        assert answers_as_documented(document, "get", "/keylist/{typeKey}", api.get(f"/keylist/{key}")), key
    for lang in ("en", "zh-CN"):
        glossary = answers_as_documented(document, "get", "/glossary/{lang}", api.get(f"/glossary/{lang}"))
        assert glossary["units"], lang
    info = answers_as_documented(document, "get", "/system/info", api.get("/system/info"))
    assert info["version"] == "0.1.0-test"
    admin = api.as_("admin")
    answers_as_documented(document, "post", "/system/settings", admin.post(
        "/system/settings", {"id": "openapi-answers", "label": None, "value": [1, "two"]}))
    settings = answers_as_documented(document, "get", "/system/settings", api.get("/system/settings"))
    values = {setting["id"]: setting.get("value") for setting in settings}
    assert values["openapi-answers"] == [1, "two"] and "map-service" in values
    answers_as_documented(document, "get", "/import-fields", api.as_("viewer").get("/import-fields"))
    answers_as_documented(document, "get", "/permissions", admin.get("/permissions"))


def test_a_layer_its_watersheds_and_the_units_at_a_point_answer_as_documented(api, document):
    # A one-unit layer in the Bering Sea, far from the units the GIS tests look up.
    unit = {"type": "Feature", "properties": {"huc": "960101", "name": "OpenAPI answers unit"},
            "geometry": {"type": "Polygon", "coordinates": [
                [[-170.0, 60.0], [-169.9, 60.0], [-169.9, 60.1], [-170.0, 60.1], [-170.0, 60.0]]]}}
    body, content_type = encode_multipart_formdata(
        {"file": ("answers.geojson", json.dumps(unit).encode(), "application/geo+json")})
    layer = answers_as_documented(document, "post", "/system/upload-files", api.as_("admin").post(
        "/system/upload-files", body, headers={"Content-Type": content_type}), 201)
    listed = answers_as_documented(document, "get", "/watershed", api.get("/watershed?huc=960101"))
    assert [(found["huc"], found["layerId"]) for found in listed] == [("960101", layer["id"])]
    at = answers_as_documented(document, "get", "/Util/gis/point2feature",
                               api.get("/Util/gis/point2feature?lat=60.05&lng=-169.95"))
    assert [found["properties"]["name"] for found in at] == ["OpenAPI answers unit"]


def test_a_page_its_versions_and_a_restore_answer_as_documented(api, document):
    admin, page = api.as_("admin"), "/pages/history/en"
    answers_as_documented(document, "get", PAGE, api.get(page))
    saved = answers_as_documented(document, "put", PAGE, admin.put(page, {"text": "## History, as the test saved it"}))
    versions = answers_as_documented(document, "get", PAGE + "/versions", admin.get(page + "/versions"))
    assert (versions[0]["version"], versions[-1]["isDefault"]) == (saved["version"], True)
    restored = answers_as_documented(document, "post", PAGE + "/versions/{version}/restore",
                                     admin.post(page + "/versions/0/restore"), 201)  # the shipped text, served again
    assert restored["restoredFrom"] == 0


def test_a_contact_message_answers_as_documented(api, document):
    # A visitor of its own: the hourly limit counts this message alone.
    visitor = {"CloudFront-Viewer-Address": f"[2001:db8::{uuid.uuid4().hex[:4]}]:443"}
    email = f"answers-{uuid.uuid4().hex[:8]}@example.com"
    answers_as_documented(document, "post", "/contact", api.post("/contact", {
        "name": "Answers", "email": email, "message": "Is the API documented?"}, headers=visitor), 201)
    messages = answers_as_documented(document, "get", "/contact", api.as_("admin").get("/contact"))
    assert email in {message["email"] for message in messages}


def test_an_organization_its_settings_accounts_and_lists_answer_as_documented(api, document, imported, refusing_port,
                                                                              settings_env):
    admin = api.as_("admin")
    created = answers_as_documented(document, "post", "/organization",
                                    admin.post("/organization", {"name": _unique("Answers organization")}), 201)
    org = f"/organization/{created['id']}"
    answers_as_documented(document, "get", ORGANIZATION, api.get(org))
    answers_as_documented(document, "patch", ORGANIZATION, admin.patch(org, {"description": "Described"}))

    setting, path = org + "/settings/map-service", ORGANIZATION + "/settings/{settingKey}"
    assert answers_as_documented(document, "get", path, api.get(setting))["inherited"] is True
    own = answers_as_documented(document, "put", path, admin.put(setting, {"value": {"provider": "none"}}))
    assert own["inherited"] is False

    account, path = org + "/wqx-account", ORGANIZATION + "/wqx-account"
    assert answers_as_documented(document, "get", path, admin.get(account))["configured"] is False
    answers_as_documented(document, "put", path, admin.put(account, {
        "wqxOrganizationId": f"ANSWERS_{created['id'][:8]}", "userId": "olga", "privateKey": WQX_KEY}))
    settings_env(WQX_WEB_URL=f"http://127.0.0.1:{refusing_port}/WQXWeb/api")
    tried = answers_as_documented(document, "post", path + "/test", admin.post(account + "/test"))
    assert tried["connected"] is False

    header_map, path = org + "/header-map", ORGANIZATION + "/header-map"
    assert answers_as_documented(document, "get", path, admin.get(header_map)) == {}
    answers_as_documented(document, "put", path, admin.put(header_map, {"Site": "StationIdentifier"}))
    changed = answers_as_documented(document, "patch", path, admin.patch(
        header_map, {"Temp (C)": {"parameter": "Temperature, water", "unit": "deg C"}}))
    assert set(changed) == {"Site", "Temp (C)"}

    parameter = api.get(imported["base"] + "/parameters").json[0]["id"]
    path = ORGANIZATION + "/parameters"
    answers_as_documented(document, "put", path, admin.put(org + "/parameters", [parameter]))
    listed = answers_as_documented(document, "get", path, api.get(org + "/parameters"))
    assert [p["id"] for p in listed] == [parameter]
    assert answers_as_documented(document, "delete", ORGANIZATION, admin.delete(org)) == {}


def test_a_projects_activities_and_the_project_list_answer_as_documented(api, document, imported):
    page = answers_as_documented(document, "get", PROJECT + "/activities", api.get(imported["base"] + "/activities"))
    assert page["total"] == 2
    activity = answers_as_documented(document, "get", PROJECT + "/activities/{activityId}",
                                     api.get(f"{imported['base']}/activities/{page['data'][0]['id']}"))
    assert [result["value"] for result in activity["results"]] == [7.3]
    named = answers_as_documented(document, "get", "/project/getIdsByOrganizationIds",
                                  api.get(f"/project/getIdsByOrganizationIds?organizationId={imported['org']}"))
    assert [project["id"] for project in named] == [imported["project"]]


def test_an_import_source_answers_as_documented(api, document, imported, refusing_port):
    admin, sources = api.as_("admin"), imported["base"] + "/import-sources"
    source = answers_as_documented(document, "post", PROJECT + "/import-sources", admin.post(sources, {
        "name": "Answers source", "url": f"http://127.0.0.1:{refusing_port}/data.csv", "format": "template",
        "schedule": "daily"}), 201)
    one = f"{sources}/{source['id']}"
    answers_as_documented(document, "patch", SOURCE, admin.patch(one, {"schedule": "weekly"}))
    ran = answers_as_documented(document, "post", SOURCE + "/run", admin.post(one + "/run"))
    assert (ran["lastStatus"], ran["failures"]) == ("failed", 1)
    listed = answers_as_documented(document, "get", PROJECT + "/import-sources", admin.get(sources))
    assert [found["id"] for found in listed] == [source["id"]]
    assert answers_as_documented(document, "delete", SOURCE, admin.delete(one)) == {"deleted": source["id"]}


def test_a_dashboard_and_its_widgets_answer_as_documented(api, document):
    viewer = api.as_("viewer")
    dashboard = answers_as_documented(document, "post", "/dashboards",
                                      viewer.post("/dashboards", {"label": _unique("Answers")}), 201)
    one = f"/dashboards/{dashboard['id']}"
    answers_as_documented(document, "get", DASHBOARD, viewer.get(one))
    added = answers_as_documented(document, "post", DASHBOARD + "/widgets", viewer.post(one + "/widgets", {
        "component": "markdown-note", "config": {"text": "Hello"}}), 201)
    widget = f"{one}/widgets/{added['widgets'][0]['id']}"
    answers_as_documented(document, "patch", WIDGET, viewer.patch(widget, {"config": {"text": "Hello again"}}))
    moved = answers_as_documented(document, "patch", DASHBOARD, viewer.patch(one, {
        "label": _unique("Answers"), "positions": {added["widgets"][0]["id"]: {"x": 1, "y": 0, "w": 4, "h": 3}}}))
    # What the list shows of a dashboard is what the dashboard's own routes show (its widgets' counter is the store's).
    listed = next(d for d in viewer.get("/dashboards").json if d["id"] == dashboard["id"])
    assert set(listed) == set(moved)
    assert answers_as_documented(document, "delete", WIDGET, viewer.delete(widget))["widgets"] == []
    assert answers_as_documented(document, "delete", DASHBOARD, viewer.delete(one)) == {}


def test_a_role_and_a_user_given_it_answer_as_documented(api, document, demo):
    admin = api.as_("admin")
    role = answers_as_documented(document, "post", "/roles", admin.post("/roles", {
        "roleName": _unique("Answers role"), "permissions": ["manage-users"]}), 201)
    one = f"/roles/{role['id']}"
    answers_as_documented(document, "patch", "/roles/{id}", admin.patch(one, {"description": "Documented"}))
    answers_as_documented(document, "get", "/roles/{id}/permissions", admin.get(one + "/permissions"))
    granted = answers_as_documented(document, "put", "/roles/{id}/permissions",
                                    admin.put(one + "/permissions", ["manage-users", "manage-roles"]))
    assert [permission["key"] for permission in granted] == ["manage-users", "manage-roles"]

    user = answers_as_documented(document, "post", "/user", admin.post("/user", {
        "email": f"answers-{uuid.uuid4().hex[:8]}@example.com", "name": "Answers user"}), 201)
    person = f"/user/{user['id']}"
    changed = answers_as_documented(document, "patch", "/user/{id}", admin.patch(person, {"name": "Answered user"}))
    # A user as the list of users shows them: their preferences and current organization are their own.
    assert not {"preferences", "currentOrganizationId"} & (set(user) | set(changed))
    assert answers_as_documented(document, "get", "/user/{id}/roles", admin.get(person + "/roles")) == []
    given = answers_as_documented(document, "put", "/user/{id}/roles", admin.put(person + "/roles", [role["id"]]))
    assert given == [{"id": role["id"], "roleName": role["roleName"]}]
    assert answers_as_documented(document, "delete", "/user/{id}", admin.delete(person)) == {}
    assert answers_as_documented(document, "delete", "/roles/{id}", admin.delete(one)) == {}


def test_removals_answer_as_documented(api, document, imported):
    admin = api.as_("admin")
    for base in ("/stationTypes", "/monitoringLocationTypes", "/parameter/groups"):
        key = _unique("answers").replace(" ", "-")
        made = admin.post(base, {"key": key, "label": key})
        assert made.status_code == 201, made.json
        assert answers_as_documented(document, "delete", base + "/{id}", admin.delete(f"{base}/{made.json['id']}")) == {}
    station = admin.post("/station", {"organizationId": imported["org"], "identifier": _unique("ANSWERS"),
                                      "name": "Removed station", "latitude": 46.9, "longitude": -71.3}).json
    assert answers_as_documented(document, "delete", "/station/{id}", admin.delete(f"/station/{station['id']}")) == {}
    parameter = admin.post("/parameter", {"label": _unique("Answers parameter")}).json
    assert answers_as_documented(document, "delete", "/parameter/{id}",
                                 admin.delete(f"/parameter/{parameter['id']}")) == {}
    project = admin.post("/project", {"organizationId": imported["org"], "name": _unique("Removed project")}).json
    assert answers_as_documented(document, "delete", "/project/{id}", admin.delete(f"/project/{project['id']}")) == {}


def test_the_station_rows_and_a_queued_report_answer_as_documented(api, document, imported):
    path = "/statistic/sampleLocationList"
    page = answers_as_documented(document, "get", path, api.get(path + "?limit=2"))
    rows = answers_as_documented(document, "get", path, api.get(f"{path}?snapshot={page['snapshot']}&rows=0,1"))
    assert [station["row"] for station in rows] == [0, 1]
    answers_as_documented(document, "post", "/statistic", api.post("/statistic", {"format": "objects", "limit": 2}))

    station = api.get(imported["base"] + "/stations").json[0]["id"]
    # Without Accept: application/pdf, any report is queued.
    queued = answers_as_documented(document, "post", "/report",
                                   api.post("/report", {"stationIds": [station], "language": "en"}), 202)
    status = answers_as_documented(document, "get", "/report/{reportId}", api.get(f"/report/{queued['id']}"))
    assert (status["id"], status["stations"]) == (queued["id"], 1)
