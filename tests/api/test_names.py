"""Names people tell things apart by: organization names, project names and parameter labels follow one rule
(chalicelib/core/names.py, decision 0015). Names that look the same are the same name: "Café" typed composed or
decomposed, with two spaces, a no-break space or a zero-width space in it, or in other letters, is taken once. A
name is stored tidied (NFC, format characters out, one space between words, trimmed); a name with a control
character in it (a tab, a line break, NUL) is refused, saying which name. Walk of 2026-11-28, defects M3, L6 and
L10: two projects renamed to one name at the same moment both kept it (three rounds in eight)."""
from __future__ import annotations

import threading
import uuid

import pytest

from tests.api.imports_support import fresh_project

ZH = {"Accept-Language": "zh-CN"}
ROUNDS = 8


def _uid() -> str:
    return uuid.uuid4().hex[:8]


# ---------------------------------------------------------------- the three kinds of name, over HTTP


@pytest.fixture(scope="module")
def org(api) -> str:
    return fresh_project(api)[0]


def _new_organization(api, name: str):
    return api.as_("admin").post("/organization", {"name": name})


def _new_project(api, org: str, name: str):
    return api.as_("admin").post("/project", {"organizationId": org, "name": name})


def _new_parameter(api, org: str, label: str):
    return api.as_("admin").post("/parameter", {"label": label, "organizationId": org, "unit": "mg/L"})


KINDS = {
    # kind: (make one, the field its name is in, the refusal of a control character in English and Chinese)
    "organization": (lambda api, org, name: _new_organization(api, name), "name",
                     "Organization name must be one line of text, without tabs or line breaks.",
                     "组织名称必须是一行文本，不能包含制表符或换行。"),
    "project": (_new_project, "name",
                "Project name must be one line of text, without tabs or line breaks.",
                "项目名称必须是一行文本，不能包含制表符或换行。"),
    "parameter": (_new_parameter, "label",
                  "Parameter label must be one line of text, without tabs or line breaks.",
                  "参数名称必须是一行文本，不能包含制表符或换行。"),
}

