"""A parameter one organization made becomes shared once another organization's values use it (security walk,
2026-11-27: its maker could relabel or delete what another organization's values are). From then on only system
administrators change or delete it; its maker is told so."""
from __future__ import annotations

import urllib.parse
import uuid

from tests.api.imports_support import fresh_project, import_file

SHARED_ONLY = "Only system administrators can change shared parameters."


def _own_parameter(api, demo) -> dict:
    """A parameter of the second organization, made by its group administrator."""
    made = api.as_("outsider").post("/parameter", {"label": f"Own {uuid.uuid4().hex[:8]}", "unit": "mg/L",
                                                   "organizationId": demo["other_org"]})
    assert made.status_code == 201, made.json
    assert made.json["organizationId"] == demo["other_org"]
    return made.json


def _refused_to_its_maker(api, parameter: dict) -> None:
    maker = api.as_("outsider")
    relabel = maker.patch(f"/parameter/{parameter['id']}", {"characteristicName": "Lead", "unit": "ug/L"})
    assert (relabel.status_code, relabel.json["message"]) == (403, SHARED_ONLY)
    removal = maker.delete(f"/parameter/{parameter['id']}")
    assert (removal.status_code, removal.json["message"]) == (403, SHARED_ONLY)
    kept = api.get(f"/parameter/{parameter['id']}").json
    assert (kept["label"], kept["unit"], kept.get("organizationId")) == (parameter["label"], "mg/L", None)


def test_its_maker_changes_it_while_only_its_own_values_use_it(api, demo):
    parameter = _own_parameter(api, demo)
    changed = api.as_("outsider").patch(f"/parameter/{parameter['id']}", {"description": "Ours alone"})
    assert (changed.status_code, changed.json["description"]) == (200, "Ours alone")


def test_another_organizations_import_makes_it_shared(api, demo):
    parameter = _own_parameter(api, demo)
    org, project = fresh_project(api)
    content = (b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               b"SHARE-1,2024-05-01,10:00,EST," + parameter["label"].encode() + b",2.5,mg/L,40.1,-75.2\n")
    dry = import_file(api, org, project, content, "share.csv", dryRun="true")
    assert dry["status"] == "succeeded"
    assert api.get(f"/parameter/{parameter['id']}").json["organizationId"] == demo["other_org"]  # a dry run writes nothing
    log = import_file(api, org, project, content, "share.csv")
    assert (log["status"], log["rowsImported"], log["parametersCreated"]) == ("succeeded", 1, 0)
    _refused_to_its_maker(api, parameter)
    # The change is in the audit trail, under its maker's organization.
    query = urllib.parse.urlencode({"filter": f"targetId||$eq||{parameter['id']}", "sort": "at,ASC"})
    entries = api.as_("admin").get(f"/system/audit?{query}").json
    assert [(e["action"], e["before"], e["after"]) for e in entries] == [
        ("update", {"organizationId": demo["other_org"]}, {"organizationId": None, "usedBy": org})]
    # A system administrator still may.
    admin_change = api.as_("admin").patch(f"/parameter/{parameter['id']}", {"description": "Shared"})
    assert admin_change.status_code == 200


def test_another_organizations_push_makes_it_shared_once_a_value_is_accepted(api, demo):
    parameter = _own_parameter(api, demo)
    org, project = fresh_project(api)
    admin = api.as_("admin")
    station = admin.post("/station", {"organizationId": org, "identifier": f"PUSH-{uuid.uuid4().hex[:6]}",
                                      "name": "Push creek", "latitude": 40.2, "longitude": -75.1}).json
    key = admin.post(f"/organization/{org}/api-keys", {"name": "Sharing test"}).json["key"]

    def push(values):
        return api.as_("anonymous").post(f"/wapi/{project}/ts", {"series": [
            {"stationId": station["id"], "parameterId": parameter["id"], "unit": "mg/L", "values": values}]},
            headers={"X-API-Key": key})

    refused = push([["not a time", 1.0]])
    assert refused.status_code == 200 and refused.json["accepted"] == 0
    assert api.get(f"/parameter/{parameter['id']}").json["organizationId"] == demo["other_org"]
    accepted = push([["2024-05-01T10:00:00Z", 1.5]])
    assert accepted.json["accepted"] == 1, accepted.json
    _refused_to_its_maker(api, parameter)


def test_an_import_names_the_parameters_it_creates_and_they_are_its_organizations(api, demo):
    """Member walk, 2026-11-27: a typo in the Parameter column made a parameter nobody could fix, and the dry run
    said only how many parameters it would create."""
    org, project = fresh_project(api)
    typo = f"Nitrat {uuid.uuid4().hex[:6]}"
    content = (b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               b"NEW-1,2024-05-01,10:00,EST," + typo.encode() + b",2.5,mg/L,40.1,-75.2\n"
               b"NEW-2,2024-05-01,11:00,EST," + typo.encode() + b",2.7,mg/L,40.2,-75.3\n"
               b"NEW-2,2024-05-01,11:00,EST,pH,7.1,std units,40.2,-75.3\n")
    dry = import_file(api, org, project, content, "typo.csv", dryRun="true")
    assert (dry["status"], dry["parametersCreated"], dry["newParameters"]) == ("succeeded", 1, [typo])
    assert api.get(f"/parameter/parameters?filter=label||$eq||{urllib.parse.quote(typo)}").json == []
    log = import_file(api, org, project, content, "typo.csv")
    assert (log["parametersCreated"], log["newParameters"]) == (1, [typo])
    (made,) = api.get(f"/parameter/parameters?filter=label||$eq||{urllib.parse.quote(typo)}").json
    assert made["organizationId"] == org
    # Its organization may correct what it holds (system administrators made the import here: they are in any).
    assert api.as_("admin").patch(f"/parameter/{made['id']}", {"description": "Nitrate, misspelt"}).status_code == 200
    again = import_file(api, org, project, content, "typo.csv")
    assert (again["parametersCreated"], again["newParameters"]) == (0, [])


def test_a_push_creates_a_new_parameter_as_its_organizations(api, demo):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    station = admin.post("/station", {"organizationId": org, "identifier": f"PUSH-{uuid.uuid4().hex[:6]}",
                                      "name": "Push creek", "latitude": 40.2, "longitude": -75.1}).json
    key = admin.post(f"/organization/{org}/api-keys", {"name": "New parameter"}).json["key"]
    label = f"Chlorophyll sensor {uuid.uuid4().hex[:6]}"
    pushed = api.as_("anonymous").post(f"/wapi/{project}/ts", {"series": [
        {"stationId": station["id"], "parameter": label, "unit": "ug/L", "values": [["2024-05-01T10:00:00Z", 3.2]]}]},
        headers={"X-API-Key": key})
    assert pushed.json["accepted"] == 1, pushed.json
    (made,) = api.get(f"/parameter/parameters?filter=label||$eq||{urllib.parse.quote(label)}").json
    assert made["organizationId"] == org
