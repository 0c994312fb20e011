"""The local AWS stand-in: moto's server, answering one DynamoDB request at a time (and a table's Query
from its partition only, see queries_read_their_partition_only).

DynamoDB applies each request atomically: a conditional put or a transaction checks and writes as one
step, which is what keeps dashboard titles and organization names unique. moto's threaded server runs
DynamoDB requests side by side without that guarantee (two transactions can both pass the same
condition), so DynamoDB requests go through one lock here. Other services stay concurrent: an SQS long
poll waits up to 20 s inside moto and must not hold up the tables.

    python -m devtools.moto_server --port 8003

Sent email is listed at GET /_aws/ses, as LocalStack lists it ({"messages": [{"Destination": {"ToAddresses"},
"Subject", "Body": {"text_part" | "html_part"}, ...}]}), so the local mailbox (devtools/mailbox.py, the browser
tests) reads both stand-ins alike. moto's own /moto-api/data.json stops answering once the server holds an
object uploaded in parts (any download over 8 MB: boto3's upload_file), which had silenced the mailbox.

With MOTO_REQUEST_TIMES=1 it also keeps how long it took to answer each AWS service and operation:
GET /_owd/request-times answers {"service operation": {requests, seconds, lockSeconds}} (lockSeconds: the
part spent queueing for the DynamoDB lock), DELETE clears it. bench/load.py reads it for the share of
request time spent waiting for the stand-in.
"""
from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import re
import signal
import sys
import threading
import time

from moto.dynamodb.models.table import Table
from moto.server import DomainDispatcherApplication, create_backend_app
from werkzeug.serving import run_simple


LOCK_WAIT = "owd.lock_wait_seconds"
_query = threading.local()


def queries_read_their_partition_only() -> None:
    """moto answers a Query of a table's own key by sorting every item of the table and keeping those of
    the asked partition: with the demo's 64,000 sample values that is ~2.5 s for a chart's few dozen values,
    and every other DynamoDB request waits behind it (the lock above). Here such a Query sees only its
    partition, as DynamoDB reads it; the items and their order are the same. Index queries are left as moto
    has them."""
    original_query, original_all_items = Table.query, Table.all_items
    parameters = inspect.signature(original_query)

    def query(self, *args, **kwargs):
        arguments = parameters.bind(self, *args, **kwargs).arguments
        _query.partition = arguments.get("hash_key") if not arguments.get("index_name") else None
        try:
            return original_query(self, *args, **kwargs)
        finally:
            _query.partition = None

    def all_items(self):
        partition = getattr(_query, "partition", None)
        if partition is None:
            return original_all_items(self)
        found = self.items[partition] if partition in self.items else None
        items = [] if found is None else list(found.values()) if self.range_key_attr else [found]
        return sorted(items, key=lambda x: (x.hash_key, x.range_key) if x.range_key else x.hash_key)

    Table.query, Table.all_items = query, all_items


def dynamodb_one_at_a_time(app):
    """A WSGI app that lets one DynamoDB request through `app` at a time (the body is produced inside the lock)."""
    lock = threading.Lock()

    def serialized(environ, start_response):
        if not environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_"):
            return app(environ, start_response)
        queued = time.perf_counter()
        with lock:
            environ[LOCK_WAIT] = time.perf_counter() - queued
            return list(app(environ, start_response))

    return serialized


SES_PATH = "/_aws/ses"


def sent_email() -> list[dict]:
    """Every email moto's SES has sent (all accounts and regions), as LocalStack's /_aws/ses lists it."""
    from moto.ses.models import Message, ses_backends

    return [{"Id": message.id, "Source": message.source, "Destination": message.destinations,
             "Subject": message.subject, "Body": {"text_part": message.body, "html_part": None}}
            for _, _, backend in ses_backends.iter_backends()
            for message in backend.sent_messages if isinstance(message, Message)]


def ses_mailbox(app):
    """A WSGI app that answers GET /_aws/ses itself (the sent email) and passes every other request to `app`."""

    def mailbox(environ, start_response):
        if environ.get("PATH_INFO") != SES_PATH or environ["REQUEST_METHOD"] != "GET":
            return app(environ, start_response)
        body = json.dumps({"messages": sent_email()}).encode()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]

    return mailbox


TIMES_PATH = "/_owd/request-times"
CREDENTIAL_SERVICE = re.compile(r"Credential=[^/]+/[^/]+/[^/]+/([^/]+)/")


def service_of(environ) -> str:
    """The AWS service a request is for (from its signature's credential scope) and, for JSON protocols
    (DynamoDB, SQS), its operation; SQS long polls apart, since they wait by design."""
    match = CREDENTIAL_SERVICE.search(environ.get("HTTP_AUTHORIZATION", "")) or CREDENTIAL_SERVICE.search(
        environ.get("QUERY_STRING", "").replace("%2F", "/").replace("X-Amz-Credential=", "Credential="))
    service = match.group(1) if match else "unsigned"
    operation = environ.get("HTTP_X_AMZ_TARGET", "").rpartition(".")[2]
    if service == "sqs" and operation == "ReceiveMessage":
        return "sqs-receive"
    if service == "dynamodb" and operation in ("Query", "Scan"):
        # Which table (and index) is read: the body is kept for moto, which reads it after us.
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(body)
        request = json.loads(body or b"{}")
        table = request.get("TableName", "?") + (f"/{request['IndexName']}" if request.get("IndexName") else "")
        return f"{service} {operation} {table}"
    return f"{service} {operation}" if operation else service


def request_times(app):
    """A WSGI app that adds up the time `app` takes per service (the body produced inside the timing)."""
    lock = threading.Lock()
    totals: dict[str, dict[str, float]] = {}

    def timed(environ, start_response):
        if environ.get("PATH_INFO") == TIMES_PATH:
            with lock:
                body = json.dumps(totals).encode()
                if environ["REQUEST_METHOD"] == "DELETE":
                    totals.clear()
            start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
            return [body]
        name = service_of(environ)
        started = time.perf_counter()
        body = list(app(environ, start_response))
        seconds = time.perf_counter() - started
        with lock:
            entry = totals.setdefault(name, {"requests": 0, "seconds": 0.0, "lockSeconds": 0.0})
            entry["requests"] += 1
            entry["seconds"] += seconds
            entry["lockSeconds"] += environ.get(LOCK_WAIT, 0.0)
        return body

    return timed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    queries_read_their_partition_only()
    app = ses_mailbox(dynamodb_one_at_a_time(DomainDispatcherApplication(create_backend_app)))
    if os.environ.get("MOTO_REQUEST_TIMES") == "1":
        app = request_times(app)
    run_simple(args.host, args.port, app, threaded=True)


if __name__ == "__main__":
    main()
