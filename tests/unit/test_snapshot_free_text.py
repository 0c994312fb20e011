"""The explorer's free-text filter finds exactly the stations whose identifier or name contains the
text (case-insensitive), however the search is split between threads."""
import random

import pytest

from chalicelib.statistics import snapshot as snapshot_module
from chalicelib.statistics.snapshot import Snapshot, matching_rows

WORDS = ["Cedar", "Creek", "near", "Mill", "Run", "Lake", "Ōhi'a", "湖", "at", "Bear", "creek near"]


def _records(n: int) -> list[dict]:
    rng = random.Random(7)
    return [{"id": f"s{i}", "identifier": f"OWD-{i:05d}", "name": " ".join(rng.choices(WORDS, k=3)),
             "latitude": rng.uniform(20, 60), "longitude": rng.uniform(-160, -60), "organizationId": "org",
             "stationType": "stream", "parameterIds": [], "projectIds": []} for i in range(n)]


@pytest.mark.parametrize("threads, chunk_min", [(1, 4 << 20), (3, 0), (4, 0)])
@pytest.mark.parametrize("text", ["creek near", "CREEK", "k n", "owd-0001", "湖 a", "ōhi", "zzz", "r"])
def test_free_text_matches_a_plain_substring_search(monkeypatch, threads, chunk_min, text):
    monkeypatch.setattr(snapshot_module, "_TEXT_THREADS", threads)
    monkeypatch.setattr(snapshot_module, "_TEXT_CHUNK_MIN", chunk_min)
    records = _records(3000)
    snap = Snapshot.from_records(records)

    found = {snap.station(int(row))["id"] for row in matching_rows(snap, {"search": text})}

    expected = {r["id"] for r in records if text.lower() in f"{r['identifier']} {r['name']}".lower()}
    assert found == expected


def test_a_match_never_spans_two_stations():
    snap = Snapshot.from_records([
        {"id": "a", "identifier": "A", "name": "ends with cre", "latitude": 40, "longitude": -70},
        {"id": "b", "identifier": "ek-starting", "name": "B", "latitude": 41, "longitude": -71},
    ])
    assert list(matching_rows(snap, {"search": "creek"})) == []
