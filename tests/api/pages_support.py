"""Helpers shared by the pages tests and their authorization-matrix cases."""
from __future__ import annotations


def forget_recent_senders(ids: dict | None = None) -> dict:
    """Start with no recent contact messages, so the hourly limit counts only what a test sends."""
    from chalicelib.pages.models import SENDER, ContactSender

    for sender in ContactSender.scan(ContactSender.kind == SENDER):
        sender.delete()
    return {}
