"""Times of day as volunteers' spreadsheets write them. A walk: Excel set to English (United States) saves a time
cell as "9:30 AM" in a CSV, and every row of such a file was refused ("is not a time of day")."""
from __future__ import annotations

import pyarrow as pa
import pytest

from chalicelib.imports import validate


def seconds_of(texts: list[str]) -> list[int | None]:
    seconds, bad = validate.parse_times(pa.array(texts, pa.string()))
    return [None if refused else second for second, refused in zip(seconds.to_pylist(), bad.to_pylist())]


def test_twenty_four_hour_times_are_read_as_before():
    assert seconds_of(["09:30", "9:05", "13:45:10", "00:00", "23:59:59", ""]) == [
        34200, 32700, 49510, 0, 86399, 0]


@pytest.mark.parametrize("text, hours, minutes, seconds", [
    ("9:30 AM", 9, 30, 0), ("9:30 PM", 21, 30, 0), ("12:05 AM", 0, 5, 0), ("12:05 PM", 12, 5, 0),
    ("1:15:20 pm", 13, 15, 20), ("11:59:59 p.m.", 23, 59, 59), ("7:00am", 7, 0, 0), ("10:45 a.m.", 10, 45, 0)])
def test_a_twelve_hour_time_with_am_or_pm_is_read(text, hours, minutes, seconds):
    assert seconds_of([text]) == [hours * 3600 + minutes * 60 + seconds]


@pytest.mark.parametrize("text", ["13:30 PM", "0:30 AM", "25:00", "9:70", "9:30 XM", "9:30 AMish", "9 AM"])
def test_a_time_that_is_none_is_still_refused(text):
    assert seconds_of([text]) == [None]
