"""The glue between Chalice and the domains: route registration, error translation, JSON bodies."""
from __future__ import annotations

import functools
import logging
from typing import Any, Callable, Iterable

from botocore.exceptions import ConnectionError as BotocoreConnectionError
from botocore.exceptions import ConnectTimeoutError, EndpointConnectionError, ReadTimeoutError
from chalice import Blueprint, Response

from chalicelib.auth.principal import set_current
from chalicelib.auth.rules import Rule
from chalicelib.auth.service import authenticate
from chalicelib.core.errors import ApiError, BadRequest, InternalError, ServiceUnavailable, error_body
from chalicelib.core.messages import localize

logger = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
STORE_UNAVAILABLE = "The data store is unavailable. Please try again shortly."
_UNREACHABLE = (EndpointConnectionError, ConnectTimeoutError, ReadTimeoutError, BotocoreConnectionError)


def _is_unreachable(exc: BaseException | None) -> bool:
    # pynamodb wraps botocore errors; walk the cause chain to find a connection failure.
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, _UNREACHABLE):
            return True
        exc = getattr(exc, "cause", None) or exc.__cause__ or exc.__context__
        seen += 1
    return False


def translate_errors(view: Callable) -> Callable:
    """Turn every failure of a view into an ApiError, so clients always get the JSON error shape."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except ApiError:
            raise
        except Exception as exc:  # noqa: BLE001 - the boundary of every request
            if _is_unreachable(exc):
                logger.warning("data store unreachable: %s", exc)
                raise ServiceUnavailable(STORE_UNAVAILABLE) from exc
            logger.exception("unhandled error")
            raise InternalError("An internal server error occurred.") from exc

    return wrapper


def created(body: Any) -> Response:
    """A 201 Created answer for POSTs that make a new thing."""
    return Response(body=body, status_code=201, headers={"Content-Type": "application/json"})


def error_response(exc: ApiError, accept_language: str | None = None) -> Response:
    """The JSON error, its message in the request's language when there is a translation."""
    return Response(body=error_body(exc.status_code, localize(exc.message, accept_language)),
                    status_code=exc.status_code, headers={"Content-Type": "application/json"})


class Routes:
    """A Chalice Blueprint whose views all answer errors in the product's JSON shape."""

    def __init__(self, import_name: str):
        self.blueprint = Blueprint(import_name)

    @property
    def current_request(self):
        return self.blueprint.current_request

    def route(self, path: str, methods: Iterable[str] = ("GET",), *, auth: Rule, **options: Any) -> Callable:
        """Register a view; `auth` (a rule from chalicelib.auth.rules) is required on every route."""

        def register(view: Callable) -> Callable:
            guarded = self._guarded(view, auth)
            self.blueprint.route(path, methods=list(methods), **options)(translate_errors(guarded))
            return view

        return register

    def _guarded(self, view: Callable, rule: Rule) -> Callable:
        @functools.wraps(view)
        def guarded(*args, **kwargs):
            request = self.blueprint.current_request
            principal = authenticate(request.headers.get("authorization"))
            set_current(principal)
            try:
                rule.check(principal, request.uri_params or {})
                return view(*args, **kwargs)
            finally:
                set_current(None)

        return guarded

    def json_body(self) -> Any:
        """The request's JSON body, or a 400 with a message when it is not JSON."""
        request = self.blueprint.current_request
        if not request.raw_body:
            return {}
        try:
            return request.json_body
        except Exception as exc:  # chalice raises BadRequestError with its own shape
            raise BadRequest("Request body must be valid JSON.") from exc


def normalize_error_response(response: Response, accept_language: str | None = None) -> Response:
    """Rewrite Chalice's own error bodies ({"Code", "Message"}) into the product's error shape."""
    body = response.body
    if response.status_code >= 400 and isinstance(body, dict) and "Code" in body and "Message" in body:
        message = body["Message"]
        if response.status_code == 500:
            message = "An internal server error occurred."
        return Response(body=error_body(response.status_code, localize(message, accept_language)),
                        status_code=response.status_code,
                        headers={**response.headers, "Content-Type": "application/json"})
    return response
