"""A CSV download of any size: answered inline up to INLINE_BYTES (API Gateway and Lambda cap a response
at 6 MB), else spooled to a file, put in the uploads bucket and answered with a 303 to a presigned URL.
Rows are written as they come, so a large download is never held whole in memory. A download the queue
worker writes (chalicelib/core/queued_answers.py) is `store`d with the same writer, so its bytes are the same."""
from __future__ import annotations

import csv
import io
import os
import tempfile
import uuid
from typing import Iterable, Iterator, Sequence

from chalice import Response

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.http import see_other

INLINE_BYTES = 4 * 1024 * 1024
PRESIGNED_SECONDS = 900
LINE_END = "\r\n"


def answer(header: Sequence[str], rows: Iterable[Sequence], filename: str) -> Response:
    rows = iter(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=LINE_END)
    writer.writerow(header)
    for row in rows:
        writer.writerow(row)
        if buffer.tell() > INLINE_BYTES:
            return _redirect_to_s3(buffer, rows, filename)
    return Response(body=buffer.getvalue(), status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": f'attachment; filename="{filename}"'})


def store(header: Sequence[str], rows: Iterable[Sequence], key: str, filename: str) -> int:
    """The whole CSV, as `answer` writes it, put in the uploads bucket under `key`; its size in bytes."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, filename)
        with open(path, "w", encoding="utf-8", newline="") as spool:
            writer = csv.writer(spool, lineterminator=LINE_END)
            writer.writerow(header)
            writer.writerows(rows)
        _upload(path, key, filename)
        return os.path.getsize(path)


def _upload(path: str, key: str, filename: str) -> None:
    aws.client("s3").upload_file(path, get_settings().uploads_bucket, key, ExtraArgs={
        "ContentType": "text/csv; charset=utf-8", "ContentDisposition": f'attachment; filename="{filename}"'})


def _redirect_to_s3(buffer: io.StringIO, rest: Iterator[Sequence], filename: str) -> Response:
    key = f"downloads/{uuid.uuid4()}/{filename}"
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, filename)
        with open(path, "w", encoding="utf-8", newline="") as spool:
            spool.write(buffer.getvalue())
            csv.writer(spool, lineterminator=LINE_END).writerows(rest)
        _upload(path, key, filename)
    url = aws.client("s3").generate_presigned_url("get_object", Params={"Bucket": get_settings().uploads_bucket,
                                                                        "Key": key}, ExpiresIn=PRESIGNED_SECONDS)
    return see_other(url, expiresIn=PRESIGNED_SECONDS)
