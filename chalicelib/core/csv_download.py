"""A CSV download of any size: answered inline up to INLINE_BYTES (API Gateway and Lambda cap a response
at 6 MB), else spooled to a file, put in the uploads bucket and answered with a 303 to a presigned URL.
Rows are written as they come, so a large download is never held whole in memory."""
from __future__ import annotations

import csv
import io
import tempfile
import uuid
from typing import Iterable, Iterator, Sequence

from chalice import Response

from chalicelib.core import aws
from chalicelib.core.config import get_settings

INLINE_BYTES = 4 * 1024 * 1024
PRESIGNED_SECONDS = 900


def answer(header: Sequence[str], rows: Iterable[Sequence], filename: str) -> Response:
    rows = iter(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(row)
        if buffer.tell() > INLINE_BYTES:
            return _redirect_to_s3(buffer, rows, filename)
    return Response(body=buffer.getvalue(), status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": f'attachment; filename="{filename}"'})


def _redirect_to_s3(buffer: io.StringIO, rest: Iterator[Sequence], filename: str) -> Response:
    bucket = get_settings().uploads_bucket
    key = f"downloads/{uuid.uuid4()}/{filename}"
    s3 = aws.client("s3")
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/{filename}"
        with open(path, "w", encoding="utf-8", newline="") as spool:
            spool.write(buffer.getvalue())
            csv.writer(spool, lineterminator="\r\n").writerows(rest)
        s3.upload_file(path, bucket, key, ExtraArgs={
            "ContentType": "text/csv; charset=utf-8", "ContentDisposition": f'attachment; filename="{filename}"'})
    url = s3.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": key}, ExpiresIn=PRESIGNED_SECONDS)
    return Response(body={"url": url, "expiresIn": PRESIGNED_SECONDS}, status_code=303,
                    headers={"Location": url, "Content-Type": "application/json"})
