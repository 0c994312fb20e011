"""Authorization-matrix cases of the monitoring-data routes (projects, stations, parameters,
samples, reference lists, statistics). Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

import uuid

from tests.api.authorization_matrix import ADMIN_ONLY, ALL_OK, Case

# Writes of the demo organization's data: its data contributors and group admins, and system admins.
DEMO_ORG_CONTRIBUTORS = dict(anonymous=401, viewer=403, contributor=200, orgadmin=200, other_orgadmin=403, admin=200)
CREATED_BY_CONTRIBUTORS = {**DEMO_ORG_CONTRIBUTORS, "contributor": 201, "orgadmin": 201, "admin": 201}
CREATED_BY_ADMIN = {**ADMIN_ONLY, "admin": 201}
# A public route answering bad input: everyone gets the same 400.
ALL_BAD_REQUEST = {identity: 400 for identity in ALL_OK}


def _demo_org() -> str:
    from devtools.seed import DEMO_ORGANIZATION_ID

    return DEMO_ORGANIZATION_ID


def _unique() -> str:
    return uuid.uuid4().hex[:10]


def _fresh_project(ids: dict) -> dict:
    from chalicelib.projects import service as projects

    return {"project": projects.create({"organizationId": ids["org"], "name": f"Matrix project {_unique()}"})["id"]}


def _fresh_station(ids: dict) -> dict:
    from chalicelib.stations import service as stations

    return {"station": stations.create({"organizationId": ids["org"], "identifier": f"MATRIX-{_unique()}",
                                        "name": "Matrix station", "latitude": 40.1, "longitude": -75.2})["id"]}


def _fresh_parameter(ids: dict) -> dict:
    from chalicelib.parameters import service as parameters

    return {"parameter": parameters.create({"label": f"Matrix parameter {_unique()}", "organizationId": ids["org"]})["id"]}


def _fresh_catalog_item(kind: str):
    def setup(ids: dict) -> dict:
        from chalicelib.core.models import utc_now
        from chalicelib.reference import service as reference
        from chalicelib.reference.models import CatalogItem

        key = f"matrix-{_unique()}"
        item = CatalogItem(id=reference.catalog_id(kind, key), kind=kind, key=key, label=key, createdAt=utc_now())
        item.save()
        return {"item": item.id}

    return setup


def _wqp_series(ids: dict) -> dict:
    from chalicelib.parameters.service import parameter_id_for
    from chalicelib.stations.service import station_id_for

    return {"wqp_station": station_id_for(ids["org"], "WIDNR_WQX-10032762"),
            "wqp_parameter": parameter_id_for("Specific conductance")}


def _station_body():
    return {"organizationId": _demo_org(), "identifier": f"MATRIX-{_unique()}", "name": "Matrix station",
            "latitude": 39.5, "longitude": -74.5}


CASES: list = [
    Case("GET", "/project", ALL_OK),
    Case("POST", "/project", CREATED_BY_CONTRIBUTORS,
         body=lambda: {"organizationId": _demo_org(), "name": f"Project {_unique()}"}),
    Case("GET", "/project/{project}", ALL_OK, setup=_fresh_project),
    Case("PATCH", "/project/{project}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_project, body={"description": "Edited"}),
    Case("DELETE", "/project/{project}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_project),
    Case("GET", "/project/getIdsByOrganizationIds", ALL_OK),
    Case("GET", "/organization/{org}/projects/{project}/stations", ALL_OK, setup=_fresh_project),
    Case("PUT", "/organization/{org}/projects/{project}/stations", DEMO_ORG_CONTRIBUTORS, setup=_fresh_project, body=[]),
    Case("GET", "/organization/{org}/projects/{project}/parameters", ALL_OK, setup=_fresh_project),
    Case("PUT", "/organization/{org}/projects/{project}/parameters", DEMO_ORG_CONTRIBUTORS, setup=_fresh_project,
         body=[]),
    Case("GET", "/organization/{org}/projects/{project}/activities", ALL_OK, setup=_fresh_project),
    Case("GET", "/organization/{org}/projects/{project}/activities/{activity}", ALL_OK,
         setup=lambda ids: {"project": "CBSM_URSS_Madison", "activity": "WIDNR_WQX-45822640"}),
    Case("GET", "/station", ALL_OK),
    Case("POST", "/station", CREATED_BY_CONTRIBUTORS, body=_station_body),
    Case("POST", "/station/bulk", CREATED_BY_CONTRIBUTORS, body=lambda: {"bulk": [_station_body(), _station_body()]}),
    Case("GET", "/station/{station}", ALL_OK, setup=_fresh_station),
    Case("PATCH", "/station/{station}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_station, body={"name": "Renamed"}),
    Case("DELETE", "/station/{station}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_station),
    Case("GET", "/parameter", ALL_OK),
    Case("GET", "/parameter/parameters", ALL_OK),
    Case("POST", "/parameter", CREATED_BY_CONTRIBUTORS,
         body=lambda: {"label": f"Parameter {_unique()}", "organizationId": _demo_org()}),
    Case("GET", "/parameter/{parameter}", ALL_OK, setup=_fresh_parameter),
    Case("PATCH", "/parameter/{parameter}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_parameter, body={"unit": "mg/L"}),
    Case("DELETE", "/parameter/{parameter}", DEMO_ORG_CONTRIBUTORS, setup=_fresh_parameter),
    Case("GET", "/organization/{org}/parameters", ALL_OK),
    Case("PUT", "/organization/{org}/parameters", DEMO_ORG_CONTRIBUTORS, body=[]),
    Case("GET", "/keylist/{keylist}", ALL_OK, setup=lambda ids: {"keylist": "units"}),
    Case("GET", "/county/county", ALL_OK),
    Case("GET", "/sampleValue/{wqp_station}/{wqp_parameter}", ALL_OK, setup=_wqp_series),
    Case("DELETE", "/sampleValue/{station}/{parameter}", DEMO_ORG_CONTRIBUTORS,
         setup=lambda ids: {**_fresh_station(ids), **_fresh_parameter(ids)}),
    Case("GET", "/station/{wqp_station}/series", ALL_OK, setup=_wqp_series),
    Case("GET", "/sampleValue", ALL_BAD_REQUEST),
    Case("POST", "/statistic", ALL_OK, body={"format": "columns"}),
    Case("GET", "/statistic/sampleLocationList", ALL_OK),
]

DOWNLOAD = "/sampleValueAnswers/{download}"


def _download_of(owner: str | None):
    """A written sample-value download (its status as the worker leaves it), asked for by `owner` (a demo user;
    None: anonymous)."""

    def setup(ids: dict) -> dict:
        from chalicelib.core import queued_answers
        from chalicelib.samples import answers

        status = queued_answers.enqueue(answers.KIND, {"owner": ids[owner] if owner else None, "asked": {}})
        queued_answers.save(answers.KIND, {**status, "status": queued_answers.SUCCEEDED,
                                           "key": queued_answers.key(answers.KIND, status["id"], "x.csv")})
        return {"download": status["id"]}

    return setup


ALL_SEE_OTHER = {identity: 303 for identity in ALL_OK}
CASES += [
    # An anonymous caller's download is anyone's who holds its id; a signed-in caller's is theirs alone.
    Case("GET", DOWNLOAD, ALL_SEE_OTHER, setup=_download_of(None)),
    Case("GET", DOWNLOAD, {**{identity: 404 for identity in ALL_OK}, "orgadmin": 303}, setup=_download_of("orgadmin")),
    Case("GET", DOWNLOAD + "?attempt=x", ALL_BAD_REQUEST, setup=_download_of(None)),
]

for base, kind in (("/stationTypes", "stationType"), ("/monitoringLocationTypes", "monitoringLocationType"),
                   ("/parameter/groups", "parameterGroup")):
    setup = _fresh_catalog_item(kind)
    CASES += [
        Case("GET", base, ALL_OK),
        Case("POST", base, CREATED_BY_ADMIN, body=lambda: {"key": f"key-{_unique()}", "label": f"Label {_unique()}"}),
        Case("POST", f"{base}/bulk", CREATED_BY_ADMIN,
             body=lambda: {"bulk": [{"key": f"key-{_unique()}", "label": "One"}, {"key": f"key-{_unique()}", "label": "Two"}]}),
        Case("GET", base + "/{item}", ALL_OK, setup=setup),
        Case("PATCH", base + "/{item}", ADMIN_ONLY, setup=setup, body={"description": "Edited"}),
        Case("DELETE", base + "/{item}", ADMIN_ONLY, setup=setup),
    ]
