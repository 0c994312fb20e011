"""Water Quality Portal–compatible web services (/api/v1/wqp): columns, filters, formats, counts,
redirects and visibility, over the demo data (the real WQP files and generated stations)."""
from __future__ import annotations

import csv
import io
import json
import uuid
import zipfile
from pathlib import Path

import pytest
import requests

from chalicelib.wqp import columns

NJ_SITES = {"USGS-391214074570201", "USGS-01405150", "USGS-0140811980", "USGS-01409434", "USGS-01412119"}
WI_SITE = "WIDNR_WQX-10032762"
# The demo organization's copies of the sites (import tests import the same files into other organizations).
DEMO = "organization=Demo%20Watershed%20Council"
WI = f"siteid={WI_SITE}&{DEMO}"
WQP_FILES = Path(__file__).resolve().parents[2] / "devtools" / "demo" / "wqp"


def _request(api, method: str, path: str, body=None, identity: str | None = None):
    caller = api.as_(identity) if identity else api
    data = json.dumps(body) if body is not None else None
    return caller.client.http.request(method, f"/api/v1{path}", body=data, headers=caller.headers())


def _table(response, delimiter: str = ",") -> list[dict]:
    assert response.status_code == 200, response.body
    return list(csv.DictReader(io.StringIO(response.body.decode("utf-8")), delimiter=delimiter))


def _header(response, delimiter: str = ",") -> list[str]:
    return next(csv.reader(io.StringIO(response.body.decode("utf-8")), delimiter=delimiter))


def _error(response) -> str:
    assert response.status_code == 400, response.body
    return json.loads(response.body)["message"]


def _followed(response) -> requests.Response:
    """The presigned object a 303 answer points to (the S3 stand-in is a real socket)."""
    assert response.status_code == 303, response.body
    assert json.loads(response.body)["url"] == response.headers["Location"]
    fetched = requests.get(response.headers["Location"], timeout=30)
    assert fetched.status_code == 200
    return fetched


# ---------------------------------------------------------------- stations


def test_station_search_answers_wqp_station_columns_with_the_site_count(api, demo):
    response = _request(api, "GET", f"/wqp/data/Station/search?statecode=US:34&mimeType=csv&{DEMO}")
    assert _header(response) == list(columns.STATION)
    rows = _table(response)
    assert NJ_SITES <= {r["MonitoringLocationIdentifier"] for r in rows}
    assert WI_SITE not in {r["MonitoringLocationIdentifier"] for r in rows}
    assert {r["StateCode"] for r in rows} == {"34"}
    assert response.headers["Total-Site-Count"] == str(len(rows))
    site = next(r for r in rows if r["MonitoringLocationIdentifier"] == "USGS-01405150")
    assert site["MonitoringLocationName"] == "MILFORD BROOK AT HERBERTS CORNER, NJ"
    assert (site["CountyCode"], site["HUCEightDigitCode"], site["CountryCode"]) == ("025", "02030105", "US")
    assert (float(site["LatitudeMeasure"]), float(site["LongitudeMeasure"])) == (40.33138717, -74.2723682)
    assert site["MonitoringLocationTypeName"] == "Stream"
    assert site["OrganizationFormalName"] == "Demo Watershed Council"


def test_path_segments_match_case_insensitively(api, demo):
    canonical = _request(api, "GET", f"/wqp/data/Station/search?siteid=USGS-01405150&{DEMO}")
    for path in ("/wqp/data/station/Search", "/wqp/DATA/STATION/SEARCH", "/wqp/WQX3/station/search"):
        response = _request(api, "GET", f"{path}?siteid=USGS-01405150&{DEMO}")
        assert response.status_code == 200
        assert response.headers["Total-Site-Count"] == "1"
    assert [r["MonitoringLocationIdentifier"] for r in _table(canonical)] == ["USGS-01405150"]


