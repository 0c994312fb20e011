"""Numbers from request bodies: JSON's whole numbers have any number of digits, and math.isfinite raises on one
beyond a double (10**400) instead of answering. What DynamoDB stores: 38 significant digits, a magnitude from
1e-130 to below 1e126."""
from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

LARGEST = Decimal("9.9999999999999999999999999999999999999E+125")
SMALLEST = Decimal("1E-130")
DIGITS = 38


def finite(value: Any) -> bool:
    """A number (not a boolean) that is neither NaN nor infinite; a whole number of any size is."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return False
    return True if isinstance(value, int) else (value.is_finite() if isinstance(value, Decimal) else math.isfinite(value))


def storable(value: Any) -> bool:
    """A finite number DynamoDB can store as it is."""
    if not finite(value):
        return False
    exact = Decimal(value) if isinstance(value, int) else Decimal(repr(value)) if isinstance(value, float) else value
    if exact == 0:
        return True
    significant = len(exact.normalize().as_tuple().digits)
    return significant <= DIGITS and SMALLEST <= abs(exact) <= LARGEST
