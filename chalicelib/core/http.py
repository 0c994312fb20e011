"""The glue between Chalice and the domains: route registration, error translation, JSON bodies."""
from __future__ import annotations

import functools
import json
import logging
import math
import os
import re
import uuid
from typing import Any, Callable, Iterable

from botocore.exceptions import ConnectionError as BotocoreConnectionError
from botocore.exceptions import ConnectTimeoutError, EndpointConnectionError, ReadTimeoutError
from chalice import Blueprint, Response

from chalicelib.auth.principal import set_current
from chalicelib.auth.rules import Rule
from chalicelib.auth.service import authenticate
from chalicelib.core.errors import (UNKNOWN_FIELD, ApiError, BadRequest, InternalError, NotFound, PayloadTooLarge,
                                    PreconditionFailed, ServiceUnavailable, error_body)
from chalicelib.core import versions
from chalicelib.core.messages import localize
from chalicelib.core.openapi import BODY_METHODS, closed_fields

logger = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
# Lambda's limit on a synchronous invocation's request (API Gateway's own is 10 MB): a larger body never
# reaches the app on AWS, so none does locally either. Files larger than this go by presigned upload.
MAX_BODY_BYTES = 6 * 2**20
BODY_TOO_LARGE = "Request body is too large. At most {megabytes} MB is accepted."
STORE_UNAVAILABLE = "The data store is unavailable. Please try again shortly."
INTERNAL_ERROR = "An internal server error occurred."
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


def translate_errors(view: Callable, request_id: Callable[[], str] = lambda: uuid.uuid4().hex) -> Callable:
    """Turn every failure of a view into an ApiError, so clients always get the JSON error shape; a failure
    nobody foresaw is logged with its traceback under a request id that the error body carries."""

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
            error = InternalError(INTERNAL_ERROR)
            error.request_id = request_id()
            _error_log().exception("unhandled error", extra={"requestId": error.request_id, "view": view.__name__})
            raise error from exc

    return wrapper


@functools.lru_cache(maxsize=1)
def _error_log():
    # powertools' structured (JSON) logger, imported on the first failure: it costs a cold start ~50 ms.
    from aws_lambda_powertools import Logger

    return Logger(service=os.environ.get("POWERTOOLS_SERVICE_NAME", "open-water-data"), child=False)


def created(body: Any) -> Response:
    """A 201 Created answer for POSTs that make a new thing."""
    return Response(body=body, status_code=201, headers={"Content-Type": "application/json"})


def error_response(exc: ApiError, accept_language: str | None = None) -> Response:
    """The JSON error, its message in the request's language when there is a translation."""
    return Response(body=error_body(exc.status_code, localize(exc.message, accept_language), exc.request_id, exc.error),
                    status_code=exc.status_code, headers={"Content-Type": "application/json"})


