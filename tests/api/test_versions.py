"""Two people changing the same thing: an item answers its version as its ETag, and a change sent with
If-Match is made only while the item still has that version, so nobody overwrites a change they never saw
(412 with a message in the reader's language). Without If-Match a change is made as before."""
from __future__ import annotations

import uuid

import pytest

ZH = {"Accept-Language": "zh-CN"}


def _unique(prefix: str) -> str:
    return f"{prefix} {uuid.uuid4().hex[:8]}"


def _etag(response) -> str:
    return {name.lower(): value for name, value in response.headers.items()}["etag"]


@pytest.fixture
def station(api, demo):
    created = api.as_("contributor").post("/station", {
        "organizationId": demo["org"], "identifier": f"VERSIONS-{uuid.uuid4().hex[:8]}", "name": "Mill Creek",
        "latitude": 44.5, "longitude": -89.5})
    assert created.status_code == 201, created.json
    return created.json


def test_a_station_answers_its_version_and_a_change_to_it_answers_the_next(api, station):
    read = api.get(f"/station/{station['id']}")
    assert _etag(read) == f'"{read.json.get("updatedAt") or read.json["createdAt"]}"'
    changed = api.as_("contributor").patch(f"/station/{station['id']}", {"name": "Mill Creek at the bridge"},
                                           headers={"If-Match": _etag(read)})
    assert changed.status_code == 200, changed.json
    assert _etag(changed) == f'"{changed.json["updatedAt"]}"' != _etag(read)
    assert _etag(api.get(f"/station/{station['id']}")) == _etag(changed)


def test_a_change_to_a_station_someone_else_changed_meanwhile_is_refused_and_theirs_is_kept(api, station):
    first, second = api.as_("contributor"), api.as_("orgadmin")
    seen = _etag(api.get(f"/station/{station['id']}"))
    assert first.patch(f"/station/{station['id']}", {"name": "Renamed by the contributor"},
                       headers={"If-Match": seen}).status_code == 200
    late = second.patch(f"/station/{station['id']}", {"name": "Renamed by the group admin"},
                        headers={"If-Match": seen})
    assert late.status_code == 412
    assert late.json["message"] == ("Someone else changed this station after you loaded it: load it again to see "
                                    "their change.")
    assert api.get(f"/station/{station['id']}").json["name"] == "Renamed by the contributor"
    in_chinese = second.patch(f"/station/{station['id']}", {"name": "x"}, headers={"If-Match": seen, **ZH})
    assert in_chinese.json["message"] == "您加载此站点后，其他人更改了它：请重新加载以查看其更改。"
    # Loaded again, the change goes through.
    again = second.patch(f"/station/{station['id']}", {"name": "Renamed by the group admin"},
                         headers={"If-Match": _etag(api.get(f"/station/{station['id']}"))})
    assert again.status_code == 200 and again.json["name"] == "Renamed by the group admin"


def test_without_if_match_or_with_a_star_a_change_is_made_as_before(api, station):
    contributor = api.as_("contributor")
    assert contributor.patch(f"/station/{station['id']}", {"name": "No precondition"}).status_code == 200
    star = contributor.patch(f"/station/{station['id']}", {"name": "Any version"}, headers={"If-Match": "*"})
    assert star.status_code == 200 and star.json["name"] == "Any version"


def test_if_match_may_list_versions_and_a_weak_tag_matches_none(api, station):
    contributor = api.as_("contributor")
    seen = _etag(api.get(f"/station/{station['id']}"))
    listed = contributor.patch(f"/station/{station['id']}", {"name": "Listed"},
                               headers={"If-Match": f'"2001-01-01T00:00:00.000Z", {seen}'})
    assert listed.status_code == 200
    # If-Match compares strongly (RFC 9110 13.1.1): a weak tag, even of the version stored, matches none.
    weak = contributor.patch(f"/station/{station['id']}", {"name": "Weak"}, headers={"If-Match": f"W/{_etag(listed)}"})
    assert weak.status_code == 412
    assert api.get(f"/station/{station['id']}").json["name"] == "Listed"


