"""WQP's dates (startDateLo, startDateHi) are the dates the values were written with, in their own zones, as the
portal's ActivityStartDate says them: an evening sample in the Americas (23:40 EDT, 03:40 UTC the next day) is
found on its own day, by the search and by its counts alike."""
from __future__ import annotations

import csv
import io

import pytest

from tests.api.imports_support import fresh_project, import_file

HEADER = b"StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"


@pytest.fixture(scope="module")
def evening(api):
    org, project = fresh_project(api)
    content = HEADER + (b"WB-EVENING-1,Evening creek,40.13,-75.57,2024-07-10,08:00,EDT,Water temperature,20.5,deg C\n"
                        b"WB-EVENING-1,,,,2024-07-11,23:40,EDT,Water temperature,21.0,deg C\n"
                        b"WB-EVENING-1,,,,2024-07-12,00:30,HST,Water temperature,21.4,deg C\n"
                        b"WB-EVENING-1,,,,2024-07-14,21:10,EDT,Water temperature,22.0,deg C\n")
    log = import_file(api, org, project, content, "evening.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 4), log
    name = api.get(f"/organization/{org}").json["name"]
    return f"siteid=WB-EVENING-1&organization={name.replace(' ', '%20')}"


@pytest.mark.parametrize("dates, written", [
    ("startDateHi=07-11-2024", ["2024-07-10", "2024-07-11"]),
    ("startDateLo=07-12-2024", ["2024-07-12", "2024-07-14"]),
    ("startDateLo=07-11-2024&startDateHi=07-11-2024", ["2024-07-11"]),
    ("startDateLo=07-12-2024&startDateHi=07-13-2024", ["2024-07-12"]),
    ("startDateLo=07-11-2024&startDateHi=07-14-2024", ["2024-07-11", "2024-07-12", "2024-07-14"]),
])
def test_a_result_search_finds_values_by_their_written_dates_and_counts_them_alike(api, evening, dates, written):
    path = f"/wqp/data/Result/search?{evening}&{dates}&mimeType=csv"
    answer = api.get(path)
    rows = list(csv.DictReader(io.StringIO(answer.body.decode("utf-8-sig"))))
    assert sorted(r["ActivityStartDate"] for r in rows) == written
    head = api.request("HEAD", path)
    assert head.headers["Total-Result-Count"] == str(len(written))
    assert head.headers["Total-Site-Count"] == "1"


def test_a_day_with_no_written_value_finds_nothing(api, evening):
    path = f"/wqp/data/Result/search?{evening}&startDateLo=07-13-2024&startDateHi=07-13-2024&mimeType=csv"
    assert api.request("HEAD", path).headers["Total-Result-Count"] == "0"
