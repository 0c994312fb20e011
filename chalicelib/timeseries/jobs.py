"""Queue jobs of the time-series domain: running a time-series file import, writing a large download."""
from __future__ import annotations

from chalicelib.imports.service import ImportKind
from chalicelib.timeseries import answers, formats
from chalicelib.workers.jobs import job, remaining_ms

# A time-series file import: queued like import-data, run by the job below.
TS_IMPORT = ImportKind("timeseries", "import-ts-data", formats.FORMATS, formats.SUFFIXES)


@job(TS_IMPORT.job_type)
def import_ts_data(message: dict) -> None:
    from chalicelib.imports import worker
    from chalicelib.timeseries.importer import TimeSeriesImport

    worker.run_import(message, remaining_ms, job_class=TimeSeriesImport)


@job(answers.JOB_TYPE)
def write_download(message: dict) -> None:
    answers.run(message["answerId"])
