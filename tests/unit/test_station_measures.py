"""A station's elevation and drainage areas: the units the reference takes, the checks of a Station profile's
cells, and the snapshot columns the portal's Station service writes them from (its fast lines are the CSV
writer's bytes, as for every other column)."""
from __future__ import annotations

import io

import numpy as np
import pyarrow as pa
import pytest

from chalicelib.imports import formats, validate
from chalicelib.reference import service as reference
from chalicelib.statistics.snapshot import MEASURES, Snapshot
from chalicelib.wqp import columns, output, station_lines
from chalicelib.wqp.service import Lookups, StationRecords, Stations

METHODS = ["Interpolated from topographic map.", "GPS, survey grade", '=HYPERLINK("x")', 'Level "A"', "-", "测量"]


@pytest.mark.parametrize("written, units, stored", [
    ("feet", reference.ELEVATION_UNITS, "feet"), (" FT ", reference.ELEVATION_UNITS, "ft"),
    ("Meters", reference.ELEVATION_UNITS, "meters"), ("furlongs", reference.ELEVATION_UNITS, None),
    ("sq mi", reference.AREA_UNITS, "sq mi"), ("SQMI", reference.AREA_UNITS, "sq mi"),
    ("Acres", reference.AREA_UNITS, "acres"), ("ha", reference.AREA_UNITS, "ha"), ("feet", reference.AREA_UNITS, None),
    ("", reference.AREA_UNITS, None), (None, reference.ELEVATION_UNITS, None)])
def test_a_unit_is_one_of_the_reference_list_spelled_as_it_spells_it(written, units, stored):
    assert reference.measure_unit(written, units) == stored


def _records() -> list[dict]:
    records = []
    for i in range(20):
        record = {"id": f"00000000-0000-0000-0000-{i:012d}", "identifier": f"S-{i}", "name": f"Station {i}",
                  "latitude": 40 + i / 10, "longitude": -75 - i / 10, "organizationId": "org-a"}
        if i % 4:
            record.update(elevation=["160", 5, 12.5, "-3.0", 0.1 + 0.2][i % 5], elevationUnit=["feet", "m"][i % 2],
                          elevationMethod=METHODS[i % len(METHODS)], verticalDatum=["NGVD29", "NAVD88", ""][i % 3])
        if i % 3:
            record.update(drainageArea=["0.27", 1.1, 1200][i % 3], drainageAreaUnit="sq mi")
        if i % 5 == 1:
            record.update(contributingDrainageArea="0.5", contributingDrainageAreaUnit="acres")
        if i == 19:  # a unit left without its value says nothing
            record.update(drainageArea=None, drainageAreaUnit="sq mi")
        records.append(record)
    return records


def _written(records, mime_type: str) -> bytes:
    out = io.BytesIO()
    output.render(out, mime_type, columns.STATION, columns.sources(columns.STATION, "data"), records)
    return out.getvalue()


