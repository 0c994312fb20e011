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


def test_a_user_added_without_a_name_is_named_by_the_email_they_have_now(api):
    """A walk (2026-11-28): a user added without a name kept the first email as the name, so a corrected address left
    the mistyped one showing as the name."""
    admin = api.as_("admin")
    first = f"lab.tech-{uuid.uuid4().hex[:6]}@agency.example.gov"
    created = admin.post("/user", {"email": first})
    assert created.status_code == 201, created.json
    corrected = first.replace("lab.tech", "lab.technician")
    changed = admin.patch(f"/user/{created.json['id']}", {"email": corrected})
    assert changed.status_code == 200, changed.json
    listed = admin.get(f"/user?filter=id||$eq||{created.json['id']}").json
    assert [(u["name"], u["email"]) for u in (listed["data"] if isinstance(listed, dict) else listed)] == \
        [(corrected, corrected)]
    # A name given is kept whatever the email becomes.
    admin.patch(f"/user/{created.json['id']}", {"name": "Lab Technician"})
    admin.patch(f"/user/{created.json['id']}", {"email": first})
    assert admin.get(f"/user?filter=id||$eq||{created.json['id']}").json[0]["name"] == "Lab Technician"
    admin.delete(f"/user/{created.json['id']}")


def test_a_prepared_user_who_signs_in_keeps_the_name_and_the_day_the_administrator_gave(api):
    """A walk (2026-11-28): the first sign-in replaced the administrator's name with the identity provider's and
    the day the user was added with the day of the sign-in."""
    admin = api.as_("admin")
    email = f"sam.field-{uuid.uuid4().hex[:6]}@agency.example.gov"
    prepared = admin.post("/user", {"email": email, "name": "Sam Fieldworker", "roles": ["system-admin"]})
    assert prepared.status_code == 201, prepared.json
    owner = api.get("/auth/profile", headers=Person(email=email).headers()).json  # the token says "Invited Person"
    assert (owner["name"], [r["id"] for r in owner["systemRoles"]]) == ("Sam Fieldworker", ["system-admin"])
    listed = admin.get(f"/user?filter=email||$eq||{email}").json
    users = listed["data"] if isinstance(listed, dict) else listed
    assert [(u["id"], u["name"], u["createdAt"]) for u in users] == [
        (owner["id"], "Sam Fieldworker", prepared.json["createdAt"])]
    admin.delete(f"/user/{owner['id']}")
