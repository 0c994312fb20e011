"""Who is emailed about their own imports (a long import's end, a source of theirs starting to fail), read straight
from the users table: the import worker sends these, and is given this table, not the roles and the rest that the
users service reaches."""
from __future__ import annotations

from chalicelib.users.models import User


def import_email_of(user_id: str | None) -> str | None:
    """The address to email about the user's imports; None for an unknown user, one without an address, or one who
    turned these emails off in their profile (preferences.importEmails false)."""
    if not user_id:
        return None
    try:
        user = User.get(user_id)
    except User.DoesNotExist:
        return None
    preferences = user.preferences.as_dict() if hasattr(user.preferences, "as_dict") else (user.preferences or {})
    if not user.email or preferences.get("importEmails") is False:
        return None
    return user.email
