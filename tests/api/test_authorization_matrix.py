"""Each identity gets the expected status on every route (tests/api/authorization_matrix.py)."""
from __future__ import annotations

import re
import uuid

import pytest

from tests.api.authorization_matrix import LOOK_ALIKE_HOLDER, MATRIX, NOT_IN_MATRIX, look_alike_role
from tests.api.conftest import IDENTITIES


@pytest.fixture(scope="module")
def ids(demo) -> dict:
    from chalicelib.core.models import utc_now
    from chalicelib.users.models import User

    target = User(id=str(uuid.uuid4()), email="target@example.com", name="Matrix Target", createdAt=utc_now())
    target.save()
    from chalicelib.roles import service as roles

    role = roles.create({"roleName": f"matrix-{uuid.uuid4().hex[:8]}"})
    return {"org": demo["org"], "other_org": demo["other_org"], "target": target.id, "role": role.id,
            **demo["users"]}


@pytest.mark.parametrize("case", MATRIX, ids=lambda case: case.name)
@pytest.mark.parametrize("identity", IDENTITIES)
def test_route_answers_each_identity_as_the_matrix_says(api, ids, case, identity):
    values = {**ids, **(case.setup(ids) if case.setup else {})}
    response = api.as_(identity).request(case.method, case.path.format(**values), case.make_body(),
                                         headers=case.headers)
    assert response.status_code == case.expect[identity], response.json
    if response.status_code >= 400:
        assert response.json["statusCode"] == response.status_code
        assert response.json["message"]


@pytest.fixture(scope="module")
def holder_of_a_look_alike_role(api, ids):
    """LOOK_ALIKE_HOLDER holds a custom role named "system-admin" for the rest of this module."""
    from chalicelib.roles.service import forget_cached_roles

    role_id = look_alike_role()
    admin = api.as_("admin")
    admin.put(f"/user/{ids[LOOK_ALIKE_HOLDER]}/roles", [role_id])
    forget_cached_roles()
    yield role_id
    admin.put(f"/user/{ids[LOOK_ALIKE_HOLDER]}/roles", [])
    admin.delete(f"/roles/{role_id}")


@pytest.mark.parametrize("case", MATRIX, ids=lambda case: case.name)
def test_a_look_alike_role_grants_nothing_on_any_route(api, ids, holder_of_a_look_alike_role, case):
    values = {**ids, **(case.setup(ids) if case.setup else {})}
    response = api.as_(LOOK_ALIKE_HOLDER).request(case.method, case.path.format(**values), case.make_body(),
                                                  headers=case.headers)
    assert response.status_code == case.expect[LOOK_ALIKE_HOLDER], response.json


def _api_routes() -> set[tuple[str, str]]:
    import app

    routes = set()
    for path, methods in app.app.routes.items():
        for method in methods:
            routes.add((method, re.sub(r"\{[^}]+\}", "{}", path.removeprefix("/api/v1"))))
    return routes


def test_every_route_of_the_app_is_in_the_matrix():
    covered = {(c.method, re.sub(r"\{[^}]+\}", "{}", c.path.split("?")[0])) for c in MATRIX}
    covered |= {(m, re.sub(r"\{[^}]+\}", "{}", p)) for m, p in NOT_IN_MATRIX}
    missing = _api_routes() - covered
    assert not missing, f"routes without an authorization-matrix entry: {sorted(missing)}"


def test_every_case_names_every_identity():
    for case in MATRIX:
        assert set(case.expect) == set(IDENTITIES), case.name
