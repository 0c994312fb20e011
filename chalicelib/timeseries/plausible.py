"""Plausible ranges of common logger parameters (by label, case-insensitive): a value outside is stored
and flagged "out of range", never dropped (a sensor fault is worth seeing, and may be real)."""
from __future__ import annotations

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


def out_of_range(label: str | None, value: float) -> bool:
    bounds = RANGES.get((label or "").strip().casefold())
    return bounds is not None and not bounds[0] <= value <= bounds[1]
