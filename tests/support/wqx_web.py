"""A local stand-in for EPA's WQX Web services: it recomputes each request's signature the way WQX Web
documents it (HMAC-SHA256 with the base64-decoded private key over user id + X-Stamp + URL + method)
and answers 403 when it does not match, the user is unknown or the stamp is not recent."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STAMP_FORMAT = "%m/%d/%Y %I:%M:%S %p"
STAMP_TOLERANCE = timedelta(minutes=15)


class WqxWebStandIn:
    def __init__(self, accounts: dict[str, str]):
        """`accounts`: user id -> base64 private key."""
        self.accounts = accounts
        self.requests: list[dict] = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                url = f"{stand_in.url}{self.path.removeprefix('/WQXWeb/api')}"
                stand_in.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}})
                status, body = stand_in.answer(self.headers, url, "GET")
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/WQXWeb/api"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def answer(self, headers, url: str, method: str) -> tuple[int, object]:
        user, stamp, signature = headers.get("X-UserID"), headers.get("X-Stamp"), headers.get("X-Signature")
        key = self.accounts.get(user or "")
        if not (key and stamp and signature):
            return 403, "Missing or unknown credentials"
        try:
            sent_at = datetime.strptime(stamp, STAMP_FORMAT).replace(tzinfo=timezone.utc)
        except ValueError:
            return 403, "Bad X-Stamp"
        if abs(datetime.now(timezone.utc) - sent_at) > STAMP_TOLERANCE:
            return 403, "Stale X-Stamp"
        expected = base64.b64encode(hmac.new(base64.b64decode(key), f"{user}{stamp}{url}{method}".encode(),
                                             hashlib.sha256).digest()).decode()
        if not hmac.compare_digest(expected, signature):
            return 403, "Bad signature"
        return 200, []

    def __enter__(self) -> "WqxWebStandIn":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
