"""The local AWS stand-in: moto's server, answering one DynamoDB request at a time.

DynamoDB applies each request atomically: a conditional put or a transaction checks and writes as one
step, which is what keeps dashboard titles and organization names unique. moto's threaded server runs
DynamoDB requests side by side without that guarantee (two transactions can both pass the same
condition), so DynamoDB requests go through one lock here. Other services stay concurrent: an SQS long
poll waits up to 20 s inside moto and must not hold up the tables.

    python -m devtools.moto_server --port 8003
"""
from __future__ import annotations

import argparse
import signal
import sys
import threading

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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    run_simple(args.host, args.port, dynamodb_one_at_a_time(DomainDispatcherApplication(create_backend_app)), threaded=True)


if __name__ == "__main__":
    main()