@pytest.mark.parametrize("query,expected", [
    ("countycode=US:34:011", {"USGS-391214074570201", "USGS-01412119"}),
    ("huc=0204*&statecode=US:34", {"USGS-391214074570201", "USGS-0140811980", "USGS-01409434", "USGS-01412119"}),
    ("huc=02040206&statecode=US:34", {"USGS-391214074570201", "USGS-01412119"}),
    ("bBox=-75.0,39.1,-74.9,39.4&statecode=US:34", {"USGS-391214074570201", "USGS-01412119"}),
    ("lat=40.3314&long=-74.2724&within=1", {"USGS-01405150"}),
    ("siteid=USGS-01405150;USGS-01409434", {"USGS-01405150", "USGS-01409434"}),
    ("siteid=USGS-01405150&siteid=USGS-01409434", {"USGS-01405150", "USGS-01409434"}),
    ("siteType=Lake, Reservoir, Impoundment&statecode=US:34&huc=0204*", {"USGS-391214074570201"}),
    (f"{WI}&characteristicName=Specific conductance", {WI_SITE}),
    (f"{WI}&characteristicName=pH", set()),
    (f"{WI}&startDateLo=07-01-2011&startDateHi=07-31-2011", {WI_SITE}),
    (f"{WI}&startDateLo=01-01-2012", set()),
    (f"{WI}&huc=07*", {WI_SITE}),
    (f"{WI}&countrycode=US", {WI_SITE}),  # its WQX 3 row names its state (WI) and county
    ("organization=Nobody at all", set()),
    (f"{WI}&activityId=WIDNR_WQX-45822640", {WI_SITE}),
    (f"{WI}&activityId=NO-SUCH-ACTIVITY", set()),
    (f"{WI}&sampleMedia=Water", {WI_SITE}),
    (f"{WI}&sampleMedia=Sediment", set()),
    (f"{WI}&project=CBSM_URSS_Madison", {WI_SITE}),
    (f"{WI}&pCode=00095", set()),
    # Parameters WQP clients send: command.avoid and providers leave everything (all of it is this portal's);
    # nothing here has analytical methods, assemblages or taxa; minactivities counts the site's activities.
    (f"{WI}&command.avoid=NWIS", {WI_SITE}),
    (f"{WI}&command.avoid=STORET;NWIS", {WI_SITE}),
    (f"{WI}&analyticalmethod=https://www.nemi.gov/methods/method_summary/4665/", set()),
    (f"{WI}&assemblage=Fish/Nekton", set()),
    (f"{WI}&subjectTaxonomicName=Salmo trutta", set()),
    (f"{WI}&minactivities=5", {WI_SITE}),
    (f"{WI}&MinActivities=6", set()),
])
def test_station_filters_select_the_sites_wqp_would(api, demo, query, expected):
    rows = _table(_request(api, "GET", f"/wqp/data/Station/search?{query}"))
    found = {r["MonitoringLocationIdentifier"] for r in rows}
    if expected and expected <= NJ_SITES:
        # Generated stations share the state, and other tests import the same sites into organizations of
        # their own: the demo's real sites are the ones asked about.
        found &= NJ_SITES
    assert found == expected


def _sites(api, query: str) -> set[str]:
    return {r["MonitoringLocationIdentifier"] for r in _table(_request(api, "GET", f"/wqp/data/Station/search?{query}"))}


def test_sample_media_alone_selects_stations_by_their_summaries_without_reading_values(api, demo, monkeypatch):
    from chalicelib.wqp import service

    asked = []
    counts_by_station = service._counts_by_station

    def counting(query, look, stations, first_only=False):
        asked.append(len(stations.rows))
        return counts_by_station(query, look, stations, first_only)

    monkeypatch.setattr(service, "_counts_by_station", counting)
    water = _request(api, "GET", f"/wqp/data/Station/search?sampleMedia=Water&{DEMO}")
    sites = {r["MonitoringLocationIdentifier"] for r in _table(water)}
    assert WI_SITE in sites and water.headers["Total-Site-Count"] == str(len(sites))
    assert any(s.startswith("OWD-") for s in sites)  # the generated values are water samples
    assert _sites(api, f"sampleMedia=Sediment&{DEMO}") == set()
    assert sum(asked) == 0  # not one station's values were read
    # The stations are those of the values, as the Result service finds them value by value.
    results = _table(_request(api, "GET", f"/wqp/data/Result/search?sampleMedia=Water&{DEMO}"))
    assert {r["MonitoringLocationIdentifier"] for r in results} == sites
    assert {r["ActivityMediaName"] for r in results} == {"Water"}


def test_a_station_whose_media_are_not_recorded_is_judged_by_its_values(api, demo):
    from chalicelib.core import aws
    from chalicelib.samples import service as samples
    from chalicelib.statistics import service as statistics
    from chalicelib.stations.models import Station
    from chalicelib.stations.service import station_id_for

    station_id = station_id_for(demo["org"], WI_SITE)
    # A summary written before media were kept.
    aws.client("dynamodb").update_item(TableName=Station.Meta.table_name, Key={"id": {"S": station_id}},
                                       UpdateExpression="REMOVE media")
    statistics.mark_stale()
    try:
        assert _sites(api, f"sampleMedia=Water&siteid={WI_SITE}&{DEMO}") == {WI_SITE}
        assert _sites(api, f"sampleMedia=Sediment&siteid={WI_SITE}&{DEMO}") == set()
        assert WI_SITE in _sites(api, f"sampleMedia=Water&{DEMO}")
    finally:
        samples.refresh_station(station_id)
    assert Station.get(station_id).media == ["Water"]


