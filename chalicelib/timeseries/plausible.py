"""What a time series takes as plausible.

Values: the plausible ranges of common logger parameters (by label, case-insensitive); a value outside is
stored and flagged "out of range", never dropped (a sensor fault is worth seeing, and may be real).

Times: a pushed or imported value's time is from 1800 (UTC) to 2 days after the server's now (time_problem):
a logger's value stamped later is a clock or time-zone mistake, refused with TOO_LATE as its reason rather than
stored at every chart's right edge; 2 days leave room for a zone given wrongly (at most 26 hours apart) and a
drifting clock. Reads clamp their range to the years 1800 to next year (time_bounds), which hold every time
taken, so bucket keys always have four-digit years and sort as times do.
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
AHEAD = timedelta(days=2)  # how far after the server's now a value's time may be
# The reasons a time outside gets, after the time itself; 1800 (EARLIEST_YEAR) and 2 days (AHEAD) are written
# out so that chalicelib/core/messages.py can translate them.
TOO_EARLY = "is before 1800 (in UTC), the earliest time this portal takes"
TOO_LATE = "is more than 2 days in the future: check the logger's clock and time zone"
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


def latest_time() -> int:
    """The last epoch second a value may be stamped with now: AHEAD after the server's now."""
    return seconds_of(datetime.now(timezone.utc) + AHEAD)


def time_problem(epoch: int, latest: int | None = None) -> str | None:
    """Why a value's time is not taken (TOO_EARLY, TOO_LATE), or None; `latest`: latest_time(), when the caller
    checks many times against one now."""
    if epoch < time_bounds()[0]:
        return TOO_EARLY
    if epoch > (latest_time() if latest is None else latest):
        return TOO_LATE
    return None


def clamped(epoch: int, *, end: bool = False) -> int:
    """A read's bound within the years kept: a `from` before them reads from their first second, a `to` after
    them to their last. A `from` after them (a `to` before them) stays one second beyond, selecting nothing."""
    first, last = time_bounds()
    return min(max(epoch, first - 1 if end else first), last if end else last + 1)
