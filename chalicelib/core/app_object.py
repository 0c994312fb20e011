"""The Chalice app object, with the request it handles kept per thread.

Chalice keeps the request being handled (and Lambda's context) on the app object. On Lambda an instance handles one
request at a time, but `chalice local` (make run's API) handles requests on threads at once: a request could read
another's headers, its bearer token too, and act as that caller. Here each thread reads the request it handles.
A thread that handles none (a request's worker pool) reads the last one set, as Chalice's plain attribute did.
"""
from __future__ import annotations

import threading
from typing import Any

from chalice import Chalice

_UNSET = object()


class _PerThread:
    """An attribute whose value is the one the reading thread set, else the last one any thread set."""

    def __init__(self) -> None:
        self.local = threading.local()
        self.last: Any = None

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = getattr(self.local, "value", _UNSET)
        return self.last if value is _UNSET else value

    def __set__(self, instance, value) -> None:
        self.local.value = value
        self.last = value


class App(Chalice):
    current_request = _PerThread()
    lambda_context = _PerThread()
