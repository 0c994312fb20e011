"""A template row without an ActivityIdentifier is given one made of its station, date, time and activity type
(validate.generated_activity_ids). WQX takes at most 55 characters: a longer one (a long station identifier, a long
activity type) is shortened to a readable start and a hash of the whole, the same on every import and different
for different rows."""
from __future__ import annotations

import numpy as np
import pyarrow as pa

from chalicelib.imports import validate
from tests.unit.test_import_parsing import check

ABBREVIATIONS = {"Field Msr/Obs": "FM", "Sample-Routine": "SR"}
LONG_STATION = "UPPER-MISSISSIPPI-RIVER-BASIN-MONITORING-NETWORK-SITE-0001"  # 57 characters


def generated(stations: list[str], times: list[str], types: list[str], timed: list[bool] | None = None) -> list[str]:
    return validate.generated_activity_ids(
        pa.array(stations, pa.string()), pa.array(times, pa.string()),
        np.array(timed if timed is not None else [True] * len(stations)), pa.array(types, pa.string()),
        ABBREVIATIONS).to_pylist()


def test_a_long_station_gives_an_identifier_of_at_most_55_characters_with_a_readable_start():
    [identifier] = generated([LONG_STATION], ["2024-05-01T09:30:00Z"], ["Field Msr/Obs"])
    assert len(identifier) <= validate.ACTIVITY_ID_MAX == 55
    assert identifier.startswith("UPPER-MISSISSIPPI-RIVER-BASIN-MONITORING")
    assert len(identifier.rsplit("-", 1)[1]) == validate.ACTIVITY_ID_HASH_CHARS


def test_a_long_activity_type_without_an_abbreviation_is_shortened_too():
    long_type = "Quality Control Sample-Lab Spike Target Duplicate Extra Long Type"
    [identifier] = generated(["MY-CREEK-1"], ["2024-05-01T09:30:15Z"], [long_type])
    assert len(identifier) <= 55
    assert identifier.startswith("MY-CREEK-1-20240501-093015-QualityControl")


def test_the_same_row_is_given_the_same_identifier_every_time():
    args = ([LONG_STATION, LONG_STATION], ["2024-05-01T09:30:00Z"] * 2, ["Field Msr/Obs"] * 2)
    first, second = generated(*args)
    assert first == second  # the rows of one activity share it
    assert generated(*args) == [first, second]  # and importing again gives it again
    assert validate.shortened_activity_id(f"{LONG_STATION}-20240501-0930-FM") == first


def test_identifiers_differing_only_past_the_55th_character_stay_different():
    stations = [LONG_STATION, LONG_STATION[:-1] + "2"]  # differ at character 57
    times = ["2024-05-01T09:30:00Z", "2024-05-01T09:30:00Z", "2024-05-01T09:31:00Z", "2024-05-01T09:30:00Z"]
    types = ["Field Msr/Obs"] * 3 + ["Sample-Routine"]
    ids = generated(stations + [LONG_STATION] * 2, times, types)
    full = [f"{LONG_STATION}-20240501-0930-FM", f"{stations[1]}-20240501-0930-FM", f"{LONG_STATION}-20240501-0931-FM",
            f"{LONG_STATION}-20240501-0930-SR"]
    assert len({text[:55] for text in full}) == 1  # the whole identifiers agree on their first 55 characters
    assert len(set(ids)) == 4
    assert all(len(identifier) <= 55 for identifier in ids)


def test_short_identifiers_are_unchanged_beside_shortened_ones():
    ids = generated(["MY-CREEK-1", LONG_STATION, "MY-CREEK-1"], ["2024-05-01T09:30:00Z"] * 3,
                    ["Field Msr/Obs", "Field Msr/Obs", "Sample-Routine"], [True, True, False])
    assert ids[0] == "MY-CREEK-1-20240501-0930-FM"
    assert ids[2] == "MY-CREEK-1-20240501-SR"
    assert ids[1] != f"{LONG_STATION}-20240501-0930-FM" and len(ids[1]) <= 55
    assert generated(["MY-CREEK-1"], ["2024-05-01T09:30:00Z"], ["Field Msr/Obs"]) == ["MY-CREEK-1-20240501-0930-FM"]
    # An identifier of exactly 55 characters is kept whole.
    station = "S" * (55 - len("-20240501-0930-FM"))
    assert generated([station], ["2024-05-01T09:30:00Z"], ["Field Msr/Obs"]) == [f"{station}-20240501-0930-FM"]


def test_a_template_file_with_a_long_station_gives_its_rows_a_short_shared_activity():
    checked = check(("StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit\n"
                     f"{LONG_STATION},2024-05-01,09:30,EST,pH,7.2,std units\n"
                     f"{LONG_STATION},2024-05-01,09:30,EST,Temperature,12,deg C\n"
                     "MY-CREEK-1,2024-05-01,09:30,EST,pH,7.1,std units\n").encode())
    activities = checked.fields["activityId"].to_pylist()
    assert activities[0] == activities[1] != activities[2] == "MY-CREEK-1-20240501-0930-FM"
    assert len(activities[0]) <= 55 and activities[0].startswith("UPPER-MISSISSIPPI")
    assert checked.fields[validate.ACTIVITY_GENERATED].to_pylist() == [True, True, True]
    # The sort key holds the activity as given (the worker reads it back by its length).
    assert checked.fields["sortTime"].to_pylist()[0].endswith("#" + activities[0])
