"""The time-series download (GET /wapi/ts/download) as the API answers it (no HTTP in here): the values of the
chosen series, written while the caller waits or, when that could outgrow the request's time, by the queue worker
(chalicelib/core/queued_answers.py, shared with large WQP answers, sample-value downloads and PDF reports).

The decision is taken before any value is read, from the series' descriptions the request has loaded anyway: each
keeps its number of values and its first and last time. A series wholly inside ?from..to counts all its values,
one outside none; one only partly inside counts all of them too, unless that puts the download past the limit:
then its buckets in the range are counted (one Query asking only each bucket's count), a bound within a bucket at
either end. A download is weighed by those values plus REQUEST_WEIGHT for each series (a Query of its buckets);
past TS_DOWNLOAD_DIRECT_MAX_VALUES it is queued: the chosen series and the range live in the uploads bucket under
`downloads/timeseries/answers/<id>/`, the worker writes the CSV with the direct path's own code
(`download.rows`, the CSV writer of chalicelib/core/csv_download.py), so the bytes are the same, and the caller
follows redirects to /wapi/ts/downloads/<id>, each of which waits a while for it.
"""
from __future__ import annotations

from chalicelib.core import queued_answers
from chalicelib.core.config import get_settings
from chalicelib.timeseries import download, service
from chalicelib.timeseries.models import TimeSeries

JOB_TYPE = "time-series-download"
KIND = queued_answers.Kind(prefix="downloads/timeseries/answers", job_type=JOB_TYPE)
# What one series adds to a download's cost, in values: a Query of its buckets (and its share of the station and
# parameter lookups). Measured on the moto stack (decision 0011): a series costs 4-7 ms, a value 6-10 µs.
REQUEST_WEIGHT = 500
NOT_FOUND = "Download of time series not found."
FAILED_MESSAGE = "The download of time series could not be written. Please ask for it again."


def _within(series: TimeSeries, start: int | None, end: int | None) -> str:
    """Where the series' values lie against the range, by its description: "all", "none" or "some"."""
    if not int(series.count or 0) or not series.firstTime or not series.lastTime:
        return "none"
    low = service.iso(start) if start is not None else None
    high = service.iso(end) if end is not None else None
    if (low is not None and low > series.lastTime) or (high is not None and high < series.firstTime):
        return "none"
    if (low is None or low <= series.firstTime) and (high is None or high >= series.lastTime):
        return "all"
    return "some"


def estimate(chosen: list[TimeSeries], start: int | None, end: int | None) -> dict[str, int]:
    """At most how many values the download reads (no value is read to tell), and its weight: the values and
    REQUEST_WEIGHT per series. `counted`: the series partly in the range whose buckets were counted."""
    where = [_within(series, start, end) for series in chosen]
    values = sum(int(series.count) for series, place in zip(chosen, where) if place != "none")
    requests = REQUEST_WEIGHT * len(chosen)
    partly = [series for series, place in zip(chosen, where) if place == "some"]
    counted = 0
    if partly and values + requests > get_settings().ts_download_direct_max_values:
        for series in partly:
            values += service.bucket_counts(series, start, end) - int(series.count)
            counted += 1
    return {"series": len(chosen), "values": values, "counted": counted, "weight": values + requests}


def plan(chosen: list[TimeSeries], start: int | None, end: int | None, owner: str | None) -> dict | None:
    """The download's status when it is queued for the worker (its estimate past TS_DOWNLOAD_DIRECT_MAX_VALUES);
    None when it is small enough to write while the caller waits. `owner`: the verified caller's id (None:
    anonymous)."""
    counted = estimate(chosen, start, end)
    if counted["weight"] <= get_settings().ts_download_direct_max_values:
        return None
    return queued_answers.enqueue(KIND, {"owner": owner, "series": [series.id for series in chosen],
                                         "start": start, "end": end, "estimate": counted})


def _write_stored(status: dict) -> dict:
    """The CSV written as the direct path writes it, of the series chosen when it was asked for, and stored beside
    its status; what the status keeps."""
    chosen = service.get_all(status["series"])
    return queued_answers.store_csv(KIND, status["id"], download.COLUMNS,
                                    download.rows(chosen, status["start"], status["end"]), download.file_name())


def run(answer_id: str) -> None:
    """The worker's part: the download written and stored as the direct path would answer it."""
    queued_answers.run_job(KIND, answer_id, _write_stored, not_found=NOT_FOUND)


def wait(answer_id: str, caller: str | None, seconds: float) -> dict:
    """The download's status once it has been written, or after waiting `seconds` for it: 404 for an unknown id
    or another caller's download, 500 with a message for a job that failed."""
    return queued_answers.wait_for(KIND, answer_id, caller, seconds, not_found=NOT_FOUND, failed=FAILED_MESSAGE)
