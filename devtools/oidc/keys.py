"""The provider's RSA signing key (RS256), generated at start or kept in a PEM file.

The key id (`kid`) is the key's RFC 7638 thumbprint, so it is derived from the key itself: the same
PEM file always yields the same kid, and a new key always yields a new one (verifiers that cache the
JWKS, such as PyJWKClient, fetch it again when they meet an unknown kid).
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from joserfc.jwk import KeySet, RSAKey

ALGORITHM = "RS256"
KEY_SIZE = 2048
_KEY_PARAMETERS = {"use": "sig", "alg": ALGORITHM}


@dataclass(frozen=True)
class SigningKey:
    jwk: RSAKey  # private; never served

    @property
    def kid(self) -> str:
        return self.jwk.kid

    @property
    def key_set(self) -> KeySet:
        # joserfc picks the key from a set and writes its kid into each JWS header, so every token
        # signed with this set names the key that verifies it.
        return KeySet([self.jwk])

    def public_jwks(self) -> dict:
        return {"keys": [self.jwk.as_dict(private=False)]}

    def private_pem(self) -> bytes:
        return self.jwk.as_pem(private=True)

    def session_secret(self) -> bytes:
        """A secret for the provider's session cookie, derived from the key so that sign-ins
        survive a restart exactly when tokens do (that is, when a key file is used)."""
        return hashlib.sha256(b"owd-local-oidc-session\0" + self.private_pem()).digest()


def _from_pem(pem: bytes) -> SigningKey:
    jwk = RSAKey.import_key(pem, parameters=dict(_KEY_PARAMETERS))
    if not jwk.is_private:
        raise ValueError("The OIDC key file must hold an RSA private key.")
    jwk.ensure_kid()
    return SigningKey(jwk)


def generate_signing_key() -> SigningKey:
    jwk = RSAKey.generate_key(KEY_SIZE, parameters=dict(_KEY_PARAMETERS), private=True)
    jwk.ensure_kid()
    return SigningKey(jwk)


def read_key_file(path: str | os.PathLike) -> SigningKey:
    """Read a PEM key file written by the provider (tests use this to forge tokens on purpose)."""
    return _from_pem(Path(path).read_bytes())


def load_or_create_signing_key(path: str | os.PathLike | None = None) -> SigningKey:
    """Without a path: a fresh key. With one: the key in that file, created first if missing."""
    if not path:
        return generate_signing_key()
    path = Path(path)
    if path.exists():
        return read_key_file(path)
    key = generate_signing_key()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write a private temporary file and hard-link it into place: the link fails if another process
    # created the file meanwhile, and then both processes use that one key.
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".oidc-key-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(key.private_pem())
        try:
            os.link(temporary, path)
        except FileExistsError:
            return read_key_file(path)
    finally:
        os.unlink(temporary)
    return key
