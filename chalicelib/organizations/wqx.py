"""An organization's account at the EPA's WQX Web services (no HTTP in here).

The private key is kept in AWS Secrets Manager (moto's or LocalStack's locally), one secret per
organization; the organization item holds only the WQX organization id, the user id, the secret's
name and when the key was set. The key itself is never returned.

An account's version (its ETag, chalicelib/core/versions.py) is when it was last saved (an account saved before
saves were dated: when its key was set; "unset" while there is none): a save sent with If-Match is made only while
the account still has that version.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone

from pynamodb.exceptions import UpdateError

from chalicelib.audit import service as audit
from chalicelib.core import aws, versions
from chalicelib.core.config import get_settings
from chalicelib.core.errors import UNKNOWN_FIELD, BadRequest, Conflict, PreconditionFailed
from chalicelib.core.models import utc_now
from chalicelib.organizations import service as organizations
from chalicelib.organizations.models import Organization

MASK = "••••••••"
CHECK_TIMEOUT_SECONDS = 10
WQX_ID_TAKEN = ("Another organization of this portal is known as {value} (its name or its WQX organization id); the "
                "Water Quality Portal services would not tell the two organizations apart. Enter your organization's "
                "own WQX organization id.")


def secret_name(organization_id: str) -> str:
    return f"{get_settings().table_prefix}wqx-account/{organization_id}"


def _stored(organization: Organization) -> dict:
    account = organization.wqxAccount
    if account is None:
        return {}
    return account.as_dict() if hasattr(account, "as_dict") else dict(account)


UNSET = "unset"
# The account's name in "Someone else changed this WQX account after you loaded it".
ACCOUNT = "WQX account"
# What a save takes: the account's fields, and the rest of the account as GET answers it (kept as stored).
ACCOUNT_FIELDS = ("wqxOrganizationId", "userId", "privateKey", "organizationId", "privateKeySetAt", "configured",
                  "updatedAt")


def version(account: dict) -> str:
    """The version of an account, stored or as GET answers it."""
    return account.get("updatedAt") or account.get("privateKeySetAt") or UNSET


def get_account(organization_id: str) -> dict:
    """{wqxOrganizationId, userId, privateKey: masked or None, privateKeySetAt, configured, updatedAt}."""
    account = _stored(organizations.get(organization_id))
    return {
        "organizationId": organization_id,
        "wqxOrganizationId": account.get("wqxOrganizationId"),
        "userId": account.get("userId"),
        "privateKey": MASK if account.get("privateKeySetAt") else None,
        "privateKeySetAt": account.get("privateKeySetAt"),
        "configured": bool(account.get("privateKeySetAt")),
        "updatedAt": account.get("updatedAt") or account.get("privateKeySetAt"),
    }


def _require_version(account: dict, expected: tuple[str, ...] | None) -> None:
    if expected is not None and version(account) not in expected:
        raise PreconditionFailed(versions.CHANGED_MEANWHILE.format(thing=ACCOUNT))


def _unchanged(expected: tuple[str, ...]):
    """The version check as a condition of the write: a save made between the read and the write counts too."""
    saved, key_set = Organization.wqxAccount["updatedAt"], Organization.wqxAccount["privateKeySetAt"]
    condition = None
    for wanted in expected:
        part = (saved.does_not_exist() & key_set.does_not_exist() if wanted == UNSET
                else (saved == wanted) | (saved.does_not_exist() & (key_set == wanted)))
        condition = part if condition is None else condition | part
    return condition


def _text(data: dict, name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(f"{name} is required.")
    if len(value.strip()) > limit:
        raise BadRequest(f"{name} must be at most {limit} characters.")
    return value.strip()


# Named as the settings form labels the field (frontend/src/features/organizations/locales/en.ts), not by its name
# in the body.
KEY_REQUIRED = "WQX private key is required."


def _private_key(value) -> str:
    # WQX Web hands out the private key as base64 text; the signature is an HMAC with its bytes (at least 16 of
    # them: frontend/src/features/organizations/lib/fieldRefusals.ts wqxPrivateKeyProblem checks the same).
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(KEY_REQUIRED)
    try:
        decoded = base64.b64decode(value.strip(), validate=True)
    except (binascii.Error, ValueError):
        decoded = b""
    if len(decoded) < 16:
        # Named as the screen names the field; the settings form checks the same before sending.
        raise BadRequest("The private key is not one WQX Web issues: copy the whole private key that WQX Web shows "
                         "for this user.")
    return value.strip()


def save_account(organization_id: str, data, user_id: str, expected: tuple[str, ...] | None = None) -> dict:
    """Sets the account; a body without privateKey (or with the mask) keeps the stored key. `expected`: the
    versions the client read (If-Match); 412 when someone else saved the account since. The account is written
    first (under that condition), then the key: a refused save leaves the stored key alone."""
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    unknown = sorted(set(data) - set(ACCOUNT_FIELDS))
    if unknown:
        raise BadRequest(UNKNOWN_FIELD.format(name=repr(unknown[0]), fields=", ".join(sorted(ACCOUNT_FIELDS))))
    organization = organizations.get(organization_id)
    account = _stored(organization)
    _require_version(account, expected)
    changes = {"wqxOrganizationId": _text(data, "wqxOrganizationId", 100), "userId": _text(data, "userId", 100)}
    if organizations.identifier_holder(changes["wqxOrganizationId"], organization_id) is not None:
        # The WQP services answer an organization by its WQX id: taking another's would mix in this one's data.
        raise Conflict(WQX_ID_TAKEN.format(value=changes["wqxOrganizationId"]))
    key, new_key, now = data.get("privateKey"), None, utc_now()
    if key in (None, "", MASK):
        if not account.get("privateKeySetAt"):
            raise BadRequest(KEY_REQUIRED)
    else:
        new_key = _private_key(key)
        changes["secretId"] = secret_name(organization_id)
        changes["privateKeySetAt"] = now
    condition = _unchanged(expected) if expected is not None else None
    try:
        organization.update(actions=[Organization.wqxAccount.set({**account, **changes, "updatedAt": now,
                                                                  "updatedBy": user_id})], condition=condition)
    except UpdateError as exc:
        if condition is not None and getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            _require_version(_stored(organizations.get(organization_id)), expected)
        raise
    if new_key is not None:
        try:
            _put_secret(organization_id, new_key)
        except Exception:
            _put_back(organization, account, now)
            raise
    saved = get_account(organization_id)
    audit.record("update", "wqx-account", organization_id, before=account or None, after=saved,
                 organization_id=organization_id)
    return saved


def _put_back(organization: Organization, account: dict, saved_at: str) -> None:
    """The account as it was, after its new key could not be stored: it must not name a key it does not have
    (unless someone saved it again meanwhile: theirs stands)."""
    try:
        action = Organization.wqxAccount.set(account) if account else Organization.wqxAccount.remove()
        organization.update(actions=[action], condition=Organization.wqxAccount["updatedAt"] == saved_at)
    except UpdateError:
        pass


def _put_secret(organization_id: str, private_key: str) -> str:
    secrets = aws.client("secretsmanager")
    name = secret_name(organization_id)
    try:
        secrets.put_secret_value(SecretId=name, SecretString=private_key)
    except secrets.exceptions.ResourceNotFoundException:
        secrets.create_secret(Name=name, SecretString=private_key,
                              Description="Private key of an organization's WQX Web account")
    return name


def forget_account(organization: Organization) -> None:
    """A deleted organization's WQX account: its private key is deleted from Secrets Manager at once (no
    recovery window: nothing may sign WQX requests for an organization that is gone)."""
    account = _stored(organization)
    if not account:
        return
    try:
        aws.client("secretsmanager").delete_secret(SecretId=account.get("secretId") or secret_name(organization.id),
                                                   ForceDeleteWithoutRecovery=True)
    except aws.client("secretsmanager").exceptions.ResourceNotFoundException:
        pass
    organization.update(actions=[Organization.wqxAccount.remove()])


def private_key(organization_id: str) -> str:
    """The stored private key (for signing WQX Web requests; never sent to a browser)."""
    return aws.client("secretsmanager").get_secret_value(SecretId=secret_name(organization_id))["SecretString"]


def signed_headers(user_id: str, private_key: str, method: str, url: str, now: datetime | None = None) -> dict:
    """WQX Web's request signing: HMAC-SHA256, keyed with the base64-decoded private key, over
    user id + time stamp (UTC, "MM/DD/YYYY hh:mm:ss AM") + the full URL + the method, base64-encoded."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%m/%d/%Y %I:%M:%S %p")
    digest = hmac.new(base64.b64decode(private_key), f"{user_id}{stamp}{url}{method}".encode("utf-8"),
                      hashlib.sha256).digest()
    return {"X-UserID": user_id, "X-Stamp": stamp, "X-Signature": base64.b64encode(digest).decode("ascii"),
            "Content-Type": "application/json"}


