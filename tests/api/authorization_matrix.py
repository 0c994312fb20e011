"""The authorization matrix: for every route, the status each identity gets. Data in one place;
each new route joins it. Identities: anonymous, viewer / contributor / orgadmin of the demo
organization, other_orgadmin (group-admin of another organization), admin (system-admin).

Paths (a query string may follow) are formatted with the demo ids: {org}, {other_org}, {target} (a
plain user, not a member of the demo organization unless a case's setup makes it one), {fresh_org} /
{fresh_user} (created anew for each request by the case's setup, for destructive calls).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

ALL_OK = dict(anonymous=200, viewer=200, contributor=200, orgadmin=200, other_orgadmin=200, admin=200)
SIGNED_IN = {**ALL_OK, "anonymous": 401}
ADMIN_ONLY = dict(anonymous=401, viewer=403, contributor=403, orgadmin=403, other_orgadmin=403, admin=200)
DEMO_ORG_ADMINS = dict(anonymous=401, viewer=403, contributor=403, orgadmin=200, other_orgadmin=403, admin=200)
DEMO_ORG_MEMBERS = dict(anonymous=401, viewer=200, contributor=200, orgadmin=200, other_orgadmin=403, admin=200)


@dataclass(frozen=True)
class Case:
    method: str
    path: str
    expect: dict
    # A body, or a function making a fresh one per request (for values that must be unique).
    body: object = None
    # Prepares state before each identity's request (e.g. a fresh organization to delete).
    setup: Callable[[dict], dict] | None = field(default=None, compare=False)
    # Request headers besides the identity's (a multipart body's Content-Type; the body is then bytes).
    headers: dict | None = None

    @property
    def name(self) -> str:
        return f"{self.method} {self.path}"

    def make_body(self):
        return self.body() if callable(self.body) else self.body


def _unique() -> str:
    import uuid

    return uuid.uuid4().hex[:10]


def _fresh_org(ids: dict) -> dict:
    from chalicelib.organizations import service as organizations

    return {"fresh_org": organizations.create({"name": f"Throwaway organization {_unique()}"}).id}


def _fresh_user(ids: dict) -> dict:
    import uuid

    from chalicelib.core.models import utc_now
    from chalicelib.users.models import User

    user = User(id=str(uuid.uuid4()), email="throwaway@example.com", name="Throwaway", createdAt=utc_now())
    user.save()
    return {"fresh_user": user.id}


def _target_is_member(ids: dict) -> dict:
    from chalicelib.organizations import service as organizations

    organizations.set_member_role(ids["org"], ids["target"], "simple-user")
    return {}


def _fresh_role(ids: dict) -> dict:
    import uuid

    from chalicelib.roles import service as roles

    return {"fresh_role": roles.create({"roleName": f"throwaway-{uuid.uuid4().hex[:8]}"}).id}


def _orgadmins_dashboard(ids: dict) -> dict:
    import uuid

    from chalicelib.dashboards import service as dashboards

    return {"dashboard": dashboards.create(ids["orgadmin"], {"label": f"Matrix {uuid.uuid4().hex[:8]}"}).id}


def _orgadmins_dashboard_with_widget(ids: dict) -> dict:
    from chalicelib.dashboards import service as dashboards

    dashboard_id = _orgadmins_dashboard(ids)["dashboard"]
    dashboard = dashboards.add_widget(ids["orgadmin"], dashboard_id, {"component": "markdown-note"})
    return {"dashboard": dashboard_id, "widget": dashboard.to_dict()["widgets"][0]["id"]}


# A dashboard belongs to orgadmin here: everyone else, administrators included, gets 404 (not 403),
# so the existence of others' dashboards does not leak.
OWNER_ONLY = dict(anonymous=401, viewer=404, contributor=404, orgadmin=200, other_orgadmin=404, admin=404)


MATRIX: list[Case] = [
    Case("GET", "/system/info", ALL_OK),
    Case("GET", "/openapi.json", ALL_OK),
    Case("GET", "/applications", ALL_OK),
    Case("GET", "/auth/profile", SIGNED_IN),
    Case("PATCH", "/auth/profile", SIGNED_IN, body={"preferences": {"locale": "en"}}),
    Case("GET", "/organization", ALL_OK),
    Case("POST", "/organization", {**ADMIN_ONLY, "admin": 201}, body=lambda: {"name": f"Created by the matrix {_unique()}"}),
    Case("GET", "/organization/{org}", ALL_OK),
    Case("PATCH", "/organization/{org}", DEMO_ORG_ADMINS, body={"description": "Edited by the matrix"}),
    Case("DELETE", "/organization/{fresh_org}", ADMIN_ONLY, setup=_fresh_org),
    Case("GET", "/organization/{org}/members", DEMO_ORG_MEMBERS),
    Case("PUT", "/organization/{org}/members/{target}", DEMO_ORG_ADMINS, setup=_target_is_member,
         body={"roleName": "simple-user"}),
    Case("DELETE", "/organization/{org}/members/{target}", DEMO_ORG_ADMINS, setup=_target_is_member),
    Case("GET", "/user", ADMIN_ONLY),
    Case("DELETE", "/user/{fresh_user}", ADMIN_ONLY, setup=_fresh_user),
    Case("GET", "/user/{target}/roles", ADMIN_ONLY),
    Case("PUT", "/user/{target}/roles", ADMIN_ONLY, body=[]),
    Case("POST", "/user", {**ADMIN_ONLY, "admin": 201}, body=lambda: {"email": f"{_unique()}@example.com"}),
    Case("PATCH", "/user/{target}", ADMIN_ONLY, body={"name": "Matrix Target"}),
    Case("GET", "/roles", ADMIN_ONLY),
    Case("POST", "/roles", {**ADMIN_ONLY, "admin": 201}, body=lambda: {"roleName": f"role-{_unique()}"}),
    Case("PATCH", "/roles/{role}", ADMIN_ONLY, body={"description": "Edited by the matrix"}),
    Case("DELETE", "/roles/{fresh_role}", ADMIN_ONLY, setup=_fresh_role),
    Case("GET", "/roles/{role}/permissions", ADMIN_ONLY),
    Case("PUT", "/roles/{role}/permissions", ADMIN_ONLY, body=["manage-system-settings"]),
    Case("GET", "/permissions", ADMIN_ONLY),
    Case("GET", "/system/settings", ALL_OK),
    Case("POST", "/system/settings", ADMIN_ONLY, body={"id": "matrix-setting", "value": {"on": True}}),
    Case("GET", "/dashboards", SIGNED_IN),
    Case("POST", "/dashboards", {**SIGNED_IN, **{i: 201 for i in SIGNED_IN if i != "anonymous"}},
         body=lambda: {"label": f"Dashboard {_unique()}"}),
    Case("GET", "/dashboards/{dashboard}", OWNER_ONLY, setup=_orgadmins_dashboard),
    Case("PATCH", "/dashboards/{dashboard}", OWNER_ONLY, setup=_orgadmins_dashboard, body=lambda: {"label": f"Renamed {_unique()}"}),
    Case("DELETE", "/dashboards/{dashboard}", OWNER_ONLY, setup=_orgadmins_dashboard),
    Case("POST", "/dashboards/{dashboard}/widgets", {**OWNER_ONLY, "orgadmin": 201}, setup=_orgadmins_dashboard,
         body={"component": "markdown-note", "config": {"text": "hi"}}),
    Case("PATCH", "/dashboards/{dashboard}/widgets/{widget}", OWNER_ONLY, setup=_orgadmins_dashboard_with_widget,
         body={"config": {"text": "Edited by the matrix"}}),
    Case("DELETE", "/dashboards/{dashboard}/widgets/{widget}", OWNER_ONLY, setup=_orgadmins_dashboard_with_widget),
]

# A user who holds a look-alike role: a custom role record named like the built-in "system-admin" (as
# could be stored before role names were unique), with no permissions of its own. Names grant nothing:
# on every route this user gets what LOOK_ALIKE_HOLDER gets (tests/api/test_authorization_matrix.py
# gives that identity the look-alike role besides its own and runs the whole matrix again).
LOOK_ALIKE_HOLDER = "viewer"


def look_alike_role() -> str:
    import uuid

    from chalicelib.roles.models import Role

    role = Role(id=str(uuid.uuid4()), roleName="system-admin", permissions=[], builtIn=False)
    role.save()
    return role.id


# Routes deliberately outside the matrix, each tested on its own: DELETE /auth/profile deletes the
# caller (tests/api/test_profile.py).
NOT_IN_MATRIX = {("DELETE", "/auth/profile")}

# Each domain's cases live beside its tests; they join the one matrix here.
from tests.api.matrix_audit import CASES as AUDIT_CASES  # noqa: E402
from tests.api.matrix_gis import CASES as GIS_CASES  # noqa: E402
from tests.api.matrix_imports import CASES as IMPORT_CASES  # noqa: E402
from tests.api.matrix_invitations import CASES as INVITATION_CASES  # noqa: E402
from tests.api.matrix_monitoring import CASES as MONITORING_CASES  # noqa: E402
from tests.api.matrix_organizations import CASES as ORGANIZATION_CASES  # noqa: E402
from tests.api.matrix_wqp import CASES as WQP_CASES  # noqa: E402
from tests.api.matrix_pages import CASES as PAGE_CASES  # noqa: E402
from tests.api.matrix_timeseries import CASES as TIMESERIES_CASES  # noqa: E402

MATRIX += MONITORING_CASES + GIS_CASES + INVITATION_CASES + ORGANIZATION_CASES + IMPORT_CASES + PAGE_CASES + WQP_CASES
MATRIX += TIMESERIES_CASES
MATRIX += AUDIT_CASES
