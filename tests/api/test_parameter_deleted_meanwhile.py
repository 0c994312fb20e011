"""A parameter deleted while its first values are written stays (security walk, 2026-11-27: a push and a delete at
once left values on a deleted parameter, which another organization could then take by its label), and a deleted
parameter leaves the projects' lists."""
from __future__ import annotations

import uuid


def _parameter(api, demo) -> dict:
    made = api.as_("orgadmin").post("/parameter", {"label": f"Meanwhile {uuid.uuid4().hex[:6]}", "unit": "deg C",
                                                   "organizationId": demo["org"]})
    assert made.status_code == 201, made.json
    return made.json


def test_a_delete_meeting_a_push_leaves_the_parameter_with_its_values(api, demo, monkeypatch):
    from chalicelib.parameters import service as parameters

    parameter = _parameter(api, demo)
    # The delete checked before the values were written, and deletes after: the check after deleting sees them.
    has_values, checks = parameters.has_values, []
    monkeypatch.setattr(parameters, "has_values", lambda pid: checks.append(pid) or len(checks) > 1)
    refused = api.as_("orgadmin").delete(f"/parameter/{parameter['id']}")
    assert (refused.status_code, refused.json["message"]) == (409, (
        f"Values are recorded for the parameter '{parameter['label']}': a parameter with values cannot be deleted."))
    monkeypatch.setattr(parameters, "has_values", has_values)
    assert api.get(f"/parameter/{parameter['id']}").status_code == 200


def test_values_written_after_the_parameter_was_deleted_bring_it_back(api, demo):
    from chalicelib.parameters import service as parameters

    parameter = _parameter(api, demo)
    assert api.as_("orgadmin").delete(f"/parameter/{parameter['id']}").status_code == 200
    assert api.get(f"/parameter/{parameter['id']}").status_code == 404
    parameters.restore_if_deleted(parameter["id"])  # what a push or an import does after writing values
    assert api.get(f"/parameter/{parameter['id']}").json["label"] == parameter["label"]


def test_a_deleted_parameter_leaves_the_projects_lists(api, demo):
    orgadmin = api.as_("orgadmin")
    parameter = _parameter(api, demo)
    project = orgadmin.post("/project", {"organizationId": demo["org"], "name": f"Lists {uuid.uuid4().hex[:6]}"}).json
    path = f"/organization/{demo['org']}/projects/{project['id']}/parameters"
    assert orgadmin.put(path, {"parameterIds": [parameter["id"]]}).status_code == 200
    assert [p["id"] for p in orgadmin.get(path).json] == [parameter["id"]]
    assert orgadmin.delete(f"/parameter/{parameter['id']}").status_code == 200
    assert orgadmin.get(path).json == []
    assert api.get(f"/project/{project['id']}").json.get("parameterIds") in (None, [])
