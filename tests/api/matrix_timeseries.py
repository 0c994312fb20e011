"""Authorization-matrix cases of the time-series routes (public reads like the explorer's sampled values,
pushes, file imports) and of organization API keys. Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

import uuid

from urllib3 import encode_multipart_formdata

from tests.api.authorization_matrix import ALL_OK, DEMO_ORG_ADMINS, Case
from tests.api.matrix_imports import QUEUED_BY_CONTRIBUTORS
from tests.api.matrix_monitoring import (ALL_BAD_REQUEST, ALL_SEE_OTHER, CREATED_BY_CONTRIBUTORS,
                                         DEMO_ORG_CONTRIBUTORS)

_BODY, _CONTENT_TYPE = encode_multipart_formdata({"file": ("logger.csv", b"Site,Timestamp,pH\n"
                                                                         b"MATRIX-1,2024-01-01T00:00Z,7\n", "text/csv"),
                                                  "dryRun": "true"})


def _project_and_series(ids: dict) -> dict:
    from chalicelib.projects import service as projects
    from chalicelib.stations import service as stations
    from chalicelib.timeseries import service as timeseries

    project = projects.create({"organizationId": ids["org"], "name": f"Matrix series {uuid.uuid4().hex[:8]}"})["id"]
    station = stations.create({"organizationId": ids["org"], "identifier": f"MATRIX-TS-{uuid.uuid4().hex[:8]}",
                               "name": "Matrix logger", "latitude": 40.0, "longitude": -75.0})["id"]
    series = timeseries.ensure_series(organization_id=ids["org"], station_id=station, parameter_id="matrix-ph",
                                      project_id=project)
    return {"project": project, "series": series.id}


def _demo_key(ids: dict) -> dict:
    from chalicelib.apikeys import service as apikeys

    return {"key": apikeys.create(ids["org"], ids["orgadmin"], {"name": "Matrix key"})["id"]}


_PROJECT = "/organization/{org}/projects/{project}"

CASES: list = [
    Case("GET", "/wapi/ts/list?organizationId={org}", ALL_OK),
    Case("GET", "/wapi/ts/data?series={series}", ALL_OK, setup=_project_and_series),
    # Its CSV answer is read in tests/api/test_timeseries.py; here the same answer for everyone to bad input.
    Case("GET", "/wapi/ts/download", ALL_BAD_REQUEST),
    Case("POST", "/wapi/{project}/ts", DEMO_ORG_CONTRIBUTORS, setup=_project_and_series, body={"series": []}),
    Case("DELETE", "/wapi/ts/series/{series}", DEMO_ORG_CONTRIBUTORS, setup=_project_and_series),
    Case("POST", _PROJECT + "/import-ts-data", QUEUED_BY_CONTRIBUTORS, setup=_project_and_series, body=_BODY,
         headers={"Content-Type": _CONTENT_TYPE}),
    Case("GET", "/organization/{org}/api-keys", DEMO_ORG_ADMINS),
    Case("POST", "/organization/{org}/api-keys", {**DEMO_ORG_ADMINS, "orgadmin": 201, "admin": 201},
         body={"name": "Matrix key"}),
    Case("DELETE", "/organization/{org}/api-keys/{key}", DEMO_ORG_ADMINS, setup=_demo_key),
]


DOWNLOAD = "/wapi/ts/downloads/{download}"


def _download_of(owner: str | None):
    """A written time-series download (its status as the worker leaves it), asked for by `owner` (a demo user;
    None: anonymous)."""

    def setup(ids: dict) -> dict:
        from chalicelib.core import queued_answers
        from chalicelib.timeseries import answers

        status = queued_answers.enqueue(answers.KIND, {"owner": ids[owner] if owner else None, "series": []})
        queued_answers.save(answers.KIND, {**status, "status": queued_answers.SUCCEEDED,
                                           "key": queued_answers.key(answers.KIND, status["id"], "x.csv")})
        return {"download": status["id"]}

    return setup


CASES += [
    # An anonymous caller's download is anyone's who holds its id; a signed-in caller's is theirs alone.
    Case("GET", DOWNLOAD, ALL_SEE_OTHER, setup=_download_of(None)),
    Case("GET", DOWNLOAD, {**{identity: 404 for identity in ALL_OK}, "orgadmin": 303}, setup=_download_of("orgadmin")),
    Case("GET", DOWNLOAD + "?attempt=x", ALL_BAD_REQUEST, setup=_download_of(None)),
]


def _project_with_source(ids: dict) -> dict:
    from chalicelib.sources import service as sources

    values = _project_and_series(ids)
    source = sources.create(ids["org"], values["project"], ids["orgadmin"], {
        "name": "Matrix source", "url": "http://127.0.0.1:9/none.csv", "format": "ts-long", "schedule": "weekly",
        "enabled": False})
    return {**values, "source": source["id"]}


_SOURCES = _PROJECT + "/import-sources"
# Disabled, so the scheduled run never fetches them; "run" fetches once (port 9 refuses: a failure recorded).
_NEW_SOURCE = {"name": "Matrix source", "url": "http://127.0.0.1:9/none.csv", "format": "ts-long",
               "schedule": "weekly", "enabled": False}

CASES += [
    Case("GET", _SOURCES, DEMO_ORG_CONTRIBUTORS, setup=_project_with_source),
    Case("POST", _SOURCES, CREATED_BY_CONTRIBUTORS, setup=_project_with_source, body=_NEW_SOURCE),
    Case("PATCH", _SOURCES + "/{source}", DEMO_ORG_CONTRIBUTORS, setup=_project_with_source, body={"name": "Renamed"}),
    Case("DELETE", _SOURCES + "/{source}", DEMO_ORG_CONTRIBUTORS, setup=_project_with_source),
    Case("POST", _SOURCES + "/{source}/run", DEMO_ORG_CONTRIBUTORS, setup=_project_with_source),
]
