"""WQP answers too large to write while the caller waits, written by the queue worker instead (no HTTP in here).

A Result or Activity search whose counts (known before any value is read, as HEAD answers them) exceed
WQP_DIRECT_MAX_RESULTS rows is queued (chalicelib/core/queued_answers.py, shared with the sample-value download
and the PDF report): its request and status live in the uploads bucket under `downloads/wqp/answers/<id>/`
(status.json, then the answer), the job goes to the import queue, and the worker writes the answer with the
direct path's own code (`write`), so the bytes are the same. The caller follows redirects to /wqp/answers/<id>,
each of which waits a while for it. Who may read an answer: the caller who asked (queued_answers says how).
"""
from __future__ import annotations

from dataclasses import dataclass

from chalicelib.core import queued_answers
from chalicelib.core.config import get_settings
from chalicelib.core.queued_answers import FAILED, QUEUED, RUNNING, SUCCEEDED  # noqa: F401 - the statuses, named here too
from chalicelib.wqp import columns, output, params
from chalicelib.wqp import service as wqp

JOB_TYPE = "wqp-answer"
KIND = queued_answers.Kind(prefix="downloads/wqp/answers", job_type=JOB_TYPE)
# The services whose answers grow with the values (a row per value or activity), and the header counting rows.
ROWS_HEADER = {"result": "Total-Result-Count", "activity": "Total-Activity-Count",
              "resultdetectionquantitationlimit": "Total-Result-Count"}
# What a site adds to a Result answer's cost, in values: its series list and a Query of values at least, about
# 2 ms of CPU against 13 µs a value (decision 0009, Figures), so 10,000 sites of 10 values weigh as 1,500,000.
# A detection-limit search reads the same values as a Result search (and answers those with a limit): it is weighed
# as one, its Result counts standing for its own until it is written.
SITE_WEIGHT = {"result": 150, "resultdetectionquantitationlimit": 150}
_READS_RESULTS = ("result", "resultdetectionquantitationlimit")
NOT_FOUND = "WQP answer not found."
FAILED_MESSAGE = "The WQP answer could not be written. Please ask for it again."


@dataclass
class Plan:
    """How a search is answered: queued for the worker (its status), or written while the caller waits,
    from the stations found while counting when they are known (None: selected when writing)."""

    queued: dict | None = None
    stations: wqp.Stations | None = None


def write(query: params.Query, look: wqp.Lookups, answer: output.Answer,
          stations: wqp.Stations | None = None) -> dict[str, int]:
    """A search's records written into `answer`; its count headers, counted while writing."""
    stations, records = wqp.records(query, look, stations)
    name = query.profile.lower() if query.service == "result" else query.service
    answer.write(name, query.mime_type, query.zip, query.columns, columns.sources(query.columns, query.interface),
                 records)
    return records.headers(stations)


def plan(interface: str, service: str, values: dict[str, list[str]], query: params.Query, look: wqp.Lookups,
         owner: str | None) -> Plan:
    """A Result or Activity search counted before any value is read (as HEAD counts it); past
    WQP_DIRECT_MAX_RESULTS rows (a Result's sites weighed in), its answer queued for the worker (the status,
    with the counts). Otherwise it is small enough to write while the caller waits."""
    header = ROWS_HEADER.get(query.service)
    if header is None:
        return Plan()
    limit = get_settings().wqp_direct_max_results
    if query.service in _READS_RESULTS:
        stations = wqp.select_stations(query, look)
        # Most Result answers are far below the limit with every value of their stations: the summaries tell
        # that at once, where counting asks every series (as many requests as writing them).
        most, sites = wqp.most_results(stations)
        if most + SITE_WEIGHT[query.service] * sites <= limit:
            return Plan(stations=stations)
        # Counted: only the stations holding matching values are read again to write them.
        counts, stations = wqp.result_counts(query, look, stations)
    else:
        counts, stations = wqp.counts(query, look), None
    weight = counts.get(header, 0) + SITE_WEIGHT.get(query.service, 0) * counts.get("Total-Site-Count", 0)
    if weight <= limit:
        return Plan(stations=stations)
    return Plan(queued=enqueue(interface, service, values, counts, owner))


def _key(answer_id: str, name: str) -> str:
    return queued_answers.key(KIND, answer_id, name)


def _save(status: dict) -> dict:
    return queued_answers.save(KIND, status)


def _load(answer_id: str) -> dict:
    return queued_answers.load_status(KIND, answer_id, not_found=NOT_FOUND)


def enqueue(interface: str, service: str, values: dict[str, list[str]], counts: dict[str, int],
            owner: str | None) -> dict:
    """Record a search's answer as queued and hand it to the worker. `values` are the search's parameters,
    validated already; `owner` the verified caller's id (None: anonymous)."""
    return queued_answers.enqueue(KIND, {"owner": owner, "interface": interface, "service": service,
                                         "values": values, "counts": counts})


def _write_stored(status: dict) -> dict:
    """The answer written as the direct path writes it and stored beside its status; what the status keeps."""
    answer = output.Answer(get_settings().wqp_inline_bytes)
    try:
        query = params.parse(status["interface"], status["service"], status["values"])
        counts = write(query, wqp.Lookups.load(), answer)
        key = _key(status["id"], answer.name)
        answer.store(key)
        return {"key": key, "size": answer.size, "counts": counts}
    finally:
        answer.close()


def run(answer_id: str) -> None:
    """The worker's part: the answer written and stored as the direct path would answer it."""
    queued_answers.run_job(KIND, answer_id, _write_stored, not_found=NOT_FOUND)


def wait(answer_id: str, caller: str | None, seconds: float) -> dict:
    """The answer's status once it has ended, or after waiting `seconds` for it: 404 for an unknown id or
    another caller's answer, 500 with a message for a job that failed."""
    return queued_answers.wait_for(KIND, answer_id, caller, seconds, not_found=NOT_FOUND, failed=FAILED_MESSAGE)