class Routes:
    """A Chalice Blueprint whose views all answer errors in the product's JSON shape."""

    def __init__(self, import_name: str):
        self.blueprint = Blueprint(import_name)
        # The domain (chalicelib.<domain>.routes): the OpenAPI document's tag of every route registered here.
        self.domain = import_name.split(".")[-2] if import_name.count(".") >= 2 else import_name

    @property
    def current_request(self):
        return self.blueprint.current_request

    def route(self, path: str, methods: Iterable[str] = ("GET",), *, auth: Rule, **options: Any) -> Callable:
        """Register a view; `auth` (a rule from chalicelib.auth.rules) is required on every route."""

        def register(view: Callable) -> Callable:
            registered = translate_errors(self._guarded(view, auth, _requires_object_body(view, methods),
                                                        _declared_fields(view, methods), _versioned(view)),
                                          self._request_id)
            registered.auth_rule = auth  # read by the OpenAPI document (chalicelib/core/openapi.py)
            self.blueprint.route(path, methods=list(methods), **options)(registered)
            return view

        return register

    def _guarded(self, view: Callable, rule: Rule, object_body: bool, fields: frozenset[str] | None,
                 versioned: bool = False) -> Callable:
        @functools.wraps(view)
        def guarded(*args, **kwargs):
            request = self.blueprint.current_request
            if len(request.raw_body or b"") > MAX_BODY_BYTES:
                raise PayloadTooLarge(BODY_TOO_LARGE.format(megabytes=MAX_BODY_BYTES // 2**20))
            if any(value == "" for value in (request.uri_params or {}).values()):
                raise NotFound("Not found: a part of the address is empty.")
            principal = authenticate(request.headers.get("authorization"))
            set_current(principal)
            try:
                rule.refuse_api_key_alone(principal, request.headers)
                rule.check(principal, request.uri_params or {})
                if not versioned and request.method in CHANGE_METHODS:
                    _refuse_if_match(request.headers.get("if-match"))
                if object_body:
                    self._require_object_body()
                if fields is not None:
                    self._require_fields(fields)
                return view(*args, **kwargs)
            finally:
                set_current(None)

        return guarded

    def _require_object_body(self) -> None:
        request = self.blueprint.current_request
        if not request.raw_body or "json" not in (request.headers.get("content-type") or "application/json"):
            return
        if not isinstance(self.json_body(), dict):
            raise BadRequest(BODY_NOT_AN_OBJECT)

    def _require_fields(self, fields: frozenset[str]) -> None:
        """A JSON body of a route that declares its fields (openapi.fields_body) holds no others: a field the
        route does not take would otherwise be dropped without a word (a misspelt one too)."""
        request = self.blueprint.current_request
        if not request.raw_body or "json" not in (request.headers.get("content-type") or "application/json"):
            return
        body = self.json_body()
        if not isinstance(body, dict):
            raise BadRequest(BODY_NOT_AN_OBJECT)
        unknown = sorted(set(body) - fields)
        if unknown:
            raise BadRequest(UNKNOWN_FIELD.format(name=repr(unknown[0]), fields=", ".join(sorted(fields))))

    def _request_id(self) -> str:
        """API Gateway's id of the request (in its access log and the x-amzn-RequestId header), else Lambda's."""
        context = self.blueprint.current_request.context or {}
        lambda_context = self.blueprint.lambda_context
        return context.get("requestId") or getattr(lambda_context, "aws_request_id", None) or uuid.uuid4().hex

    def expected_versions(self) -> tuple[str, ...] | None:
        """The versions of the item the client read (If-Match), for a change made only while it holds one of
        them (chalicelib/core/versions.py); None: no precondition."""
        return versions.parse_if_match(self.blueprint.current_request.headers.get("if-match"))

    def json_body(self) -> Any:
        """The request's JSON body, or a 400 with a message when it is not JSON."""
        request = self.blueprint.current_request
        if not request.raw_body:
            return {}
        try:
            # NaN, Infinity and numbers beyond a double are not JSON: stored, they would make every later
            # answer holding them unreadable (a dashboard's widgets, say).
            body = json.loads(request.raw_body, parse_constant=_not_a_number, parse_float=_finite)
            # A \uD800-\uDFFF escape alone is no character: text holding one cannot be stored or sent (a 500).
            lone_surrogate = bool(_SURROGATE_ESCAPE.search(request.raw_body)) and _holds_lone_surrogate(body)
        except NotFinite as exc:
            raise BadRequest("Request body must be valid JSON: NaN and Infinity are not numbers.") from exc
        except ValueError as exc:
            raise BadRequest("Request body must be valid JSON.") from exc
        except RecursionError as exc:  # thousands of nested brackets: Python's parser gives up (it was a 500)
            raise BadRequest("Request body nests too deeply to be read.") from exc
        if lone_surrogate:
            raise BadRequest("Request body must be valid JSON: a \\u escape names half of a character (a lone "
                             "surrogate).")
        return body


class NotFinite(ValueError):
    pass


def _not_a_number(text: str):
    raise NotFinite(text)


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _holds_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_holds_lone_surrogate(k) or _holds_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone_surrogate(v) for v in value)
    return False


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotFinite(text)
    return value


BODY_NOT_AN_OBJECT = "Request body must be a JSON object."
CHANGE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
NO_VERSIONS = "This route makes its change without versions: send it without If-Match."


def _versioned(view: Callable) -> bool:
    declared = getattr(view, "openapi", None)
    return bool(declared is not None and declared.versioned)


def _refuse_if_match(header: str | None) -> None:
    """A change asked only for a version of something that has none is not made (RFC 9110 13.1.1: no current
    version matches): 412, rather than a change made as if unasked. `*` (any) still matches."""
    if header is not None and header.strip() not in ("", "*"):
        raise PreconditionFailed(NO_VERSIONS)


def _declared_fields(view: Callable, methods: Iterable[str]) -> frozenset[str] | None:
    declared = getattr(view, "openapi", None)
    return closed_fields(declared.body) if declared is not None and set(methods) & BODY_METHODS else None


def _requires_object_body(view: Callable, methods: Iterable[str]) -> bool:
    """A route that declares no body (chalicelib/core/openapi.py) takes a JSON object, as its document says:
    held here, so a view never meets another JSON type. A declared body the view checks itself."""
    declared = getattr(view, "openapi", None)
    return bool(set(methods) & BODY_METHODS) and (declared is None or declared.body is None)


def api_headers(response: Response) -> Response:
    """Headers of every API answer. Vary: Accept-Language: messages (and import logs) come in the request's
    language, and a browser or cache must not give the answer to an English request to a Chinese one (the
    invitation page kept an English 410 after a switch). X-Content-Type-Options: nosniff: CSV and JSON answers
    hold text people wrote, which a browser must not take for a page."""
    headers = dict(response.headers or {})
    vary = [v.strip() for v in headers.get("Vary", "").split(",") if v.strip()]
    if "accept-language" not in {v.lower() for v in vary}:
        headers["Vary"] = ", ".join(vary + ["Accept-Language"])
    headers["X-Content-Type-Options"] = "nosniff"
    response.headers = headers
    return response


def normalize_error_response(response: Response, accept_language: str | None = None) -> Response:
    """Rewrite Chalice's own error bodies ({"Code", "Message"}) into the product's error shape."""
    body = response.body
    if response.status_code >= 400 and isinstance(body, dict) and "Code" in body and "Message" in body:
        message = body["Message"]
        if response.status_code == 500:
            message = INTERNAL_ERROR
        return Response(body=error_body(response.status_code, localize(message, accept_language)),
                        status_code=response.status_code,
                        headers={**response.headers, "Content-Type": "application/json"})
    return response


def only_query_parameters(params: Any, allowed: Iterable[str]) -> None:
    """A request naming only query parameters its route takes; else 400 naming the first it does not (in the
    address's order). For routes that change or delete things, where a misspelt parameter (?From=) read as no
    parameter at all would do more than asked. `params`: the request's query_params (None without any)."""
    taken = list(dict.fromkeys(allowed))
    unknown = next((name for name in (params or {}) if name not in taken), None)
    if unknown is None:
        return
    if not taken:
        raise BadRequest("Unknown query parameter: {name}. This route takes none.".format(name=unknown))
    if len(taken) == 1:
        raise BadRequest("Unknown query parameter: {name}. This route takes only {allowed}.".format(
            name=unknown, allowed=taken[0]))
    raise BadRequest("Unknown query parameter: {name}. This route takes {names} and {last}.".format(
        name=unknown, names=", ".join(taken[:-1]), last=taken[-1]))
