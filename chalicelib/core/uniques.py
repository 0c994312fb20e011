"""Uniqueness that users see, enforced atomically: a claim item per unique value in the `uniques`
table, written in the same transaction as the thing it guards (never check-then-write)."""
from __future__ import annotations

from pynamodb.attributes import UnicodeAttribute

from chalicelib.core.models import BaseModel, table_meta


class UniqueClaim(BaseModel):
    Meta = table_meta("uniques")

    key = UnicodeAttribute(hash_key=True)
    ownerId = UnicodeAttribute(null=True)
    targetId = UnicodeAttribute(null=True)


def claim_key(kind: str, scope: str, value: str) -> str:
    return f"{kind}#{scope}#{value.strip().casefold()}"


def was_conflict(error: Exception) -> bool:
    """Whether a failed transaction was cancelled by a failed condition (pynamodb reorders the items,
    so callers keep the claim the only condition that can fail)."""
    reasons = getattr(error, "cancellation_reasons", None) or []
    return any(reason is not None and reason.code == "ConditionalCheckFailed" for reason in reasons)