def test_post_takes_wqp_json_arrays_and_answers_like_get(api, demo):
    body = {"statecode": ["US:34"], "siteid": ["USGS-01405150", "USGS-01409434"], "organization": ["Demo Watershed Council"]}
    posted = _request(api, "POST", "/wqp/data/Station/search?mimeType=csv", body)
    got = _request(api, "GET", "/wqp/data/Station/search?mimeType=csv&statecode=US:34"
                               f"&siteid=USGS-01405150;USGS-01409434&{DEMO}")
    assert posted.body == got.body
    assert posted.headers["Total-Site-Count"] == "2"


def test_head_answers_the_counts_alone(api, demo):
    path = f"/wqp/data/Result/search?{WI}&characteristicName=Specific%20conductance"
    head = _request(api, "HEAD", path)
    get = _request(api, "GET", path)
    assert head.status_code == 200 and head.body in (b"", "")
    assert (head.headers["Total-Site-Count"], head.headers["Total-Result-Count"]) == ("1", "5")
    assert (get.headers["Total-Site-Count"], get.headers["Total-Result-Count"]) == ("1", "5")
    assert len(_table(get)) == 5
    dated = path + "&startDateLo=06-01-2011&startDateHi=07-31-2011"
    assert _request(api, "HEAD", dated).headers["Total-Result-Count"] == "2"
    assert len(_table(_request(api, "GET", dated))) == 2
    one_activity = path + "&activityId=WIDNR_WQX-45822640&sampleMedia=Water&project=CBSM_URSS_Madison"
    assert _request(api, "HEAD", one_activity).headers["Total-Result-Count"] == "1"
    assert [r["ResultMeasureValue"] for r in _table(_request(api, "GET", one_activity))] == ["1000"]
    station_head = _request(api, "HEAD", "/wqp/data/Station/search?statecode=US:34")
    assert station_head.headers["Total-Site-Count"] == _request(
        api, "GET", "/wqp/data/Station/search?statecode=US:34").headers["Total-Site-Count"]
    assert "Total-Result-Count" in head.headers["Access-Control-Expose-Headers"]


# ---------------------------------------------------------------- results and the other services


def test_result_search_answers_result_phys_chem_values_of_the_wqp_files(api, demo):
    response = _request(api, "GET", f"/wqp/data/Result/search?{WI}")
    assert _header(response) == list(columns.RESULT_PHYS_CHEM)
    rows = sorted(_table(response), key=lambda r: r["ActivityStartDate"])
    assert [r["ResultMeasureValue"] for r in rows] == ["1000", "800", "860", "471", "750"]
    assert {r["CharacteristicName"] for r in rows} == {"Specific conductance"}
    assert {r["ResultMeasure/MeasureUnitCode"] for r in rows} == {"uS/cm"}
    # Stored as 17:20 UTC, answered in the zone the source gave, as the portal's own file has it.
    first = rows[0]
    assert (first["ActivityStartDate"], first["ActivityStartTime/Time"], first["ActivityStartTime/TimeZoneCode"]) == \
        ("2011-05-09", "12:20:00", "CDT")
    assert first["ActivityIdentifier"] == "WIDNR_WQX-45822640"
    assert first["ProjectIdentifier"] == "CBSM_URSS_Madison"
    assert first["ProviderName"] == "OWD"


@pytest.mark.parametrize("path,expected", [
    ("/wqp/data/Result/search?dataProfile=narrowResult", columns.NARROW_RESULT),
    ("/wqp/data/Result/search?dataProfile=biological", columns.BIOLOGICAL),
    ("/wqp/wqx3/Result/search", columns.WQX3_FULL_PHYS_CHEM),
    ("/wqp/wqx3/Result/search?dataProfile=basicPhysChem", columns.WQX3_BASIC_PHYS_CHEM),
    ("/wqp/wqx3/Result/search?dataProfile=narrow", columns.WQX3_NARROW),
])
def test_result_profiles_answer_their_columns(api, demo, path, expected):
    response = _request(api, "GET", f"{path}&{WI}" if "?" in path else f"{path}?{WI}")
    assert _header(response) == list(expected)
    rows = _table(response)
    assert len(rows) == 5
    value = "ResultMeasureValue" if path.startswith("/wqp/data") else "Result_Measure"
    assert sorted(r[value] for r in rows) == ["1000", "471", "750", "800", "860"]


