"""WQX 3.0 answers name the station's state, country and county, and a result's project, as the real portal's
file does (QA walk: Location_State, Location_CountryName, Location_CountyName, Location_StatePostalCode and
Result's Project_Name were empty, though the portal knows state and county and Project_Identifier was filled)."""
from __future__ import annotations

import csv

import pytest

from devtools.seed import DEMO_ORGANIZATION_ID
from tests.api.test_wqp import NJ_SITES, WI, WI_SITE, WQP_FILES, _request, _table

PLACES = ("Location_State", "Location_CountryName", "Location_CountyName", "Location_StatePostalCode",
          "Location_CountryCode")


def _portal_row() -> dict:
    """The real WQP WQX 3.0 file's row of the Wisconsin site."""
    with open(WQP_FILES / "wqp3_results.csv", encoding="utf-8") as rows:
        return next(row for row in csv.DictReader(rows) if row["Location_Identifier"] == WI_SITE)


@pytest.mark.parametrize("path", ["/wqp/wqx3/Station/search", "/wqp/wqx3/Station/search?mimeType=tsv",
                                  "/wqp/wqx3/Result/search", "/wqp/wqx3/Result/search?dataProfile=basicPhysChem"])
def test_wqx3_answers_name_the_state_country_and_county_as_the_portal_does(api, demo, path):
    delimiter = "\t" if "tsv" in path else ","
    rows = _table(_request(api, "GET", f"{path}{'&' if '?' in path else '?'}{WI}"), delimiter)
    assert rows
    portal = _portal_row()
    for row in rows:
        assert {name: row[name] for name in PLACES} == {name: portal[name] for name in PLACES}
    assert (portal["Location_State"], portal["Location_CountyName"]) == ("Wisconsin", "Dane")


def test_a_county_is_named_whatever_the_state(api, demo):
    """The New Jersey sites: their counties by the Census names, without the word County."""
    from chalicelib.reference.service import counties

    rows = _table(_request(api, "GET",
                           "/wqp/wqx3/Station/search?statecode=US:34&organization=Demo%20Watershed%20Council"))
    names = {c["id"][2:]: c["name"] for c in counties() if c["stateFips"] == "34"}
    sites = [r for r in rows if r["Location_Identifier"] in NJ_SITES]
    assert sites
    for row in sites:
        assert (row["Location_State"], row["Location_StatePostalCode"], row["Location_CountryName"]) == \
            ("New Jersey", "NJ", "United States")
        assert row["Location_CountyName"] == names[row["Location_CountyCode"]].removesuffix(" County")


def test_a_wqx3_result_names_its_project(api, demo):
    from chalicelib.projects import service as projects
    from chalicelib.projects.models import Project

    project = projects.ensure(DEMO_ORGANIZATION_ID, "CBSM_URSS_Madison", "CBSM_URSS_Madison")
    named_as = project.name
    # The demo names the project by its identifier; give it the portal's name, as its own file holds it.
    portal_name = _portal_row()["Project_Name"].strip('[]"')
    project.update(actions=[Project.name.set(portal_name)])
    try:
        rows = _table(_request(api, "GET", f"/wqp/wqx3/Result/search?{WI}"))
        assert {(r["Project_Identifier"], r["Project_Name"]) for r in rows} == {
            ("CBSM_URSS_Madison", "Urban Road Salt Study - Madison Sites")}
        narrow = _table(_request(api, "GET", f"/wqp/wqx3/Result/search?{WI}&dataProfile=narrow"))
        assert len(narrow) == len(rows)  # a profile without the column answers as before
    finally:
        project.update(actions=[Project.name.set(named_as)])
