"""A refusal by an organization's roles tells the caller which role would let them do it (one rule, every route)."""
from __future__ import annotations


def test_a_viewer_importing_is_told_the_roles_that_import(api, demo):
    project = next(p["id"] for p in api.get(f"/project/getIdsByOrganizationIds?organizationId={demo['org']}").json)
    refused = api.as_("viewer").post(f"/organization/{demo['org']}/projects/{project}/import-uploads", {"fileName": "a.csv"})
    assert refused.status_code == 403
    assert refused.json["message"] == "You need to be a data contributor or group administrator of this organization."
    chinese = api.as_("viewer").post(f"/organization/{demo['org']}/projects/{project}/import-uploads",
                                     {"fileName": "a.csv"}, headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "您需要是此组织的数据贡献者或组管理员。"


def test_an_outsider_reading_members_is_told_to_be_a_member(api, demo):
    refused = api.as_("outsider").get(f"/organization/{demo['org']}/members")
    assert refused.status_code == 403
    assert refused.json["message"] == "You need to be a member of this organization."
    chinese = api.as_("outsider").get(f"/organization/{demo['org']}/members", headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "您需要是此组织的成员。"


def test_what_no_organization_role_grants_stays_the_plain_refusal(api):
    refused = api.as_("viewer").get("/system/audit")
    assert refused.status_code == 403
    assert refused.json["message"] == "You do not have permission to do this."
