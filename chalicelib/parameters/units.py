"""Units of measure: WQX unit codes compared loosely (case and spacing: 'mg/l' is 'mg/L'; 'umho/cm' is 'uS/cm')
and the exact conversions between them. Imports and pushes compare a value's unit with its parameter's unit here:
the same unit is kept, a convertible one converted to the parameter's, any other refused (unconvertible())."""
from __future__ import annotations

import re
from typing import Callable

# Spellings that name the same unit, by their loose form (loose()): -> the loose form of the unit's code.
# Conductance at 25 deg C is what specific conductance means: WQX data write it with and without "@25C".
_ALIASES = {
    "umho/cm": "us/cm", "µs/cm": "us/cm", "μs/cm": "us/cm", "microsiemens/cm": "us/cm", "mmho/cm": "ms/cm",
    "us/cm@25c": "us/cm", "umho/cm@25c": "us/cm", "µs/cm@25c": "us/cm", "μs/cm@25c": "us/cm",
    "ms/cm@25c": "ms/cm", "mmho/cm@25c": "ms/cm",
    "c": "degc", "°c": "degc", "celsius": "degc", "f": "degf", "°f": "degf", "fahrenheit": "degf",
    "degk": "degk", "k": "degk", "kelvin": "degk",
    "µg/l": "ug/l", "μg/l": "ug/l", "g/m3": "mg/l", "mg/m3": "ug/l", "ug/m3": "ng/l", "kg/m3": "g/l",
    "ft3/sec": "ft3/s", "cfs": "ft3/s", "m3/sec": "m3/s", "cms": "m3/s",
    "feet": "ft", "meters": "m", "metres": "m", "inches": "in",
}

# Each kind of quantity: its units' loose forms -> (to the kind's base unit, from it). Factors are exact.
_MASS_PER_VOLUME = {"g/l": 1000.0, "mg/l": 1.0, "ug/l": 1e-3, "ng/l": 1e-6}  # base mg/L
_CONDUCTANCE = {"us/cm": 1.0, "ms/cm": 1000.0, "s/m": 10000.0}  # base uS/cm
_LENGTH = {"m": 1.0, "cm": 0.01, "mm": 0.001, "km": 1000.0, "ft": 0.3048, "in": 0.0254}  # base m
_FLOW = {"m3/s": 1.0, "ft3/s": 0.3048 ** 3, "l/s": 0.001}  # base m3/s
_TEMPERATURE = {"degc": (lambda c: c, lambda c: c),
                "degf": (lambda f: (f - 32) * 5 / 9, lambda c: c * 9 / 5 + 32),
                "degk": (lambda k: k - 273.15, lambda c: c + 273.15)}


def _scaled(table: dict) -> dict:
    return {unit: ((lambda v, f=factor: v * f), (lambda v, f=factor: v / f)) for unit, factor in table.items()}


_KINDS: list[dict[str, tuple[Callable, Callable]]] = [
    _TEMPERATURE, *map(_scaled, (_MASS_PER_VOLUME, _CONDUCTANCE, _LENGTH, _FLOW))]
_KIND_OF = {unit: kind for kind in _KINDS for unit in kind}
# Spellings an import takes besides the WQX unit codes of the reference lists (those it converts).
SPELLINGS = frozenset({"deg K", "K", "g/L", "g/l", "ng/l", "mg/m3", "ug/m3", "g/m3", "umho/cm", "mmho/cm",
                       "umho/cm @25C", "mS/cm @25C", "mm", "km", "m3/s", "L/s", "S/m"})

# The unit the plausible ranges of chalicelib/timeseries/plausible.py are in, where a unit changes the number.
_RANGE_UNITS = {"temperature, water": "deg C", "water temperature": "deg C", "temperature": "deg C",
                "dissolved oxygen (do)": "mg/L", "dissolved oxygen": "mg/L", "specific conductance": "uS/cm",
                "conductivity": "uS/cm"}


# WQX's code for no unit (a pH, a count): a value given with it is one given without a unit.
_NO_UNIT = "none"


def loose(unit: str | None) -> str:
    """A unit code compared loosely: without spaces, case folded, a known other spelling as its code's ("" for
    none)."""
    text = re.sub(r"\s+", "", unit or "").casefold()
    return "" if text == _NO_UNIT else _ALIASES.get(text, text)


def given(unit: str | None) -> bool:
    """Whether a value names a unit (WQX's "None" names none)."""
    return bool(loose(unit))


def same(a: str | None, b: str | None) -> bool:
    return loose(a) == loose(b)


def known(unit: str, codes: frozenset) -> bool:
    """Whether an import takes the unit: a WQX code (`codes`) or one of SPELLINGS, compared loosely."""
    wanted = loose(unit)
    return wanted in _KIND_OF or any(loose(code) == wanted for code in codes | SPELLINGS)


def converter(unit: str | None, to: str | None) -> Callable[[float], float] | None:
    """A function taking a value in `unit` to `to` (identity for the same unit), or None when there is no exact
    conversion. Results are rounded to 15 significant digits, so 0.3 ft is 0.09144 m, not 0.09144000000000001."""
    if same(unit, to):
        return lambda value: value
    source, target = _KIND_OF.get(loose(unit)), _KIND_OF.get(loose(to))
    if source is None or source is not target:
        return None
    into, out_of = source[loose(unit)][0], target[loose(to)][1]
    return lambda value: float(f"{out_of(into(value)):.15g}")


def unconvertible(unit: str, expected: str) -> str:
    """Why a value in `unit` is refused for a parameter in `expected` (a person can act on it)."""
    return (f"Unit '{unit}' differs from the parameter's unit '{expected}' and cannot be converted: give the value "
            f"in {expected}, or import it as a parameter of its own.")


def plausible_range(label: str | None, unit: str | None) -> tuple[float, float] | None:
    """The plausible range of a parameter's values (chalicelib/timeseries/plausible.py) in `unit`: a range kept in
    another unit is converted to it; None when the parameter has none, or `unit` cannot be converted to its unit."""
    from chalicelib.timeseries import plausible

    key = (label or "").strip().casefold()
    bounds = plausible.RANGES.get(key)
    usual = _RANGE_UNITS.get(key)
    if bounds is None or not usual or not unit:
        return bounds
    convert = converter(usual, unit)  # every conversion here grows with its value: the bounds stay in order
    return None if convert is None else (convert(bounds[0]), convert(bounds[1]))
