"""`make seed` stopped midway continues where it stopped (devtools/demo_data.generate), against the real
AWS stand-in: the second run writes only the stations after the last chunk written in order, and the
table ends up with every station once; a third run has nothing left to do."""
import uuid

import pytest

from chalicelib.samples.models import Series
from chalicelib.stations import service as stations
from chalicelib.stations.models import Station
from devtools import demo_data

COUNT, CHUNK, SERIES_STATIONS = 23, 5, 3


def test_a_stopped_seed_continues_after_what_it_wrote(monkeypatch):
    organization_id = str(uuid.uuid4())
    expected = [fields for fields, _ in demo_data.generated_stations(organization_id, COUNT,
                                                                     series_stations=SERIES_STATIONS)]
    save_all = stations.save_all
    calls: list[list[str]] = []

    def failing_third_chunk(items):
        items = list(items)
        calls.append([s.identifier for s in items])
        if len(calls) == 3:
            raise ConnectionError("the stand-in went away")
        return save_all(items)

    monkeypatch.setattr(stations, "save_all", failing_third_chunk)
    with pytest.raises(ConnectionError):
        demo_data.generate(organization_id, COUNT, threads=1, series_stations=SERIES_STATIONS, chunk=CHUNK)

    calls.clear()
    monkeypatch.setattr(stations, "save_all", lambda items: calls.append([s.identifier for s in items]) or save_all(items))
    report = demo_data.generate(organization_id, COUNT, threads=2, series_stations=SERIES_STATIONS, chunk=CHUNK)

    assert report["resumedAfter"] == 2 * CHUNK and report["stations"] == COUNT
    assert sorted(i for chunk in calls for i in chunk) == sorted(f["identifier"] for f in expected[2 * CHUNK:])
    stored = {s.id: s for s in Station.batch_get([f["id"] for f in expected])}
    assert sorted(stored) == sorted(f["id"] for f in expected)
    assert all(stored[f["id"]].name == f["name"] for f in expected)
    with_values = [f["id"] for f in expected if list(Series.query(f["id"]))]
    assert with_values == [f["id"] for f in expected[:SERIES_STATIONS]]

    calls.clear()
    assert demo_data.generate(organization_id, COUNT, series_stations=SERIES_STATIONS, chunk=CHUNK) == {"skipped": True}
    assert calls == []
