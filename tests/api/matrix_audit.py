"""Authorization-matrix cases of the audit trail. Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

from tests.api.authorization_matrix import ADMIN_ONLY, Case

CASES = [
    Case("GET", "/system/audit", ADMIN_ONLY),
    Case("GET", "/system/audit?filter=targetType||$eq||role&sort=at,DESC&limit=5", ADMIN_ONLY),
]
