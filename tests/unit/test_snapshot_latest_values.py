"""The snapshot's latest values (a CSR of parameter codes, float32 values and unit codes per station):
built from station records, stored and loaded unchanged, and read per parameter for any rows."""
import io
import json
import random

import numpy as np

from chalicelib.statistics.snapshot import (LATEST, Snapshot, decimal7, latest_of, matching_rows, totals,
                                            value_column, value_totals)

PARAMETERS = ["ph", "temp", "no3", "do"]
UNITS = {"ph": "std units", "temp": "deg C", "no3": "mg/L", "do": "mg/L"}


def _records(n: int, seed: int = 3) -> list[dict]:
    rng = random.Random(seed)
    records = []
    for i in range(n):
        measured = rng.sample(PARAMETERS, rng.randrange(0, len(PARAMETERS) + 1))
        latest = {p: {"v": round(rng.uniform(-5, 500), rng.randrange(0, 4)), "u": UNITS[p]}
                  for p in measured if rng.random() < 0.8}
        records.append({"id": f"s{i:05d}", "identifier": f"ID-{i}", "name": f"Station {i}",
                        "latitude": rng.uniform(20, 60), "longitude": rng.uniform(-160, -60), "organizationId": "org",
                        "stationType": rng.choice(["lake", "stream"]), "parameterIds": sorted(measured),
                        "latestValues": latest, "projectIds": []})
    return records


def _expected(records: list[dict], snap: Snapshot, rows: np.ndarray, parameter: str) -> list:
    by_id = {r["id"]: r for r in records}
    out = []
    for row in rows:
        latest = by_id[snap.a["id"][row].decode()]["latestValues"].get(parameter)
        out.append(None if latest is None else latest["v"])
    return out


def test_the_latest_values_survive_to_bytes_and_from_bytes():
    records = _records(2000)
    snap = Snapshot.from_records(records, version=4)
    loaded = Snapshot.from_bytes(snap.to_bytes(), 4)
    for name in LATEST:
        assert loaded.a[name].dtype == snap.a[name].dtype
        assert np.array_equal(loaded.a[name], snap.a[name])
    assert loaded.a["lv_value"].dtype == np.float32 and len(loaded.a["lv_ptr"]) == loaded.n + 1
    assert loaded.d["units"] == snap.d["units"]
    by_id = {r["id"]: r for r in records}
    for row in range(0, loaded.n, 37):
        assert loaded.latest_values(row) == by_id[loaded.a["id"][row].decode()]["latestValues"]


def test_latest_of_reads_one_parameter_for_any_rows():
    records = _records(3000)
    snap = Snapshot.from_records(records)
    everything = matching_rows(snap, {})
    lakes = matching_rows(snap, {"stationTypes": ["lake"]})
    for rows in (everything, lakes, everything[::5], everything[-3:], np.zeros(0, dtype=np.int64)):
        for parameter in PARAMETERS:
            values, units = latest_of(snap, rows, parameter)
            assert value_column(values) == _expected(records, snap, rows, parameter)
            present = ~np.isnan(values)
            assert np.all((units >= 0) == present)
            assert {snap.d["units"][u] for u in units[present]} <= {UNITS[parameter]}


def test_value_totals_give_the_range_and_the_units_most_common_first():
    records = [
        {"id": "a", "latitude": 40, "longitude": -70, "latestValues": {"p": {"v": 7.4, "u": "std units"}}},
        {"id": "b", "latitude": 41, "longitude": -71, "latestValues": {"p": {"v": "8.25", "u": "std units"}}},
        {"id": "c", "latitude": 42, "longitude": -72, "latestValues": {"p": {"v": 6.5, "u": "pH units"}}},
        {"id": "d", "latitude": 43, "longitude": -73, "latestValues": {"q": {"v": 1}}},
        {"id": "e", "latitude": 44, "longitude": -74},
    ]
    snap = Snapshot.from_records(records)
    rows = matching_rows(snap, {})
    values, units = latest_of(snap, rows, "p")
    assert value_totals(snap, "p", values, units) == {"parameterId": "p", "stations": 3, "min": 6.5, "max": 8.25,
                                                      "unit": "std units", "units": ["std units", "pH units"]}
    values, units = latest_of(snap, rows, "q")
    assert value_totals(snap, "q", values, units)["units"] == []  # a value without a unit
    values, units = latest_of(snap, rows, "unknown")
    assert value_column(values) == [None] * 5
    assert value_totals(snap, "unknown", values, units)["min"] is None
    assert totals(snap, rows)["parameterIds"] == []  # what the stations measured: their parameterIds
    measured = Snapshot.from_records([{**r, "parameterIds": sorted(r.get("latestValues", {}))} for r in records])
    assert totals(measured, matching_rows(measured, {}))["parameterIds"] == ["p", "q"]


def test_a_snapshot_stored_before_latest_values_loads_without_them():
    snap = Snapshot.from_records(_records(50))
    out = io.BytesIO()
    np.savez(out, **{k: v for k, v in snap.a.items() if k not in LATEST},
             **{f"dict_{k}": np.frombuffer(json.dumps(v).encode(), dtype=np.uint8)
                for k, v in snap.d.items() if k != "units"})
    old = Snapshot.from_bytes(out.getvalue(), 1)
    rows = matching_rows(old, {})
    values, _ = latest_of(old, rows, "ph")
    assert value_column(values) == [None] * 50
    assert old.d["units"] == [] and old.latest_values(0) == {}


def test_values_are_written_with_seven_significant_digits():
    values = np.array([7.4, 0.005, 23881.713, 1e-7, -12.5, 0, 123456789, np.nan], dtype=np.float32)
    assert value_column(values) == [7.4, 0.005, 23881.71, 1e-7, -12.5, 0.0, 123456800.0, None]
    assert decimal7(np.array([np.inf], dtype=np.float32)).tolist() == [np.inf]


def test_values_a_float32_cannot_hold_are_left_out():
    snap = Snapshot.from_records([{"id": "a", "latitude": 1, "longitude": 1,
                                   "latestValues": {"p": {"v": 1e39}, "q": {"v": "NaN"}, "r": {"v": "x"}, "s": {"v": 2}}}])
    assert snap.latest_values(0) == {"s": {"v": 2.0}}
