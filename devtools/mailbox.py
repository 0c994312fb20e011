"""The email the local stack has sent (moto's SES, or LocalStack's), newest last, for people and tests.

    python -m devtools.mailbox --endpoint http://127.0.0.1:8003

prints each message's recipient, subject and links, so an invitation can be followed by hand
(moto's dashboard at <endpoint>/moto-api/ shows the same under ses.Message).
"""
from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

import requests

LINK = re.compile(r"https?://[^\s<>\"']+")


@dataclass(frozen=True)
class Mail:
    to: tuple[str, ...]
    subject: str
    body: str

    @property
    def links(self) -> list[str]:
        return list(dict.fromkeys(LINK.findall(self.body)))


def messages(endpoint_url: str) -> list[Mail]:
    """Every message sent so far through the SES of this endpoint (LocalStack's /_aws/ses; our moto server
    answers it in the same form, devtools/moto_server.py)."""
    response = requests.get(f"{endpoint_url.rstrip('/')}/_aws/ses", timeout=10)
    response.raise_for_status()
    return [Mail(tuple(m["Destination"].get("ToAddresses", [])), m.get("Subject", ""),
                 (m.get("Body") or {}).get("text_part") or (m.get("Body") or {}).get("html_part") or "")
            for m in response.json()["messages"]]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", default="http://127.0.0.1:8003", help="moto server (or LocalStack) URL")
    args = parser.parse_args(argv)
    for mail in messages(args.endpoint):
        print(f"To: {', '.join(mail.to)}\nSubject: {mail.subject}")
        for link in mail.links:
            print(f"  {link}")
        print()


if __name__ == "__main__":
    main()
