"""A Station answer's lines, formatted straight from the snapshot (the fast path of large answers), are
byte for byte what the CSV writer makes of the same records: quoting, formula-safe text, numbers, codes."""
from __future__ import annotations

import io

import numpy as np
import pytest

from chalicelib.statistics.snapshot import Snapshot
from chalicelib.wqp import columns, output
from chalicelib.wqp.service import Lookups, StationRecords, Stations

TRICKY = ["Plain name", "Comma, in it", 'Quote " in it', "New\nline", "=SUM(A1)", "-12.5", "+ plus", "@at",
          "Tab\tinside", "Unit\x1fseparator", "Ünïcödé 水站", "", "Carriage\rreturn"]


def _snapshot() -> Snapshot:
    records = []
    for i, text in enumerate(TRICKY * 3):
        records.append({"id": f"00000000-0000-0000-0000-{i:012d}", "identifier": f"{text}-{i}" if i % 2 else f"ID-{i}",
                        "name": text, "latitude": 40 + i / 7, "longitude": -75 - i / 3,
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
def test_fast_station_lines_equal_the_csv_writers(mime_type, header):
    snap = _snapshot()
    stations = Stations(snap, np.arange(snap.n))
    look = Lookups({}, {}, {})
    fast = _written(StationRecords(stations, look), mime_type, header)
    generic = _written(list(StationRecords(stations, look)), mime_type, header)  # a list: no text_lines
    assert fast == generic
    sep = b"," if mime_type == "csv" else b"\t"
    # Formulas made text; a number stays a number; a lone carriage return is quoted (RFC 4180).
    assert sep + b"'=SUM(A1)" in fast and sep + b"=SUM(A1)" not in fast
    assert sep + b"-12.5" + sep in fast and b'"Carriage\rreturn"' in fast
