"""Authorization-matrix cases of an organization's settings and WQX Web account. Joined into MATRIX by
tests/api/authorization_matrix.py."""
from __future__ import annotations

import base64

from tests.api.authorization_matrix import ALL_OK, DEMO_ORG_ADMINS, Case

WQX_ACCOUNT = {"wqxOrganizationId": "MATRIX", "userId": "matrix",
               "privateKey": base64.b64encode(b"matrix-private-key-of-32-bytes!!").decode()}



def _map_service(ids: dict) -> dict:
    return {"setting": "map-service"}


CASES = [
    Case("GET", "/organization/{org}/settings/{setting}", ALL_OK, setup=_map_service),
    Case("PUT", "/organization/{org}/settings/{setting}", DEMO_ORG_ADMINS, body={"value": {"provider": "none"}},
         setup=_map_service),
    Case("GET", "/organization/{org}/wqx-account", DEMO_ORG_ADMINS),
    Case("PUT", "/organization/{org}/wqx-account", DEMO_ORG_ADMINS, body=WQX_ACCOUNT),
]