def test_if_match_names_a_few_versions_at_most(api, station):
    many = ", ".join(f'"2001-01-01T00:00:{n:02d}.000Z"' for n in range(21))
    response = api.as_("contributor").patch(f"/station/{station['id']}", {"name": "x"}, headers={"If-Match": many})
    assert (response.status_code, response.json["message"]) == (400, "If-Match names at most 20 versions.")
    in_chinese = api.as_("contributor").patch(f"/station/{station['id']}", {"name": "x"},
                                              headers={"If-Match": many, **ZH})
    assert in_chinese.json["message"] == "If-Match 最多列出 20 个版本。"


@pytest.mark.parametrize("header", ["2026-01-01T00:00:00.000Z", '"', '""', '"a"b"'])
def test_an_if_match_that_is_not_a_quoted_version_is_a_clear_400(api, station, header):
    response = api.as_("contributor").patch(f"/station/{station['id']}", {"name": "x"}, headers={"If-Match": header})
    assert response.status_code == 400
    assert response.json["message"] == ('If-Match must name versions as the ETag gives them, in double quotes '
                                        '("2026-01-31T12:00:00.000Z").')
    in_chinese = api.as_("contributor").patch(f"/station/{station['id']}", {"name": "x"},
                                              headers={"If-Match": header, **ZH})
    assert in_chinese.json["message"] == 'If-Match 必须按 ETag 给出的形式、用双引号写出版本（"2026-01-31T12:00:00.000Z"）。'


def test_a_deleted_station_is_not_found_whatever_version_was_read(api, station):
    contributor = api.as_("contributor")
    seen = _etag(api.get(f"/station/{station['id']}"))
    assert contributor.delete(f"/station/{station['id']}").status_code == 200
    response = contributor.patch(f"/station/{station['id']}", {"name": "x"}, headers={"If-Match": seen})
    assert response.status_code == 404 and response.json["message"] == "Station not found."


def test_a_change_saved_between_the_check_and_the_write_is_not_overwritten(api, station, monkeypatch):
    """The version is a condition of the write too: a change that lands after the item was read for the check."""
    from chalicelib.core import versions
    from chalicelib.stations.models import Station

    contributor = api.as_("contributor")
    seen = _etag(api.get(f"/station/{station['id']}"))
    checked = versions.require

    def someone_else_saves_right_after_the_check(item, expected, thing):
        checked(item, expected, thing)
        if expected is not None and not getattr(someone_else_saves_right_after_the_check, "done", False):
            someone_else_saves_right_after_the_check.done = True
            Station.get(station["id"]).update(actions=[Station.name.set("Saved in between"),
                                                       Station.updatedAt.set("2099-01-01T00:00:00.000Z")])

    monkeypatch.setattr(versions, "require", someone_else_saves_right_after_the_check)
    response = contributor.patch(f"/station/{station['id']}", {"name": "Mine"}, headers={"If-Match": seen})
    assert response.status_code == 412, response.json
    assert api.get(f"/station/{station['id']}").json["name"] == "Saved in between"


