"""A project's key addresses it (organization/{id}/projects/{key}/...): a walk stored the key `a/b?c#d`, which no
address could reach. Keys such as Water Quality Portal files give them (WI_LAKES, CEDEN-2019, USGS.NAWQA,
RTWQN 2017-2019) are taken and reached percent-encoded; a character that breaks a path segment, a control
character, or a key of only . or .. is refused with a message that names the field."""
from __future__ import annotations

import csv
import io
import uuid
from urllib.parse import quote

import pytest

from chalicelib.core.errors import BadRequest
from chalicelib.projects import service as projects
from tests.api.imports_support import WQP, fresh_project, import_file

ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}
CHARACTERS = "Project key must not contain /, ?, #, % or \\."
CHARACTERS_ZH = "项目标识不能包含 /、?、#、% 或 \\。"


def _unique() -> str:
    return uuid.uuid4().hex[:8]


def _create(api, demo, key, name=None, headers=None):
    body = {"organizationId": demo["org"], "name": name or f"Keys {_unique()}"}
    if key is not None:
        body["projectKey"] = key
    return api.as_("contributor").post("/project", body, headers=headers)


def _keys_of(api, demo) -> set[str]:
    return {p["projectKey"] for p in api.get(f"/project?filter=organizationId||$eq||{demo['org']}&limit=1000").json}


def _stations_by_key(api, demo, key):
    return api.get(f"/organization/{demo['org']}/projects/{quote(key, safe='')}/stations")


@pytest.mark.parametrize("key", ["a/b?c#d", "WI/LAKES", "LAKES?", "#1 survey", "50% done", "C:\\data", "/",
                                 "%2F"])
def test_a_key_with_a_character_that_breaks_an_address_is_refused(api, demo, key):
    key = f"{key} {_unique()}"
    response = _create(api, demo, key)
    assert (response.status_code, response.json["message"]) == (400, CHARACTERS)
    assert key.strip() not in _keys_of(api, demo)
    chinese = _create(api, demo, key, headers=ZH)
    assert (chinese.status_code, chinese.json["message"]) == (400, CHARACTERS_ZH)


@pytest.mark.parametrize("key,character", [("WI\tLAKES", "U+0009"), ("WI\nLAKES", "U+000A"),
                                           ("WI\x00", "U+0000"), ("WI\u2028LAKES", "U+2028"),
                                           ("WI\x7f", "U+007F")])
def test_a_key_with_a_control_character_is_refused_naming_it(api, demo, key, character):
    response = _create(api, demo, f"{key}{_unique()}")
    assert (response.status_code, response.json["message"]) == (
        400, f"Project key holds a control character ({character}), such as a tab or a line break: remove it.")
    chinese = _create(api, demo, f"{key}{_unique()}", headers=ZH)
    assert chinese.json["message"] == f"项目标识包含控制字符（{character}），例如制表符或换行：请将其删除。"


@pytest.mark.parametrize("key", [".", "..", " .. "])
def test_a_key_of_only_dots_that_an_address_would_skip_is_refused(api, demo, key):
    response = _create(api, demo, key)
    assert (response.status_code, response.json["message"]) == (
        400, "Project key cannot be just . or .. (web addresses skip those).")
    assert _create(api, demo, key, headers=ZH).json["message"] == "项目标识不能只是 . 或 ..（网址会忽略它们）。"


def test_a_key_keeps_its_length_limit(api, demo):
    response = _create(api, demo, "K" * 101)
    assert (response.status_code, response.json["message"]) == (400, "projectKey must be at most 100 characters.")


@pytest.mark.parametrize("key", ["WI_LAKES", "CEDEN-2019", "USGS.NAWQA", "RTWQN 2017-2019", "Lac Léman (2020)",
                                 "...", "a+b=c&d", "100 m"])
def test_keys_as_files_write_them_are_reached_percent_encoded(api, demo, key):
    key = f"{key} {_unique()}"
    created = _create(api, demo, f"  {key}  ")
    assert created.status_code == 201, created.json
    assert created.json["projectKey"] == key  # trimmed
    # As the screens write it (encodeURIComponent), and as a gateway that decodes the segment passes it on.
    for spelling in (quote(key, safe=""), quote(key, safe="").replace("%20", " ")):
        found = api.get(f"/organization/{demo['org']}/projects/{spelling}/stations")
        assert found.status_code == 200, (spelling, found.json)
        assert found.json == []
    activities = api.get(f"/organization/{demo['org']}/projects/{quote(key, safe='')}/activities")
    assert (activities.status_code, activities.json["total"]) == (200, 0)


