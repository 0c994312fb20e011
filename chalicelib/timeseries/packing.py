"""One time bucket's values packed into bytes: what a DynamoDB item of the timeseries table holds.

Layout (little-endian), then zlib: the count n; n time steps in seconds (uint32; the first from the
bucket's start, each next from the one before, so regular logger intervals compress to almost nothing);
n values (float64); n flag bytes (bit 7: outside the parameter's plausible range; bits 0-6: 1 + the
index of the value's qualifier in the bucket's qualifier list, 0 for none). The standard library's
`array` does the packing: the API package carries no numpy.
"""
from __future__ import annotations

import struct
import zlib
from array import array
from dataclasses import dataclass, field

OUT_OF_RANGE = 0x80
QUALIFIER_MASK = 0x7F
MAX_QUALIFIERS = 126


@dataclass
class Point:
    value: float
    qualifier: str | None = None
    out_of_range: bool = False

    def same(self, other: "Point") -> bool:
        return self.value == other.value and self.qualifier == other.qualifier and \
            self.out_of_range == other.out_of_range


@dataclass
class Bucket:
    """The values of one bucket by epoch second (sorted on packing)."""

    start: int
    points: dict[int, Point] = field(default_factory=dict)


def _array(code: str, data: bytes) -> array:
    values = array(code)
    values.frombytes(data)
    if values.itemsize > 1 and struct.pack("=H", 1) != struct.pack("<H", 1):
        values.byteswap()
    return values


def pack(bucket: Bucket) -> tuple[bytes, list[str]]:
    """(the packed bytes, the qualifier list the flags point into)."""
    times = sorted(bucket.points)
    qualifiers: list[str] = []
    index: dict[str, int] = {}
    steps, values, flags = array("I"), array("d"), bytearray()
    previous = bucket.start
    for t in times:
        point = bucket.points[t]
        steps.append(t - previous)
        previous = t
        values.append(point.value)
        flag = 0
        if point.qualifier:
            if point.qualifier not in index and len(qualifiers) < MAX_QUALIFIERS:
                index[point.qualifier] = len(qualifiers)
                qualifiers.append(point.qualifier)
            if point.qualifier in index:
                flag = index[point.qualifier] + 1
        flags.append(flag | (OUT_OF_RANGE if point.out_of_range else 0))
    if struct.pack("=H", 1) != struct.pack("<H", 1):
        steps.byteswap()
        values.byteswap()
    raw = struct.pack("<I", len(times)) + steps.tobytes() + values.tobytes() + bytes(flags)
    return zlib.compress(raw, 6), qualifiers


def unpack_columns(data: bytes, start: int) -> tuple[list[int], array, bytes]:
    """(epoch seconds, values, flag bytes) of a packed bucket, in time order."""
    raw = zlib.decompress(data)
    (n,) = struct.unpack_from("<I", raw)
    steps = _array("I", raw[4:4 + 4 * n])
    values = _array("d", raw[4 + 4 * n:4 + 12 * n])
    flags = raw[4 + 12 * n:4 + 13 * n]
    times, t = [], start
    for step in steps:
        t += step
        times.append(t)
    return times, values, flags


def unpack(data: bytes, start: int, qualifiers: list[str]) -> Bucket:
    times, values, flags = unpack_columns(data, start)
    points = {}
    for t, value, flag in zip(times, values, flags):
        code = flag & QUALIFIER_MASK
        points[t] = Point(value, qualifiers[code - 1] if code and code <= len(qualifiers) else None,
                          bool(flag & OUT_OF_RANGE))
    return Bucket(start, points)
