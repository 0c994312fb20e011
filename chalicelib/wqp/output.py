"""Writing a WQP answer: CSV, TSV, xlsx, GeoJSON or KML, optionally in a zip holding one file, into a
spooled temporary file (memory up to the inline limit, then disk), so any size passes in bounded memory.

An answer above the inline limit, and every binary answer (xlsx, zip), is stored in the uploads bucket and
answered with a redirect to a presigned URL: API Gateway and Lambda cap a response at 6 MB, and API
Gateway hands a binary body back only to a request whose Accept header names a binary type, whereas a
presigned S3 URL answers any client (WQP clients follow redirects).
"""
from __future__ import annotations

import csv
import io
import itertools
import json
import os
import shutil
import tempfile
import uuid
from typing import IO, Iterable, Iterator
from xml.sax.saxutils import escape

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.samples.download import safe_cell

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "geojson": "application/geo+json; charset=utf-8", "kml": "application/vnd.google-earth.kml+xml; charset=utf-8",
    "zip": "application/zip",
}
BINARY = ("xlsx", "zip")
PRESIGNED_SECONDS = 900
PART_BYTES = 8 * 1024 * 1024  # S3 parts are 5 MB at least, but for the last
_BATCH_ROWS = 2000
# RFC 4180's line end: the CSV writer then quotes a lone carriage return inside a field too.
LINE_END = "\r\n"
# Station properties of a GeoJSON feature and a KML placemark (WQP's own map layer shows these).
POINT_PROPERTIES = ("ProviderName", "OrganizationIdentifier", "OrganizationFormalName", "MonitoringLocationIdentifier",
                    "MonitoringLocationName", "MonitoringLocationTypeName", "HUCEightDigitCode")


_FORMULA_FIRST = frozenset("=+-@\t\r")
# Record keys whose values this product writes itself (numbers, dates, codes): no spreadsheet formula
# can hide in them, so they skip the check every other (user-written) text gets.
OWN_VALUES = frozenset((
    "LatitudeMeasure", "LongitudeMeasure", "HUCEightDigitCode", "HUCTwelveDigitCode", "CountryCode", "StateCode",
    "CountyCode", "ProviderName", "Provider", "ActivityStartDate", "ActivityStartTime/Time",
    "ActivityStartTime/TimeZoneCode", "YearSummarized", "ActivityCount", "ResultCount",
    "MonitoringLocationLatitude", "MonitoringLocationLongitude", "Location_State", "Location_StatePostalCode",
    "Location_CountryName", "Location_CountyName",
    # A station's elevation and drainage areas: numbers, and units of a short list (stations.service.MEASURES).
    "DrainageAreaMeasure/MeasureValue", "DrainageAreaMeasure/MeasureUnitCode",
    "ContributingDrainageAreaMeasure/MeasureValue", "ContributingDrainageAreaMeasure/MeasureUnitCode",
    "VerticalMeasure/MeasureValue", "VerticalMeasure/MeasureUnitCode"))


def _cells(records: Iterable[dict], sources: tuple) -> Iterator[list]:
    """Rows of cells, user-written text made safe (safe_cell). Every record of one answer has the same
    keys, so the columns to fill are found once and the others stay empty."""
    filled = None
    for record in records:
        if filled is None:
            filled = [(index, source, source not in OWN_VALUES) for index, source in enumerate(sources)
                      if source and source in record]
            blank = [""] * len(sources)
        row = blank.copy()
        for index, source, check in filled:
            value = record[source]
            if value is not None:
                # Only text starting as a formula does needs safe_cell's look (most text does not).
                row[index] = safe_cell(value) if check and type(value) is str and value[:1] in _FORMULA_FIRST \
                    else value
        yield row


def _text(out: IO[bytes]) -> io.TextIOWrapper:
    return io.TextIOWrapper(out, encoding="utf-8", newline="")


def _write_delimited(out: IO[bytes], header: tuple, rows: Iterable[list], delimiter: str) -> None:
    """CSV or TSV, written to `out` a few thousand rows at a time (one encode per batch, not per row)."""
    text = io.StringIO()
    writer = csv.writer(text, delimiter=delimiter, lineterminator=LINE_END)
    writer.writerow(header)
    rows = iter(rows)
    while True:
        writer.writerows(itertools.islice(rows, _BATCH_ROWS))
        batch = text.getvalue()
        if not batch:
            return
        out.write(batch.encode("utf-8"))
        text.seek(0)
        text.truncate()


def _write_lines(out: IO[bytes], header: tuple, chunks: Iterable[bytes], delimiter: str) -> None:
    """The header as the CSV writer writes it, then lines the records formatted themselves (UTF-8)."""
    text = io.StringIO()
    csv.writer(text, delimiter=delimiter, lineterminator=LINE_END).writerow(header)
    out.write(text.getvalue().encode("utf-8"))
    for chunk in chunks:
        out.write(chunk)


def _write_xlsx(out: IO[bytes], header: tuple, rows: Iterable[list]) -> None:
    import xlsxwriter  # only xlsx answers load it (the API's cold start stays small)

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "answer.xlsx")
        # constant_memory writes each row to disk as it goes; text stays text (no formulas, numbers, links).
        book = xlsxwriter.Workbook(path, {"constant_memory": True, "strings_to_formulas": False,
                                          "strings_to_numbers": False, "strings_to_urls": False})
        sheet = book.add_worksheet("data")
        sheet.write_row(0, 0, header)
        for index, row in enumerate(rows, start=1):
            sheet.write_row(index, 0, row)
        book.close()
        with open(path, "rb") as written:
            shutil.copyfileobj(written, out)


