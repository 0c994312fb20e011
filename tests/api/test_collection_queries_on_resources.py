"""The collection query language on the product's own resources: users, roles, organizations and
dashboards answer search, sort and paging, and no query widens who may see what."""
from __future__ import annotations

import json
import uuid
from urllib.parse import quote, urlencode

from chalicelib.crud import parse_query  # noqa: F401 - the language under test


def _q(text: str) -> str:
    return quote(text, safe="=&|,[]$")


def test_administrators_search_users_by_part_of_an_email_case_insensitively(api, demo):
    users = api.as_("admin").get("/user?" + _q("filter=email||$contL||DEMO.OPENWATER")).json
    emails = {u["email"] for u in users}
    assert "viewer@demo.openwater.example" in emails
    assert all("demo.openwater" in e for e in emails)


def test_users_page_maths(api, demo):
    for n in range(3):
        api.as_("admin").post("/user", {"email": f"paging-{n}-{uuid.uuid4().hex[:6]}@example.com", "name": f"Paging {n}"})
    page = api.as_("admin").get("/user?" + _q("filter=name||$starts||Paging&limit=2&page=2&sort=name,ASC")).json
    assert page["count"] == len(page["data"]) >= 1
    assert page["page"] == 2
    assert page["pageCount"] == -(-page["total"] // 2)
    assert [u["name"] for u in page["data"]] == sorted(u["name"] for u in page["data"])


def test_a_bad_query_is_a_400_with_the_parsers_message(api):
    response = api.as_("admin").get("/user?limit=ten")
    assert response.status_code == 400
    assert response.json["message"] == "Invalid limit. Number expected"
    response = api.as_("admin").get("/user?sort=name,UP")
    assert response.json["message"] == "Invalid sort order. ASC,DESC expected"


def test_roles_sort_descending(api):
    names = [r["roleName"] for r in api.as_("admin").get("/roles?sort=roleName,DESC").json]
    # Text sorts as people read it: letters whatever their case, case only breaking ties ("Editors" beside
    # "editors", which other tests of the same process may have made).
    assert names == sorted(names, key=lambda name: (name.casefold(), name), reverse=True)
    assert "system-admin" in names


def test_deleted_organizations_appear_only_with_include_deleted(api):
    name = f"Short-lived {uuid.uuid4().hex[:6]}"
    created = api.as_("admin").post("/organization", {"name": name}).json
    assert api.as_("admin").delete(f"/organization/{created['id']}").status_code == 200
    query = "/organization?" + _q(f"filter=name||$eq||{name}")
    assert api.get(query).json == []
    assert [o["id"] for o in api.as_("admin").get(query + "&include_deleted=1").json] == [created["id"]]
    # Nobody else lists what was deleted (its description and contact went with it).
    for identity in ("anonymous", "orgadmin"):
        refused = api.as_(identity).get(query + "&include_deleted=1")
        assert (refused.status_code, refused.json["message"]) == (403, "Only system administrators list deleted records.")
    # The reference lists too (a walk: anyone signed out listed the deleted station types).
    for shared in ("/station", "/project", "/parameter", "/stationTypes", "/monitoringLocationTypes",
                   "/parameter/groups"):
        assert api.get(shared + "?include_deleted=1&limit=1").status_code == 403, shared
        assert api.as_("admin").get(shared + "?include_deleted=1&limit=1").status_code == 200, shared


def test_a_dashboard_filter_cannot_widen_the_owner_scope(api, demo):
    label = f"Private {uuid.uuid4().hex[:6]}"
    assert api.as_("orgadmin").post("/dashboards", {"label": label}).status_code == 201
    others = api.as_("viewer").get("/dashboards?" + _q(f"filter=ownerId||$eq||{demo['users']['orgadmin']}")).json
    assert others == []
    search = api.as_("viewer").get("/dashboards?" + _q('s={"$or":[{"label":"%s"},{"ownerId":{"$ne":"x"}}]}' % label)).json
    assert all(d["ownerId"] == demo["users"]["viewer"] for d in search)
    assert label in [d["label"] for d in api.as_("orgadmin").get("/dashboards").json]


def test_the_stations_tab_search_lists_an_organizations_stations_whose_name_or_identifier_holds_the_text(api, demo):
    """The organization's Stations tab (and the project's station chooser) search: `s` with the organization."""
    search = json.dumps({"organizationId": demo["org"],
                         "$or": [{"name": {"$contL": "CREEK"}}, {"identifier": {"$contL": "CREEK"}}]})
    page = api.get("/station?" + urlencode({"s": search, "sort": "name,ASC", "limit": 25, "page": 1})).json
    assert page["total"] > 1 and len(page["data"]) == min(25, page["total"])
    assert all(s["organizationId"] == demo["org"] for s in page["data"])
    assert all("creek" in f"{s['name']} {s['identifier']}".lower() for s in page["data"])
    assert [s["name"].casefold() for s in page["data"]] == sorted(s["name"].casefold() for s in page["data"])
    everything = api.get("/station?" + urlencode({"s": json.dumps({"organizationId": demo["org"]}), "limit": 1, "page": 1})).json
    assert everything["total"] > page["total"]
