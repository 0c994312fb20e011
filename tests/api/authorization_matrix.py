"""The authorization matrix: for every route, the status each identity gets. Data in one place;
each new route joins it. Identities: anonymous, viewer / contributor / orgadmin of the demo
organization, other_orgadmin (group-admin of another organization), admin (system-admin).

Paths are formatted with the demo ids: {org}, {other_org}, {target} (a plain user, not a member of
the demo organization unless a case's setup makes it one), {fresh_org} / {fresh_user} (created anew
for each request by the case's setup, for destructive calls).
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
    body: object = None
    # Prepares state before each identity's request (e.g. a fresh organization to delete).
    setup: Callable[[dict], dict] | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        return f"{self.method} {self.path}"


def _fresh_org(ids: dict) -> dict:
    from chalicelib.organizations import service as organizations

    return {"fresh_org": organizations.create({"name": "Throwaway organization"}).id}


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


MATRIX: list[Case] = [
    Case("GET", "/system/info", ALL_OK),
    Case("GET", "/applications", ALL_OK),
    Case("GET", "/auth/profile", SIGNED_IN),
    Case("PATCH", "/auth/profile", SIGNED_IN, body={"preferences": {"locale": "en"}}),
    Case("GET", "/organization", ALL_OK),
    Case("POST", "/organization", {**ADMIN_ONLY, "admin": 201}, body={"name": "Created by the matrix"}),
    Case("GET", "/organization/{org}", ALL_OK),
    Case("PATCH", "/organization/{org}", DEMO_ORG_ADMINS, body={"description": "Edited by the matrix"}),
    Case("DELETE", "/organization/{fresh_org}", ADMIN_ONLY, setup=_fresh_org),
    Case("GET", "/organization/{org}/members", DEMO_ORG_MEMBERS),
    Case("PUT", "/organization/{org}/members/{target}", DEMO_ORG_ADMINS, body={"roleName": "simple-user"}),
    Case("DELETE", "/organization/{org}/members/{target}", DEMO_ORG_ADMINS, setup=_target_is_member),
    Case("GET", "/user", ADMIN_ONLY),
    Case("DELETE", "/user/{fresh_user}", ADMIN_ONLY, setup=_fresh_user),
    Case("GET", "/user/{target}/roles", ADMIN_ONLY),
    Case("PUT", "/user/{target}/roles", ADMIN_ONLY, body=[]),
]

# Routes deliberately outside the matrix, each tested on its own: DELETE /auth/profile deletes the
# caller (tests/api/test_profile.py).
NOT_IN_MATRIX = {("DELETE", "/auth/profile")}