def test_projects_parameters_and_organizations_take_if_match_too(api, demo):
    orgadmin, contributor = api.as_("orgadmin"), api.as_("contributor")
    project = contributor.post("/project", {"organizationId": demo["org"], "name": _unique("Versions")}).json
    seen = _etag(api.get(f"/project/{project['id']}"))
    assert contributor.patch(f"/project/{project['id']}", {"description": "first"},
                             headers={"If-Match": seen}).status_code == 200
    late = orgadmin.patch(f"/project/{project['id']}", {"description": "second"}, headers={"If-Match": seen})
    assert late.status_code == 412
    assert late.json["message"] == ("Someone else changed this project after you loaded it: load it again to see "
                                    "their change.")

    parameter = contributor.post("/parameter", {"label": _unique("Versions parameter"), "unit": "mg/L",
                                                "organizationId": demo["org"]}).json
    seen = _etag(api.get(f"/parameter/{parameter['id']}"))
    assert contributor.patch(f"/parameter/{parameter['id']}", {"unit": "ug/L"},
                             headers={"If-Match": seen}).status_code == 200
    late = orgadmin.patch(f"/parameter/{parameter['id']}", {"unit": "ng/L"}, headers={"If-Match": seen, **ZH})
    assert late.status_code == 412
    assert late.json["message"] == "您加载此参数后，其他人更改了它：请重新加载以查看其更改。"
    assert api.get(f"/parameter/{parameter['id']}").json["unit"] == "ug/L"

    from chalicelib.organizations import service as organizations

    org = organizations.create({"name": _unique("Versions organization")}).id
    organizations.set_member_role(org, demo["users"]["orgadmin"], "group-admin")
    admin = api.as_("admin")
    seen = _etag(api.get(f"/organization/{org}"))
    assert admin.patch(f"/organization/{org}", {"description": "by the administrator"},
                       headers={"If-Match": seen}).status_code == 200
    for change in ({"description": "by the group admin"}, {"name": _unique("Renamed meanwhile")}):
        late = orgadmin.patch(f"/organization/{org}", change, headers={"If-Match": seen})
        assert late.status_code == 412, change
        assert late.json["message"] == ("Someone else changed this organization after you loaded it: load it again "
                                        "to see their change.")
    after = api.get(f"/organization/{org}")
    assert after.json["description"] == "by the administrator" and after.json["name"].startswith("Versions")
    renamed = orgadmin.patch(f"/organization/{org}", {"name": _unique("Renamed")}, headers={"If-Match": _etag(after)})
    assert renamed.status_code == 200 and _etag(renamed) != _etag(after)


def test_a_page_saved_by_someone_else_after_it_was_opened_is_not_overwritten(api):
    admin = api.as_("admin")
    opened = api.get("/pages/partner/zh-CN")
    assert _etag(opened) == f'"{opened.json["version"]}"'
    first = admin.put("/pages/partner/zh-CN", {"text": "## 第一位管理员的版本"}, headers={"If-Match": _etag(opened)})
    assert first.status_code == 200 and _etag(first) == f'"{first.json["version"]}"'
    late = admin.put("/pages/partner/zh-CN", {"text": "## 第二位管理员的版本"}, headers={"If-Match": _etag(opened)})
    assert late.status_code == 412
    assert late.json["message"] == ("Someone else saved this page after you opened it: load it again to see their "
                                    "version.")
    assert admin.put("/pages/partner/zh-CN", {"text": "x"}, headers={"If-Match": _etag(opened), **ZH}).json[
        "message"] == "您打开此页面后，其他人保存了它：请重新加载以查看其版本。"
    assert api.get("/pages/partner/zh-CN").json["text"] == "## 第一位管理员的版本"


def test_a_change_without_versions_asked_for_a_version_is_not_made(api, station):
    """RFC 9110: an origin server evaluates If-Match; nothing here has a version to match (walk, 2026-11-27: a
    DELETE with a stale If-Match deleted the station)."""
    contributor = api.as_("contributor")
    path = f"/station/{station['id']}"
    refused = contributor.delete(path, headers={"If-Match": '"1999-01-01T00:00:00.000Z"'})
    assert (refused.status_code, refused.json["message"]) == (
        412, "This route makes its change without versions: send it without If-Match.")
    assert contributor.delete(path, headers={"If-Match": "garbage", **ZH}).json["message"] == (
        "此路由的更改不按版本进行：请不要带 If-Match 发送。")
    assert api.get(path).status_code == 200
    assert contributor.delete(path, headers={"If-Match": "*"}).status_code == 200
