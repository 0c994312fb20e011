"""Sending email through SES (moto's or LocalStack's SES locally, Amazon SES in the cloud).

SES only sends from a verified sender. When a send is rejected for that reason, the sender is asked to
be verified and the send is tried once more: the local stand-ins verify at once, Amazon SES mails the
sender address a confirmation link (until it is clicked, sends keep failing with MailNotSent).
See docs/decisions/0006-invitations-tokens-and-email.md.
"""
from __future__ import annotations

import logging

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.errors import ServiceUnavailable

logger = logging.getLogger(__name__)
NOT_SENT = "The email could not be sent. Please try again later."


class MailNotSent(ServiceUnavailable):
    pass


def _unverified_sender(error) -> bool:
    response = getattr(error, "response", {}) or {}
    return response.get("Error", {}).get("Code") == "MessageRejected" and "not verified" in str(error)


def send(to: str, subject: str, text: str, html: str) -> str:
    """Sends one message and returns its SES message id."""
    from botocore.exceptions import ClientError

    sender = get_settings().mail_sender
    ses = aws.client("ses")
    # A subject is one line: names written into it (an organization's) must not start new header lines.
    subject = " ".join(subject.split())
    message = {"Subject": {"Data": subject, "Charset": "UTF-8"},
               "Body": {"Text": {"Data": text, "Charset": "UTF-8"}, "Html": {"Data": html, "Charset": "UTF-8"}}}
    for attempt in (1, 2):
        try:
            return ses.send_email(Source=sender, Destination={"ToAddresses": [to]}, Message=message)["MessageId"]
        except ClientError as error:
            if attempt == 1 and _unverified_sender(error):
                logger.warning("mail sender %s is not verified; asking SES to verify it", sender)
                ses.verify_email_identity(EmailAddress=sender)
                continue
            logger.error("email to %s not sent: %s", to, error)
            raise MailNotSent(NOT_SENT) from error
    raise MailNotSent(NOT_SENT)
