"""What the audit trail's readers call each changed thing. Apart from audit.service because only the API reads
the trail: the import worker records entries, and its permissions follow the modules it reaches (it is given no
access to the users' table)."""
from __future__ import annotations

from chalicelib.audit.service import label_in
from chalicelib.organizations.models import Organization
from chalicelib.roles.service import roles_by_id
from chalicelib.users import service as users

# The target types whose id is a user's, and those whose id is an organization's.
USER_TARGETS = ("member", "user-roles", "user")
ORGANIZATION_TARGETS = ("organization", "wqx-account")


def name_targets(answer: list | dict) -> list | dict:
    """A page of entries (as audit.service.search answers it), each given `targetName`: what a person calls the
    target (a user's or organization's name as it is now, else a name the change carries), None when none."""
    entries = answer["data"] if isinstance(answer, dict) else answer

    def ids(types) -> list[str]:
        return list({e["targetId"] for e in entries if e.get("targetType") in types})

    people = {user_id: user.name or user.email for user_id, user in users.get_many(ids(USER_TARGETS)).items()}
    organization_ids = ids(ORGANIZATION_TARGETS)
    organizations = {o.id: o.name for o in Organization.batch_get(organization_ids)} if organization_ids else {}
    role_names = {role_id: role.roleName for role_id, role in roles_by_id().items()} \
        if any(e.get("targetType") == "user-roles" for e in entries) else {}
    for entry in entries:
        known = people if entry.get("targetType") in USER_TARGETS else \
            organizations if entry.get("targetType") in ORGANIZATION_TARGETS else {}
        carried = label_in(entry.get("after"), entry.get("before"))
        entry["targetName"] = known.get(entry.get("targetId")) or entry.pop("targetLabel", None) or carried
        entry.pop("targetLabel", None)
        if entry.get("targetType") == "user-roles":  # role ids (entries before names were kept) read as names
            for change in (entry.get("before"), entry.get("after")):
                if change and isinstance(change.get("roles"), list):
                    change["roles"] = [role_names.get(role_id, role_id) for role_id in change["roles"]]
    return answer
