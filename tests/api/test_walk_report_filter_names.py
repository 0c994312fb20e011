"""The PDF report says its filter as a person reads it (QA walk): counties by name and state ("Dane County, WI",
as the report page says it), projects, organizations and parameters by name, station types in the report's
language; never an internal id or a county's FIPS code."""
from __future__ import annotations

import re

import pytest

from devtools.seed import DEMO_ORGANIZATION_ID
from tests.api.test_report import report, squeezed, text_of
from tests.api.test_wqp import WI_SITE

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@pytest.fixture(scope="module")
def wisconsin(api, demo):
    """The demo's Wisconsin site (Dane County, FIPS 55025): its project and parameter."""
    from chalicelib.parameters.models import Parameter
    from chalicelib.projects.models import Project
    from chalicelib.stations import service as stations

    station = stations.get(stations.station_id_for(DEMO_ORGANIZATION_ID, WI_SITE))
    assert station.countyFips == "55025"
    project = Project.get(station.projectIds[0])
    parameter = Parameter.get(station.parameterIds[0])
    return {"station": station, "project": project, "parameter": parameter}


@pytest.mark.parametrize("language, lines", [
    ("en", ["Counties Dane County, WI", "Organizations Demo Watershed Council", "Station types Surface water",
            "Hydrologic units 07090002"]),
    ("zh-CN", ["县 Dane County, WI", "组织 Demo Watershed Council", "站点类型 地表水", "水文单元 07090002"]),
])
def test_every_filter_value_is_named_as_a_person_reads_it(api, wisconsin, language, lines):
    project, parameter = wisconsin["project"], wisconsin["parameter"]
    response = report(api, {"filter": {"county": "55025", "project": project.id, "organization": DEMO_ORGANIZATION_ID,
                                       "parameter": parameter.id, "stationType": "surface-water", "huc": "07090002"},
                            "language": language})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    flat = squeezed(text)
    for line in lines:
        assert squeezed(line) in flat, (line, text)
    projects, parameters = ("Projects", "Parameters") if language == "en" else ("项目", "参数")
    assert squeezed(f"{projects} {project.name}") in flat
    assert squeezed(f"{parameters} {parameter.label}") in flat
    assert "55025" not in text  # the county's code, as the walk saw it ("Counties 55025")
    assert not UUID.search(text), UUID.search(text)  # no project, organization or parameter id


def test_a_project_is_named_even_when_it_has_the_name_of_another_thing(api, wisconsin):
    """The walk's case: a project filter printed the project's id, not "Water Quality Portal samples"."""
    from chalicelib.projects.models import Project

    samples = next(p for p in Project.scan() if p.organizationId == DEMO_ORGANIZATION_ID
                   and p.name == "Water Quality Portal samples")
    response = report(api, {"filter": {"project": samples.id}, "language": "en"})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert squeezed("Projects Water Quality Portal samples") in squeezed(text), text
    assert samples.id not in squeezed(text)
