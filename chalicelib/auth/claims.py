"""What a verified token says about its holder."""
from __future__ import annotations


def verified_email(claims: dict) -> str | None:
    """The token's email if its identity provider vouches for it (`email_verified` true; Cognito may
    write it as the string "true"), lower-cased; None otherwise. Anything granted by email (an
    invitation, a pre-registered user's roles, ADMIN_EMAILS) goes by this, never by a bare `email`."""
    email = claims.get("email")
    if not isinstance(email, str) or not email.strip():
        return None
    return email.strip().lower() if claims.get("email_verified") in (True, "true") else None
