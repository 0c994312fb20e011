"""The time zones a sampled result's time may be written in: the WQX time zone codes (keylists.json), which name
North American and Pacific zones only, and offsets from UTC ("UTC+08:00") for every other place. A volunteer group
in China has no WQX code: "CST" there is US Central (UTC-6), and a blank zone is read as UTC.

An offset is stored in one spelling, "UTC+08:00", whatever form the file gave ("UTC+8", "GMT+8", "+0800", "北京时间"),
so that a file imported again in another spelling changes nothing; downloads give it back so."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache

# "UTC+8", "UTC+08", "UTC+08:00", "UTC+0800", "GMT+8", "+08:00", "UTC−05:00" (a typographic minus), "UTC +5:30"
_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
# Names of China Standard Time a Chinese group writes (CST is not one: WQX's CST is US Central).
_NAMED_OFFSETS = {"北京时间": "UTC+08:00", "中国标准时间": "UTC+08:00", "china standard time": "UTC+08:00"}
# The offsets clocks use: UTC-12:00 to UTC+14:00, in whole hours or at :30 or :45.
_EARLIEST, _LATEST, _MINUTES = -12 * 60, 14 * 60, (0, 30, 45)


@lru_cache(maxsize=1)
def wqx_hours() -> dict[str, float]:
    """The WQX time zone codes and their offsets from UTC in hours (EDT: -4)."""
    from chalicelib.reference import service as reference

    return {zone["value"]: zone["offsetHours"] for zone in reference.keylists()["timeZones"]["values"]}


@lru_cache(maxsize=256)  # per value in downloads and imports: a file's zones are few
def offset_code(text: str) -> str | None:
    """An offset from UTC as stored ("UTC+08:00"), from any of the forms a file may give; None when `text` is no
    offset (a WQX code, a typing error) or none clocks use."""
    named = _NAMED_OFFSETS.get(text.strip().casefold())
    if named:
        return named
    match = _OFFSET.match(text.strip())
    if not match:
        return None
    sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
    total = (-1 if sign in "-\u2212" else 1) * (hours * 60 + minutes)
    if minutes not in _MINUTES or not _EARLIEST <= total <= _LATEST:
        return None
    return f"UTC{'-' if total < 0 else '+'}{abs(total) // 60:02d}:{abs(total) % 60:02d}"


def stored_code(text: str) -> str | None:
    """The zone as stored: a WQX code as written, an offset in its one spelling; "" for none; None when unknown."""
    if text == "" or text in wqx_hours():
        return text
    return offset_code(text)


@lru_cache(maxsize=256)
def hours(code: str | None) -> float | None:
    """A stored zone's offset from UTC in hours (a WQX code's, or an offset's); None for none or an unknown code."""
    if not code:
        return None
    known = wqx_hours().get(code)
    if known is not None:
        return known
    offset = offset_code(code)
    if offset is None:
        return None
    sign = -1 if offset[3] == "-" else 1
    return sign * (int(offset[4:6]) + int(offset[7:9]) / 60)


# Any two zones' offsets differ by at most this many hours (UTC-12:00 to UTC+14:00).
SPREAD_HOURS = (_LATEST - _EARLIEST) // 60


def in_wqx_codes(day: str | None, clock: str | None, zone: str | None) -> tuple[str | None, str | None, str | None]:
    """A date, time and zone as written, for a client that knows WQX's codes only (the portal's web services: a
    WQP client reads "UTC+08:00" as no time at all): a time written with an offset is given in UTC, as "UTC".
    The rest as it is."""
    if not zone or not clock or not day or zone in wqx_hours():
        return day, clock, zone
    offset = hours(zone)
    if offset is None:
        return day, clock, zone
    try:
        moment = datetime.fromisoformat(f"{day}T{clock}") - timedelta(hours=offset)
    except ValueError:  # a date or time not written as ISO (an activity's, as its file gave it): as it is
        return day, clock, zone
    return moment.date().isoformat(), moment.strftime("%H:%M:%S"), "UTC"
