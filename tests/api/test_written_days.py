"""A day asked of a station's values is the day their source wrote, in its own zone: what the station chart draws
and the WQP services date (data walk, 2026-11-27). A sample taken at 9 pm CST on 31 January is stored as 03:00 UTC
on 1 February; asked for January it is there, and deleting January takes it; an instant asked stays an instant."""
from __future__ import annotations

import csv
import io
import uuid

from tests.api.imports_support import fresh_project, import_file


def _station_with_evening_samples(api) -> dict:
    """pH on 31 January at 9 pm CST and on 1 February at 1 am CST, and at noon UTC on 1 February."""
    org, project = fresh_project(api)
    identifier = f"DAY-{uuid.uuid4().hex[:6]}"
    rows = [f"{identifier},2024-01-31,21:00,CST,pH,7.1,std units,40.1,-75.2",
            f"{identifier},2024-02-01,01:00,CST,pH,7.2,std units,40.1,-75.2",
            f"{identifier},2024-02-01,12:00,UTC,pH,7.3,std units,40.1,-75.2"]
    content = ("StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               + "\n".join(rows) + "\n").encode()
    log = import_file(api, org, project, content, "evening.csv")
    assert log["rowsImported"] == 3, log["message"]
    station = api.get(f"/station?filter=identifier||$eq||{identifier}").json[0]
    ph = next(p["id"] for p in api.get("/parameter/parameters?limit=1000").json if p["label"] == "pH")
    return {"station": station, "ph": ph}


def _values(api, path: str) -> list:
    return [v["value"] for v in api.get(path).json["data"]]


def test_a_series_read_by_dates_holds_the_values_written_on_those_dates(api):
    data = _station_with_evening_samples(api)
    path = f"/sampleValue/{data['station']['id']}/{data['ph']}"
    assert _values(api, f"{path}?to=2024-01-31") == [7.1]
    assert _values(api, f"{path}?from=2024-02-01") == [7.2, 7.3]
    assert _values(api, f"{path}?from=2024-01-31&to=2024-01-31") == [7.1]
    assert api.get(f"{path}?from=2024-02-01&format=columns&limit=1").json["columns"]["value"] == [7.2]
    # An instant is an instant: 03:00 UTC on 1 February is the January evening's sample.
    assert _values(api, f"{path}?from=2024-02-01T03:00:00Z&to=2024-02-01T03:00:00Z") == [7.1]
    refused = api.get(f"{path}?from=2024-02-01&to=2024-01-31")
    assert (refused.status_code, refused.json["message"]) == (400, "Invalid from. It must not be after to")


def test_the_download_by_dates_holds_the_values_written_on_those_dates(api):
    data = _station_with_evening_samples(api)
    answer = api.client.http.request(
        "GET", f"/api/v1/sampleValue?stationId={data['station']['id']}&from=2024-01-31&to=2024-01-31")
    assert answer.status_code == 200
    rows = list(csv.DictReader(io.StringIO(answer.body.decode("utf-8-sig"))))
    assert [(r["ActivityStartDate"], r["ActivityStartTime/Time"], r["ResultMeasureValue"]) for r in rows] == [
        ("2024-01-31", "21:00:00", "7.1")]


def test_deleting_a_day_takes_the_values_written_that_day(api):
    data = _station_with_evening_samples(api)
    admin, station = api.as_("admin"), data["station"]
    path = f"/sampleValue/{station['id']}/{data['ph']}"
    assert admin.delete(f"{path}?from=2024-01-31&to=2024-01-31").json == {"deleted": 1}
    assert _values(api, path) == [7.2, 7.3]
    entries = admin.get(f"/system/audit?filter=targetId||$eq||{station['id']}%23{data['ph']}").json
    assert [(e["before"]["from"], e["before"]["to"], e["before"]["count"]) for e in entries] == [
        ("2024-01-31", "2024-01-31", 1)]


def test_a_value_given_with_a_date_alone_is_read_as_such(api):
    """The chart shows a date alone for it (not the midnight of that date in the viewer's zone)."""
    org, project = fresh_project(api)
    identifier = f"DAY-{uuid.uuid4().hex[:6]}"
    content = ("StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Latitude,Longitude\n"
               f"{identifier},2011-07-06,,,pH,7.1,std units,40.1,-75.2\n"
               f"{identifier},2011-07-07,00:00,UTC,pH,7.2,std units,40.1,-75.2\n").encode()
    assert import_file(api, org, project, content, "dates.csv")["rowsImported"] == 2
    station = api.get(f"/station?filter=identifier||$eq||{identifier}").json[0]
    ph = next(p["id"] for p in api.get("/parameter/parameters?limit=1000").json if p["label"] == "pH")
    values = api.get(f"/sampleValue/{station['id']}/{ph}").json["data"]
    assert [(v["time"], v.get("dateOnly")) for v in values] == [("2011-07-06T00:00:00Z", "1"),
                                                              ("2011-07-07T00:00:00Z", None)]
