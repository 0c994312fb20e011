"""Errors that become JSON HTTP responses: {"statusCode", "message", "error"}.

They subclass ChaliceUnhandledError so they reach the app's middleware instead of being
turned into Chalice's own {"Code", "Message"} shape.
"""
from __future__ import annotations

from http import HTTPStatus

from chalice import ChaliceUnhandledError


# A JSON body's field the call does not take (a route's declared fields, a project list's change).
UNKNOWN_FIELD = "Unknown field {name}. Fields: {fields}."


class ApiError(ChaliceUnhandledError):
    status_code = 400
    # The answer's "error": the status's phrase, or a name a client acts on (see AccountDeleted).
    error: str | None = None
    # Names the request in the API's log, for errors whose cause is logged (a server error).
    request_id: str | None = None

    def __init__(self, message: str, status_code: int | None = None):
        super().__init__(message)
        self.message = message
        if status_code is not None:
            self.status_code = status_code


class BadRequest(ApiError):
    status_code = 400


class Unauthorized(ApiError):
    status_code = 401


class AccountDeleted(Unauthorized):
    """A token of an account deleted since its sign-in: the client ends the sign-in too (a new sign-in starts a
    new account), rather than offering to sign in again into the same session."""
    error = "Account Deleted"


class Forbidden(ApiError):
    status_code = 403


class NotFound(ApiError):
    status_code = 404


class Conflict(ApiError):
    status_code = 409


class PreconditionFailed(ApiError):
    """A change sent with If-Match for a version of the item that is no longer the stored one."""
    status_code = 412


class PayloadTooLarge(ApiError):
    status_code = 413


class ServiceUnavailable(ApiError):
    status_code = 503


class InternalError(ApiError):
    status_code = 500


def error_body(status_code: int, message: str, request_id: str | None = None, error: str | None = None) -> dict:
    body = {"statusCode": status_code, "message": message, "error": error or HTTPStatus(status_code).phrase}
    if request_id:
        body["requestId"] = request_id
    return body
