"""Error messages a user meets come in the language the request asks for (Accept-Language), English otherwise."""
from __future__ import annotations

import uuid

import pytest

from devtools import mailbox
from tests.support.people import Person

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}


def test_query_errors_are_in_chinese_when_asked_for(api):
    dates = api.request("POST", "/statistic", {"from": "2020-01-01", "to": "2019-01-01"}, headers=ZH)
    assert dates.status_code == 400
    assert dates.json["message"] == "起始日期不能晚于结束日期。"
    huc = api.request("POST", "/statistic", {"huc": "abc"}, headers=ZH)
    assert huc.json["message"] == "huc 无效：应为 2、4、6、8、10 或 12 位数字代码。"
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


def test_answers_say_they_vary_by_language_so_no_cache_mixes_them(api):
    """A browser kept an English 410 on the invitation page after a switch to Chinese: answers say Vary."""
    for response in (api.request("GET", f"/station/{uuid.uuid4()}", headers=ZH), api.request("GET", "/system/info")):
        assert "Accept-Language" in response.headers["Vary"], response.status_code
        # Answers hold text people wrote: no browser may take one for a page (security walk, 2026-11-27).
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_english_stays_the_default(api):
    english = api.request("POST", "/statistic", {"from": "2020-01-01", "to": "2019-01-01"},
                          headers={"Accept-Language": "fr-FR,en;q=0.5"})
    assert english.json == {"statusCode": 400, "message": "Invalid from. It must not be after to", "error": "Bad Request"}
    form = api.request("POST", "/statistic", {"format": "xml"})
    assert form.json["message"] == "Invalid format. objects or columns expected"
    assert api.request("POST", "/statistic", {"format": "xml"}, headers=ZH).json["message"] == \
        "format 无效：应为 objects 或 columns。"


# ---------------------------------------------------------------- organizations, projects, invitations


@pytest.fixture
def org(demo):
    """A fresh organization whose only group-admin is `orgadmin`."""
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"Messages test {uuid.uuid4().hex[:6]}"})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    return organization.id


def _both(call) -> tuple:
    """The answer with Accept-Language: zh-CN, then without the header."""
    return call(ZH), call(None)


def test_a_project_key_that_exists_is_said_in_chinese(api, org):
    orgadmin = api.as_("orgadmin")
    project = {"organizationId": org, "projectKey": "alpha", "name": "Alpha"}
    assert orgadmin.post("/project", project).status_code == 201
    project = {**project, "name": "Alpha again"}
    chinese, english = _both(lambda headers: orgadmin.post("/project", project, headers=headers))
    assert chinese.status_code == english.status_code == 409
    assert chinese.json["message"] == "此组织中已存在标识为“alpha”的项目。"
    assert english.json["message"] == "A project with the key 'alpha' already exists in this organization."


def test_a_project_name_in_use_is_refused_at_creation_and_rename(api, org):
    """zh/mobile walk, 2026-11-27: a project without a key took the name of one with its own key."""
    orgadmin = api.as_("orgadmin")
    assert orgadmin.post("/project", {"organizationId": org, "projectKey": "GEN", "name": "Generated network"}).status_code == 201
    chinese, english = _both(lambda headers: orgadmin.post("/project", {"organizationId": org, "name": "generated Network"},
                                                           headers=headers))
    assert (english.status_code, english.json["message"]) == (
        409, "A project named 'generated Network' already exists in this organization: choose another name.")
    assert chinese.json["message"] == "此组织中已存在名为“generated Network”的项目：请另选一个名称。"
    other = orgadmin.post("/project", {"organizationId": org, "name": "Other network"}).json
    renamed = orgadmin.patch(f"/project/{other['id']}", {"name": "Generated network"})
    assert renamed.status_code == 409
    assert orgadmin.patch(f"/project/{other['id']}", {"name": "Other Network"}).status_code == 200  # its own name


def test_demoting_the_last_group_admin_is_refused_in_chinese(api, org, demo):
    orgadmin = api.as_("orgadmin")
    path = f"/organization/{org}/members/{demo['users']['orgadmin']}"
    chinese, english = _both(lambda headers: orgadmin.put(path, {"roleName": "simple-user"}, headers=headers))
    assert chinese.status_code == english.status_code == 409
    assert chinese.json["message"] == "组织至少需要一名组管理员：请先将其他成员设为组管理员。"
    assert english.json["message"] == ("An organization needs at least one group administrator: make someone else "
                                       "a group administrator first.")
    outsider = api.as_("viewer")
    assert outsider.request("GET", f"/organization/{org}/members", headers=ZH).json["message"] == \
        "您需要是此组织的成员。"


def _invited(api, org, aws_url) -> tuple[dict, str, Person]:
    person = Person()
    invitation = api.as_("orgadmin").post("/Invitation", {"email": person.email, "isSystemAdmin": False,
                                                          "organizationId": org, "roleName": "simple-user"}).json
    sent = [m for m in mailbox.messages(aws_url) if person.email in m.to]
    link = next(link for link in sent[-1].links if "#/sts/invitation/" in link)
    return invitation, link.rsplit("/", 1)[-1], person


def test_the_invitation_page_says_what_is_wrong_in_chinese(api, org, aws_url):
    invitation, token, person = _invited(api, org, aws_url)
    foreign = Person()
    chinese, english = _both(lambda headers: api.post("/Invitation/accept", {"token": token},
                                                      headers={**foreign.headers(), **(headers or {})}))
    assert chinese.status_code == english.status_code == 403
    assert chinese.json["message"] == "此邀请是发给另一个电子邮件地址的。"
    assert english.json["message"] == "This invitation was sent to another email address."

    unknown = api.post("/Invitation/accept", {"token": "not-a-token"}, headers={**person.headers(), **ZH})
    assert unknown.status_code == 404
    assert unknown.json["message"] == "此邀请链接无效（可能已被更新的邀请链接取代）。"

    api.as_("orgadmin").delete(f"/Invitation/{invitation['id']}")
    chinese, english = _both(lambda headers: api.post("/Invitation/accept", {"token": token},
                                                      headers={**person.headers(), **(headers or {})}))
    assert chinese.status_code == english.status_code == 410
    assert chinese.json["message"] == "此邀请已被撤销。"
    assert english.json["message"] == "This invitation was revoked."
