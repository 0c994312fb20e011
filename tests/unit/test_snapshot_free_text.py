"""The explorer's free-text filter finds exactly the stations whose identifier or name contains the
text (case-insensitive), however the search is split between threads."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# ---------------------------------------------------------------- the trigram index (needles of 3 bytes or more)

_INDEXED_RECORDS = _records(1500) + [
    {"id": "short", "identifier": "A", "name": "", "latitude": 40, "longitude": -70},  # text shorter than a trigram
    {"id": "empty", "identifier": "", "name": "", "latitude": 41, "longitude": -71},
]
_INDEXED = Snapshot.from_records(_INDEXED_RECORDS)
_TEXTS = {r["id"]: f"{r['identifier']} {r['name']}".lower() for r in _INDEXED_RECORDS}


def _plain_search(text: str) -> set[str]:
    return {i for i, t in _TEXTS.items() if text.lower() in t}


@settings(max_examples=150, deadline=None)
@given(st.one_of(
    # pieces of real station texts (mostly found), and any text (mostly not)
    st.builds(lambda t, a, n: t[a:a + n], st.sampled_from(sorted(_TEXTS.values())), st.integers(0, 30),
              st.integers(3, 14)),
    st.text(alphabet="abcdekmnorw -'ōhi湖0123456789", min_size=3, max_size=8)))
def test_the_trigram_index_finds_what_a_plain_substring_search_finds(text):
    found = {_INDEXED.station(int(row))["id"] for row in matching_rows(_INDEXED, {"search": text})}
    assert found == _plain_search(text)


def test_the_index_answers_needles_of_three_bytes_or_more_and_survives_storage(monkeypatch):
    stored = Snapshot.from_bytes(_INDEXED.to_bytes(), 1)
    scans = []
    monkeypatch.setattr(snapshot_module, "_scanned_starts",
                        lambda snap, needle: scans.append(needle) or _scan(snap, needle))
    for text in ("creek near", "owd-0001", "湖", "ōh"):  # 湖 and ōh are 3 bytes in UTF-8
        found = {stored.station(int(row))["id"] for row in matching_rows(stored, {"search": text})}
        assert found == _plain_search(text)
    assert scans == []
    assert {stored.station(int(r))["id"] for r in matching_rows(stored, {"search": "r"})} == _plain_search("r")
    assert scans == [b"r"]  # shorter needles scan


def test_a_snapshot_stored_without_the_index_still_finds_by_scanning():
    arrays = {k: v for k, v in _INDEXED.a.items() if not k.startswith("tri_")}
    old = Snapshot(arrays, {k: list(v) for k, v in _INDEXED.d.items()})
    found = {old.station(int(row))["id"] for row in matching_rows(old, {"search": "creek near"})}
    assert found == _plain_search("creek near")


_scan = snapshot_module._scanned_starts