def test_wqx3_station_and_activity_answer_wqx3_names(api, demo):
    station = _table(_request(api, "GET", f"/wqp/wqx3/Station/search?{WI}"))
    assert list(station[0]) == list(columns.WQX3_STATION)
    assert (station[0]["Location_Identifier"], station[0]["Location_HUCEightDigitCode"]) == (WI_SITE, "07090002")
    activities = _table(_request(api, "GET", f"/wqp/wqx3/Activity/search?{WI}"))
    assert list(activities[0]) == list(columns.WQX3_ACTIVITY)
    source = csv.DictReader(open(WQP_FILES / "wqp3_results.csv", encoding="utf-8"))
    assert sorted(a["Activity_ActivityIdentifier"] for a in activities) == sorted(
        r["Activity_ActivityIdentifier"] for r in source if r["Location_Identifier"] == WI_SITE)


def test_activity_organization_project_and_detection_limit_services(api, demo):
    activity = _request(api, "GET", f"/wqp/data/Activity/search?{WI}")
    assert _header(activity) == list(columns.ACTIVITY)
    rows = _table(activity)
    assert len(rows) == 5 and activity.headers["Total-Activity-Count"] == "5"
    assert {r["ActivityTypeCode"] for r in rows} == {"Field Msr/Obs"}
    assert {r["MonitoringLocationIdentifier"] for r in rows} == {WI_SITE}
    organization = _request(api, "GET", f"/wqp/data/Organization/search?{WI}")
    assert _header(organization) == list(columns.ORGANIZATION)
    assert [r["OrganizationFormalName"] for r in _table(organization)] == ["Demo Watershed Council"]
    project = _request(api, "GET", "/wqp/data/Project/search?project=CBSM_URSS_Madison&organization=Demo%20Watershed%20Council")
    assert _header(project) == list(columns.PROJECT)
    assert [r["ProjectIdentifier"] for r in _table(project)] == ["CBSM_URSS_Madison"]
    limits = _request(api, "GET", f"/wqp/data/ResultDetectionQuantitationLimit/search?{WI}")
    assert _header(limits) == list(columns.DETECTION_LIMIT)


def test_methods_assemblages_and_taxa_select_no_results_or_activities(api, demo):
    for extra in ("analyticalmethod=https://www.nemi.gov/methods/method_summary/4665/", "assemblage=Fish/Nekton",
                  "subjectTaxonomicName=Salmo trutta"):
        for service in ("Result", "Activity"):
            response = _request(api, "GET", f"/wqp/data/{service}/search?{WI}&{extra}")
            assert _table(response) == [] and response.headers["Total-Site-Count"] == "0"
    # The parameters are names only: ignored ones narrow nothing.
    assert len(_table(_request(api, "GET", f"/wqp/data/Result/search?{WI}&command.avoid=NWIS"))) == 5


METRIC_SERVICES = [
    ("ActivityMetric", columns.ACTIVITY_METRIC,
     {"Total-Site-Count": "0", "Total-Activity-Count": "0", "Total-ActivityMetric-Count": "0"}),
    ("BiologicalMetric", columns.BIOLOGICAL_METRIC, {"Total-Site-Count": "0", "Total-BiologicalMetric-Count": "0"}),
    ("ProjectMonitoringLocationWeighting", columns.PROJECT_MONITORING_LOCATION_WEIGHTING,
     {"Total-ProjectMonitoringLocationWeighting-Count": "0"}),
]


@pytest.mark.parametrize("service,expected,counts", METRIC_SERVICES)
def test_metric_and_weighting_services_answer_wqp_columns_and_no_rows(api, demo, service, expected, counts):
    """dataretrieval's what_activity_metrics, what_habitat_metrics and what_project_weights: nothing of the kind
    is kept, so WQP's header and its count headers at 0, in every format, by any spelling of the path."""
    for path in (f"/wqp/data/{service}/search", f"/wqp/data/{service.lower()}/Search", f"/wqp/DATA/{service.upper()}/search"):
        response = _request(api, "GET", f"{path}?statecode=US:34&mimeType=csv")
        assert _header(response) == list(expected) and _table(response) == []
        assert {k: v for k, v in response.headers.items() if k.startswith("Total-")} == counts
        assert response.headers["Content-Type"].startswith("text/csv")
    tsv = _request(api, "GET", f"/wqp/data/{service}/search?{WI}&mimeType=tsv")
    assert _header(tsv, "\t") == list(expected) and _table(tsv, "\t") == []
    head = _request(api, "HEAD", f"/wqp/data/{service}/search?{WI}")
    assert head.status_code == 200 and {k: v for k, v in head.headers.items() if k.startswith("Total-")} == counts
    assert all(name in head.headers["Access-Control-Expose-Headers"] for name in counts)
    posted = _request(api, "POST", f"/wqp/data/{service}/search?mimeType=csv", {"siteid": [WI_SITE]})
    assert _header(posted) == list(expected) and _table(posted) == []
    archive = zipfile.ZipFile(io.BytesIO(_followed(_request(api, "GET", f"/wqp/data/{service}/search?{WI}&zip=yes"))
                                        .content))
    assert archive.namelist() == [f"{service.lower()}.csv"]
    assert archive.read(f"{service.lower()}.csv").decode("utf-8").splitlines() == [",".join(expected)]
    # Their parameters are checked as every service's are.
    assert _error(_request(api, "GET", f"/wqp/data/{service}/search?statecode=34")).startswith("Invalid statecode")
    assert _error(_request(api, "GET", f"/wqp/data/{service}/search?mimeType=kml")) == \
        "Invalid mimeType: 'kml'. kml answers the Station service only"


