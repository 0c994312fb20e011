"""schemathesis against the started local stack (the product as `make run` starts it, on free ports): every
operation of GET /api/v1/openapi.json, with requests generated from the document, as each demo user with a
real token from the local identity provider (password grant) and anonymously. Goal: 0 server errors and
0 answers that contradict the document. Prints the number of requests and the failures."""
from __future__ import annotations

import os
import sys
import time

import requests

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", 10))
IDENTITIES = ("anonymous", "viewer", "contributor", "orgadmin", "admin")


def password_token(issuer: str, username: str) -> str:
    response = requests.post(f"{issuer}/token", data={
        "grant_type": "password", "client_id": "cli", "username": username, "password": username,
        "scope": "openid profile email"}, timeout=10)
    response.raise_for_status()
    return response.json()["access_token"]


def quiet_children():
    """The stack's processes inherit stdout and stderr: send those to a log file, keep a stream for the figures."""
    log = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"owd-bench-schemathesis-{os.getpid()}.log")
    figures = os.fdopen(os.dup(1), "w", buffering=1)
    with open(log, "w") as target:
        os.dup2(target.fileno(), 1)
        os.dup2(target.fileno(), 2)
    print(f"    (the stack's log: {log})", file=figures)
    return figures


def main() -> None:
    from devtools import api_contract
    from devtools.processes import free_port
    from devtools.run import Ports, Supervisor, start_product

    os.environ.setdefault("SEED_STATIONS", "200")
    os.environ["OIDC_KEY_FILE"] = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"owd-bench-oidc-{os.getpid()}.pem")
    ports = Ports(free_port(), free_port(), free_port(), free_port())
    supervisor = Supervisor()
    report = quiet_children()
    try:
        env = start_product(ports, supervisor)
        api_url = f"http://127.0.0.1:{ports.gateway}"
        schema = api_contract.load_schema(api_url)
        total = api_contract.Outcome()
        started = time.perf_counter()
        for seed, identity in enumerate(IDENTITIES, start=1):
            token = None if identity == "anonymous" else password_token(env["OIDC_ISSUER"], identity)
            outcome = api_contract.explore(api_url, token, identity=identity, max_examples=EXAMPLES, seed=seed,
                                           schema=schema)
            print(f"    {identity:12s} {outcome.requests:6d} requests, {len(outcome.failures)} failures", file=report)
            total.merge(outcome)
        seconds = time.perf_counter() - started
        operations = sum(len(methods) for methods in schema.raw_schema["paths"].values())
        print(f"schemathesis: {operations} operations x {len(IDENTITIES)} identities, up to {EXAMPLES} examples "
              f"each: {total.requests} requests in {seconds:.0f} s ({total.requests / seconds:.0f}/s)", file=report)
        for line in api_contract.summary(total):
            print(line, file=report)
        if total.failures:
            sys.exit(1)
    finally:
        supervisor.stop_all()


if __name__ == "__main__":
    main()
