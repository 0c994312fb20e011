"""Time-series values as CSV: one row per value, the series' station, parameter, statistic, sensor and unit."""
from __future__ import annotations

import uuid
from typing import Iterator

from chalicelib.parameters import service as parameters
from chalicelib.samples.download import safe_cell
from chalicelib.stations import service as stations
from chalicelib.timeseries import service
from chalicelib.timeseries.models import TimeSeries

COLUMNS = ("StationIdentifier", "StationId", "Parameter", "ParameterId", "Statistic", "Sensor", "Unit", "Time",
           "Value", "Qualifier", "Flag")


def rows(chosen: list[TimeSeries], start: int | None, end: int | None) -> Iterator[list[str]]:
    """The CSV rows (without header), series by series, each a bucket at a time (a download of millions of values
    never holds them all); texts guarded against spreadsheet formulas."""
    station_of = stations.existing(sorted({s.stationId for s in chosen}))
    parameter_of = parameters.existing(sorted({s.parameterId for s in chosen}))
    for series in chosen:
        station = station_of.get(series.stationId)
        parameter = parameter_of.get(series.parameterId)
        fixed = [safe_cell(text) for text in (
            station.identifier if station else "", series.stationId, parameter.label if parameter else "",
            series.parameterId, series.statistic, series.sensor, series.unit)]
        for values in service.read_buckets(series, start, end):  # a bucket at a time: bounded memory
            for t, v, q, bad in zip(values.times, values.values, values.qualifiers, values.out_of_range):
                yield fixed + [service.iso(t), number_text(v), safe_cell(q), "out-of-range" if bad else ""]


def file_name() -> str:
    return f"time-series-{uuid.uuid4().hex[:8]}.csv"


def number_text(value: float) -> str:
    """A value in its shortest exact form: 12 rather than 12.0, 1e+308 rather than its 309 digits."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value)
