"""Explore the running API with schemathesis: requests generated from its own OpenAPI document
(GET /api/v1/openapi.json), each answer checked against that document.

Used by the short run in tests/api/test_api_contract.py and the long one in bench/schemathesis_run.py.
Failing requests are collected (one per operation and kind of failure), not shrunk: the run's point is a
count and a list to fix, in bounded time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

import requests

# Operations never sent: deleting the caller's own account would take the demo user's memberships with it
# for every later request (tests/api/test_profile_and_users.py tests it).
NOT_EXPLORED = {("DELETE", "/api/v1/auth/profile")}
# "Contradicts the document" = an undocumented status, content type or body; and never a 5xx.
CHECK_NAMES = ("not_a_server_error", "status_code_conformance", "content_type_conformance",
               "response_schema_conformance")


@dataclass
class Outcome:
    requests: int = 0
    failures: dict[str, str] = field(default_factory=dict)  # "<identity> <METHOD path>: <check>" -> example

    def merge(self, other: "Outcome") -> None:
        self.requests += other.requests
        self.failures.update(other.failures)


def load_schema(api_url: str):
    import schemathesis

    return schemathesis.openapi.from_url(f"{api_url.rstrip('/')}/api/v1/openapi.json")


def explore(api_url: str, token: str | None, *, identity: str, max_examples: int, seed: int = 0,
            keep: Callable[[str, str], bool] = lambda method, path: True, schema=None) -> Outcome:
    """Send up to `max_examples` generated requests to each operation `keep(method, path)` accepts."""
    import schemathesis.checks

    checks = [getattr(schemathesis.checks, name) for name in CHECK_NAMES]
    schema = schema or load_schema(api_url)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    outcome = Outcome()
    session = requests.Session()
    for result in schema.get_all_operations():
        operation = result.ok()
        name = (operation.method.upper(), operation.path)
        if name not in NOT_EXPLORED and keep(*name):
            _explore_operation(operation, outcome, api_url=api_url, session=session, headers=headers,
                               checks=checks, name=f"{identity} {operation.method.upper()} {operation.path}",
                               max_examples=max_examples, seed=seed)
    return outcome


def _explore_operation(operation, outcome: Outcome, *, api_url: str, session, headers: dict, checks: list,
                       name: str, max_examples: int, seed: int) -> None:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed

    @hypothesis_seed(seed)
    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=seed == 0,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck), print_blob=False)
    @given(case=operation.as_strategy())
    def send(case):
        outcome.requests += 1
        try:
            response = case.call(base_url=api_url, session=session, headers=headers, timeout=60)
        except requests.RequestException as exc:
            outcome.failures.setdefault(f"{name}: no answer", f"{case.as_curl_command()} -> {exc}")
            return
        try:
            case.validate_response(response, checks=checks)
        except (AssertionError, BaseExceptionGroup) as exc:  # the failures, one per broken check
            for failure in getattr(exc, "exceptions", [exc]):
                title = getattr(failure, "title", type(failure).__name__)
                outcome.failures.setdefault(
                    f"{name}: {title}", f"{case.as_curl_command()} -> {response.status_code} {response.text[:300]}")

    send()


def summary(outcome: Outcome, limit: int = 40) -> Iterable[str]:
    yield f"{outcome.requests} requests, {len(outcome.failures)} failures"
    for name, example in list(outcome.failures.items())[:limit]:
        yield f"  {name}\n      {example}"