def _write_geojson(out: IO[bytes], records: Iterable[dict]) -> None:
    text = _text(out)
    text.write('{"type":"FeatureCollection","features":[')
    for index, record in enumerate(records):
        feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [
            record["LongitudeMeasure"], record["LatitudeMeasure"]]},
            "properties": {name: record.get(name) or None for name in POINT_PROPERTIES}}
        text.write(("," if index else "") + json.dumps(feature, ensure_ascii=False, separators=(",", ":")))
    text.write("]}")
    text.detach()


def _write_kml(out: IO[bytes], records: Iterable[dict]) -> None:
    text = _text(out)
    text.write('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
               "<name>Stations</name>\n")
    for record in records:
        details = "".join(f'<Data name="{name}"><value>{escape(str(record.get(name) or ""))}</value></Data>'
                          for name in POINT_PROPERTIES)
        text.write(f"<Placemark><name>{escape(record['MonitoringLocationIdentifier'])}</name>"
                   f"<description>{escape(record['MonitoringLocationName'])}</description>"
                   f"<ExtendedData>{details}</ExtendedData><Point><coordinates>{record['LongitudeMeasure']},"
                   f"{record['LatitudeMeasure']}</coordinates></Point></Placemark>\n")
    text.write("</Document></kml>\n")
    text.detach()


def render(out: IO[bytes], mime_type: str, header: tuple, sources: tuple, records: Iterable[dict]) -> None:
    """Write records in a format: the profile's columns (header) read from the record keys (sources)."""
    if mime_type == "geojson":
        _write_geojson(out, records)
    elif mime_type == "kml":
        _write_kml(out, records)
    elif mime_type == "xlsx":
        # A spreadsheet cell is text, never a formula (strings_to_formulas off): no apostrophe needed.
        _write_xlsx(out, header, ([record.get(s, "") if s else "" for s in sources] for record in records))
    else:
        delimiter = "\t" if mime_type == "tsv" else ","
        delimited_lines = getattr(records, "delimited_lines", None)
        if delimited_lines is not None:
            _write_lines(out, header, delimited_lines(sources, delimiter), delimiter)
        else:
            _write_delimited(out, header, _cells(records, sources), delimiter)


class Answer:
    """A written answer: its bytes in a spooled file, its name and content type."""

    def __init__(self, inline_limit: int):
        self.file = tempfile.SpooledTemporaryFile(max_size=inline_limit + 1)
        self.inline_limit = inline_limit
        self.name = ""
        self.format = ""

    def write(self, name: str, mime_type: str, zipped: bool, header: tuple, sources: tuple,
              records: Iterable[dict]) -> None:
        self.format = "zip" if zipped else mime_type
        self.name = f"{name}.{self.format}"
        if zipped:
            import zipfile  # only zip answers load it

            # zlib's fastest level: 4-5x faster than its default on these answers, a third larger (a
            # million-station zip must be written well within API Gateway's 29 s).
            with zipfile.ZipFile(self.file, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
                with archive.open(f"{name}.{mime_type}", "w", force_zip64=True) as entry:
                    render(entry, mime_type, header, sources, records)
        else:
            render(self.file, mime_type, header, sources, records)

    @property
    def size(self) -> int:
        return self.file.seek(0, io.SEEK_END)

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.format]

    @property
    def inline(self) -> bool:
        return self.format not in BINARY and self.size <= self.inline_limit

    def text(self) -> str:
        self.file.seek(0)
        return self.file.read().decode("utf-8")

    def publish(self) -> str:
        """Store the answer under a key of its own; a presigned URL of it."""
        key = f"downloads/wqp/{uuid.uuid4()}/{self.name}"
        self.store(key)
        return presigned_url(key)

    def store(self, key: str) -> None:
        """Store the answer in the uploads bucket, one 8 MB part at a time (one part in memory, whatever
        the size)."""
        s3 = aws.client("s3")
        target = dict(Bucket=get_settings().uploads_bucket, Key=key)
        self.file.seek(0)
        upload = s3.create_multipart_upload(**target, ContentType=self.content_type,
                                            ContentDisposition=f'attachment; filename="{self.name}"')
        parts = []
        try:
            while True:
                chunk = self.file.read(PART_BYTES)
                if not chunk and parts:
                    break
                number = len(parts) + 1
                answer = s3.upload_part(**target, UploadId=upload["UploadId"], PartNumber=number, Body=chunk)
                parts.append({"PartNumber": number, "ETag": answer["ETag"]})
                if len(chunk) < PART_BYTES:
                    break
            s3.complete_multipart_upload(**target, UploadId=upload["UploadId"], MultipartUpload={"Parts": parts})
        except Exception:
            s3.abort_multipart_upload(**target, UploadId=upload["UploadId"])
            raise

    def close(self) -> None:
        self.file.close()


def presigned_url(key: str) -> str:
    """A URL that reads a stored answer for PRESIGNED_SECONDS, without credentials."""
    return aws.client("s3").generate_presigned_url(
        "get_object", Params={"Bucket": get_settings().uploads_bucket, "Key": key}, ExpiresIn=PRESIGNED_SECONDS)
