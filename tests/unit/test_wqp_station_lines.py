"""A Station answer's lines, formatted straight from the snapshot with numpy (the fast path of large
answers, chalicelib/wqp/station_lines.py), are byte for byte what the CSV writer makes of the same records:
quoting, formula-safe text, numbers, codes, for all stations or some of them."""
from __future__ import annotations

import io

import numpy as np
import pytest

from chalicelib.statistics.snapshot import Snapshot
from chalicelib.wqp import columns, output, station_lines
from chalicelib.wqp.service import Lookups, StationRecords, Stations

TRICKY = ["Plain name", "Comma, in it", 'Quote " in it', "New\nline", "=SUM(A1)", "-12.5", "+ plus", "@at",
          "Tab\tinside", "Unit\x1fseparator", "Ünïcödé 水站", "", "Carriage\rreturn"]


def _snapshot() -> Snapshot:
    records = []
    for i, text in enumerate(TRICKY * 3):
        records.append({"id": f"00000000-0000-0000-0000-{i:012d}", "identifier": f"{text}-{i}" if i % 2 else f"ID-{i}",
                        "name": text, "latitude": [40 + i / 7, round(40 + i / 7, 5), 0.0][i % 3],
                        "longitude": [-75 - i / 3, -75.0, -0.00001][i % 3],
                        "organizationId": ["org-a", "=org, b"][i % 2], "monitoringLocationType": ["Stream", 'Lake, "big"', ""][i % 3],
                        "stateFips": ["34", "", "02"][i % 3], "countyFips": ["34025", "", "02013"][i % 3],
                        "huc8": ["02030105", "", "00000001"][i % 3], "huc12": ["020301050101", "", ""][i % 3]})
    return Snapshot.from_records(records)


def _written(records, mime_type: str, header: tuple) -> bytes:
    out = io.BytesIO()
    output.render(out, mime_type, header, columns.sources(header, "data" if header is columns.STATION else "wqx3"),
                  records)
    return out.getvalue()


@pytest.mark.parametrize("mime_type", ["csv", "tsv"])
@pytest.mark.parametrize("header", [columns.STATION, columns.WQX3_STATION], ids=["legacy", "wqx3"])
@pytest.mark.parametrize("every", [1, 2], ids=["all stations", "every other station"])
def test_fast_station_lines_equal_the_csv_writers(mime_type, header, every, monkeypatch):
    monkeypatch.setattr(station_lines, "CHUNK_ROWS", 7)  # several chunks, as a large answer has
    snap = _snapshot()
    stations = Stations(snap, np.arange(0, snap.n, every))
    look = Lookups({}, {}, {})
    fast = _written(StationRecords(stations, look), mime_type, header)
    generic = _written(list(StationRecords(stations, look)), mime_type, header)  # a list: no delimited_lines
    assert fast == generic
    if every == 1:  # the rows these look at
        sep = b"," if mime_type == "csv" else b"\t"
        # Formulas made text; a number stays a number; a lone carriage return is quoted (RFC 4180).
        assert sep + b"'=SUM(A1)" in fast and sep + b"=SUM(A1)" not in fast
        assert sep + b"-12.5" + sep in fast and b'"Carriage\rreturn"' in fast


def test_floats_are_written_as_python_writes_them():
    rng = np.random.default_rng(21)
    values = np.concatenate([
        *(np.round(rng.uniform(-180, 180, 2000), places) for places in range(14)),  # coordinates
        rng.uniform(-1, 1, 5000) * 10.0 ** rng.integers(-7, 18, 5000),  # every magnitude, full precision
        [0.0, -0.0, 40.0, -0.5, 0.1 + 0.2, 1e-4, 9.99e-5, -1e-5, 1e15, 1e16, 2.0 ** 49 - 1, 2.0 ** 49, 1 / 3,
         float("nan"), float("inf"), float("-inf"), 5e-324, 1.7976931348623157e308]])
    buffer, starts, lengths = station_lines.floats(values)
    written = [buffer[s:s + n].tobytes().decode() for s, n in zip(starts.tolist(), lengths.tolist())]
    assert written == [repr(v) for v in values.tolist()]
