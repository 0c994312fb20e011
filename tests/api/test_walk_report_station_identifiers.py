"""A report of chosen stations takes their identifiers as well as their ids (QA walk: the report page asks for
"a list of station identifiers", and stations=OWD-WI-0001075,OWD-WI-0000246 answered 400 "No station matches
this filter."). An identifier used by several organizations names each of their stations; values that name no
station are said: in the report when others did, in the 400 when none did."""
from __future__ import annotations

import json
import uuid

import pytest

from devtools.seed import DEMO_ORGANIZATION_ID
from tests.api.test_report import report, squeezed, text_of
from tests.api.test_wqp import NJ_SITES, WI_SITE


@pytest.fixture(scope="module")
def shared_identifier(api, demo):
    """One identifier used by a station of the demo organization and one of another organization."""
    identifier = f"WALK-SHARED-{uuid.uuid4().hex[:6]}"
    made = []
    for identity, organization, latitude in (("contributor", demo["org"], 40.1),
                                             ("other_orgadmin", demo["other_org"], 41.2)):
        created = api.as_(identity).post("/station", {"organizationId": organization, "identifier": identifier,
                                                       "name": f"Shared identifier {latitude}", "latitude": latitude,
                                                       "longitude": -74.4})
        assert created.status_code == 201, created.json
        made.append(created.json)
    yield identifier, made
    for identity, station in zip(("contributor", "other_orgadmin"), made):
        api.as_(identity).delete(f"/station/{station['id']}")


def test_chosen_stations_by_identifier_make_the_report(api, demo):
    from chalicelib.stations.models import Station

    nj_site = sorted(NJ_SITES)[0]
    # Every organization's station of these identifiers (import tests import the same sites elsewhere).
    named = {WI_SITE.lower(), nj_site.lower()}
    expected = sum(1 for s in Station.scan() if not s.deletedAt and (s.identifier or "").lower() in named)
    response = report(api, {"stationIds": [WI_SITE, nj_site.lower()], "language": "en"})  # identifiers, any case
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert expected >= 2 and squeezed(f"Chosen stations {expected}") in squeezed(text), text
    assert WI_SITE in text and nj_site in text
    assert "Not found" not in text


def test_ids_and_identifiers_mix_and_an_identifier_names_every_organizations_station(api, demo, shared_identifier):
    from chalicelib.organizations.models import Organization
    from chalicelib.stations import service as stations

    identifier, made = shared_identifier
    wisconsin = stations.station_id_for(DEMO_ORGANIZATION_ID, WI_SITE)
    response = report(api, {"stationIds": [wisconsin, identifier], "language": "en"})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert squeezed("Chosen stations 3") in squeezed(text), text
    assert WI_SITE in text
    assert squeezed(text).count(identifier) >= 2  # a row per organization's station
    other = Organization.get(demo["other_org"]).name
    assert squeezed(other) in squeezed(text) and "Demo Watershed Council" in text


@pytest.mark.parametrize("language, line", [("en", "Not found NO-SUCH-SITE, ALSO-MISSING"),
                                            ("zh-CN", "未找到 NO-SUCH-SITE、ALSO-MISSING")])
def test_values_naming_no_station_are_said_in_the_report(api, demo, language, line):
    response = report(api, {"stationIds": ["NO-SUCH-SITE", WI_SITE, "ALSO-MISSING"], "language": language})
    assert response.status_code == 200, response.body[:300]
    text = text_of(response.body)
    assert squeezed(line) in squeezed(text), text
    assert WI_SITE in text


def test_when_no_value_names_a_station_the_400_names_them(api, demo):
    body = {"stationIds": ["NO-SUCH-SITE", str(uuid.uuid4())], "language": "en"}
    response = report(api, body)
    assert response.status_code == 400
    message = json.loads(response.body)["message"]
    assert message == f"No station has these ids or identifiers: NO-SUCH-SITE, {body['stationIds'][1]}."
    chinese = report(api, body, headers={"Accept-Language": "zh-CN"})
    assert json.loads(chinese.body)["message"] == \
        f"找不到 ID 或标识符为以下值的站点：NO-SUCH-SITE, {body['stationIds'][1]}。"
