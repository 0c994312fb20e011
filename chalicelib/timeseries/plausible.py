"""What a time series takes as plausible.

Values: the plausible ranges of common logger parameters (by label, case-insensitive); a value outside is
stored and flagged "out of range", never dropped (a sensor fault is worth seeing, and may be real).

Times: from 1800 to the end of next year (UTC), as the sample imports take dates (chalicelib/imports/
validate.py); a time outside is rejected with OUTSIDE_YEARS as its reason. Pushes and imports check it here,
reads clamp their range to it, so bucket keys always have four-digit years and sort as times do.
"""
from __future__ import annotations

import calendar
from datetime import datetime, timedelta, timezone

# label -> (lowest, highest) in the parameter's usual unit
RANGES: dict[str, tuple[float, float]] = {
    "ph": (0.0, 14.0),
    "temperature, water": (-5.0, 50.0),
    "water temperature": (-5.0, 50.0),
    "temperature": (-60.0, 60.0),
    "dissolved oxygen (do)": (0.0, 50.0),
    "dissolved oxygen": (0.0, 50.0),
    "specific conductance": (0.0, 200_000.0),
    "conductivity": (0.0, 200_000.0),
    "turbidity": (0.0, 10_000.0),
    "discharge": (0.0, 10_000_000.0),
    "stream flow": (0.0, 10_000_000.0),
    "gage height": (-100.0, 1_000.0),
    "salinity": (0.0, 70.0),
}

EARLIEST_YEAR = 1800
# The reason a time outside gets, after the time itself; 1800 is EARLIEST_YEAR, written out so it can be translated.
OUTSIDE_YEARS = "is not a time this portal takes: the year (in UTC) must be from 1800 to next year"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def out_of_range(label: str | None, value: float) -> bool:
    bounds = RANGES.get((label or "").strip().casefold())
    return bounds is not None and not bounds[0] <= value <= bounds[1]


def time_bounds() -> tuple[int, int]:
    """(first, last) epoch second a series takes: 1800-01-01T00:00:00Z and the last second of next year."""
    next_year = datetime.now(timezone.utc).year + 1
    return calendar.timegm((EARLIEST_YEAR, 1, 1, 0, 0, 0)), calendar.timegm((next_year + 1, 1, 1, 0, 0, 0)) - 1


def seconds_of(moment: datetime) -> int:
    """Epoch seconds of an aware date and time of any year (datetime.timestamp() overflows near years 1 and 9999)."""
    return (moment - EPOCH) // timedelta(seconds=1)


def plausible_time(epoch: int) -> bool:
    first, last = time_bounds()
    return first <= epoch <= last


def clamped(epoch: int, *, end: bool = False) -> int:
    """A read's bound within the years kept: a `from` before them reads from their first second, a `to` after
    them to their last. A `from` after them (a `to` before them) stays one second beyond, selecting nothing."""
    first, last = time_bounds()
    return min(max(epoch, first - 1 if end else first), last if end else last + 1)
