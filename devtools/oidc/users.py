"""The users of the local identity provider: the demo users of users.json next to this file, and the
accounts people create on its sign-up page (kept in memory, like everything of this provider)."""
from __future__ import annotations

import hmac
import json
import re
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

USERS_FILE = Path(__file__).with_name("users.json")


@dataclass(frozen=True)
class DemoUser:
    sub: str
    username: str
    password: str
    email: str
    name: str
    description: str = ""
    # Demo users' addresses count as confirmed; an account made on the sign-up page is confirmed there.
    email_verified: bool = True
    signed_up: bool = False

    def get_user_id(self) -> str:  # Authlib's name for the subject identifier
        return self.sub


@dataclass(frozen=True)
class SignedInUser:
    """Who signed in and when: Authlib passes this around as the grant's `user`.

    Carrying `auth_time` with the user lets every ID token of one sign-in (code, then each refresh)
    repeat the same auth_time, which relying parties such as oidc-client-ts compare on refresh.
    """

    account: DemoUser
    auth_time: int

    def get_user_id(self) -> str:
        return self.account.sub


def demo_users(path: Path = USERS_FILE) -> list[dict]:
    """The demo users as plain dicts (username, password, sub, email, name, description)."""
    return [dict(entry) for entry in json.loads(path.read_text(encoding="utf-8"))["users"]]


EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD_LENGTH = 8


class SignUpRefused(ValueError):
    """A sign-up the directory cannot take; the message key (pages.MESSAGES) says why."""


class UserDirectory:
    def __init__(self, users: list[DemoUser]) -> None:
        self._by_username = {user.username: user for user in users}
        self._by_sub = {user.sub: user for user in users}
        self._lock = threading.Lock()

    @classmethod
    def from_file(cls, path: Path = USERS_FILE) -> "UserDirectory":
        return cls([DemoUser(**entry) for entry in demo_users(path)])

    def by_sub(self, sub: str) -> DemoUser | None:
        return self._by_sub.get(sub)

    def by_username(self, username: str) -> DemoUser | None:
        return self._by_username.get(username)

    def sign_up(self, email: str, name: str, password: str) -> SignedInUser:
        """A new account whose username is its email address, as a hosted sign-up page makes one.

        A real provider confirms the address with a code it emails before it calls it verified; this
        local one has no mailbox of its own, so the sign-up itself stands for that confirmation."""
        email = (email or "").strip().lower()
        if not EMAIL.match(email) or len(email) > 254:
            raise SignUpRefused("invalid_email")
        if len(password or "") < MIN_PASSWORD_LENGTH:
            raise SignUpRefused("short_password")
        with self._lock:
            if email in self._by_username or any(user.email == email for user in self._by_sub.values()):
                raise SignUpRefused("email_taken")
            user = DemoUser(sub=str(uuid.uuid4()), username=email, password=password, email=email,
                            name=(name or "").strip() or email, signed_up=True)
            self._by_username = {**self._by_username, email: user}
            self._by_sub = {**self._by_sub, user.sub: user}
        return SignedInUser(user, int(time.time()))

    def demo(self) -> list[DemoUser]:
        """The demo users (the sign-in page names them), not the accounts made on the sign-up page."""
        return [user for user in self if not user.signed_up]

    def sign_in(self, username: str, password: str) -> SignedInUser | None:
        user = self._by_username.get(username or "")
        # Compare in constant time even for demo passwords: this code is the model people copy.
        if user is None or not hmac.compare_digest(user.password.encode(), (password or "").encode()):
            return None
        return SignedInUser(user, int(time.time()))

    def __iter__(self):
        return iter(self._by_username.values())
