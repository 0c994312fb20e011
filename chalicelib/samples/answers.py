"""The sample-value download (GET /sampleValue) as the API answers it (no HTTP in here): the values of the
stations, projects and organizations a request names, written while the caller waits or, when that could
outgrow the request's time, by the queue worker (chalicelib/core/queued_answers.py, shared with large WQP
answers and PDF reports).

The decision is taken before any value is read, from the station summaries the request has loaded anyway:
each station's number of values and its parameters (one series, so one Query of values, each). A download is
judged by its values plus REQUEST_WEIGHT for each DynamoDB request it needs (a station's series list and a
Query per series); past SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES it is queued: its request and status live in the
uploads bucket under `downloads/sampleValue/answers/<id>/`, the worker writes the CSV with the direct path's
own code (`rows` and chalicelib/core/csv_download.py), so the bytes are the same, and the caller follows
redirects to /sampleValueAnswers/<id>, each of which waits a while for it.
"""
from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass, field
from typing import Iterator

from chalicelib.core import queued_answers
from chalicelib.core.config import get_settings
from chalicelib.organizations.directory import live_organization
from chalicelib.parameters import service as parameters
from chalicelib.projects import service as projects
from chalicelib.samples import download
from chalicelib.samples import service as samples
from chalicelib.stations import service as stations

JOB_TYPE = "sample-value-download"
KIND = queued_answers.Kind(prefix="downloads/sampleValue/answers", job_type=JOB_TYPE)
# What one DynamoDB request of the download (a station's series list, a Query of a series' values) costs, in
# values. Measured (decision 0009): on the local moto server a request takes 5-9 ms and a value 80-160 µs (the
# server answers one request at a time); on Lambda a request costs about 2 ms of CPU here and a value 13-15 µs.
REQUEST_WEIGHT = 100
NOT_FOUND = "Download of values not found."
FAILED_MESSAGE = "The download of values could not be written. Please ask for it again."


@dataclass(frozen=True)
class Asked:
    """What a download names, validated (kept with a queued download: the worker selects the same values)."""

    station_ids: list[str] = field(default_factory=list)
    project_ids: list[str] = field(default_factory=list)
    organization_ids: list[str] = field(default_factory=list)
    parameter_ids: list[str] = field(default_factory=list)
    start: str | None = None
    end: str | None = None
    first_day: str | None = None  # the written dates asked (samples.Period)
    last_day: str | None = None

    @property
    def period(self) -> samples.Period:
        return samples.Period(self.start, self.end, self.first_day, self.last_day)


def stations_of(asked: Asked) -> list:
    """The stations a download names, each once, in the order named (stations, then the projects' and the
    organizations' stations); 404 for a station, project, organization or parameter that does not exist."""
    chosen = [stations.get(i) for i in asked.station_ids]
    for project_id in asked.project_ids:
        project = projects.get(project_id)
        chosen += list(stations.existing(project.stationIds or []).values())
    for organization_id in asked.organization_ids:
        live_organization(organization_id)
        chosen += stations.by_organization(organization_id)
    if asked.parameter_ids:
        parameters.require_existing(asked.parameter_ids)
    return list({s.id: s for s in chosen}.values())


def estimate(asked: Asked, chosen: list) -> dict[str, int]:
    """At most how many values and series the download reads, from the station summaries alone (every value of
    a station that has a chosen parameter), and its weight: the values and REQUEST_WEIGHT per request."""
    wanted = set(asked.parameter_ids) if asked.parameter_ids else None
    values = series = 0
    for station in chosen:
        own = station.parameterIds or []
        chosen_series = len(own) if wanted is None else len(wanted.intersection(own))
        series += chosen_series
        values += int(station.sampleCount or 0) if chosen_series or wanted is None else 0
    return {"stations": len(chosen), "series": series, "values": values,
            "weight": values + REQUEST_WEIGHT * (len(chosen) + series)}


def plan(asked: Asked, chosen: list, owner: str | None) -> dict | None:
    """The download's status when it is queued for the worker (its estimate past
    SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES); None when it is small enough to write while the caller waits. `owner`:
    the verified caller's id (None: anonymous)."""
    counted = estimate(asked, chosen)
    if counted["weight"] <= get_settings().sample_download_direct_max_values:
        return None
    return queued_answers.enqueue(KIND, {"owner": owner, "asked": asdict(asked), "estimate": counted})


def rows(asked: Asked, chosen: list) -> Iterator[list[str]]:
    """The CSV rows (without header, in download.COLUMNS) of the chosen stations' values."""
    lookups = dict(organizations={o: live_organization(o) for o in {s.organizationId for s in chosen}},
                   parameters=parameters.all_parameters(),
                   projects=projects.live_by_id())
    keep = asked.period.keeper()
    selection = download.Selection(chosen, set(asked.parameter_ids) if asked.parameter_ids else None,
                                   asked.start, asked.end, keep=keep and (lambda item, _station: keep(item)))
    return download.rows(selection, **lookups)


def file_name() -> str:
    return f"sample-values-{uuid.uuid4().hex[:8]}.csv"


def _write_stored(status: dict) -> dict:
    """The CSV written as the direct path writes it and stored beside its status; what the status keeps."""
    asked = Asked(**status["asked"])
    return queued_answers.store_csv(KIND, status["id"], download.COLUMNS, rows(asked, stations_of(asked)),
                                    file_name())


def run(answer_id: str) -> None:
    """The worker's part: the download written and stored as the direct path would answer it."""
    queued_answers.run_job(KIND, answer_id, _write_stored, not_found=NOT_FOUND)


def wait(answer_id: str, caller: str | None, seconds: float) -> dict:
    """The download's status once it has been written, or after waiting `seconds` for it: 404 for an unknown id
    or another caller's download, 500 with a message for a job that failed."""
    return queued_answers.wait_for(KIND, answer_id, caller, seconds, not_found=NOT_FOUND, failed=FAILED_MESSAGE)

