"""The local AWS stand-in: moto's server, answering one DynamoDB request at a time.

DynamoDB applies each request atomically: a conditional put or a transaction checks and writes as one
step, which is what keeps dashboard titles and organization names unique. moto's threaded server runs
DynamoDB requests side by side without that guarantee (two transactions can both pass the same
condition), so DynamoDB requests go through one lock here. Other services stay concurrent: an SQS long
poll waits up to 20 s inside moto and must not hold up the tables.

    python -m devtools.moto_server --port 8003

With MOTO_REQUEST_TIMES=1 it also keeps how long it took to answer each AWS service (queueing for the
DynamoDB lock included): GET /_owd/request-times answers {service: {requests, seconds}}, DELETE clears it
(bench/load.py reads it for the share of request time spent waiting for the stand-in).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import threading
import time

from moto.server import DomainDispatcherApplication, create_backend_app
from werkzeug.serving import run_simple


def dynamodb_one_at_a_time(app):
    """A WSGI app that lets one DynamoDB request through `app` at a time (the body is produced inside the lock)."""
    lock = threading.Lock()

    def serialized(environ, start_response):
        if not environ.get("HTTP_X_AMZ_TARGET", "").startswith("DynamoDB_"):
            return app(environ, start_response)
        with lock:
            return list(app(environ, start_response))

    return serialized


TIMES_PATH = "/_owd/request-times"
CREDENTIAL_SERVICE = re.compile(r"Credential=[^/]+/[^/]+/[^/]+/([^/]+)/")


def service_of(environ) -> str:
    """The AWS service a request is for (from its signature's credential scope); SQS long polls apart,
    since they wait by design."""
    match = CREDENTIAL_SERVICE.search(environ.get("HTTP_AUTHORIZATION", "")) or CREDENTIAL_SERVICE.search(
        environ.get("QUERY_STRING", "").replace("%2F", "/").replace("X-Amz-Credential=", "Credential="))
    service = match.group(1) if match else "unsigned"
    if service == "sqs" and environ.get("HTTP_X_AMZ_TARGET", "").endswith("ReceiveMessage"):
        return "sqs-receive"
    return service


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
        started = time.perf_counter()
        body = list(app(environ, start_response))
        seconds = time.perf_counter() - started
        with lock:
            entry = totals.setdefault(service_of(environ), {"requests": 0, "seconds": 0.0})
            entry["requests"] += 1
            entry["seconds"] += seconds
        return body

    return timed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    app = dynamodb_one_at_a_time(DomainDispatcherApplication(create_backend_app))
    if os.environ.get("MOTO_REQUEST_TIMES") == "1":
        app = request_times(app)
    run_simple(args.host, args.port, app, threaded=True)


if __name__ == "__main__":
    main()
