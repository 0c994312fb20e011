"""The OpenAPI document lets a client send a WQP search its filters (QA walk: the WQP operations listed their three
path segments only, so Swagger UI's "Try it out" at #/api-reference could send no filter), and says whole what
the search is (its summary had been cut at "/wqx3/..." and its description began "WQX 3.0 columns) as CSV...")."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

from chalicelib.core.openapi import _summary
from chalicelib.wqp import params
from tests.api.test_wqp import WI_SITE, _request, _table

SEARCH = "/api/v1/wqp/{interface}/{service}/{action}"
SUMMARY = "/api/v1/wqp/{interface}/{service}/{action}/{tail}"


@pytest.fixture(scope="module")
def document(api) -> dict:
    response = api.get("/openapi.json")
    assert response.status_code == 200
    return response.json


def _query(operation: dict) -> dict[str, dict]:
    return {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}


@pytest.mark.parametrize("method", ["get", "head", "post"])
def test_the_wqp_search_documents_every_parameter_it_reads_with_its_format(document, method):
    query = _query(document["paths"][SEARCH][method])
    assert set(query) == set(params.CANONICAL.values())
    assert query["statecode"]["schema"]["items"]["pattern"] == r"^US:\d{1,2}(;US:\d{1,2})*$"
    assert query["statecode"]["style"] == "form" and query["statecode"]["explode"] is True  # repeated: ?a=1&a=2
    assert "MM-DD-YYYY" in query["startDateLo"]["description"]
    assert query["mimeType"]["schema"]["enum"] == ["csv", "tsv", "xlsx", "geojson", "kml"]
    assert query["siteType"]["schema"]["items"]["enum"][:2] == ["Aggregate groundwater use",
                                                                "Aggregate surface-water-use"]
    assert {"resultPhysChem", "narrowResult", "fullPhysChem", "Station"} <= set(query["dataProfile"]["schema"]["enum"])
    assert query["lat"]["schema"] == {"type": "number", "minimum": -90, "maximum": 90}
    summary = _query(document["paths"][SUMMARY][method])
    assert set(summary) == (set(params.CANONICAL.values()) - {"dataProfile"}) | {"summaryYears"}


def test_a_request_made_from_the_documented_formats_is_answered(api, demo, document):
    """What "Try it out" sends: each documented array parameter repeated, a date in its documented format."""
    query = _query(document["paths"][SEARCH]["get"])
    sent = [("siteid", WI_SITE), ("statecode", "US:55"), ("countycode", "US:55:025"), ("startDateLo", "05-01-2011"),
            ("startDateHi", "07-31-2011"), ("characteristicName", "Specific conductance"), ("mimeType", "csv"),
            ("sampleMedia", "Water"), ("siteType", "Stream"), ("providers", "STORET"), ("providers", "NWIS"),
            ("organization", "Demo Watershed Council")]
    assert {name for name, _ in sent} <= set(query)
    rows = _table(_request(api, "GET", f"/wqp/data/Result/search?{urlencode(sent)}"))
    assert {r["MonitoringLocationIdentifier"] for r in rows} == {WI_SITE} and len(rows) == 3


def test_the_wqp_search_is_summed_up_in_one_whole_sentence(document):
    operation = document["paths"][SEARCH]["get"]
    assert operation["summary"] == ("A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV, TSV, "
                                    "xlsx, GeoJSON or KML, zipped on request; HEAD answers the count headers alone.")
    assert operation["description"].startswith("Large answers redirect to S3.")


@pytest.mark.parametrize("docstring, summary", [
    ("A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV. Large answers redirect.",
     "A WQP search (/data/... legacy columns, /wqx3/... WQX 3.0 columns) as CSV."),
    ("Paths as /data/... Legacy columns. More.", "Paths as /data/... Legacy columns."),
    ("Download (?stationId | projectId. Optional parameterId) as CSV. Then more.",
     "Download (?stationId | projectId. Optional parameterId) as CSV."),
    ("One sentence. Two sentences.", "One sentence."),
    ("No end at all", "No end at all"),
])
def test_a_summary_does_not_end_at_an_ellipsis_or_inside_brackets(docstring, summary):
    assert _summary(docstring)[0] == summary


def test_the_download_of_values_documents_what_it_needs(api):
    """GET /sampleValue needs a station, project or organization: "Try it out" can only send what is listed."""
    operation = api.get("/openapi.json").json["paths"]["/api/v1/sampleValue"]["get"]
    listed = {p["name"]: p for p in operation["parameters"]}
    assert {"stationId", "projectId", "organizationId", "parameterId", "from", "to"} <= set(listed)
    assert "at least one of stationId, projectId and organizationId is required" in listed["stationId"]["description"]
