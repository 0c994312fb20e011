"""The real USGS `dataretrieval` package (pinned in requirements-dev.txt) reads this portal through its own
base-URL setting, WqpConfiguration(base_url=...), over a real socket: the API runs as `chalice local` on a
free port against the session's AWS stand-in and demo data."""
from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
import threading
import warnings
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pandas as pd
import pytest
import requests

import dataretrieval
from dataretrieval import wqp
from dataretrieval.codes import tz
from devtools.processes import free_port, wait_until_up
from tests.api.imports_support import WQP, fresh_project, import_file

ROOT = Path(__file__).resolve().parents[2]
NJ_SITES = {"USGS-391214074570201", "USGS-01405150", "USGS-0140811980", "USGS-01409434", "USGS-01412119"}
WI_SITE = "WIDNR_WQX-10032762"


@contextmanager
def _served(**settings: str):
    """The API as `chalice local` on a free port (the same app, settings and data as the session's, with
    `settings` added to its environment); its WQP base URL."""
    port = free_port()
    chalice = str(Path(sys.executable).parent / "chalice")
    process = subprocess.Popen([chalice, "local", "--no-autoreload", "--stage", "local", "--host", "127.0.0.1",
                                "--port", str(port)], cwd=ROOT, env={**os.environ, **settings},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/api/v1/system/info", "chalice local", process, timeout=60)
        yield f"http://127.0.0.1:{port}/api/v1/wqp"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def base_url(demo):
    """The API on a socket of its own."""
    with _served() as url:
        yield url


@pytest.fixture
def portal(base_url):
    """dataretrieval configured with this portal's base URL (its documented way to name another root)."""
    with dataretrieval.configure(wqp.WqpConfiguration(base_url=base_url)), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on legacy and WQX 3.0 profiles speak of the USGS portal
        yield wqp


def _sites(frame: pd.DataFrame) -> set[str]:
    return set(frame["MonitoringLocationIdentifier"])


def test_what_sites_by_state_county_huc_and_bounding_box(portal):
    by_state, metadata = portal.what_sites(statecode="US:34")
    assert NJ_SITES <= _sites(by_state) and WI_SITE not in _sites(by_state)
    assert set(by_state["StateCode"].astype(int)) == {34}
    assert metadata.header["Total-Site-Count"] == str(len(by_state))
    assert "/api/v1/wqp/data/Station/Search" in metadata.url
    by_county, _ = portal.what_sites(countycode="US:34:011")
    assert {"USGS-391214074570201", "USGS-01412119"} <= _sites(by_county)
    assert set(by_county["CountyCode"].astype(int)) == {11}
    by_huc, _ = portal.what_sites(huc="0204*", statecode="US:34")
    assert _sites(by_huc) & NJ_SITES == NJ_SITES - {"USGS-01405150"}
    assert all(str(h).zfill(8).startswith("0204") for h in by_huc["HUCEightDigitCode"])
    by_box, _ = portal.what_sites(bBox="-75.0,39.1,-74.9,39.4")
    assert {"USGS-391214074570201", "USGS-01412119"} <= _sites(by_box)
    assert by_box["LongitudeMeasure"].between(-75.0, -74.9).all() and by_box["LatitudeMeasure"].between(39.1, 39.4).all()


def test_get_results_by_site_and_characteristic_legacy_and_wqx3(portal):
    # The demo organization's copy of the site (import tests import the same file into other organizations).
    demo = {"siteid": WI_SITE, "organization": "Demo Watershed Council"}
    legacy, metadata = portal.get_results(**demo, characteristicName="Specific conductance")
    assert len(legacy) == 5 and metadata.header["Total-Result-Count"] == "5"
    assert sorted(legacy["ResultMeasureValue"].astype(float)) == [471.0, 750.0, 800.0, 860.0, 1000.0]
    assert set(legacy["ResultMeasure/MeasureUnitCode"]) == {"uS/cm"}
    wqx3, _ = portal.get_results(**demo, characteristicName="Specific conductance", legacy=False)
    assert len(wqx3) == 5
    assert set(wqx3["Location_Identifier"]) == {WI_SITE}
    assert sorted(wqx3["Result_Measure"].astype(float)) == [471.0, 750.0, 800.0, 860.0, 1000.0]
    # dataretrieval combines date, time and zone into one UTC instant, for either spelling.
    assert list(legacy["ActivityStartDateTime"]) == list(wqx3["Activity_StartDateTime"])
    assert legacy["ActivityStartDateTime"].min() == pd.Timestamp("2011-05-09T17:20:00Z")
    none, _ = portal.get_results(**demo, characteristicName="pH")
    assert none.empty


def test_activity_metrics_habitat_metrics_and_project_weights_answer_empty_frames_with_wqps_columns(portal):
    """The three getters dataretrieval has for what this portal keeps none of: WQP's columns, no rows, their
    count headers at 0 (they had answered 404)."""
    from chalicelib.wqp import columns

    for getter, expected, header in ((portal.what_activity_metrics, columns.ACTIVITY_METRIC, "Total-ActivityMetric-Count"),
                                     (portal.what_habitat_metrics, columns.BIOLOGICAL_METRIC,
                                      "Total-BiologicalMetric-Count"),
                                     (portal.what_project_weights, columns.PROJECT_MONITORING_LOCATION_WEIGHTING,
                                      "Total-ProjectMonitoringLocationWeighting-Count")):
        frame, metadata = getter(statecode="US:34", startDateLo="01-01-2006", startDateHi="01-01-2009")
        assert frame.empty and metadata.header[header] == "0"
        # pandas reads WQP's repeated ResourceSubjectText as ResourceSubjectText.1.
        assert [name.removesuffix(".1") for name in frame.columns] == list(expected)
    # What WQP clients send besides: providers, command.avoid, minactivities.
    sites, _ = portal.what_sites(siteid=WI_SITE, organization="Demo Watershed Council", providers=["NWIS", "STORET"],
                                 **{"command.avoid": "NWIS"}, minactivities="1")
    assert _sites(sites) == {WI_SITE}
    activities, metadata = portal.what_activities(siteid=WI_SITE, organization="Demo Watershed Council")
    assert len(activities) == 5 and metadata.header["Total-Activity-Count"] == "5"


def _values_of(api_url: str, station_id: str, parameter_id: str, start: str, end: str) -> int:
    answer = requests.get(f"{api_url}/sampleValue/{station_id}/{parameter_id}",
                          params={"from": start, "to": end}, timeout=30).json()
    return answer["count"]


def test_get_results_by_state_county_huc_box_and_dates_match_the_products_own_series(portal, base_url):
    from chalicelib.parameters.service import parameter_id_for

    api_url = base_url.removesuffix("/wqp")
    sites, _ = portal.what_sites(statecode="US:34", characteristicName="pH")
    assert len(sites) > 0
    stations = requests.get(f"{api_url}/station", params={"limit": 1000}, timeout=30).json()
    stations = stations["data"] if isinstance(stations, dict) else stations
    id_of = {s["identifier"]: s["id"] for s in stations}
    expected = sum(_values_of(api_url, id_of[site], parameter_id_for("pH"), "2020-01-01", "2020-12-31")
                   for site in _sites(sites))
    assert expected > 0
    for legacy in (True, False):
        results, metadata = portal.get_results(statecode="US:34", characteristicName="pH", startDateLo="01-01-2020",
                                               startDateHi="12-31-2020", legacy=legacy)
        day = results["ActivityStartDate" if legacy else "Activity_StartDate"]
        assert len(results) == expected == int(metadata.header["Total-Result-Count"])
        assert day.min() >= "2020-01-01" and day.max() <= "2020-12-31"
        assert set(results["CharacteristicName" if legacy else "Result_Characteristic"]) == {"pH"}
        # Every value has its instant: the generated values, given without a zone, are answered in UTC (a walk:
        # their zone was empty and dataretrieval's date-time NaT).
        assert results["ActivityStartDateTime" if legacy else "Activity_StartDateTime"].notna().all()
        assert set(results["MonitoringLocationIdentifier" if legacy else "Location_Identifier"]) <= _sites(sites)
    one_county = next(iter(sites["CountyCode"].astype(int)))
    by_county, _ = portal.get_results(countycode=f"US:34:{one_county:03d}", characteristicName="pH")
    county_sites, _ = portal.what_sites(countycode=f"US:34:{one_county:03d}", characteristicName="pH")
    assert set(by_county["MonitoringLocationIdentifier"]) == _sites(county_sites)
    huc = str(sites["HUCEightDigitCode"].iloc[0]).zfill(8)[:4]
    by_huc, _ = portal.get_results(huc=f"{huc}*", characteristicName="pH", startDateLo="01-01-2020",
                                   startDateHi="12-31-2020")
    huc_sites, _ = portal.what_sites(huc=f"{huc}*", characteristicName="pH", startDateLo="01-01-2020",
                                     startDateHi="12-31-2020")
    assert set(by_huc["MonitoringLocationIdentifier"]) == _sites(huc_sites) and len(by_huc) > 0
    lat, lng = float(sites["LatitudeMeasure"].iloc[0]), float(sites["LongitudeMeasure"].iloc[0])
    box = f"{lng - 0.01},{lat - 0.01},{lng + 0.01},{lat + 0.01}"
    by_box, _ = portal.get_results(bBox=box, characteristicName="pH")
    assert sites["MonitoringLocationIdentifier"].iloc[0] in set(by_box["MonitoringLocationIdentifier"])


def _utc(day: str, clock: str, zone: str) -> pd.Timestamp:
    offset = tz[zone]
    return pd.Timestamp(datetime.fromisoformat(f"{day}T{clock}{offset[:3]}:{offset[3:]}")).tz_convert("UTC")


def test_the_repositorys_wqp_files_imported_come_back_through_dataretrieval_cell_by_cell(api, portal):
    """Both WQP files imported into a new project of a new organization, read back with get_results
    (legacy and WQX 3.0) and compared with the source columns WQP defines."""
    organization_id, project_id = fresh_project(api)
    name = api.get(f"/organization/{organization_id}").json["name"]
    wqx3_source = (WQP / "wqp3_results.csv").read_bytes()
    log = import_file(api, organization_id, project_id, wqx3_source, "wqp3_results.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 5), log
    wqx2_source = (WQP / "wqp_results.csv").read_bytes()
    log = import_file(api, organization_id, project_id, wqx2_source, "wqp_results.csv")
    assert log["status"] == "succeeded", log  # the same results again: nothing changes
    for legacy, source, names in (
            (True, wqx2_source, ("ActivityIdentifier", "MonitoringLocationIdentifier", "CharacteristicName",
                                 "ResultMeasureValue", "ResultMeasure/MeasureUnitCode", "ResultDetectionConditionText",
                                 "ActivityStartDate", "ActivityStartTime/Time", "ActivityStartTime/TimeZoneCode",
                                 "ActivityStartDateTime")),
            (False, wqx3_source, ("Activity_ActivityIdentifier", "Location_Identifier", "Result_Characteristic",
                                  "Result_Measure", "Result_MeasureUnit", "Result_ResultDetectionCondition",
                                  "Activity_StartDate", "Activity_StartTime", "Activity_StartTimeZone",
                                  "Activity_StartDateTime"))):
        activity, site, characteristic, value, unit, detection, day, clock, zone, instant = names
        served, metadata = portal.get_results(organization=name, legacy=legacy)
        assert metadata.header["Total-Result-Count"] == "5"
        rows = sorted(csv.DictReader(io.StringIO(source.decode("utf-8"))), key=lambda r: r[activity])
        served = served.sort_values(activity, ignore_index=True)
        assert list(served[activity]) == [r[activity] for r in rows]
        for index, row in enumerate(rows):
            out = served.iloc[index]
            assert out[site] == row[site]
            assert out[characteristic] == row[characteristic]
            assert float(out[value]) == float(row[value])
            assert out[unit] == row[unit]
            assert (out[detection] if isinstance(out[detection], str) else "") == row[detection]
            # Served as the source wrote it (its local date, time and zone: decision 0006), so the same instant.
            assert (out[day], out[clock], out[zone]) == (row[day], row[clock], row[zone])
            assert out[instant] == _utc(row[day], row[clock], row[zone])


def test_over_a_socket_head_counts_and_a_redirected_answer_is_followed(base_url):
    # The demo organization's site (the round trip above imports the same site into another organization).
    head = requests.head(f"{base_url}/data/Result/Search",
                         params={"siteid": WI_SITE, "organization": "Demo Watershed Council"}, timeout=30)
    assert head.status_code == 200 and head.content == b""
    assert (head.headers["Total-Site-Count"], head.headers["Total-Result-Count"]) == ("1", "5")
    zipped = requests.get(f"{base_url}/data/Station/search", params={"statecode": "US:34", "zip": "yes"}, timeout=60)
    assert zipped.history and zipped.history[0].status_code == 303  # followed to the presigned object
    assert zipped.status_code == 200 and zipped.content[:2] == b"PK"


@contextmanager
def _worker():
    """The queue worker polling in the background, as Lambda's SQS event source runs it."""
    import app
    from devtools.worker import poll_once
    from tests.api.imports_support import queue_arn

    url, arn = os.environ["IMPORT_QUEUE_URL"], queue_arn()
    stop = threading.Event()
    thread = threading.Thread(target=lambda: [poll_once(app.import_worker, url, arn, wait_seconds=1)
                                              for _ in iter(stop.is_set, True)], daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=30)


def test_dataretrieval_reads_a_result_answer_the_worker_wrote_through_the_redirects(demo, base_url):
    """Above WQP_DIRECT_MAX_RESULTS (lowered to 4) get_results follows 303 to /wqp/answers/{id}, which waits
    (a second per hop here) and redirects again until the worker has written the answer, then to S3; the
    frame equals the direct answer's. (dataretrieval 1.4 follows redirects with httpx: 20 at most.)"""
    query = {"siteid": WI_SITE, "organization": "Demo Watershed Council"}
    with dataretrieval.configure(wqp.WqpConfiguration(base_url=base_url)), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        direct, _ = wqp.get_results(**query)
    with _served(WQP_DIRECT_MAX_RESULTS="4", WQP_ANSWER_WAIT_SECONDS="1") as queued_url:
        first = requests.get(f"{queued_url}/data/Result/search", params=query, allow_redirects=False, timeout=30)
        assert first.status_code == 303 and "/answers/" in first.headers["Location"]
        with _worker(), dataretrieval.configure(wqp.WqpConfiguration(base_url=queued_url)), \
                warnings.catch_warnings():
            warnings.simplefilter("ignore")
            queued, metadata = wqp.get_results(**query)
    assert len(direct) == 5
    pd.testing.assert_frame_equal(queued, direct)
    assert "/downloads/wqp/answers/" in metadata.url  # read from the object the worker wrote
