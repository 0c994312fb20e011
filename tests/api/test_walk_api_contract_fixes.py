"""What a developer met calling the API as its contract describes (a walk of 2026-11-27): a station type not among
the station types was stored (and shown in the explorer's legend), and a missing member role was refused as
"Unknown role name None"."""
from __future__ import annotations

import uuid


def test_a_station_takes_only_a_known_station_type(api, demo):
    contributor = api.as_("contributor")
    station = contributor.post("/station", {"organizationId": demo["org"], "identifier": f"TYPE-{uuid.uuid4().hex[:8]}",
                                            "name": "Typed creek", "latitude": 44.1, "longitude": -89.2}).json
    refused = contributor.patch(f"/station/{station['id']}", {"stationType": "zzz-not-a-type"})
    assert (refused.status_code, refused.json["message"]) == (
        400, "Unknown station type 'zzz-not-a-type': use the key of a station type (GET /stationTypes).")
    chinese = contributor.patch(f"/station/{station['id']}", {"stationType": "zzz-not-a-type"},
                                headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "未知的站点类型“zzz-not-a-type”：请使用站点类型的键（GET /stationTypes）。"
    # The types imports give, and those of the catalog, are taken.
    assert contributor.patch(f"/station/{station['id']}", {"stationType": "lake"}).json["stationType"] == "lake"
    key = f"spring-{uuid.uuid4().hex[:6]}"
    assert api.as_("admin").post("/stationTypes", {"key": key, "label": "Spring"}).status_code == 201
    assert contributor.patch(f"/station/{station['id']}", {"stationType": key}).json["stationType"] == key
    created = contributor.post("/station", {"organizationId": demo["org"], "identifier": f"TYPE-{uuid.uuid4().hex[:8]}",
                                            "name": "Odd creek", "latitude": 44.2, "longitude": -89.3,
                                            "stationType": "volcano"})
    assert created.status_code == 400


def test_a_member_role_left_out_is_said_to_be_required(api, demo):
    message = "roleName is required: one of simple-user, data-contributor, group-admin."
    path = f"/organization/{demo['org']}/members/{demo['users']['viewer']}"
    member = api.as_("admin").put(path, {})
    assert (member.status_code, member.json["message"]) == (400, message)
    misspelt = api.as_("admin").put(path, {"role": "x"})
    assert (misspelt.status_code, misspelt.json["message"]) == (400, "Unknown field 'role'. Fields: roleName.")
    invited = api.as_("orgadmin").post("/Invitation", {"email": f"nobody-{uuid.uuid4().hex[:6]}@example.org",
                                                       "organizationId": demo["org"], "isSystemAdmin": False})
    assert (invited.status_code, invited.json["message"]) == (400, message)
    chinese = api.as_("orgadmin").post("/Invitation", {"email": f"nobody-{uuid.uuid4().hex[:6]}@example.org",
                                                       "organizationId": demo["org"], "isSystemAdmin": False},
                                       headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "请提供 roleName：simple-user, data-contributor, group-admin 之一。"


def test_a_station_query_names_what_it_does_not_know_instead_of_answering_every_station(api):
    refused = api.post("/statistic", {"statoinTypes": ["lake"], "limit": 5})
    assert refused.status_code == 400
    assert refused.json["message"].startswith("Unknown station query field: statoinTypes. Known: organizationIds, ")
    assert api.post("/statistic", {"stationTypes": ["lake"], "limit": 5}).status_code == 200
    assert api.post("/statistic", {"stationType": "lake", "startDate": "2020-01-01", "limit": 5}).status_code == 200
    listed = api.get("/statistic/sampleLocationList?stationTypes=lake&colour=red")
    assert (listed.status_code, listed.json["message"].split(".")[0]) == (400, "Unknown station query field: colour")
    # A page of no station is refused in both formats (the objects format had answered an empty page).
    for fmt in ("objects", "columns"):
        none = api.post("/statistic", {"format": fmt, "limit": 0})
        assert (none.status_code, none.json["message"]) == (400, "Invalid limit. At least 1 station per page expected")
