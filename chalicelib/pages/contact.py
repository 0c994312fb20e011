"""Contact us: store a visitor's message, email it to the system administrators, list messages.

At most MESSAGES_PER_HOUR messages an hour per email address and per client (the caller's network
address): each keeps a sender item with the times of its recent messages, written under optimistic
locking, so two posts at the same moment cannot both slip under the limit. Only SHA-256 fingerprints of
the address and the client are kept there. A filled honeypot field (invisible to people) is answered
like a success and nothing is stored or sent, so a robot learns nothing.
"""
from __future__ import annotations

import hashlib
import logging
import re
import time
import uuid
from datetime import datetime, timedelta, timezone
from html import escape

from pynamodb.exceptions import PutError

from chalicelib.core import mail
from chalicelib.core.config import get_settings
from chalicelib.core.errors import ApiError, BadRequest
from chalicelib.core.models import utc_now
from chalicelib.pages.models import MESSAGE, ContactMessage, ContactSender

logger = logging.getLogger(__name__)

MESSAGES_PER_HOUR = 5
WINDOW = timedelta(hours=1)
HONEYPOT = "website"
FIELDS = ("name", "email", "message", "language", HONEYPOT)
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_NAME, MAX_MESSAGE = 200, 5000
NAME_REQUIRED = "Please enter your name (at most 200 characters)."
EMAIL_REQUIRED = "A valid email address is required."
MESSAGE_REQUIRED = "Please write a message (at most 5000 characters)."
TOO_MANY = "You have sent 5 messages in the last hour. Please try again later."
SUBJECT = "[{app}] Contact message from {name} / 联系留言"


class TooManyRequests(ApiError):
    status_code = 429


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _validated(data) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise BadRequest(NAME_REQUIRED)
    email = data.get("email")
    if not isinstance(email, str) or not EMAIL.match(email.strip()) or len(email.strip()) > 254:
        raise BadRequest(EMAIL_REQUIRED)
    message = data.get("message")
    if not isinstance(message, str) or not message.strip() or len(message.strip()) > MAX_MESSAGE:
        raise BadRequest(MESSAGE_REQUIRED)
    language = data.get("language") if data.get("language") in ("en", "zh-CN") else "en"
    return {"name": name.strip(), "email": email.strip().lower(), "message": message.strip(), "language": language}


def _fingerprint(kind: str, value: str) -> str:
    return f"sender#{kind}#{hashlib.sha256(value.encode('utf-8')).hexdigest()}"


def _count_in(sender_id: str, now: datetime) -> None:
    """Record one more message of this sender, or refuse it when the hour already holds the limit."""
    since = (now - WINDOW).isoformat()
    for _attempt in range(5):
        try:
            sender = ContactSender.get(sender_id)
        except ContactSender.DoesNotExist:
            sender = ContactSender(id=sender_id)
        recent = [moment for moment in (sender.recent or []) if moment > since]
        if len(recent) >= MESSAGES_PER_HOUR:
            raise TooManyRequests(TOO_MANY)
        sender.recent = recent + [now.isoformat()]
        sender.expiresAt = int(time.time() + WINDOW.total_seconds())
        try:
            sender.save()  # conditional on the version read: a concurrent post makes this one read again
            return
        except PutError as error:
            if getattr(error, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
    raise TooManyRequests(TOO_MANY)


def administrator_emails() -> list[str]:
    """The email addresses of the system administrators (role holders and the configured ones)."""
    from chalicelib.roles.service import SYSTEM_ADMIN
    from chalicelib.users.models import User

    holders = {user.email.lower() for user in User.scan(User.roles.contains(SYSTEM_ADMIN)) if user.email}
    return sorted(holders | set(get_settings().admin_emails))


def compose(item: ContactMessage) -> tuple[str, str, str]:
    """(subject, text, html) of the email to the administrators."""
    app = get_settings().app_name
    link = f"{get_settings().app_url}/#/admin/contact-messages"
    text = (f"{item.name} <{item.email}> wrote on {item.createdAt}:\n\n{item.message}\n\n"
            f"All messages / 全部留言: {link}\n")
    html = (f"<!doctype html><html><body><p>{escape(item.name)} &lt;{escape(item.email)}&gt; "
            f"wrote on {escape(item.createdAt)}:</p><p>{escape(item.message).replace(chr(10), '<br>')}</p>"
            f'<p><a href="{escape(link)}">All messages / 全部留言</a></p></body></html>')
    return SUBJECT.format(app=app, name=item.name), text, html


def _email_administrators(item: ContactMessage) -> bool:
    subject, text, html = compose(item)
    sent = False
    for address in administrator_emails():
        try:
            mail.send(address, subject, text, html)
            sent = True
        except mail.MailNotSent:
            # The message is stored; administrators still read it in the admin shell.
            logger.warning("contact message %s not emailed to %s", item.id, address)
    return sent


def submit(data, client: str) -> dict:
    """Store a message and email it to the system administrators; the confirmation shown to the sender."""
    if isinstance(data, dict) and str(data.get(HONEYPOT) or "").strip():
        logger.info("contact message with a filled honeypot dropped")
        return {"received": True}
    values = _validated(data)
    now = _now()
    _count_in(_fingerprint("email", values["email"]), now)
    _count_in(_fingerprint("client", client or "unknown"), now)
    item = ContactMessage(id=str(uuid.uuid4()), kind=MESSAGE, createdAt=utc_now(), **values)
    item.save()
    emailed = _email_administrators(item)
    if emailed:
        item.update(actions=[ContactMessage.emailed.set(True)])
    return {"received": True}


# What the administrators are shown of a message: all but its kind.
SHOWN = ("id", "name", "email", "message", "language", "createdAt", "emailed")


def _shown(item: ContactMessage) -> dict:
    return {name: getattr(item, name) for name in SHOWN} | {"emailed": bool(item.emailed)}


def list_messages() -> list[dict]:
    """Every stored message, newest first (for the system administrators)."""
    items = ContactMessage.scan(ContactMessage.kind == MESSAGE)
    return sorted((_shown(item) for item in items), key=lambda m: m["createdAt"] or "", reverse=True)
