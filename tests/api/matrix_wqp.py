"""Authorization-matrix cases of the Water Quality Portal services: public, the same answer for every
identity (bodies are GeoJSON or empty here, so the matrix can read them as JSON). Joined into MATRIX by
tests/api/authorization_matrix.py."""
from __future__ import annotations

from tests.api.authorization_matrix import ALL_OK, Case

ALL_BAD_REQUEST = {identity: 400 for identity in ALL_OK}
SEARCH = "/wqp/{interface}/{service}/{action}"


def _service(interface: str, service: str):
    return lambda ids: {"interface": interface, "service": service, "action": "search"}


CASES = [
    Case("GET", SEARCH + "?statecode=US:34&mimeType=geojson", ALL_OK, setup=_service("data", "Station")),
    Case("HEAD", SEARCH + "?statecode=US:34", ALL_OK, setup=_service("data", "Result")),
    Case("POST", SEARCH + "?mimeType=geojson", ALL_OK, body={"statecode": ["US:34"]}, setup=_service("data", "Station")),
    Case("GET", SEARCH + "?mimeType=geojson&huc=0204*", ALL_OK, setup=_service("wqx3", "Station")),
    Case("GET", SEARCH + "?unknown=1", ALL_BAD_REQUEST, setup=_service("data", "Station")),
]

SUMMARY = "/wqp/{interface}/{service}/{action}/{tail}"


def _summary(ids: dict) -> dict:
    return {"interface": "data", "service": "summary", "action": "monitoringLocation", "tail": "search"}


CASES += [
    Case("HEAD", SUMMARY + "?statecode=US:34&summaryYears=1", ALL_OK, setup=_summary),
    Case("GET", SUMMARY + "?summaryYears=2", ALL_BAD_REQUEST, setup=_summary),
    Case("POST", SUMMARY, ALL_BAD_REQUEST, body={"summaryYears": ["3"]}, setup=_summary),
]

ANSWER = "/wqp/answers/{answer}"


def _answer_of(owner: str | None):
    """A written answer (its status as the worker leaves it), asked for by `owner` (a demo user; None:
    anonymous)."""

    def setup(ids: dict) -> dict:
        from chalicelib.wqp import answers

        status = answers.enqueue("data", "result", {}, {"Total-Result-Count": 0}, ids[owner] if owner else None)
        answers._save({**status, "status": answers.SUCCEEDED, "key": f"downloads/wqp/answers/{status['id']}/x.csv"})
        return {"answer": status["id"]}

    return setup


ALL_SEE_OTHER = {identity: 303 for identity in ALL_OK}
CASES += [
    # An anonymous caller's answer is anyone's who holds its id; a signed-in caller's is theirs alone.
    Case("GET", ANSWER, ALL_SEE_OTHER, setup=_answer_of(None)),
    Case("GET", ANSWER, {**{identity: 404 for identity in ALL_OK}, "orgadmin": 303}, setup=_answer_of("orgadmin")),
    Case("GET", ANSWER + "?attempt=x", ALL_BAD_REQUEST, setup=_answer_of(None)),
]
