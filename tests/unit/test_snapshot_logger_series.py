"""Logger series in the explorer's snapshot: a station is found by the parameters of its logger series as by those
it sampled (the explorer's filter: "stations that measure it"), but not by the WQP services' filter (sampled results
only); its samples stay counted apart from its series, and colour by stays a choice of sampled parameters."""
import random

import numpy as np

from chalicelib.statistics.service import parse_query
from chalicelib.statistics.snapshot import Snapshot, SnapshotBuilder, matching_rows, totals

FLOW, STAGE, PH = "p-flow", "p-stage", "p-ph"
GAUGE = {"id": "gauge", "identifier": "USGS-01491000", "name": "Choptank River", "latitude": 38.99,
         "longitude": -75.79, "organizationId": "org", "sampleCount": 0,
         # Two series of streamflow (two sensors) and one of gage height: three series, two parameters.
         "loggerSeries": [f"{FLOW}##", f"{FLOW}##upstream", f"{STAGE}##"]}
SAMPLED = {"id": "sampled", "identifier": "WQ-1", "name": "Sampled creek", "latitude": 39.0, "longitude": -76.0,
           "organizationId": "org", "sampleCount": 12, "firstDate": "2021-05-01", "lastDate": "2022-06-01",
           "parameterIds": [PH, FLOW], "latestValues": {PH: {"v": 7.2}, FLOW: {"v": 3.5, "u": "ft3/s"}}}
BOTH = {**SAMPLED, "id": "both", "identifier": "WQ-2", "parameterIds": [PH], "latestValues": {PH: {"v": 7.9}},
        "loggerSeries": [f"{FLOW}#Mean#"]}
PLAIN = {**SAMPLED, "id": "plain", "identifier": "WQ-3", "parameterIds": [PH], "latestValues": {}}


def _snapshot(records) -> Snapshot:
    return Snapshot.from_records(records)


def _ids(snap: Snapshot, rows) -> set[str]:
    return {snap.station(int(r))["id"] for r in rows}


def test_a_station_is_found_by_the_parameter_of_its_logger_series_in_the_explorer_only():
    snap = _snapshot([GAUGE, SAMPLED, BOTH, PLAIN])
    flow = parse_query({"parameterIds": [FLOW]})
    assert _ids(snap, matching_rows(snap, flow, logged=True)) == {"gauge", "sampled", "both"}
    # The WQP services answer sampled results: a gauge without a sample of it is no station of theirs.
    assert _ids(snap, matching_rows(snap, flow)) == {"sampled"}
    assert _ids(snap, matching_rows(snap, parse_query({"parameterIds": [STAGE]}), logged=True)) == {"gauge"}
    assert _ids(snap, matching_rows(snap, parse_query({"parameterIds": [PH]}), logged=True)) == {"sampled", "both", "plain"}


def test_the_meta_and_totals_count_logger_series_apart_from_samples():
    snap = _snapshot([GAUGE, SAMPLED, BOTH, PLAIN])
    rows = matching_rows(snap, parse_query({"parameterIds": [FLOW]}), logged=True)
    by_id = {snap.station(int(r))["id"]: snap.station(int(r))["meta"] for r in rows}
    assert by_id["gauge"] == {"sampleCount": 0, "firstDate": None, "lastDate": None, "parameterIds": [],
                              "loggerSeriesCount": 3, "loggerParameterIds": sorted([FLOW, STAGE])}
    assert (by_id["both"]["loggerSeriesCount"], by_id["both"]["loggerParameterIds"]) == (1, [FLOW])
    assert (by_id["sampled"]["loggerSeriesCount"], by_id["sampled"]["loggerParameterIds"]) == (0, [])
    found = totals(snap, rows)
    assert (found["stations"], found["samples"], found["loggerStations"], found["loggerSeries"]) == (3, 24, 2, 4)
    # Colour by reads the samples' latest values: its choices stay the sampled parameters (gage height is none).
    assert found["parameterIds"] == sorted([FLOW, PH]) and found["parameters"] == 2


def test_the_date_filter_reads_the_sampling_period_so_a_station_with_only_logger_series_has_none():
    snap = _snapshot([GAUGE, SAMPLED])
    dated = parse_query({"parameterIds": [FLOW], "from": "2020-01-01"})
    assert _ids(snap, matching_rows(snap, dated, logged=True)) == {"sampled"}


def test_logger_series_survive_storage_and_pages_in_any_order():
    rng = random.Random(5)
    parameters = [f"p{k}" for k in range(140)]  # three words of bits
    records = []
    for i in range(900):
        logged = rng.sample(parameters, rng.randrange(0, 3))
        records.append({"id": f"s{i:04d}", "identifier": f"S-{i}", "name": "x", "latitude": rng.uniform(25, 49),
                        "longitude": rng.uniform(-124, -67), "sampleCount": rng.randrange(3),
                        "parameterIds": rng.sample(parameters, rng.randrange(0, 3)),
                        "loggerSeries": [f"{p}##{s}" for p in logged for s in ("", "b")[:rng.randrange(1, 3)]]})
    whole = _snapshot(records)
    builder = SnapshotBuilder()
    shuffled = records[:]
    rng.shuffle(shuffled)
    for start in range(0, 900, 250):
        builder.add(shuffled[start:start + 250])
    paged = Snapshot.from_bytes(builder.finish(2).to_bytes(), 2)

    def answers(snap):
        out = []
        for wanted in (["p3"], ["p70", "p139"], ["p0", "p64", "p128"]):
            rows = matching_rows(snap, parse_query({"parameterIds": wanted}), logged=True)
            stations = [snap.station(int(r)) for r in rows]
            for s in stations:
                s.pop("row")
                s["meta"]["parameterIds"].sort()
                s["meta"]["loggerParameterIds"].sort()
            out.append((sorted(stations, key=lambda s: s["id"]), totals(snap, rows)["loggerSeries"]))
        return out

    assert answers(paged) == answers(whole)
    expected = {r["id"] for r in records if any(k.partition("#")[0] in ("p70", "p139") for k in r["loggerSeries"])
                or {"p70", "p139"} & set(r["parameterIds"])}
    assert _ids(paged, matching_rows(paged, parse_query({"parameterIds": ["p70", "p139"]}), logged=True)) == expected


def test_a_snapshot_stored_before_logger_series_were_kept_knows_none():
    snap = _snapshot([GAUGE, SAMPLED])
    arrays = {k: v for k, v in snap.a.items() if k != "series" and not k.startswith("lbits")}
    old = Snapshot(arrays, {k: list(v) for k, v in snap.d.items()}, 1)
    assert np.all(old.a["series"] == 0)
    assert _ids(old, matching_rows(old, parse_query({"parameterIds": [FLOW]}), logged=True)) == {"sampled"}
    assert old.station(0)["meta"]["loggerSeriesCount"] == 0
