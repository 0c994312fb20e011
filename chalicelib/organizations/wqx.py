"""An organization's account at the EPA's WQX Web services (no HTTP in here).

The private key is kept in AWS Secrets Manager (moto's or LocalStack's locally), one secret per
organization; the organization item holds only the WQX organization id, the user id, the secret's
name and when the key was set. The key itself is never returned.
"""
from __future__ import annotations

import base64
import binascii

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest
from chalicelib.core.models import utc_now
from chalicelib.organizations import service as organizations
from chalicelib.organizations.models import Organization

FIELDS = ("wqxOrganizationId", "userId", "privateKey")
MASK = "••••••••"


def secret_name(organization_id: str) -> str:
    return f"{get_settings().table_prefix}wqx-account/{organization_id}"


def _stored(organization: Organization) -> dict:
    account = organization.wqxAccount
    if account is None:
        return {}
    return account.as_dict() if hasattr(account, "as_dict") else dict(account)


def get_account(organization_id: str) -> dict:
    """{wqxOrganizationId, userId, privateKey: masked or None, privateKeySetAt, configured}."""
    account = _stored(organizations.get(organization_id))
    return {
        "organizationId": organization_id,
        "wqxOrganizationId": account.get("wqxOrganizationId"),
        "userId": account.get("userId"),
        "privateKey": MASK if account.get("privateKeySetAt") else None,
        "privateKeySetAt": account.get("privateKeySetAt"),
        "configured": bool(account.get("privateKeySetAt")),
    }


def _text(data: dict, name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(f"{name} is required.")
    if len(value.strip()) > limit:
        raise BadRequest(f"{name} must be at most {limit} characters.")
    return value.strip()


def _private_key(value) -> str:
    # WQX Web hands out the private key as base64 text; the signature is an HMAC with its bytes.
    if not isinstance(value, str) or not value.strip():
        raise BadRequest("privateKey is required.")
    try:
        decoded = base64.b64decode(value.strip(), validate=True)
    except (binascii.Error, ValueError):
        decoded = b""
    if len(decoded) < 16:
        raise BadRequest("privateKey must be the base64 private key shown by WQX Web.")
    return value.strip()


def save_account(organization_id: str, data, user_id: str) -> dict:
    """Sets the account; a body without privateKey (or with the mask) keeps the stored key."""
    organization = organizations.get(organization_id)
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    unknown = sorted(set(data) - set(FIELDS) - {"organizationId", "privateKeySetAt", "configured"})
    if unknown:
        raise BadRequest(f"Unknown WQX account fields: {', '.join(unknown)}.")
    account = _stored(organization)
    changes = {"wqxOrganizationId": _text(data, "wqxOrganizationId", 100), "userId": _text(data, "userId", 100)}
    key = data.get("privateKey")
    if key in (None, "", MASK):
        if not account.get("privateKeySetAt"):
            raise BadRequest("privateKey is required.")
    else:
        changes["secretId"] = _put_secret(organization_id, _private_key(key))
        changes["privateKeySetAt"] = utc_now()
    organization.update(actions=[Organization.wqxAccount.set({**account, **changes, "updatedBy": user_id})])
    return get_account(organization_id)


def _put_secret(organization_id: str, private_key: str) -> str:
    secrets = aws.client("secretsmanager")
    name = secret_name(organization_id)
    try:
        secrets.put_secret_value(SecretId=name, SecretString=private_key)
    except secrets.exceptions.ResourceNotFoundException:
        secrets.create_secret(Name=name, SecretString=private_key,
                              Description="Private key of an organization's WQX Web account")
    return name


def private_key(organization_id: str) -> str:
    """The stored private key (for signing WQX Web requests; never sent to a browser)."""
    return aws.client("secretsmanager").get_secret_value(SecretId=secret_name(organization_id))["SecretString"]
