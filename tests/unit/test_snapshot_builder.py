"""The rebuild feeds the snapshot a Scan page at a time, from several threads in any order: the explorer
must answer the same whatever the pages were, as from all the records at once."""
import random

from chalicelib.statistics.service import parse_query
from chalicelib.statistics.snapshot import Snapshot, SnapshotBuilder, matching_rows, totals


def _records(n: int, seed: int = 11) -> list[dict]:
    rng = random.Random(seed)
    parameters = [f"p{k}" for k in range(130)]  # three words of parameter bits
    records = []
    for i in range(n):
        measured = rng.sample(parameters, rng.randrange(0, 4))
        records.append({
            "id": f"{rng.randrange(10**6):06d}-{i:05d}", "identifier": f"USGS-{i:05d}",
            "name": rng.choice(["Bear Creek near Golden", "Lake Ü 湖", "", "Mill River at Dam"]),
            # Ten stations at one place: their order is their ids'.
            "latitude": 40.0 if i < 10 else rng.uniform(25, 49), "longitude": -100.0 if i < 10 else rng.uniform(-124, -67),
            "organizationId": rng.choice(["org-a", "org-b", None]), "stationType": rng.choice(["lake", "stream", None]),
            "monitoringLocationType": "Lake", "stateFips": rng.choice(["08", None]), "countyFips": rng.choice(["08031", None]),
            "huc8": rng.choice(["10190002", None]), "sampleCount": rng.randrange(50),
            "firstDate": rng.choice(["2020-01-02", None]), "lastDate": rng.choice(["2023-05-06", None]),
            "parameterIds": measured, "projectIds": rng.sample(["pa", "pb", "pc"], rng.randrange(3)),
            "latestValues": {p: {"v": round(rng.uniform(0, 9), 2), "u": "mg/L"} for p in measured[:2]},
        })
    return records


def _answers(snap: Snapshot) -> list:
    out = []
    for body in ({}, {"search": "creek"}, {"stationTypes": ["lake"], "parameterIds": ["p7", "p100"]},
                 {"projectIds": ["pb"], "from": "2021-01-01"}, {"countyFips": ["08031"]}):
        rows = matching_rows(snap, parse_query(body))
        stations = [{**snap.station(r), "latestValues": snap.latest_values(r)} for r in rows]
        for s in stations:
            s["meta"]["parameterIds"].sort()  # dictionary codes follow the pages' order, not the answer
        out.append((stations, totals(snap, rows)))
    return out


def test_pages_in_any_order_give_the_snapshot_of_all_the_records():
    records = _records(3000)
    whole = Snapshot.from_records(records)
    shuffled = records[:]
    random.Random(2).shuffle(shuffled)
    builder = SnapshotBuilder()
    for start in (0, 700, 1400, 2100, 2800):
        builder.add(shuffled[start:start + 700])
    builder.add([])  # a page of deleted stations only
    paged = builder.finish()
    assert paged.n == whole.n == 3000
    assert [s["id"] for s in (paged.station(r) for r in range(10))] == [s["id"] for s in (whole.station(r) for r in range(10))]
    assert _answers(paged) == _answers(whole)
    assert len(_answers(paged)[1][0]) > 0  # the free-text index found the creeks


def test_no_pages_give_an_empty_snapshot():
    empty = SnapshotBuilder().finish(3)
    assert (empty.n, empty.version) == (0, 3)
    assert len(matching_rows(empty, parse_query({"search": "creek"}))) == 0


def test_media_masks_tell_known_media_from_summaries_that_never_recorded_them():
    import numpy as np

    from chalicelib.statistics.snapshot import media_mask

    base = {"latitude": 40.0, "longitude": -100.0, "sampleCount": 3}
    records = [{**base, "id": "water", "media": ["Water"]}, {**base, "id": "both", "media": ["Sediment", "Water"]},
               {**base, "id": "none", "media": []}, {**base, "id": "unrecorded"},
               {**base, "id": "empty", "sampleCount": 0},
               # More distinct media than bits: the 32nd and later are not known by the mask.
               *({**base, "id": f"m{k:02d}", "media": [f"Medium {k}"]} for k in range(32))]
    snap = Snapshot.from_bytes(Snapshot.from_records(records).to_bytes(), 1)
    rows = np.arange(snap.n)
    ids = [snap.station(r)["id"] for r in rows]

    def named(mask):
        return {i for i, hit in zip(ids, mask) if hit}

    may, unknown = media_mask(snap, rows, ["water"])
    assert named(may) == {"water", "both", "unrecorded", "m29", "m30", "m31"}
    assert named(unknown) == {"unrecorded", "m29", "m30", "m31"}
    assert named(media_mask(snap, rows, ["Sediment"])[0]) == {"both", "unrecorded", "m29", "m30", "m31"}
    assert named(media_mask(snap, rows, ["Medium 3"])[0]) == {"m03", "unrecorded", "m29", "m30", "m31"}

    # A snapshot stored before media were kept: every station with values is asked.
    stored = Snapshot.from_records(records)
    del stored.a["media_bits"]
    old = Snapshot(stored.a, stored.d)
    assert named(media_mask(old, rows, ["Water"])[1]) == set(ids) - {"empty"}


def test_the_horizontal_datum_is_kept_and_a_snapshot_stored_before_it_names_none():
    base = {"latitude": 40.0, "longitude": -100.0}
    records = [{**base, "id": "a", "horizontalDatum": "NAD83"}, {**base, "id": "b", "horizontalDatum": "WGS84"},
               {**base, "id": "c"}]
    snap = Snapshot.from_bytes(Snapshot.from_records(records).to_bytes(), 1)
    assert {snap.station(r)["id"]: snap.station(r)["horizontalDatum"] for r in range(snap.n)} == {
        "a": "NAD83", "b": "WGS84", "c": None}

    stored = Snapshot.from_records(records)
    del stored.a["datum"]
    del stored.d["datums"]
    old = Snapshot.from_bytes(Snapshot(stored.a, stored.d).to_bytes(), 1)
    assert [old.station(r)["horizontalDatum"] for r in range(old.n)] == [None, None, None]