@pytest.mark.parametrize("mime_type", ["csv", "tsv"])
def test_the_station_services_fast_lines_write_the_measures_as_the_csv_writer_does(mime_type, monkeypatch):
    monkeypatch.setattr(station_lines, "CHUNK_ROWS", 7)
    snap = Snapshot.from_records(_records())
    stations = Stations(snap, np.arange(snap.n))
    look = Lookups({}, {}, {})
    fast = _written(StationRecords(stations, look), mime_type)
    generic = _written(list(StationRecords(stations, look)), mime_type)
    assert fast == generic
    by_site = {r["MonitoringLocationIdentifier"]: r for r in StationRecords(stations, look)}
    assert (by_site["S-5"]["VerticalMeasure/MeasureValue"], by_site["S-5"]["VerticalMeasure/MeasureUnitCode"],
            by_site["S-5"]["VerticalCollectionMethodName"]) == ("160", "m", "测量")
    assert by_site["S-1"]["VerticalMeasure/MeasureValue"] == "5"  # a whole number as its file writes it
    assert by_site["S-3"]["VerticalMeasure/MeasureValue"] == "-3"
    assert by_site["S-9"]["VerticalMeasure/MeasureValue"] == "0.30000000000000004"
    assert (by_site["S-1"]["DrainageAreaMeasure/MeasureValue"], by_site["S-1"]["DrainageAreaMeasure/MeasureUnitCode"],
            by_site["S-1"]["ContributingDrainageAreaMeasure/MeasureValue"],
            by_site["S-1"]["ContributingDrainageAreaMeasure/MeasureUnitCode"]) == ("1.1", "sq mi", "0.5", "acres")
    assert all(by_site["S-0"][key] == "" for key in ("VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode",
                                                      "VerticalCollectionMethodName", "DrainageAreaMeasure/MeasureValue"))
    assert by_site["S-19"]["DrainageAreaMeasure/MeasureUnitCode"] == ""
    sep = b"," if mime_type == "csv" else b"\t"
    # A method is the user's text: a formula is written as text (quoted, for its quotes).
    assert b"'=HYPERLINK(" in fast and b'"=HYPERLINK' not in fast and sep + b"=HYPERLINK" not in fast


def test_a_snapshot_stored_before_the_measures_were_kept_answers_none():
    snap = Snapshot.from_records(_records())
    arrays = {k: v for k, v in snap.a.items() if k not in {column for column, _, _ in MEASURES}}
    dictionaries = {k: v for k, v in snap.d.items() if k not in ("measures", "measure_terms")}
    old = Snapshot.from_bytes(Snapshot(arrays, dictionaries).to_bytes(), 3)
    records = list(StationRecords(Stations(old, np.arange(old.n)), Lookups({}, {}, {})))
    assert len(records) == 20 and {r["VerticalMeasure/MeasureValue"] for r in records} == {""}
    again = Snapshot.from_bytes(snap.to_bytes(), 4)  # and a new one keeps them through S3
    assert {r["MonitoringLocationIdentifier"]: r["VerticalMeasure/MeasureValue"]
            for r in StationRecords(Stations(again, np.arange(again.n)), Lookups({}, {}, {}))}["S-5"] == "160"


def _checked(rows: list[list[str]]):
    header = ["MonitoringLocationIdentifier", "MonitoringLocationName", "LatitudeMeasure", "LongitudeMeasure",
              "VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode", "DrainageAreaMeasure/MeasureValue",
              "DrainageAreaMeasure/MeasureUnitCode"]
    layout = formats.detect(header)
    assert layout.format is formats.WQP_STATION
    table = pa.table({name: pa.array([row[i] for row in rows], pa.string()) for i, name in enumerate(header)})
    return validate.check_stations(table, layout, header, first_row=1)


def test_a_station_profiles_elevation_and_area_are_checked_per_row():
    checked = _checked([["A", "a", "40", "-74", "'160", "Feet", "0.27", "sq mi"],
                        ["B", "b", "40", "-74", "1,5", "feet", "", ""],
                        ["C", "c", "40", "-74", "12", "yards", "", ""],
                        ["D", "d", "40", "-74", "", "", "3", ""],
                        ["E", "e", "40", "-74", "", "miles", "", "acres"]])
    assert [(r.row, r.column, r.value) for r in checked.rejections] == [
        (2, "VerticalMeasure/MeasureValue", "1,5"), (3, "VerticalMeasure/MeasureUnitCode", "yards"),
        (4, "DrainageAreaMeasure/MeasureValue", "3")]
    assert checked.fields["station"].to_pylist() == ["A", "E"]
    assert checked.fields["elevation"].to_pylist() == [160.0, None]
    assert checked.fields["elevationUnit"].to_pylist() == ["feet", ""]  # no value: its unit is not kept
    assert checked.fields["drainageArea"].to_pylist() == [0.27, None]
    assert checked.fields["drainageAreaUnit"].to_pylist() == ["sq mi", ""]
