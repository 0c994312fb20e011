"""Small WQP answers the QA walk found wrong: the unknown-service 404 quotes the path as the client spelled it
(it had lowercased it), and a form-encoded POST, which the real portal takes for its searches (its controllers'
FormUrlPostOperation consumes application/x-www-form-urlencoded), is answered like a JSON one (it was a 415)."""
from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from tests.api.test_wqp import WI_SITE, _request


@pytest.mark.parametrize("path, quoted", [
    ("/wqp/wqx3/Organization/search", "/wqx3/Organization/search"),
    ("/wqp/DATA/Stations/Search", "/DATA/Stations/Search"),
])
def test_an_unknown_service_is_quoted_as_the_client_wrote_it(api, path, quoted):
    response = _request(api, "GET", path)
    assert response.status_code == 404
    assert json.loads(response.body)["message"].startswith(f"Unknown WQP service: {quoted}. Services: ")
    chinese = api.client.http.request("GET", f"/api/v1{path}", headers={"Accept-Language": "zh-CN"})
    assert json.loads(chinese.body)["message"].startswith(f"未知的 WQP 服务：{quoted}。")


def _form(api, path: str, fields: list[tuple[str, str]], content_type="application/x-www-form-urlencoded"):
    return api.client.http.request("POST", f"/api/v1{path}", body=urlencode(fields).encode("utf-8"),
                                   headers={"Content-Type": content_type})


@pytest.mark.parametrize("service", ["Station", "Result"])
def test_a_form_encoded_post_is_answered_like_a_json_post(api, demo, service):
    fields = [("siteid", WI_SITE), ("siteid", "USGS-01405150"), ("organization", "Demo Watershed Council"),
              ("mimeType", "csv")]
    form = _form(api, f"/wqp/data/{service}/search", fields)
    posted = _request(api, "POST", f"/wqp/data/{service}/search",
                      {"siteid": [WI_SITE, "USGS-01405150"], "organization": ["Demo Watershed Council"],
                       "mimeType": "csv"})
    assert form.status_code == 200, form.body[:300]
    assert form.body == posted.body and form.body.count(b"\n") > 1
    assert form.headers["Total-Site-Count"] == posted.headers["Total-Site-Count"]
    charset = _form(api, f"/wqp/data/{service}/search", fields, "application/x-www-form-urlencoded; charset=UTF-8")
    assert charset.body == posted.body


def test_the_summary_takes_form_encoded_posts_and_a_bad_form_is_a_400(api, demo):
    summary = _form(api, "/wqp/data/summary/monitoringLocation/search",
                    [("siteid", WI_SITE), ("organization", "Demo Watershed Council"), ("summaryYears", "all")])
    assert summary.status_code == 200 and WI_SITE.encode() in summary.body
    unknown = _form(api, "/wqp/data/Station/search", [("stateCode", "US:55"), ("color", "blue")])
    assert (unknown.status_code, json.loads(unknown.body)["message"]) == (400, "Unknown parameter: color")
    not_utf8 = api.client.http.request("POST", "/api/v1/wqp/data/Station/search", body=b"siteid=\xff\xfe",
                                       headers={"Content-Type": "application/x-www-form-urlencoded",
                                                "Accept-Language": "zh-CN"})
    assert (not_utf8.status_code, json.loads(not_utf8.body)["message"]) == (
        400, "请求正文必须是 UTF-8 编码的表单字段（name=value&name=value）。")
