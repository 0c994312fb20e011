"""What the logger chart reads (GET wapi/ts/data) shows gaps as gaps and flagged values as flagged, raw or
aggregated (a walk: a 9-day gap drawn as a straight line, and an hourly mean pulled to 70 deg C by an implausible
value looked like any other)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.api.imports_support import fresh_project

START = datetime(2024, 6, 1, tzinfo=timezone.utc)
QUARTER = timedelta(minutes=15)


def _times(first: datetime, days: int) -> list[str]:
    return [(first + QUARTER * i).strftime("%Y-%m-%dT%H:%M:%SZ") for i in range(days * 96)]


def test_a_gap_has_no_points_and_an_implausible_value_marks_its_mean(api):
    org, project = fresh_project(api)
    admin = api.as_("admin")
    admin.post("/station", {"organizationId": org, "identifier": "GAP-1", "name": "Gap creek",
                            "latitude": 40.3, "longitude": -75.2})
    key = admin.post(f"/organization/{org}/api-keys", {"name": "Gap logger"}).json["key"]
    # Two days, nine days without values, then a day; the first hour of the last day reads 99 deg C once.
    times = _times(START, 2) + _times(START + timedelta(days=11), 1)
    values = [[t, 99 if t == "2024-06-12T00:15:00Z" else 18.0] for t in times]
    pushed = api.as_("anonymous").post(f"/wapi/{project}/ts", {"series": [{
        "stationIdentifier": "GAP-1", "parameter": "Temperature, water", "unit": "deg C", "values": values}]},
        headers={"X-API-Key": key}).json
    assert (pushed["added"], pushed["flagged"]) == (len(times), 1), pushed
    series = pushed["series"][0]

    hours = api.get(f"/wapi/ts/data?series={series}&aggregate=hour").json
    assert (hours["count"], len(hours["points"]), hours["step"]) == (len(times), 3 * 24, 3600)
    ends = [p["t"] for p in hours["points"][47:49]]
    assert ends == ["2024-06-02T23:00:00Z", "2024-06-12T00:00:00Z"]  # nothing drawn in between
    first_late = hours["points"][48]
    assert first_late == {"t": "2024-06-12T00:00:00Z", "min": 18.0, "mean": 38.25, "max": 99.0, "n": 4, "flagged": 1}
    assert [p for p in hours["points"] if "flagged" in p] == [first_late]

    days = api.get(f"/wapi/ts/data?series={series}&aggregate=day").json
    assert [(p["t"][:10], p["n"], p.get("flagged")) for p in days["points"]] == [
        ("2024-06-01", 96, None), ("2024-06-02", 96, None), ("2024-06-12", 96, 1)]
    assert days["step"] == 86400

    raw = api.get(f"/wapi/ts/data?series={series}&aggregate=raw").json
    assert (raw["step"], raw["points"][96 * 2 + 1]) == (900, {"t": "2024-06-12T00:15:00Z", "v": 99.0,
                                                                "flag": "out-of-range"})
