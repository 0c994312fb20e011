"""The snapshot's Scan gives the explorer the same station records whether the store applies the projection
(DynamoDB, LocalStack) or the records are cut to it here (the local moto server, where a projection is slow)."""
from __future__ import annotations

from chalicelib.core.config import get_settings
from chalicelib.statistics import service


def _records_with_projection(monkeypatch, projection: str) -> dict[str, dict]:
    monkeypatch.setenv("STATION_SCAN_PROJECTION", projection)
    get_settings.cache_clear()
    try:
        return {record["id"]: record for record in service.station_records()}
    finally:
        get_settings.cache_clear()


def test_records_are_the_same_with_or_without_the_stores_projection(demo, monkeypatch):
    projected = _records_with_projection(monkeypatch, "1")
    cut_here = _records_with_projection(monkeypatch, "0")
    assert projected and cut_here == projected
    some = next(iter(cut_here.values()))
    assert {"id", "name", "latitude", "longitude", "organizationId"} <= set(some) <= service._ATTRIBUTES
