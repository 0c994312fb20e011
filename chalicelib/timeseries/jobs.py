"""Queue jobs of the time-series domain: running a time-series file import."""
from __future__ import annotations

from chalicelib.workers.jobs import job, remaining_ms


@job("import-ts-data")
def import_ts_data(message: dict) -> None:
    from chalicelib.imports import worker
    from chalicelib.timeseries.importer import TimeSeriesImport

    worker.run_import(message, remaining_ms, job_class=TimeSeriesImport)
