"""multipart/form-data request bodies (RFC 7578), parsed with python-multipart.

python-multipart splits the body into parts (the parser behind Starlette's forms); each part's
headers are then read by the standard email header parser, which knows quoted parameters, raw UTF-8
file names and RFC 2231 ones (filename*).
"""
from __future__ import annotations

from dataclasses import dataclass

from chalicelib.core.errors import BadRequest

NOT_FORM_DATA = "The request body is not valid multipart/form-data."


@dataclass(frozen=True)
class FormPart:
    name: str
    content: bytes
    filename: str | None = None
    content_type: str | None = None

    def text(self) -> str:
        try:
            return self.content.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadRequest(f"Form field {self.name} must be UTF-8 text.") from exc


def _header_block(raw: bytes):
    from email import policy
    from email.parser import BytesHeaderParser

    return BytesHeaderParser(policy=policy.default).parsebytes(raw + b"\r\n")


def boundary_of(content_type: str) -> str | None:
    message = _header_block(f"Content-Type: {content_type}".encode("utf-8", "surrogateescape") + b"\r\n")
    if message.get_content_type() != "multipart/form-data":
        return None
    boundary = message.get_param("boundary")
    return boundary if isinstance(boundary, str) and 0 < len(boundary) <= 70 else None


def _param(message, name: str) -> str | None:
    """A Content-Disposition parameter as text (raw UTF-8, as browsers send file names, and RFC 2231 both read)."""
    value = message.get_param(name, header="content-disposition")
    if isinstance(value, tuple):
        from email.utils import collapse_rfc2231_value

        value = collapse_rfc2231_value(value)
    return value if isinstance(value, str) else None


def _form_part(headers: bytes, content: bytes) -> FormPart | None:
    message = _header_block(headers)
    if message.get_content_disposition() != "form-data":
        return None
    name = _param(message, "name")
    if not name:
        return None
    content_type = message.get_content_type() if message.get("Content-Type") else None
    return FormPart(name=name, content=content, filename=_param(message, "filename"), content_type=content_type)


def parse_form_data(content_type: str, body: bytes) -> dict[str, FormPart]:
    """The fields of a multipart/form-data body by name (the first part of each name)."""
    from python_multipart.multipart import MultipartParseError, MultipartParser

    boundary = boundary_of(content_type or "")
    if boundary is None:
        raise BadRequest(NOT_FORM_DATA)
    parts: list[tuple[bytes, bytes]] = []
    headers: list[bytes] = []
    data: list[bytes] = []
    finished: list[bool] = []

    def on_part_begin() -> None:
        headers.clear()
        data.clear()

    def on_header_field(chunk: bytes, start: int, end: int) -> None:
        headers.append(chunk[start:end] + b": ")

    def on_header_value(chunk: bytes, start: int, end: int) -> None:
        headers.append(chunk[start:end])

    def on_header_end() -> None:
        headers.append(b"\r\n")

    def on_part_data(chunk: bytes, start: int, end: int) -> None:
        data.append(chunk[start:end])

    def on_part_end() -> None:
        parts.append((b"".join(headers), b"".join(data)))

    parser = MultipartParser(boundary, {
        "on_part_begin": on_part_begin, "on_header_field": on_header_field, "on_header_value": on_header_value,
        "on_header_end": on_header_end, "on_part_data": on_part_data, "on_part_end": on_part_end,
        "on_end": lambda: finished.append(True)})
    try:
        parser.write(body)
        parser.finalize()
    except MultipartParseError as exc:
        raise BadRequest(NOT_FORM_DATA) from exc
    if not finished:  # no close delimiter: a truncated body
        raise BadRequest(NOT_FORM_DATA)
    fields: dict[str, FormPart] = {}
    for part_headers, content in parts:
        part = _form_part(part_headers, content)
        if part is not None:
            fields.setdefault(part.name, part)
    return fields