# Texts that look like "Café <uid>" (as the tester typed them), each taken as that name.
LOOK_ALIKES = {
    "decomposed é": "Cafe\u0301 {uid}",
    "two spaces": "Café  {uid}",
    "a no-break space": "Café\u00a0{uid}",
    "a zero-width space": "Caf\u200bé {uid}",
    "spaces around": "  Café {uid}\u3000",
    "other letters": "CAFÉ {uid}",
    "full-width letters": "ＣＡＦÉ {uid}",
}
CONTROL_CHARACTERS = {"a tab": "Café\t{uid}", "a line break": "Café\n{uid}", "a leading NUL": "\x00Café {uid}",
                      "a carriage return": "Café\r\n{uid}", "a line separator": "Café\u2028{uid}",
                      "DEL": "Café\x7f{uid}"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("variant", LOOK_ALIKES)
def test_a_name_that_looks_like_a_taken_one_is_taken(api, org, kind, variant):
    make, field, _, _ = KINDS[kind]
    uid = _uid()
    first = make(api, org, f"Café {uid}")
    assert first.status_code == 201, first.json
    assert first.json[field] == f"Café {uid}"
    again = make(api, org, LOOK_ALIKES[variant].format(uid=uid))
    assert again.status_code == 409, (variant, again.json)


@pytest.mark.parametrize("kind", KINDS)
def test_a_name_is_stored_tidied(api, org, kind):
    """Composed, without the invisible characters, one space between words, nothing around."""
    make, field, _, _ = KINDS[kind]
    uid = _uid()
    made = make(api, org, f" \u00a0Cafe\u0301\u200b \u2003 de\u00a0la  Gare {uid}\ufeff ")
    assert made.status_code == 201, made.json
    assert made.json[field] == f"Café de la Gare {uid}"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("variant", CONTROL_CHARACTERS)
def test_a_name_with_a_control_character_is_refused_saying_which_name(api, org, kind, variant):
    make, _, english, _ = KINDS[kind]
    refused = make(api, org, CONTROL_CHARACTERS[variant].format(uid=_uid()))
    assert (refused.status_code, refused.json["message"]) == (400, english)


@pytest.mark.parametrize("kind", KINDS)
def test_the_refusal_of_a_control_character_reads_in_chinese(api, org, kind):
    _, field, _, chinese = KINDS[kind]
    path = {"organization": "/organization", "project": "/project", "parameter": "/parameter"}[kind]
    body = {field: f"Café\t{_uid()}"} if kind == "organization" else {field: f"Café\t{_uid()}", "organizationId": org}
    refused = api.as_("admin").post(path, body, headers=ZH)
    assert (refused.status_code, refused.json["message"]) == (400, chinese)


@pytest.mark.parametrize("kind", KINDS)
def test_a_line_break_pasted_at_the_end_is_trimmed_not_refused(api, org, kind):
    make, field, _, _ = KINDS[kind]
    uid = _uid()
    made = make(api, org, f"Pasted {uid}\r\n")
    assert (made.status_code, made.json[field]) == (201, f"Pasted {uid}")


@pytest.mark.parametrize("kind", KINDS)
def test_a_name_of_invisible_characters_only_is_missing(api, org, kind):
    make, _, _, _ = KINDS[kind]
    refused = make(api, org, "\u200b\u00a0 \ufeff")
    assert refused.status_code == 400
    assert refused.json["message"] in ("Organization name is required.", "name is required.", "label is required.")


# ---------------------------------------------------------------- renames


def _project(api, org: str, name: str) -> str:
    made = _new_project(api, org, name)
    assert made.status_code == 201, made.json
    return made.json["id"]


def test_a_renamed_project_keeps_its_name_trimmed(api, org):
    """L10: a rename stored "  Spaced Name  " as it came (a new project's name was trimmed)."""
    project = _project(api, org, f"Before {_uid()}")
    uid = _uid()
    renamed = api.as_("admin").patch(f"/project/{project}", {"name": f"  Spaced Name {uid}  "})
    assert (renamed.status_code, renamed.json["name"]) == (200, f"Spaced Name {uid}")
    assert api.get(f"/project/{project}").json["name"] == f"Spaced Name {uid}"
    # Its spacing or its letters changed only: the same name, still its own, stored as now typed.
    respaced = api.as_("admin").patch(f"/project/{project}", {"name": f"spaced\u00a0 NAME {uid}\t"})
    assert (respaced.status_code, respaced.json["name"]) == (200, f"spaced NAME {uid}")
    assert _new_project(api, org, f"Spaced name {uid}").status_code == 409


@pytest.mark.parametrize("variant", LOOK_ALIKES)
def test_a_project_is_not_renamed_to_a_name_that_looks_like_anothers(api, org, variant):
    uid = _uid()
    _project(api, org, f"Café {uid}")
    other = _project(api, org, f"Other {uid}")
    refused = api.as_("admin").patch(f"/project/{other}", {"name": LOOK_ALIKES[variant].format(uid=uid)})
    assert refused.status_code == 409, refused.json
    assert api.get(f"/project/{other}").json["name"] == f"Other {uid}"


@pytest.mark.parametrize("variant", ["a tab", "a line break", "a leading NUL"])
def test_a_rename_with_a_control_character_is_refused(api, org, variant):
    project = _project(api, org, f"Steady {_uid()}")
    refused = api.as_("admin").patch(f"/project/{project}", {"name": CONTROL_CHARACTERS[variant].format(uid=_uid())})
    assert (refused.status_code, refused.json["message"]) == (400, KINDS["project"][2])
    in_chinese = api.as_("admin").patch(f"/project/{project}", {"name": f"a\tb {_uid()}"}, headers=ZH)
    assert in_chinese.json["message"] == KINDS["project"][3]


@pytest.mark.parametrize("variant", LOOK_ALIKES)
def test_an_organization_is_not_renamed_to_a_name_that_looks_like_anothers(api, variant):
    uid = _uid()
    assert _new_organization(api, f"Café {uid}").status_code == 201
    other = _new_organization(api, f"Other {uid}").json["id"]
    refused = api.as_("admin").patch(f"/organization/{other}", {"name": LOOK_ALIKES[variant].format(uid=uid)})
    assert refused.status_code == 409, refused.json
    assert api.get(f"/organization/{other}").json["name"] == f"Other {uid}"


def test_an_organization_renamed_with_spaces_and_invisible_characters_is_stored_tidied(api):
    uid = _uid()
    organization = _new_organization(api, f"Tidy {uid}").json["id"]
    renamed = api.as_("admin").patch(f"/organization/{organization}", {"name": f" Tidy\u200b\u00a0 river {uid} "})
    assert (renamed.status_code, renamed.json["name"]) == (200, f"Tidy river {uid}")
    refused = api.as_("admin").patch(f"/organization/{organization}", {"name": f"Tidy\u2028river {uid}"}, headers=ZH)
    assert (refused.status_code, refused.json["message"]) == (400, KINDS["organization"][3])


def test_names_stored_before_the_rule_keep_their_claims(api, org):
    """A name of plain letters, digits, punctuation and single spaces has the key it had before (strip, casefold):
    a project, an organization or a parameter named so before still finds its own claim, and keeps its id."""
    from chalicelib.core.uniques import UniqueClaim
    from chalicelib.projects.models import derived_id
    from chalicelib.reference.models import ORGANIZATION_NAME, CatalogItem

    uid = _uid()
    plain = f"Lake Survey (2024) - North/East #{uid}"
    project = _project(api, org, plain)
    assert UniqueClaim.get(f"project-name#{org}#{plain.strip().casefold()}").targetId == project
    organization = _new_organization(api, plain).json["id"]
    assert CatalogItem.get(f"{ORGANIZATION_NAME}#{plain.casefold()}").organizationId == organization
    parameter = _new_parameter(api, org, plain).json["id"]
    assert parameter == derived_id("parameter", plain)
    # Renamed away and back: the plain name's claim is taken and let go as before.
    assert api.as_("admin").patch(f"/project/{project}", {"name": f"{plain} renamed"}).status_code == 200
    assert UniqueClaim.count(f"project-name#{org}#{plain.casefold()}", consistent_read=True) == 0
    assert api.as_("admin").patch(f"/project/{project}", {"name": plain}).status_code == 200
    assert UniqueClaim.get(f"project-name#{org}#{plain.casefold()}").targetId == project


def test_a_file_or_a_push_naming_a_label_that_looks_the_same_finds_the_parameter(api, org):
    """Imports and pushes find parameters by label through the same key (parameters.parameter_id_for)."""
    from chalicelib.parameters import service as parameters

    uid = _uid()
    made = _new_parameter(api, org, f"Café {uid}").json
    for variant in LOOK_ALIKES.values():
        assert parameters.parameter_id_for(variant.format(uid=uid)) == made["id"]
        assert parameters.ensure(variant.format(uid=uid)).label == f"Café {uid}"


# ---------------------------------------------------------------- at the same moment


def _at_once(calls) -> list:
    """Runs the calls at the same moment (each thread waits for the others), answers in order."""
    start = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(k: int) -> None:
        start.wait()
        answers[k] = calls[k]()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def _holders(api, project_ids: list[str], name: str) -> list[str]:
    return [p for p in project_ids if api.get(f"/project/{p}").json["name"] == name]


def test_projects_renamed_to_one_name_at_the_same_moment_leave_it_to_one(api):
    """M3: four projects of one organization, each renamed to "Clash n" at once: in 3 rounds of 8 two of them kept
    it ([200, 409, 200, 409]), as a rename's claim was let go as stale by another before its project had the name."""
    org = fresh_project(api)[0]
    admin = api.as_("admin")
    projects = [_project(api, org, f"Racer {k} {_uid()}") for k in range(4)]
    for round_ in range(ROUNDS):
        name = f"Clash {round_} {_uid()}"
        answers = _at_once([lambda p=p: admin.patch(f"/project/{p}", {"name": name}) for p in projects])
        statuses = [a.status_code for a in answers]
        assert sorted(statuses) == [200, 409, 409, 409], (round_, statuses, [a.json for a in answers])
        assert _holders(api, projects, name) == [projects[statuses.index(200)]], round_
        # The name is held: a fifth project cannot be made with it, and the others' old names are free again.
        assert _new_project(api, org, name.upper()).status_code == 409


def test_projects_made_and_renamed_to_one_name_at_the_same_moment_leave_it_to_one(api):
    """Creation stays sound beside renames: two new projects and two renamed ones asking for one name at once."""
    from chalicelib.projects.models import Project

    org = fresh_project(api)[0]
    admin = api.as_("admin")
    projects = [_project(api, org, f"Mixed {k} {_uid()}") for k in range(2)]
    for round_ in range(ROUNDS // 2):
        name = f"Crowded {round_} {_uid()}"
        calls = [lambda p=p: admin.patch(f"/project/{p}", {"name": name}) for p in projects]
        calls += [lambda: _new_project(api, org, name), lambda: _new_project(api, org, f" {name.lower()} ")]
        answers = _at_once(calls)
        statuses = [a.status_code for a in answers]
        assert sorted(statuses)[1:] == [409] * (len(calls) - 1), (round_, statuses, [a.json for a in answers])
        assert sorted(statuses)[0] in (200, 201), (round_, statuses)
        live = [p for p in Project.by_organization.query(org)
                if not p.deletedAt and p.name.casefold() == name.casefold()]
        assert len(live) == 1, (round_, statuses, [p.name for p in live])
        if live[0].id not in projects:  # a new project took it: the next round renames it too
            projects.append(live[0].id)


def test_a_name_let_go_by_a_rename_is_free_at_once(api):
    """The old name's claim goes with the rename: another project may take it next (with a key of its own: the
    renamed project keeps the key its first name gave it)."""
    org = fresh_project(api)[0]
    uid = _uid()
    project = _project(api, org, f"Old name {uid}")
    assert api.as_("admin").patch(f"/project/{project}", {"name": f"New name {uid}"}).status_code == 200
    again = api.as_("admin").post("/project", {"organizationId": org, "name": f"old  NAME {uid}", "projectKey": uid})
    assert (again.status_code, again.json["name"]) == (201, f"old NAME {uid}")


def test_a_claim_whose_project_does_not_have_the_name_is_let_go_when_the_name_is_asked_for(api):
    """A rename or a deletion that stopped before letting a name go (its claim written, its project not of that
    name, deleted or gone) does not keep the name from others."""
    from chalicelib.projects import service as projects
    from chalicelib.projects.models import Project

    org = fresh_project(api)[0]
    uid = _uid()
    elsewhere = _project(api, org, f"Elsewhere {uid}")
    deleted = _project(api, org, f"Deleted {uid}")
    assert api.as_("admin").delete(f"/project/{deleted}").status_code == 200
    for holder, name in ((elsewhere, f"Half renamed {uid}"), (deleted, f"Half deleted {uid}"),
                         ("no-such-project", f"Never made {uid}")):
        projects._name_claim(org, name, holder).save()
        assert projects._claim_holder(org, name) == holder
    renamed = _project(api, org, f"Renamed {uid}")
    assert api.as_("admin").patch(f"/project/{renamed}", {"name": f"half  renamed {uid}"}).status_code == 200
    assert projects._claim_holder(org, f"Half renamed {uid}") == renamed
    assert _new_project(api, org, f"Half deleted {uid}").status_code == 201
    assert _new_project(api, org, f"Never made {uid}").status_code == 201
    assert Project.get(elsewhere).name == f"Elsewhere {uid}"
    # A claim its project rightly holds stays.
    assert _new_project(api, org, f"Elsewhere {uid}").status_code == 409


def test_a_rename_that_read_the_project_before_another_rename_lets_the_right_name_go(api, monkeypatch):
    """Two renames of one project at once: the second read the project before the first's change. It is tried
    again on the project as it is now, so the name the first gave it is let go, not left claimed."""
    from chalicelib.projects import service as projects

    org = fresh_project(api)[0]
    uid = _uid()
    project = _project(api, org, f"First {uid}")
    stale = projects.get(project)
    assert api.as_("admin").patch(f"/project/{project}", {"name": f"Second {uid}"}).status_code == 200
    monkeypatch.setattr(projects, "get", lambda _id: stale)
    renamed = api.as_("admin").patch(f"/project/{project}", {"name": f"Third {uid}"})
    monkeypatch.undo()
    assert (renamed.status_code, renamed.json["name"]) == (200, f"Third {uid}")
    assert projects._claim_holder(org, f"Third {uid}") == project
    assert projects._claim_holder(org, f"First {uid}") is None
    assert projects._claim_holder(org, f"Second {uid}") is None
    # And one that says which version it read is told it changed meanwhile.
    monkeypatch.setattr(projects, "get", lambda _id: stale)
    refused = api.as_("admin").patch(f"/project/{project}", {"name": f"Fourth {uid}"},
                                     headers={"If-Match": f'"{stale.updatedAt or stale.createdAt}"'})
    monkeypatch.undo()
    assert refused.status_code == 412, refused.json
    assert api.get(f"/project/{project}").json["name"] == f"Third {uid}"


def test_a_project_name_too_long_is_refused_naming_the_project_name_in_both_languages(api, demo):
    # A walk: the refusal had read "name must be at most 300 characters." (and "name 最多 300 个字符。").
    too_long = _new_project(api, demo["org"], "水" * 301)
    assert (too_long.status_code, too_long.json["message"]) == (400, "Project name must be at most 300 characters.")
    chinese = api.as_("admin").post("/project", {"organizationId": demo["org"], "name": "水" * 301},
                                    headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"] == "项目名称最多 300 个字符。"
