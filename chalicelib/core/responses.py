"""Answers that only say where to go (303 See Other): a file in S3, or a queued answer's waiting address. Kept
out of chalicelib/core/http.py, which brings the whole request handling (authentication, users, e-mail) with it:
the queue worker writes CSV files with chalicelib/core/csv_download.py, which answers these too, and the worker's
role grants what its code imports can reach (devtools/package_stack.py)."""
from __future__ import annotations

from chalice import Response


def see_other(location: str, headers: dict | None = None, **body) -> Response:
    """A 303 See Other to `location` (a queued answer's waiting address, or the answer in S3), saying it in the
    body too for clients that read JSON."""
    return Response(body={"url": location, **body}, status_code=303,
                    headers={**(headers or {}), "Location": location, "Content-Type": "application/json"})


def answer_when_written(status: dict, attempt: int, headers: dict | None = None) -> Response:
    """What a queued answer's waiting address answers (chalicelib/core/queued_answers.py), once it has waited: a
    303 to the answer in S3 when it is written, else a 303 to itself with the next `attempt` (a new address each
    time, so clients see no loop: browsers and httpx follow 20 redirects, requests 30, curl 50)."""
    from chalicelib.core import queued_answers

    if status["status"] == queued_answers.SUCCEEDED:
        return see_other(queued_answers.url(status), headers, expiresIn=queued_answers.PRESIGNED_SECONDS)
    return see_other(f"{status['id']}?attempt={attempt}", {**(headers or {}), "Retry-After": "1"}, id=status["id"],
                     status=status["status"])
