"""A CSV download of any size: answered inline up to INLINE_BYTES (API Gateway and Lambda cap a response
at 6 MB), else spooled to a file, put in the uploads bucket and answered with a 303 to a presigned URL.
Rows are written as they come, so a large download is never held whole in memory. A download the queue
worker writes (chalicelib/core/queued_answers.py) is `store`d with the same writer, so its bytes are the same,
sent to S3 a part at a time as it is written (no file: a worker's /tmp holds 512 MB, a CSV of millions of values
more)."""
from __future__ import annotations

import csv
import io
import os
import tempfile
import uuid
from itertools import islice
from typing import Iterable, Iterator, Sequence

from chalice import Response

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.responses import see_other

INLINE_BYTES = 4 * 1024 * 1024
PRESIGNED_SECONDS = 900
LINE_END = "\r\n"
# A stored CSV goes to S3 in parts of this size (S3 takes 5 MB at least, but for the last), one in memory at a time.
PART_BYTES = 8 * 1024 * 1024


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
    """The whole CSV, as `answer` writes it, put in the uploads bucket under `key`, PART_BYTES at a time as it is
    written; its size in bytes."""
    s3 = aws.client("s3")
    target = dict(Bucket=get_settings().uploads_bucket, Key=key)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=LINE_END)
    writer.writerow(header)
    rows, upload, parts, size = iter(rows), None, [], 0

    def taken() -> bytes:
        chunk = buffer.getvalue().encode("utf-8")
        buffer.seek(0)
        buffer.truncate()
        return chunk

    def send(chunk: bytes) -> None:
        number = len(parts) + 1
        sent = s3.upload_part(**target, UploadId=upload["UploadId"], PartNumber=number, Body=chunk)
        parts.append({"PartNumber": number, "ETag": sent["ETag"]})

    try:
        while batch := list(islice(rows, 4096)):
            writer.writerows(batch)
            if buffer.tell() >= PART_BYTES:  # characters: at least as many bytes
                chunk = taken()
                upload = upload or s3.create_multipart_upload(**target, **_file_headers(filename))
                send(chunk)
                size += len(chunk)
        chunk = taken()
        size += len(chunk)
        if upload is None:
            s3.put_object(**target, Body=chunk, **_file_headers(filename))
            return size
        if chunk:
            send(chunk)
        s3.complete_multipart_upload(**target, UploadId=upload["UploadId"], MultipartUpload={"Parts": parts})
        return size
    except Exception:
        if upload is not None:
            s3.abort_multipart_upload(**target, UploadId=upload["UploadId"])
        raise


def _file_headers(filename: str) -> dict:
    return {"ContentType": "text/csv; charset=utf-8", "ContentDisposition": f'attachment; filename="{filename}"'}


def _upload(path: str, key: str, filename: str) -> None:
    aws.client("s3").upload_file(path, get_settings().uploads_bucket, key, ExtraArgs=_file_headers(filename))


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