# ---------------------------------------------------------------- formats


def test_tsv_answers_tab_separated_columns(api, demo):
    response = _request(api, "GET", f"/wqp/data/Result/search?{WI}&mimeType=tsv")
    assert response.headers["Content-Type"].startswith("text/tab-separated-values")
    assert _header(response, "\t") == list(columns.RESULT_PHYS_CHEM)
    assert len(_table(response, "\t")) == 5


def test_zip_answers_a_zip_holding_one_file(api, demo):
    response = _request(api, "GET", "/wqp/data/Station/search?statecode=US:34&zip=yes")
    archive = zipfile.ZipFile(io.BytesIO(_followed(response).content))
    assert archive.namelist() == ["station.csv"]
    rows = list(csv.DictReader(io.StringIO(archive.read("station.csv").decode("utf-8"))))
    assert len(rows) == int(response.headers["Total-Site-Count"]) and NJ_SITES <= {
        r["MonitoringLocationIdentifier"] for r in rows}


def _xlsx_rows(content: bytes) -> list[list[str]]:
    """The first sheet's cells as text (an xlsx file is a zip of XML parts; cells hold inline strings)."""
    from xml.etree import ElementTree

    ns = {"x": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    sheet = ElementTree.fromstring(zipfile.ZipFile(io.BytesIO(content)).read("xl/worksheets/sheet1.xml"))
    return [["".join(cell.itertext()) for cell in row.findall("x:c", ns)]
            for row in sheet.find("x:sheetData", ns).findall("x:row", ns)]


def test_xlsx_answers_a_spreadsheet(api, demo):
    response = _request(api, "GET", f"/wqp/data/Result/search?{WI}&mimeType=xlsx")
    fetched = _followed(response)
    assert fetched.headers["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    rows = _xlsx_rows(fetched.content)
    assert rows[0][:3] == ["OrganizationIdentifier", "OrganizationFormalName", "ActivityIdentifier"]
    assert len(rows) == 6
    assert any("Specific conductance" in row for row in rows[1:])


def test_geojson_and_kml_answer_the_stations_as_points(api, demo):
    response = _request(api, "GET", "/wqp/data/Station/search?siteid=USGS-01405150;USGS-01409434&mimeType=geojson")
    assert response.headers["Content-Type"].startswith("application/geo+json")
    features = json.loads(response.body)["features"]
    by_site = {f["properties"]["MonitoringLocationIdentifier"]: f for f in features}
    assert set(by_site) == {"USGS-01405150", "USGS-01409434"}
    assert by_site["USGS-01405150"]["geometry"] == {"type": "Point", "coordinates": [-74.2723682, 40.33138717]}
    kml = _request(api, "GET", "/wqp/data/Station/search?siteid=USGS-01405150&mimeType=kml")
    text = kml.body.decode("utf-8")
    assert "<name>USGS-01405150</name>" in text and "<coordinates>-74.2723682,40.33138717</coordinates>" in text
    assert "MILFORD BROOK AT HERBERTS CORNER, NJ" in text


def test_an_answer_past_the_inline_limit_is_redirected_to_s3(api, demo, monkeypatch):
    from chalicelib.core.config import get_settings

    inline = _request(api, "GET", "/wqp/data/Station/search?statecode=US:34")
    monkeypatch.setenv("WQP_INLINE_BYTES", "2000")
    get_settings.cache_clear()
    try:
        redirected = _request(api, "GET", "/wqp/data/Station/search?statecode=US:34")
        assert redirected.headers["Total-Site-Count"] == inline.headers["Total-Site-Count"]
        assert _followed(redirected).content == inline.body
    finally:
        monkeypatch.delenv("WQP_INLINE_BYTES")
        get_settings.cache_clear()


# ---------------------------------------------------------------- bad requests


@pytest.mark.parametrize("query,message", [
    ("foo=1", "Unknown parameter: foo"),
    ("statecode=34", "Invalid statecode: '34'. US:<state FIPS code> expected, as US:34"),
    ("countycode=US:34", "Invalid countycode: 'US:34'. US:<state>:<county FIPS code> expected, as US:34:025"),
    ("huc=123", "Invalid huc: '123'. A hydrologic unit code of 2 to 12 digits expected, optionally ending in the "
                "wildcard *"),
    ("bBox=1,2,3", "Invalid bBox: '1,2,3'. west,south,east,north in decimal degrees expected (west <= east, "
                   "south <= north)"),
    ("lat=40&long=-74", "Invalid lat, long and within. All three are needed for a search around a point"),
    ("lat=91&long=-74&within=2", "Invalid lat: '91'. A latitude from -90 to 90 expected"),
    ("lat=40&long=-181&within=2", "Invalid long: '-181'. A longitude from -180 to 180 expected"),
    ("lat=40&long=-74&within=0", "Invalid within: '0'. A distance in miles above 0 expected"),
    ("within=x&lat=1&long=1", "Invalid within: 'x'. A number expected"),
    ("startDateLo=2011-01-01", "Invalid startDateLo: '2011-01-01'. A date MM-DD-YYYY expected"),
    ("startDateHi=13-01-2011", "Invalid startDateHi: '13-01-2011'. A date MM-DD-YYYY expected"),
    ("startDateLo=02-01-2011&startDateHi=01-01-2011", "Invalid startDateLo. It must not be after startDateHi"),
    ("siteType=Volcano", "Invalid siteType: 'Volcano'. One of Aggregate groundwater use"),
    ("sampleMedia=Lava", "Invalid sampleMedia: 'Lava'. One of Air, Biological, Habitat"),
    ("providers=USGS", "Invalid providers: 'USGS'. One of NWIS, STEWARDS, STORET expected"),
    ("pCode=123", "Invalid pCode: '123'. A USGS parameter code of 5 digits expected"),
    ("minresults=0", "Invalid minresults: '0'. A whole number of 1 or more expected"),
    ("minactivities=0", "Invalid minactivities: '0'. A whole number of 1 or more expected"),
    ("minactivities=many", "Invalid minactivities: 'many'. A whole number of 1 or more expected"),
    ("command.avoid=USGS", "Invalid command.avoid: 'USGS'. One of NWIS, STORET expected"),
    ("analyticalmethod=http://www.nemi.gov/methods/method_summary/4665/",
     "Invalid analyticalmethod: 'http://www.nemi.gov/methods/method_summary/4665/'. An https URL of an analytical "
     "method expected, as https://www.nemi.gov/methods/method_summary/4665/"),
    ("analyticalmethod=4665", "Invalid analyticalmethod: '4665'. An https URL of an analytical method expected"),
    ("nldiurl=https://labs.waterdata.usgs.gov/api/nldi/linked-data/comid/1/navigate/UM",
     "nldiurl is not supported by this portal: it does not follow NLDI navigations. Name the sites with siteid, "
     "huc, bBox or lat, long and within instead."),
    ("nldiURL=x&mimeType=csv", "nldiurl is not supported by this portal"),  # any case, as WQP's names
    ("nldi=x", "Unknown parameter: nldi"),
    ("countrycode=USA", "Invalid countrycode: 'USA'. A two-letter country code expected, as US"),
    ("mimeType=xml", "Invalid mimeType: 'xml'. One of csv, tsv, xlsx, geojson, kml expected"),
    ("zip=maybe", "Invalid zip: 'maybe'. One of yes, no expected"),
    ("sorted=always", "Invalid sorted: 'always'. One of yes, no expected"),
    ("dataProfile=narrowResult", "Invalid dataProfile: 'narrowResult'. One of Station expected"),
    ("mimeType=csv&mimeType=tsv", "Invalid mimeType. One value expected"),
])
def test_a_bad_parameter_answers_400_naming_it(api, query, message):
    assert _error(_request(api, "GET", f"/wqp/data/Station/search?{query}")).startswith(message)


def test_bad_result_queries_and_paths(api):
    assert _error(_request(api, "GET", "/wqp/data/Result/search?mimeType=geojson")) == \
        "Invalid mimeType: 'geojson'. geojson answers the Station service only"
    assert _error(_request(api, "GET", "/wqp/wqx3/Result/search?dataProfile=resultPhysChem")) == \
        "Invalid dataProfile: 'resultPhysChem'. One of fullPhysChem, basicPhysChem, narrow expected"
    assert _error(_request(api, "POST", "/wqp/data/Station/search", ["US:34"])) == \
        "Request body must be a JSON object of parameter arrays."
    assert _error(_request(api, "POST", "/wqp/data/Station/search", {"statecode": [{"a": 1}]})) == \
        "Invalid statecode. A string or an array of strings expected"
    missing = _request(api, "GET", "/wqp/wqx3/Organization/search")
    assert missing.status_code == 404
    assert json.loads(missing.body)["message"].startswith("Unknown WQP service: /wqx3/Organization/search.")


# ---------------------------------------------------------------- visibility


def test_wqp_serves_what_the_explorer_shows_to_every_caller(api, demo):
    identifier = f"WQP-VISIBLE-{uuid.uuid4().hex[:6]}"
    created = api.as_("contributor").post("/station", {
        "organizationId": demo["org"], "identifier": identifier, "name": "Visible station",
        "latitude": 40.2, "longitude": -74.5})
    assert created.status_code == 201, created.json
    path = f"/wqp/data/Station/search?siteid={identifier}"
    explorer = api.post("/statistic", {"search": identifier})
    assert explorer.json["total"] == 1
    for identity in ("anonymous", "viewer", "admin"):
        assert [r["MonitoringLocationIdentifier"] for r in _table(_request(api, "GET", path, identity=identity))] \
            == [identifier]
    assert api.as_("contributor").delete(f"/station/{created.json['id']}").status_code == 200
    assert api.post("/statistic", {"search": identifier}).json["total"] == 0
    for identity in ("anonymous", "admin"):
        assert _table(_request(api, "GET", path, identity=identity)) == []


# ---------------------------------------------------------------- the monitoring-location summary


def test_the_summary_counts_results_and_activities_per_site_year_and_characteristic(api, demo):
    response = _request(api, "GET", f"/wqp/data/summary/monitoringLocation/search?{WI}&summaryYears=all")
    assert _header(response) == list(columns.SUMMARY_MONITORING_LOCATION)
    rows = _table(response)
    assert [(r["YearSummarized"], r["CharacteristicName"], r["ResultCount"], r["ActivityCount"]) for r in rows] == \
        [("2011", "Specific conductance", "5", "5")]
    assert (rows[0]["MonitoringLocationIdentifier"], rows[0]["Provider"]) == (WI_SITE, "OWD")
    assert (response.headers["Total-Site-Count"], response.headers["Total-Result-Count"]) == ("1", "5")
    recent = _request(api, "GET", f"/wqp/Data/Summary/MonitoringLocation/Search?{WI}&summaryYears=1")
    assert _table(recent) == [] and recent.headers["Total-Result-Count"] == "0"


def test_the_summary_of_five_years_agrees_with_the_result_count_since_then(api, demo):
    from datetime import date

    today = date.today()
    since = today.replace(year=today.year - 5)
    path = "/wqp/data/summary/monitoringLocation/search?statecode=US:34&characteristicName=pH&summaryYears=5"
    rows = _table(_request(api, "GET", path))
    assert rows and all(int(r["YearSummarized"]) >= since.year for r in rows)
    head = _request(api, "HEAD", path)
    results = _request(api, "HEAD", "/wqp/data/Result/search?statecode=US:34&characteristicName=pH"
                                    f"&startDateLo={since:%m-%d-%Y}&startDateHi={today:%m-%d-%Y}")
    assert sum(int(r["ResultCount"]) for r in rows) == int(head.headers["Total-Result-Count"]) == \
        int(results.headers["Total-Result-Count"]) > 0
    assert len({r["MonitoringLocationIdentifier"] for r in rows}) == int(results.headers["Total-Site-Count"])


def _summary(api, query: str) -> list[dict]:
    return _table(_request(api, "GET", f"/wqp/data/summary/monitoringLocation/search?{query}&summaryYears=all"))


def test_the_summary_names_the_state_and_county_and_links_the_station_page(api, demo, monkeypatch):
    from chalicelib.core.config import get_settings
    from chalicelib.reference.service import counties
    from chalicelib.stations.service import station_id_for

    stations = _table(_request(api, "GET", f"/wqp/data/Station/search?statecode=US:34&minresults=1&{DEMO}"))
    station = next(s for s in stations if s["CountyCode"])
    rows = _summary(api, f"siteid={station['MonitoringLocationIdentifier']}&{DEMO}")
    county = next(c for c in counties() if c["id"] == "34" + station["CountyCode"])
    assert rows and {(r["StateName"], r["CountyName"]) for r in rows} == {("New Jersey", county["name"])}
    assert county["name"].endswith(" County")  # as WQP names them ("Jefferson County")
    # The app's public address is not configured here (APP_URL): no address to give.
    assert {r["MonitoringLocationUrl"] for r in rows} == {""}
    # WQP values keep no date of their writing.
    assert {r["LastResultSubmittedDate"] for r in rows} == {""}
    # The WQX 3 file names the state by its postal code and the county by its own 3 digits.
    assert {(r["StateName"], r["CountyName"]) for r in _summary(api, WI)} == {("Wisconsin", "Dane County")}
    monkeypatch.setenv("APP_URL", "https://water.example.org/")
    get_settings.cache_clear()
    try:
        [row] = _summary(api, WI)
    finally:
        monkeypatch.delenv("APP_URL")
        get_settings.cache_clear()
    assert row["MonitoringLocationUrl"] == \
        f"https://water.example.org/#/sts/station/{station_id_for(demo['org'], WI_SITE)}"


def test_bad_summary_queries(api):
    assert _error(_request(api, "GET", "/wqp/data/summary/monitoringLocation/search?summaryYears=2")) == \
        "Invalid summaryYears: '2'. One of 1, 5, all expected"
    assert _error(_request(api, "GET", "/wqp/data/Station/search?summaryYears=1")) == \
        "Unknown parameter: summaryYears"
    assert _error(_request(api, "GET", "/wqp/data/summary/monitoringLocation/search?dataProfile=x")) == \
        "Invalid dataProfile. The summary service has no data profiles"
    missing = _request(api, "GET", "/wqp/data/summary/organization/search")
    assert missing.status_code == 404
    assert json.loads(missing.body)["message"] == ("Unknown WQP service: /data/summary/organization/search. "
                                                   "The summary service is /data/summary/monitoringLocation/search")


def test_text_a_spreadsheet_would_run_is_written_as_text(api, demo):
    identifier = f"=WQP-{uuid.uuid4().hex[:6]}"
    created = api.as_("contributor").post("/station", {
        "organizationId": demo["org"], "identifier": identifier, "name": "@SUM(A1:A2)", "latitude": 40.25,
        "longitude": -74.55})
    assert created.status_code == 201, created.json
    path = f"/wqp/data/Station/search?siteid={identifier}"
    [row] = _table(_request(api, "GET", path))
    assert (row["MonitoringLocationIdentifier"], row["MonitoringLocationName"]) == (f"'{identifier}", "'@SUM(A1:A2)")
    assert row["LongitudeMeasure"] == "-74.55"  # numbers stay numbers
    [feature] = json.loads(_request(api, "GET", path + "&mimeType=geojson").body)["features"]
    assert feature["properties"]["MonitoringLocationName"] == "@SUM(A1:A2)"
    api.as_("contributor").delete(f"/station/{created.json['id']}")


def test_an_organization_with_a_wqx_account_is_identified_by_its_wqx_id(api):
    from chalicelib.organizations.models import Organization

    created = api.as_("admin").post("/organization", {"name": f"WQX org {uuid.uuid4().hex[:6]}"})
    assert created.status_code == 201, created.json
    organization = Organization.get(created.json["id"])
    wqx_id = f"OWD_{uuid.uuid4().hex[:6].upper()}"
    organization.update(actions=[Organization.wqxAccount.set({"wqxOrganizationId": wqx_id, "userId": "someone"})])
    identifier = f"WQX-SITE-{uuid.uuid4().hex[:6]}"
    station = api.as_("admin").post("/station", {"organizationId": organization.id, "identifier": identifier,
                                                 "name": "WQX site", "latitude": 41.0, "longitude": -75.0})
    assert station.status_code == 201, station.json
    [row] = _table(_request(api, "GET", f"/wqp/data/Station/search?organization={wqx_id.lower()}"))
    assert (row["OrganizationIdentifier"], row["OrganizationFormalName"], row["MonitoringLocationIdentifier"]) == \
        (wqx_id, created.json["name"], identifier)


def test_nldiurl_is_said_to_be_unsupported_in_chinese_too(api):
    response = api.client.http.request("GET", "/api/v1/wqp/data/Station/search?nldiurl=x",
                                       headers={**api.headers(), "Accept-Language": "zh-CN"})
    assert response.status_code == 400
    assert json.loads(response.body)["message"] == (
        "本门户不支持 nldiurl：它不跟随 NLDI 导航。请改用 siteid、huc、bBox 或 lat、long 与 within 指定站点。")
