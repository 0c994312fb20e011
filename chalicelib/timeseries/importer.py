"""The worker's side of `import-ts-data`: the same import log, lease, status and feedback as data imports
(chalicelib/imports/worker.py), with the file read as time series (chalicelib/timeseries/formats.py).

Values merge idempotently into their buckets, so a redelivered message simply reads the file again:
values the dead worker wrote count as unchanged, none is lost or doubled.
"""
from __future__ import annotations

import gzip
import io
import logging
import zipfile
import zlib

from botocore.exceptions import ClientError
from pynamodb.exceptions import PynamoDBException

from chalicelib.core import aws
from chalicelib.core.models import utc_now
from chalicelib.imports import source
from chalicelib.imports.models import FAILED, PARTIAL, SUCCEEDED
from chalicelib.imports.worker import STREAM_ERRORS, ImportJob, Stopped
from chalicelib.parameters import service as parameters
from chalicelib.parameters import units
from chalicelib.stations import service as stations
from chalicelib.stations.models import Station
from chalicelib.timeseries import formats, service
from chalicelib.timeseries.packing import Point

logger = logging.getLogger(__name__)
MAX_FILE_BYTES = 256 * 1024 * 1024  # read whole: a year of 1-minute values of 10 series is ~20 MB
INTERNAL_ERROR = ("The import stopped because of an internal error; please try again later, and tell us if it "
                  "happens again.")
# Faults of AWS that pass (the queue delivers the message again, and its last delivery fails the import).
PASSING_CODES = {"ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded",
                 "InternalServerError", "ServiceUnavailable", "SlowDown", "RequestTimeout"}


