"""Administrators manage roles and their permissions; permissions decide what users may do."""
from __future__ import annotations

import uuid

from chalicelib.roles.service import forget_cached_roles


def test_permission_catalogue_lists_the_built_in_permissions(api):
    """Each permission is one something checks (admin walk, 2026-11-27: "share dashboards" could be granted and
    changed nothing: there is no sharing of dashboards)."""
    keys = {p["key"] for p in api.as_("admin").get("/permissions").json}
    assert keys == {"manage-users", "manage-roles", "manage-organizations", "manage-system-settings"}


def test_a_role_with_a_permission_grants_it_to_its_users(api, demo):
    admin = api.as_("admin")
    name = f"user-managers-{uuid.uuid4().hex[:6]}"
    role = admin.post("/roles", {"roleName": name}).json
    assert admin.put(f"/roles/{role['id']}/permissions", ["manage-users"]).json[0]["key"] == "manage-users"
    contributor = demo["users"]["contributor"]
    assert api.as_("contributor").get("/user").status_code == 403
    admin.put(f"/user/{contributor}/roles", [role["id"]])
    forget_cached_roles()
    assert api.as_("contributor").get("/user").status_code == 200
    # A user manager reads the roles, to give them, but does not make or change them (manage-roles).
    assert api.as_("contributor").get("/roles").status_code == 200
    assert api.as_("contributor").post("/roles", {"roleName": f"not-{name}"}).status_code == 403
    admin.put(f"/user/{contributor}/roles", [])
    admin.delete(f"/roles/{role['id']}")


def test_role_names_are_unique(api):
    admin = api.as_("admin")
    name = f"editors-{uuid.uuid4().hex[:6]}"
    admin.post("/roles", {"roleName": name})
    duplicate = admin.post("/roles", {"roleName": name})
    assert duplicate.status_code == 409
    assert duplicate.json["message"] == f"A role named {name} already exists."


def test_unknown_permissions_and_missing_names_are_refused(api):
    admin = api.as_("admin")
    assert admin.post("/roles", {}).json["message"] == "Role name is required."
    role = admin.post("/roles", {"roleName": f"r-{uuid.uuid4().hex[:6]}"}).json
    response = admin.put(f"/roles/{role['id']}/permissions", ["fly"])
    assert response.status_code == 400
    assert response.json["message"] == "Unknown permission: fly."


def test_a_description_that_is_not_text_is_refused(api):
    """OpenAPI walk, 2026-11-28: a number (or an object) as a role's description was a 500: the store refused it."""
    admin = api.as_("admin")
    refused = admin.post("/roles", {"roleName": f"r-{uuid.uuid4().hex[:6]}", "description": 5})
    assert (refused.status_code, refused.json["message"]) == (
        400, "Role description must be text of at most 5,000 characters.")
    role = admin.post("/roles", {"roleName": f"r-{uuid.uuid4().hex[:6]}", "description": "Helpers"}).json
    for description in ({"text": "Helpers"}, "x" * 5_001):
        assert admin.patch(f"/roles/{role['id']}", {"description": description}).status_code == 400
    assert admin.patch(f"/roles/{role['id']}", {"description": None}).json.get("description") is None
    admin.delete(f"/roles/{role['id']}")


def test_the_built_in_admin_role_cannot_be_deleted(api):
    response = api.as_("admin").delete("/roles/system-admin")
    assert response.status_code == 403
    assert response.json["message"] == "Built-in roles cannot be deleted."


