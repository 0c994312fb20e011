"""Requests handled at the same moment each read their own request (walk, 2026-11-27): `chalice local`, make run's
API, answers on threads at once, and Chalice kept one request on the app for all of them, so a request could read
another's query, or its bearer token."""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor


def test_four_requests_at_once_each_read_their_own_query(api, demo, monkeypatch):
    from chalicelib.core import http

    authenticate, together = http.authenticate, threading.Barrier(4, timeout=30)

    def all_four_set_first(header):
        together.wait()  # every request has been set on the app before any view reads its own
        return authenticate(header)

    monkeypatch.setattr(http, "authenticate", all_four_set_first)
    environment = os.environ  # the test client swaps os.environ for a copy during each request
    try:
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda n: api.get(f"/station?limit={n}&sort=identifier,ASC"), (1, 2, 3, 4)))
    finally:
        os.environ = environment
    assert [(a.status_code, len(a.json)) for a in answers] == [(200, 1), (200, 2), (200, 3), (200, 4)]