def _text_bytes(data: bytes) -> bytes:
    """The file unpacked (.gz, .zip of one file) and as UTF-8."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(data)).read(MAX_FILE_BYTES + 1)
        except (OSError, EOFError, zlib.error) as exc:
            raise source.FileError("The compressed file is damaged or incomplete; compress it again and import "
                                   "it.") from exc
    elif data[:4] == b"PK\x03\x04":
        try:
            data = _unzipped(data)
        except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
            raise source.FileError("The zip archive is damaged or incomplete; create it again and import it.") from exc
        except RuntimeError as exc:  # zipfile's answer to an encrypted member
            raise source.FileError("The zip archive is encrypted; import the CSV file itself.") from exc
        except NotImplementedError as exc:
            raise source.FileError("The zip archive uses a compression this product does not read; use a plain "
                                   "zip.") from exc
    if len(data) > MAX_FILE_BYTES:
        raise source.FileError("Time-series files up to 256 MB can be imported; split it.")
    try:
        return data.decode("utf-8-sig").encode("utf-8")
    except UnicodeDecodeError:  # Windows-1252, as a spreadsheet saves it on Windows (Latin-1's letters and more)
        return data.decode("cp1252", errors="replace").encode("utf-8")


def _unzipped(data: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) != 1:
            raise source.FileError(f"A zip archive must hold exactly one file; this one holds {len(members)}.")
        if members[0].file_size > MAX_FILE_BYTES:
            raise source.FileError("The file in the archive is larger than 256 MB; split it.")
        return archive.read(members[0])


class TimeSeriesImport(ImportJob):
    def read_file(self) -> bytes:
        try:
            body = aws.client("s3").get_object(Bucket=self.settings.uploads_bucket, Key=self.log.uploadKey)["Body"]
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                raise source.FileError("The uploaded file is no longer there; upload it again.") from exc
            raise
        return _text_bytes(body.read(MAX_FILE_BYTES + 1))

    def run(self) -> None:
        """Import the file; an error a new attempt cannot mend ends the import as failed, saying so (not left
        running while the queue delivers the message again and again)."""
        try:
            self.import_file()
        except (source.FileError, Stopped):
            raise
        except Exception as exc:
            if _passing(exc):
                raise
            logger.exception("time-series import %s stopped on an unexpected error", self.log.id)
            raise source.FileError(INTERNAL_ERROR) from exc

    def import_file(self) -> None:
        from chalicelib.imports import service as imports

        try:
            parsed = formats.read(self.read_file(), self.log.format, imports.header_map(self.log.organizationId))
        except formats.FileProblem as exc:
            raise source.FileError(str(exc)) from exc
        self._update("SET header = :header, detectedFormat = :format",
                     {":header": {"L": [{"S": h} for h in parsed.header]}, ":format": {"S": parsed.format}})
        if not parsed.rows:
            self.fail("The file has no values.")
            return
        counts = {"added": 0, "replaced": 0, "unchanged": 0, "flagged": 0, "stationsCreated": 0,
                  "parametersCreated": 0}
        station_ids = self.resolve_stations(parsed, counts)
        series_read = 0
        new_parameters: set[str] = set()
        for key, values in parsed.values.items():
            station_id = station_ids.get(key.station)
            if station_id is None:
                continue
            series_read += 1
            parameter_id = parameters.parameter_id_for(key.parameter)
            parameter = parameters.existing([parameter_id]).get(parameter_id)
            if parameter is None:
                new_parameters.add(key.parameter)  # a dry run meets it again with the next station's series
                if not self.log.dryRun:
                    parameter = parameters.ensure(key.parameter, unit=key.unit, characteristicName=key.parameter,
                                                  organizationId=self.log.organizationId)
            elif not self.log.dryRun:
                parameters.share_with([parameter], self.log.organizationId)
            # Values in another unit than the series' (or its parameter's) are converted to it, or refused, as pushes are.
            expected = service.stored_unit(station_id, parameter_id, key.statistic, key.sensor,
                                           parameter.unit if parameter is not None else key.unit)
            convert = service.unit_converter(key.unit, expected)
            if convert is None:
                parsed.reject(None, "unit", key.unit, units.unconvertible(key.unit, expected))
                continue
            converting = units.given(key.unit) and units.given(expected) and not units.same(key.unit, expected)
            bounds = units.plausible_range(key.parameter, expected or key.unit)  # flagged in the unit stored
            points = {}
            for t, (v, q) in values.items():
                value = convert(v)
                points[t] = Point(value, q or None, bounds is not None and not bounds[0] <= value <= bounds[1])
            counts["flagged"] += sum(1 for p in points.values() if p.out_of_range)
            if self.log.dryRun:
                counts["added"] += len(points)
                continue
            series = service.ensure_series(organization_id=self.log.organizationId, station_id=station_id,
                                           parameter_id=parameter_id, statistic=key.statistic, sensor=key.sensor,
                                           unit=key.unit if units.given(key.unit) and not converting else expected,
                                           project_id=self.log.projectId, times=points)
            merged = service.merge(series, points)
            for name in ("added", "replaced", "unchanged"):
                counts[name] += getattr(merged, name)
        self.storage.save_rejections(1, parsed.rejections)
        counts["parametersCreated"] = len(new_parameters)
        imports.name_new_parameters(self.log.id, new_parameters)
        self.complete(parsed, counts, series_read)

    def resolve_stations(self, parsed: formats.Parsed, counts: dict) -> dict[str, str]:
        """identifier -> station id; unknown stations are created when the file locates them, else rejected."""
        org = self.log.organizationId
        wanted = {key.station for key in parsed.values}
        derived = {identifier: stations.station_id_for(org, identifier) for identifier in wanted}
        found = stations.existing(derived.values())
        resolved, new = {}, []
        for identifier, station_id in sorted(derived.items()):
            info = parsed.stations.get(identifier)
            if station_id in found:
                resolved[identifier] = station_id
            elif info is not None and info.latitude is not None and info.longitude is not None:
                new.append(Station(id=station_id, organizationId=org, identifier=identifier,
                                   name=info.name or identifier, latitude=float(info.latitude),
                                   longitude=float(info.longitude), projectIds=[self.log.projectId],
                                   createdAt=utc_now(), **_site_fields(info)))
                resolved[identifier] = station_id
            else:
                count = sum(len(v) for k, v in parsed.values.items() if k.station == identifier)
                parsed.reject(None, "station", identifier, (
                    f"Unknown station '{identifier}': create it first (its only value was not imported)."
                    if count == 1 else
                    f"Unknown station '{identifier}': create it first (its {count:,} values were not imported)."))
        if new and not self.log.dryRun:
            stations.save_all(new)
        counts["stationsCreated"] = len(new)
        return resolved

    def complete(self, parsed: formats.Parsed, counts: dict, series_read: int) -> None:
        rejected = len({r["row"] if r["row"] is not None else f"s{n}" for n, r in enumerate(parsed.rejections)})
        imported = counts["added"] + counts["replaced"]
        values = {":done": {"N": str(parsed.rows)}, ":imported": {"N": str(imported)},
                  ":rejected": {"N": str(rejected)}, ":unchanged": {"N": str(counts["unchanged"])},
                  ":stations": {"N": str(counts["stationsCreated"])},
                  ":parameters": {"N": str(counts["parametersCreated"])}, ":replaced": {"N": str(counts["replaced"])}}
        self.record_written("rowsDone = :done, rowsImported = :imported, rowsRejected = :rejected, "
                            "rowsUnchanged = :unchanged, stationsCreated = :stations, parametersCreated = :parameters, "
                            "rowsReplaced = :replaced",
                            values, rows_done=parsed.rows)
        message = summary(read=imported + counts["unchanged"], series=series_read, unchanged=counts["unchanged"],
                          duplicates=parsed.duplicates, flagged=counts["flagged"], rejected=rejected,
                          dry_run=bool(self.log.dryRun))
        status = SUCCEEDED if not rejected else (PARTIAL if imported + counts["unchanged"] else FAILED)
        feedback = self.storage.write_feedback(parsed.header) if rejected else False
        self.finish(status, message, parsed.rows, feedback)

    def finalize(self, *, rows_total: int | None, error: str | None = None) -> None:
        self.fail(error or "The import stopped.")


def summary(*, read: int, series: int, unchanged: int, duplicates: int, flagged: int, rejected: int,
            dry_run: bool = False) -> str:
    """What an import's log says it did: a sentence for each thing that happened, each sentence written out whole
    in the singular and the plural, so that chalicelib/core/messages.py translates it."""
    if read == 1:
        notes = ["1 value of 1 series read (already stored)." if unchanged else "1 value of 1 series read."]
    elif unchanged:
        notes = [f"{read:,} values of {series:,} series read ({unchanged:,} already stored)."]
    else:
        notes = [f"{read:,} values of {series:,} series read."]
    if duplicates == 1:
        notes.append("1 duplicate time in the file: the last value was kept.")
    elif duplicates:
        notes.append(f"{duplicates:,} duplicate times in the file: the last value of each was kept.")
    if flagged == 1:
        notes.append("1 value is outside its parameter's plausible range: stored and flagged.")
    elif flagged:
        notes.append(f"{flagged:,} values are outside their parameter's plausible range: stored and flagged.")
    if rejected == 1:
        notes.append("1 row was rejected (see the rejected rows).")
    elif rejected:
        notes.append(f"{rejected:,} rows were rejected (see the rejected rows).")
    if dry_run:
        notes.insert(0, "Dry run: nothing was written.")
    return " ".join(notes)


def _passing(exc: BaseException) -> bool:
    """A fault worth another attempt: AWS throttled or unavailable, a connection broken."""
    if isinstance(exc, PynamoDBException) and exc.cause is not None:
        exc = exc.cause
    if isinstance(exc, ClientError):
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
        return status >= 500 or exc.response.get("Error", {}).get("Code") in PASSING_CODES
    return isinstance(exc, STREAM_ERRORS)


def _site_fields(info: formats.StationInfo) -> dict:
    """A new station's type and codes from what the file says of its site (a gage without them: a stream's)."""
    from chalicelib.imports.formats import station_type_of

    location_type = formats.USGS_SITE_TYPES.get(info.site_type or "ST", info.site_type)
    fields = {"monitoringLocationType": location_type, "stationType": station_type_of(location_type)}

    def digits(text, n: int) -> str | None:
        return text if isinstance(text, str) and text.isdigit() and len(text) == n else None

    huc = info.huc if isinstance(info.huc, str) else ""
    fields.update(huc8=digits(huc[:8], 8), huc12=digits(huc, 12), stateFips=digits(info.state_fips, 2),
                  countyFips=digits(info.county_fips, 5))
    return {name: value for name, value in fields.items() if value is not None}
