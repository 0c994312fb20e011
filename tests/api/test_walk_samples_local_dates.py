"""A station's and a series' first and last dates are the dates the samples' records wrote (a walk: an evening
sample in the Americas, 23:40 EDT, showed as the next day everywhere but in the download)."""
from __future__ import annotations

from tests.api.imports_support import fresh_project, import_file

HEADER = b"StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"


def _station(api, org, project, identifier):
    listed = api.get(f"/organization/{org}/projects/{project}/stations").json
    return next(s for s in listed if s["identifier"] == identifier)


def test_an_evening_sample_in_the_americas_keeps_its_own_date_on_every_screen(api):
    org, project = fresh_project(api)
    content = HEADER + (b"WB-CREEK-2,Mill Creek below dam,40.1301,-75.5702,2024-03-07,10:15,EST,Water temperature,"
                        b"8.9,deg C\n"
                        b"WB-CREEK-2,,,,2024-07-11,16:40,EDT,Water temperature,22.4,deg C\n"
                        b"WB-CREEK-2,,,,2024-07-11,23:40,EDT,Water temperature,21.0,deg C\n")
    log = import_file(api, org, project, content, "template.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 3), log

    # The project's station list (lastDate), the station's info ("Sampled first – last") and its series.
    listed = _station(api, org, project, "WB-CREEK-2")
    assert (listed["firstDate"], listed["lastDate"]) == ("2024-03-07", "2024-07-11")
    info = api.get(f"/station/{listed['id']}").json
    assert (info["firstDate"], info["lastDate"]) == ("2024-03-07", "2024-07-11")
    [series] = api.get(f"/station/{listed['id']}/series").json
    assert (series["firstDate"], series["lastDate"], series["lastValue"]) == ("2024-03-07", "2024-07-11", 21.0)
    # The instant itself stays UTC: the chart places the value at 03:40Z.
    values = api.get(f"/sampleValue/{listed['id']}/{series['parameterId']}?order=DESC&limit=1").json["data"]
    assert values[0]["time"] == "2024-07-12T03:40:00Z"

    # The explorer's table ("Last sample") and its date filter judge by the same dates.
    explorer = {"organizationIds": [org]}
    [shown] = api.post("/statistic", explorer).json["stations"]
    assert (shown["meta"]["firstDate"], shown["meta"]["lastDate"]) == ("2024-03-07", "2024-07-11")
    assert api.post("/statistic", {**explorer, "from": "2024-07-11"}).json["total"] == 1
    assert api.post("/statistic", {**explorer, "from": "2024-07-12"}).json["total"] == 0


def test_first_and_last_dates_are_the_earliest_and_latest_written_whatever_the_zones_order_in_utc(api):
    """At a station on Guam: in UTC, 08:00 ChST of Jul 12 (22:00Z on Jul 11) comes first, before 23:40 UTC of the
    day before; 23:00 written without a zone on Aug 2 comes last, after 08:00 ChST of Aug 3 (22:00Z on Aug 2). The
    dates are the written ones. (A zone must be near its station's clocks, UTC anywhere: hence Guam.)"""
    org, project = fresh_project(api)
    content = HEADER + (b"MIXED-1,Mixed zones,13.4,144.8,2024-07-11,23:40,UTC,pH,7.0,std units\n"
                        b"MIXED-1,,,,2024-07-12,08:00,ChST,pH,7.1,std units\n"
                        b"MIXED-1,,,,2024-08-03,08:00,ChST,pH,7.2,std units\n"
                        b"MIXED-1,,,,2024-08-02,23:00,,pH,7.3,std units\n")
    log = import_file(api, org, project, content, "mixed.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 4), log
    station = _station(api, org, project, "MIXED-1")
    assert (station["firstDate"], station["lastDate"]) == ("2024-07-11", "2024-08-03")
    [series] = api.get(f"/station/{station['id']}/series").json
    # The latest value is the latest in time (23:00 UTC on Aug 2), not the one dated last.
    assert (series["firstDate"], series["lastDate"], series["lastValue"]) == ("2024-07-11", "2024-08-03", 7.3)


def test_a_value_written_without_a_zone_or_without_a_time_keeps_its_date(api):
    org, project = fresh_project(api)
    content = HEADER + (b"PLAIN-1,Plain dates,40.1,-75.5,2024-05-01,23:30,,pH,7.0,std units\n"
                        b"PLAIN-1,,,,2024-05-03,,EST,pH,7.1,std units\n")
    log = import_file(api, org, project, content, "plain.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    station = _station(api, org, project, "PLAIN-1")
    assert (station["firstDate"], station["lastDate"]) == ("2024-05-01", "2024-05-03")


def test_the_report_gives_an_evening_samples_own_date_as_its_last(api):
    from tests.api.test_report import report, squeezed, text_of

    org, project = fresh_project(api)
    content = HEADER + (b"WB-REPORT-EVE,Report creek,40.2,-75.4,2024-07-10,09:00,EDT,Water temperature,20.0,deg C\n"
                        b"WB-REPORT-EVE,,,,2024-07-15,23:40,EDT,Water temperature,21.0,deg C\n")
    log = import_file(api, org, project, content, "evening.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    station = _station(api, org, project, "WB-REPORT-EVE")
    response = report(api, {"stationIds": [station["id"]], "language": "en"})
    assert response.status_code == 200
    text = squeezed(text_of(response.body))
    # The table's first and last dates as written (the chart's time axis may run on to the next UTC day).
    assert "Firstdate" in text and "2024-07-102024-07-15" in text, text
