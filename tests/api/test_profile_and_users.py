"""The caller's own profile, and administrators managing users' system roles."""
from __future__ import annotations

import uuid

from tests.support.people import Person


def test_profile_shows_system_and_organization_roles(api, demo):
    admin = api.as_("admin").get("/auth/profile").json
    assert admin["systemRoles"] == [{"id": "system-admin", "roleName": "system-admin"}]
    assert "manage-users" in admin["permissions"]
    orgadmin = api.as_("orgadmin").get("/auth/profile").json
    assert orgadmin["systemRoles"] == []
    # Other tests may have made orgadmin a member elsewhere too: the demo organization is one of them.
    # Each membership names its organization, so the profile can say "Demo Watershed Council — Group administrator".
    assert {"organizationId": demo["org"], "roleName": "group-admin", "organizationName": "Demo Watershed Council"} \
        in orgadmin["organizationRoles"]
    assert orgadmin["organizationRole"] in orgadmin["organizationRoles"]


def test_profile_name_can_be_changed_and_bad_fields_are_refused(api):
    contributor = api.as_("contributor")
    assert contributor.patch("/auth/profile", {"name": "Carl C."}).json["name"] == "Carl C."
    assert contributor.get("/auth/profile").json["name"] == "Carl C."
    refused = contributor.patch("/auth/profile", {"email": "x@example.com"})
    assert refused.status_code == 400
    assert refused.json["message"] == "These profile fields cannot be changed: email."
    empty = contributor.patch("/auth/profile", {"name": "  "})
    assert empty.json["message"] == "Name must be between 1 and 200 characters."
    contributor.patch("/auth/profile", {"name": "Carl Contributor"})


def test_current_organization_must_be_one_of_the_users(api, demo):
    response = api.as_("viewer").patch("/auth/profile", {"currentOrganizationId": demo["other_org"]})
    assert response.status_code == 400
    assert response.json["message"] == "You are not a member of that organization."


def test_deleting_the_own_account_removes_it_and_its_memberships(api, demo):
    person = Person(email="temporary@example.com")
    sub, headers = person.id, person.headers()
    assert api.get("/auth/profile", headers=headers).status_code == 200
    from chalicelib.organizations import service as organizations

    organizations.set_member_role(demo["org"], sub, "simple-user")
    assert api.delete("/auth/profile", headers=headers).status_code == 200
    members = {m["userId"] for m in api.as_("admin").get(f"/organization/{demo['org']}/members").json}
    assert sub not in members
    assert sub not in {u["id"] for u in api.as_("admin").get("/user").json}


def test_admin_gives_a_user_a_system_role(api, demo):
    admin = api.as_("admin")
    viewer = demo["users"]["viewer"]
    assert admin.put(f"/user/{viewer}/roles", ["system-admin"]).json == [{"id": "system-admin",
                                                                         "roleName": "system-admin"}]
    assert api.as_("viewer").get("/user").status_code == 200
    admin.put(f"/user/{viewer}/roles", {"roles": []})
    from chalicelib.roles.service import forget_cached_roles

    forget_cached_roles()
    assert api.as_("viewer").get("/user").status_code == 403


def test_unknown_roles_are_refused(api, demo):
    response = api.as_("admin").put(f"/user/{demo['users']['viewer']}/roles", ["emperor"])
    assert response.status_code == 400
    assert response.json["message"] == "Unknown role: emperor."


def test_nobody_changes_their_own_roles(api, demo):
    response = api.as_("admin").put(f"/user/{demo['users']['admin']}/roles", [])
    assert response.status_code == 403
    assert response.json["message"] == "You cannot change your own roles."


def test_what_is_granted_by_email_needs_an_email_the_identity_provider_verified(api, demo):
    admin = api.as_("admin")
    email = f"prepared-{uuid.uuid4().hex[:8]}@example.com"
    prepared = admin.post("/user", {"email": email, "roles": ["system-admin"]})
    assert prepared.status_code == 201, prepared.json
    # Someone whose token merely claims the address takes nothing over, and the draft stays.
    claimant = api.get("/auth/profile", headers=Person(email=email, email_verified=False).headers()).json
    assert claimant["systemRoles"] == []
    assert prepared.json["id"] in {u["id"] for u in admin.get(f"/user?filter=email||$eq||{email}").json}
    # The address's verified owner gets what the administrator prepared.
    owner = api.get("/auth/profile", headers=Person(email=email).headers()).json
    assert owner["systemRoles"] == [{"id": "system-admin", "roleName": "system-admin"}]
    admin.delete(f"/user/{owner['id']}")
    # ADMIN_EMAILS makes system administrators of verified addresses only.
    impostor = Person(email="admin@demo.openwater.example", email_verified=False)
    assert api.get("/auth/profile", headers=impostor.headers()).json["systemRoles"] == []
    assert api.get("/user", headers=impostor.headers()).status_code == 403
