"""The demo users of the local identity provider, read from users.json next to this file."""
from __future__ import annotations

import hmac
import json
import time
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


class UserDirectory:
    def __init__(self, users: list[DemoUser]) -> None:
        self._by_username = {user.username: user for user in users}
        self._by_sub = {user.sub: user for user in users}

    @classmethod
    def from_file(cls, path: Path = USERS_FILE) -> "UserDirectory":
        return cls([DemoUser(**entry) for entry in demo_users(path)])

    def by_sub(self, sub: str) -> DemoUser | None:
        return self._by_sub.get(sub)

    def by_username(self, username: str) -> DemoUser | None:
        return self._by_username.get(username)

    def sign_in(self, username: str, password: str) -> SignedInUser | None:
        user = self._by_username.get(username or "")
        # Compare in constant time even for demo passwords: this code is the model people copy.
        if user is None or not hmac.compare_digest(user.password.encode(), (password or "").encode()):
            return None
        return SignedInUser(user, int(time.time()))

    def __iter__(self):
        return iter(self._by_username.values())
