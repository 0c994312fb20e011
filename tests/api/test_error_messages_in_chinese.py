"""Error messages a user meets come in the language the request asks for (Accept-Language), English otherwise."""
from __future__ import annotations

import uuid

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}


def test_query_errors_are_in_chinese_when_asked_for(api):
    dates = api.request("POST", "/statistic", {"from": "2020-01-01", "to": "2019-01-01"}, headers=ZH)
    assert dates.status_code == 400
    assert dates.json["message"] == "起始日期不能晚于结束日期。"
    huc = api.request("POST", "/statistic", {"huc": "abc"}, headers=ZH)
    assert huc.json["message"] == "huc 无效：应为 2 or 4 or 6 or 8 or 10 or 12 位数字代码。"
    day = api.request("POST", "/statistic", {"from": "yesterday"}, headers=ZH)
    assert day.json["message"] == "from 无效：应为 ISO 8601 日期（YYYY-MM-DD）。"
    station = api.request("GET", "/station/does-not-exist", headers=ZH)
    assert station.status_code == 400
    assert station.json["message"] == "参数 id 无效：应为 UUID。"
    assert api.request("GET", f"/station/{uuid.uuid4()}", headers=ZH).json["message"] == "未找到站点。"


def test_sign_in_permission_and_name_clashes_are_in_chinese_when_asked_for(api):
    assert api.request("GET", "/user", headers=ZH).json["message"] == "需要登录。"
    assert api.as_("viewer").request("GET", "/user", headers=ZH).json["message"] == "您没有执行此操作的权限。"
    clash = api.as_("admin").request("POST", "/roles", {"roleName": "System-Admin"}, headers=ZH)
    assert clash.status_code == 409
    assert clash.json["message"] == "已存在名为 system-admin 的角色。"
    label = f"Mine {uuid.uuid4().hex[:6]}"
    viewer = api.as_("viewer")
    viewer.post("/dashboards", {"label": label})
    taken = viewer.request("POST", "/dashboards", {"label": label}, headers=ZH)
    assert taken.status_code == 409
    assert taken.json["message"] == f"已存在名为 {label} 的仪表板，请换一个名称。"


def test_english_stays_the_default_and_unknown_messages_stay_as_they_are(api):
    english = api.request("POST", "/statistic", {"from": "2020-01-01", "to": "2019-01-01"},
                          headers={"Accept-Language": "fr-FR,en;q=0.5"})
    assert english.json == {"statusCode": 400, "message": "Invalid from. It must not be after to", "error": "Bad Request"}
    untranslated = api.request("POST", "/statistic", {"format": "xml"}, headers=ZH)
    assert untranslated.json["message"] == "Invalid format. objects or columns expected"