def test_map_service_setting_is_listed_and_can_be_changed(api):
    settings = {s["id"]: s for s in api.get("/system/settings").json}
    assert settings["map-service"]["value"]["provider"] in ("none", "maplibre", "mapbox")
    original = settings["map-service"]["value"]
    changed = api.as_("admin").post("/system/settings", {"id": "map-service", "label": "Map service",
                                                        "value": {**original, "styleUrl": "https://tiles.example.org/s.json"}})
    assert changed.status_code == 200
    assert api.get("/system/settings").json and changed.json["value"]["styleUrl"] == "https://tiles.example.org/s.json"
    # Put it back as it was: other tests read the system's map service.
    restored = api.as_("admin").post("/system/settings", {"id": "map-service", "label": "Map service", "value": original})
    assert restored.json["value"] == original
    bad = api.as_("admin").post("/system/settings", {"id": "Bad Id!", "value": 1})
    assert bad.status_code == 400
    assert bad.json["message"] == "Setting id is required: lower-case letters, digits and dashes."


def test_the_system_map_service_is_refused_as_an_organizations_would_be(api):
    """Admin walk, 2026-11-28: the system's map service took any value (text, a javascript: address, a misspelt
    field) where an organization's is checked, and every visitor's map read it."""
    admin = api.as_("admin")
    original = {s["id"]: s for s in api.get("/system/settings").json}["map-service"]["value"]
    for value, message in (
            ("https://tiles.example.org/s.json", "Setting value must be a JSON object."),
            ({"styleUrl": "javascript:alert(1)"}, "The style address must be an http(s) address."),
            ({"tileUrl": "https://tiles.example.org/tiles.png"},
             "The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png)."),
            ({"stylUrl": "https://tiles.example.org/s.json"}, "Unknown map service field stylUrl. A map service takes: "
                                                               "accessToken, attribution, provider, styleUrl, tileUrl, "
                                                               "tiles, url.")):
        refused = admin.post("/system/settings", {"id": "map-service", "label": "Map service", "value": value})
        assert (refused.status_code, refused.json["message"]) == (400, message)
    assert {s["id"]: s for s in api.get("/system/settings").json}["map-service"]["value"] == original


def test_a_change_of_a_system_setting_is_in_the_audit_trail(api):
    """Admin walk, 2026-11-28: an organization's map service left an entry, the system's (every visitor's map)
    none: nobody could find who had changed it, nor what it had been."""
    admin = api.as_("admin")
    original = {s["id"]: s for s in api.get("/system/settings").json}["map-service"]["value"]
    changed = {**original, "styleUrl": "https://tiles.example.org/audited.json", "accessToken": "pk.secret"}
    assert admin.post("/system/settings", {"id": "map-service", "label": "Map service", "value": changed}).status_code == 200
    admin.post("/system/settings", {"id": "map-service", "label": "Map service", "value": original})
    trail = admin.get("/system/audit?filter=targetType||$eq||system-setting&sort=at,DESC&limit=2").json
    put_back, change = trail
    assert (change["action"], change["targetId"], change["targetName"], change["actorName"]) == (
        "update", "map-service", "Map service", "Ada Admin")
    shown = {name: value for name, value in changed.items() if name != "accessToken"}  # no secret in the trail
    assert change["after"] == {"value": shown} and put_back["before"] == {"value": shown}
    assert "pk.secret" not in str(trail)


def test_who_changed_a_setting_is_said_to_those_who_may_change_settings_only(api):
    """The list is public (the map reads it): an administrator's user id had been answered to anyone."""
    admin = api.as_("admin")
    saved = admin.post("/system/settings", {"id": "editor-test", "label": "Editor test", "value": 1})
    assert saved.json["updatedBy"] == admin.get("/auth/profile").json["id"]
    assert {s["id"]: s for s in admin.get("/system/settings").json}["editor-test"]["updatedBy"] == saved.json[
        "updatedBy"]
    for caller in (api, api.as_("viewer")):
        setting = {s["id"]: s for s in caller.get("/system/settings").json}["editor-test"]
        assert (setting["value"], "updatedBy" in setting) == (1, False)


def test_a_setting_label_that_is_not_short_text_is_refused(api):
    """OpenAPI walk, 2026-11-28: a number, or a label past the store's item size, was a 500."""
    for label in (5, "x" * 201):
        refused = api.as_("admin").post("/system/settings", {"id": "label-test", "label": label, "value": 1})
        assert (refused.status_code, refused.json["message"]) == (
            400, "Setting label must be text of at most 200 characters.")
    assert "label-test" not in {s["id"] for s in api.get("/system/settings").json}


