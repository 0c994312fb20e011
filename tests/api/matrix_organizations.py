"""Authorization-matrix cases of an organization's settings and WQX Web account. Joined into MATRIX by
tests/api/authorization_matrix.py."""
from __future__ import annotations

import base64
import uuid

from tests.api.authorization_matrix import ALL_OK, DEMO_ORG_ADMINS, Case

WQX_ACCOUNT = {"wqxOrganizationId": "MATRIX", "userId": "matrix",
               "privateKey": base64.b64encode(b"matrix-private-key-of-32-bytes!!").decode()}



def _map_service(ids: dict) -> dict:
    return {"setting": "map-service"}


# Allowed callers get the 400 that says no account is set (a set one would make the call reach EPA's servers).
ADMINS_WITHOUT_AN_ACCOUNT = {**DEMO_ORG_ADMINS, "orgadmin": 400, "admin": 400}


def _org_of_orgadmin_without_wqx_account(ids: dict) -> dict:
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"Matrix organization without a WQX account {uuid.uuid4().hex[:8]}"})
    organizations.set_member_role(organization.id, ids["orgadmin"], "group-admin")
    return {"fresh_org": organization.id}

CASES = [
    Case("GET", "/organization/{org}/settings/{setting}", ALL_OK, setup=_map_service),
    Case("PUT", "/organization/{org}/settings/{setting}", DEMO_ORG_ADMINS, body={"value": {"provider": "none"}},
         setup=_map_service),
    Case("GET", "/organization/{org}/wqx-account", DEMO_ORG_ADMINS),
    Case("PUT", "/organization/{org}/wqx-account", DEMO_ORG_ADMINS, body=WQX_ACCOUNT),
    Case("POST", "/organization/{fresh_org}/wqx-account/test", ADMINS_WITHOUT_AN_ACCOUNT,
         setup=_org_of_orgadmin_without_wqx_account),
]
