"""Authorization-matrix cases of the monitoring-data routes (projects, stations, parameters,
samples, reference lists, statistics). Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

from tests.api.authorization_matrix import Case  # noqa: F401 - used by the cases below

CASES: list = []