def test_admin_pre_registers_a_user_by_email(api):
    email = f"new-{uuid.uuid4().hex[:6]}@example.com"
    created = api.as_("admin").post("/user", {"email": email, "name": "New Hire"})
    assert created.status_code == 201
    assert created.json["email"] == email
    duplicate = api.as_("admin").post("/user", {"email": email})
    assert duplicate.status_code == 409
    assert api.as_("admin").post("/user", {"email": "not an email"}).json["message"] == \
        "A valid email address is required."


def test_role_names_are_unique_ignoring_case_and_spaces_built_in_names_included(api):
    admin = api.as_("admin")
    for look_alike in ("system-admin", "System-Admin", "  SYSTEM-ADMIN  "):
        refused = admin.post("/roles", {"roleName": look_alike})
        assert refused.status_code == 409, refused.json
        assert refused.json["message"] == "A role named system-admin already exists."
    name = f"Editors-{uuid.uuid4().hex[:6]}"
    admin.post("/roles", {"roleName": name})
    refused = admin.post("/roles", {"roleName": f" {name.upper()} "})
    assert refused.status_code == 409
    assert refused.json["message"] == f"A role named {name} already exists."
    other = admin.post("/roles", {"roleName": f"other-{uuid.uuid4().hex[:6]}"}).json
    renamed = admin.patch(f"/roles/{other['id']}", {"roleName": "System-Admin"})
    assert renamed.status_code == 409
    # The rule of every name (chalicelib/core/names.py): look-alikes are the same name, control characters refused.
    spaced = f"Field  crew {uuid.uuid4().hex[:6]}"
    made = admin.post("/roles", {"roleName": spaced.replace("  ", "\u00a0")})
    assert made.status_code == 201 and made.json["roleName"] == spaced.replace("  ", " ")
    for look_alike in (spaced, spaced.replace("Field", "Fi\u200beld"), spaced.upper()):
        assert admin.post("/roles", {"roleName": look_alike}).status_code == 409, look_alike
    broken = admin.post("/roles", {"roleName": "Two\nlines"}, headers={"Accept-Language": "zh-CN"})
    assert (broken.status_code, broken.json["message"]) == (400, "角色名称必须是一行文本，不能包含制表符或换行。")
    assert renamed.json["message"] == "A role named system-admin already exists."
    names = [role["roleName"].casefold() for role in admin.get("/roles").json]
    assert names.count("system-admin") == 1


def _look_alike_role() -> str:
    """A custom role record named like the built-in one, as could be stored before names were unique."""
    from chalicelib.roles.models import Role

    role = Role(id=str(uuid.uuid4()), roleName="system-admin", permissions=[], builtIn=False)
    role.save()
    forget_cached_roles()
    return role.id


def test_a_role_grants_what_its_record_says_not_what_its_name_suggests(api, demo):
    admin = api.as_("admin")
    look_alike = _look_alike_role()
    assert admin.get(f"/roles/{look_alike}/permissions").json == []
    assert {p["key"] for p in admin.get("/roles/system-admin/permissions").json} >= {"manage-users", "manage-roles"}
    viewer = demo["users"]["viewer"]
    admin.put(f"/user/{viewer}/roles", [look_alike])
    try:
        profile = api.as_("viewer").get("/auth/profile").json
        assert profile["permissions"] == []
        assert profile["systemRoles"] == [{"id": look_alike, "roleName": "system-admin"}]
        assert api.as_("viewer").get("/user").status_code == 403
        assert api.as_("viewer").post("/organization", {"name": "Look-alike's"}).status_code == 403
    finally:
        admin.put(f"/user/{viewer}/roles", [])
        admin.delete(f"/roles/{look_alike}")