def test_a_project_made_after_a_deleted_one_of_its_key_is_reached_by_the_encoded_key(api, demo):
    key = f"RTWQN {_unique()}"
    first = _create(api, demo, key).json
    assert api.as_("contributor").delete(f"/project/{first['id']}").status_code in (200, 204)
    again = _create(api, demo, key).json
    assert again["id"] != first["id"]
    station = api.as_("contributor").post("/station", {
        "organizationId": demo["org"], "identifier": f"K-{_unique()}", "name": "Key station", "latitude": 40.5,
        "longitude": -75.5}).json
    path = f"/organization/{demo['org']}/projects/{quote(key, safe='')}/stations"
    assert api.as_("contributor").put(path, [station["id"]]).status_code == 200
    assert [s["id"] for s in api.get(path).json] == [station["id"]]


def test_a_name_with_such_characters_and_no_key_gives_a_key_without_them(api, demo):
    """The key defaults to the name: a name may hold a / (Lakes/Rivers), its key holds a hyphen there."""
    uid = _unique()
    created = _create(api, demo, None, name=f"Lakes/Rivers 50% #{uid}")
    assert created.status_code == 201, created.json
    assert created.json["name"] == f"Lakes/Rivers 50% #{uid}"
    assert created.json["projectKey"] == f"Lakes-Rivers 50- -{uid}"
    found = _stations_by_key(api, demo, created.json["projectKey"])
    assert found.status_code == 200 and found.json == []
    dots = _create(api, demo, None, name="..")
    assert dots.status_code in (201, 409), dots.json  # 409: a project of that name made by an earlier run
    if dots.status_code == 201:
        assert dots.json["projectKey"] == "--"


def test_the_key_cannot_be_changed_to_a_refused_one_either(api, demo):
    project = _create(api, demo, f"KEEP-{_unique()}").json
    response = api.as_("contributor").patch(f"/project/{project['id']}", {"projectKey": "a/b"})
    assert (response.status_code, response.json["message"]) == (400, "Field projectKey cannot be changed.")
    assert api.get(f"/project/{project['id']}").json["projectKey"] == project["projectKey"]


def test_projects_made_from_files_refuse_such_keys_and_trim_others(demo):
    """`ensure` makes the projects of the demo's Water Quality Portal files (their ProjectIdentifier)."""
    for key, message in (("a/b?c#d", CHARACTERS), ("WI\tLAKES", "Project key holds a control character (U+0009), "
                                                                 "such as a tab or a line break: remove it."),
                         ("..", "Project key cannot be just . or .. (web addresses skip those)."),
                         ("K" * 101, "projectKey must be at most 100 characters.")):
        with pytest.raises(BadRequest) as refused:
            projects.ensure(demo["org"], key, "From a file")
        assert refused.value.message == message
    key = f"RTWQN {_unique()}"
    made = projects.ensure(demo["org"], f" {key} ", "From a file")
    assert made.projectKey == key
    assert projects.ensure(demo["org"], key, "Again").id == made.id
    assert projects.resolve(demo["org"], quote(key)).id == made.id


def test_an_imported_rows_project_identifier_makes_no_project(api):
    """An import writes into the project its address names; a row's ProjectIdentifier is read (and checked as
    text) but makes no project, so one such as `a/b?c#d` cannot make an unreachable one: the row is imported."""
    org, project = fresh_project(api)
    api.as_("admin").post("/station", {"organizationId": org, "identifier": "WIDNR_WQX-10032762",
                                       "name": "Pheasant Branch", "latitude": 43.1, "longitude": -89.5})
    source = list(csv.DictReader(io.StringIO((WQP / "wqp_results.csv").read_text(encoding="utf-8"))))[0]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(source), lineterminator="\n")
    writer.writeheader()
    writer.writerow({**source, "ActivityIdentifier": "KEY-1", "ProjectIdentifier": "a/b?c#d"})
    log = import_file(api, org, project, out.getvalue().encode("utf-8"), "keys.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", 1, 0), log
    listed = api.get(f"/project?filter=organizationId||$eq||{org}").json
    assert [p["id"] for p in listed] == [project]
