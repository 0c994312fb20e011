"""Time-series values as CSV: one row per value, the series' station, parameter, statistic, sensor and unit."""
from __future__ import annotations

import csv
import io

from chalicelib.parameters import service as parameters
from chalicelib.stations import service as stations
from chalicelib.timeseries import service
from chalicelib.timeseries.models import TimeSeries

COLUMNS = ("StationIdentifier", "StationId", "Parameter", "ParameterId", "Statistic", "Sensor", "Unit", "Time",
           "Value", "Qualifier", "Flag")


def csv_text(chosen: list[TimeSeries], start: int | None, end: int | None) -> str:
    station_of = stations.existing(sorted({s.stationId for s in chosen}))
    parameter_of = parameters.existing(sorted({s.parameterId for s in chosen}))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for series in chosen:
        station = station_of.get(series.stationId)
        parameter = parameter_of.get(series.parameterId)
        fixed = (station.identifier if station else "", series.stationId, parameter.label if parameter else "",
                 series.parameterId, series.statistic or "", series.sensor or "", series.unit or "")
        values = service.read(series, start, end)
        writer.writerows(fixed + (service.iso(t), repr(v) if v != int(v) else int(v), q or "",
                                  "out-of-range" if bad else "")
                         for t, v, q, bad in zip(values.times, values.values, values.qualifiers, values.out_of_range))
    return out.getvalue()