def check_connection(organization_id: str) -> dict:
    """Asks WQX Web for one project of the account's organization: a signed call that only valid
    credentials pass. {connected, message}; the message says what went wrong."""
    account = _stored(organizations.get(organization_id))
    if not account.get("privateKeySetAt"):
        raise BadRequest("Set the WQX account first.")
    query = urllib.parse.urlencode({"organizationIdentifiersCsv": account["wqxOrganizationId"], "startRow": 0,
                                    "rowsToRetrieve": 1})
    url = f"{get_settings().wqx_web_url}/Projects?{query}"
    request = urllib.request.Request(url, method="GET",
                                     headers=signed_headers(account["userId"], private_key(organization_id), "GET", url))
    try:
        with urllib.request.urlopen(request, timeout=CHECK_TIMEOUT_SECONDS) as response:  # noqa: S310 - configured https URL
            json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        if error.code in (401, 403):
            return {"connected": False, "message": "WQX Web refused the user ID or private key: check them in WQX Web "
                                                   "and save them again."}
        return {"connected": False, "message": f"WQX Web answered with status {error.code}."}
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        return {"connected": False, "message": f"WQX Web could not be reached ({reason}): try again later; if it goes "
                                               "on, tell the portal's administrators (Contact us)."}
    except ValueError:
        return {"connected": False, "message": "WQX Web answered with something other than JSON."}
    return {"connected": True, "message": f"Connected to WQX Web as {account['userId']}."}
