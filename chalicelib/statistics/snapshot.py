"""The explorer's station snapshot: every station's summary as columns (numpy arrays), and the
vectorised filter over them. Heavy imports (numpy) happen here only, never when the app module loads.

Layout (one row per station, rows in spatial order: Morton code of the position, so that nearby rows
are nearby stations and the map's delta-coded coordinates compress well):

    id            S36          station ids
    lat, lng      float64
    org, stype, mlt   uint16   codes into the dictionaries orgs, stypes, mlts
    datum         uint16       code into the dictionary datums (the coordinates' horizontal datum; "": none given)
    elev, drain, cdrain   uint32   the station's elevation, drainage area and contributing drainage area, codes into
                  the dictionary measures (each number as its text: 160, 0.27; "": none given)
    elev_unit, elev_method, elev_datum, drain_unit, cdrain_unit   uint32   codes into the dictionary measure_terms:
                  the elevation's unit, collection method and vertical datum, the areas' units ("": none given)
    state         uint8        state FIPS (0: unknown)
    county        uint32       state+county FIPS as a number (0: unknown)
    huc8          uint32, huc12 uint64 (0: unknown)
    count         uint32       sample count
    first, last   int32        days since 1970-01-01 (first: INT32_MAX, last: INT32_MIN when no data)
    media_bits    uint32       bit i: the station has values of medium i (dictionary media, the first 31);
                  MEDIA_UNKNOWN: its values' media are not known here (not recorded yet, or a 32nd medium)
    pbits<w>      uint64       bit i of word w: the station has values of parameter 64*w+i (dictionary params)
    lbits<w>      uint64       bit i of word w: the station has a logger series of parameter 64*w+i (the station's
                  loggerSeries, chalicelib/timeseries); as many words as pbits
    series        uint16       how many logger series the station has (65535: that many or more)
    proj_ptr      int64 (n+1), proj_code uint32: the projects of each station (CSR), dictionary projects
    lv_ptr        int64 (n+1), lv_code uint32, lv_value float32, lv_unit uint16: the latest value of each
                  station's parameters (CSR: entries lv_ptr[r]:lv_ptr[r+1] of row r; codes into params,
                  units into units; float32 keeps about 7 significant digits). A parameter's values of a sample
                  fraction have theirs apart, under "<parameterId>#<fraction>" in params (latest_key), which
                  no pbits bit stands for
    text / text_ptr   uint8 / int64 (n+1): lower-cased "identifier name" (the free-text search)
    tri_gram / tri_ptr / tri_gap   uint32 / int64 / uint16: the trigram index of text (CSR): for the
                  i-th trigram present (3 bytes as a 24-bit number, ascending), the positions in text
                  where it starts, ascending, delta-coded in tri_gap[tri_ptr[i]:tri_ptr[i+1]] (the first
                  from 0); a gap of 65535 or more is 65535 there and in full in tri_far (uint32) at
                  tri_far_at (int64, its index in tri_gap). Only trigrams inside one station's text
                  (a match never spans two stations). About 2 bytes per byte of text.
    ident / ident_ptr, name / name_ptr: identifier and name as UTF-8 (the answers)
"""
from __future__ import annotations

import io
import json
import os
from datetime import date
from typing import Any, Iterable, Sequence

import numpy as np

EPOCH = date(1970, 1, 1)
NO_FIRST = np.iinfo(np.int32).max
NO_LAST = np.iinfo(np.int32).min
DICTIONARIES = ("orgs", "stypes", "mlts", "datums", "params", "projects", "units", "media", "measures", "measure_terms")
# The station measures' columns: (column, the station's field, its dictionary).
MEASURES = (("elev", "elevation", "measures"), ("elev_unit", "elevationUnit", "measure_terms"),
            ("elev_method", "elevationMethod", "measure_terms"), ("elev_datum", "verticalDatum", "measure_terms"),
            ("drain", "drainageArea", "measures"), ("drain_unit", "drainageAreaUnit", "measure_terms"),
            ("cdrain", "contributingDrainageArea", "measures"),
            ("cdrain_unit", "contributingDrainageAreaUnit", "measure_terms"))
MEDIA_UNKNOWN = np.uint32(1 << 31)
MAX_SERIES = np.iinfo(np.uint16).max
LATEST = ("lv_ptr", "lv_code", "lv_value", "lv_unit")
FLOAT32_MAX = float(np.finfo(np.float32).max)


def day_number(text: str | None) -> int | None:
    if not text:
        return None
    return (date.fromisoformat(text[:10]) - EPOCH).days


def day_text(number: int) -> str | None:
    if number in (NO_FIRST, NO_LAST):
        return None
    return date.fromordinal(EPOCH.toordinal() + int(number)).isoformat()


def _codes(values: Sequence[str | None], dictionary: list[str], index: dict[str, int], dtype=np.uint16) -> np.ndarray:
    out = np.empty(len(values), dtype=dtype)
    for i, value in enumerate(values):
        key = value or ""
        code = index.get(key)
        if code is None:
            code = index[key] = len(dictionary)
            dictionary.append(key)
        out[i] = code
    return out


def number_text(value: Any) -> str | None:
    """A stored number's own text (160, not 160.0; 0.27), as DynamoDB answers it; None for none."""
    if value is None or value == "":
        return None
    from decimal import Decimal, InvalidOperation

    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    return format(number.normalize(), "f") if number.is_finite() else None


def _measure_columns(records: Sequence[dict], d: dict, index: dict) -> dict[str, np.ndarray]:
    """The stations' elevations and drainage areas (the MEASURES columns); a unit, method or datum is kept only
    with its value (a unit left from a value deleted since says nothing)."""
    given = {field: [number_text(r.get(field)) for r in records] for field in ("elevation", "drainageArea",
                                                                                "contributingDrainageArea")}
    of = {"elevationUnit": "elevation", "elevationMethod": "elevation", "verticalDatum": "elevation",
          "drainageAreaUnit": "drainageArea", "contributingDrainageAreaUnit": "contributingDrainageArea"}
    columns = {}
    for column, field, dictionary in MEASURES:
        if field in given:
            texts = given[field]
        else:
            texts = [r.get(field) if value is not None else None for r, value in zip(records, given[of[field]])]
        columns[column] = _codes(texts, d[dictionary], index[dictionary], np.uint32)
    return columns


def _trigram_codes(data: np.ndarray) -> np.ndarray:
    """The 24-bit trigram starting at each position of a byte array (len - 2 of them)."""
    return (data[:-2].astype(np.uint32) << 16) | (data[1:-1].astype(np.uint32) << 8) | data[2:]


FAR_GAP = 0xFFFF


def trigram_index(text: np.ndarray, text_ptr: np.ndarray) -> dict[str, np.ndarray]:
    """The positions of every trigram of the text buffer (the layout above), built with one sort:
    (trigram << 32 | position) as uint64 keys, so trigrams come out grouped and positions ascending."""
    if len(text) < 3:
        return {"tri_gram": np.zeros(0, dtype=np.uint32), "tri_ptr": np.zeros(1, dtype=np.int64),
                "tri_gap": np.zeros(0, dtype=np.uint16), "tri_far": np.zeros(0, dtype=np.uint32),
                "tri_far_at": np.zeros(0, dtype=np.int64)}
    starts = len(text) - 2
    inside = np.ones(starts, dtype=bool)
    ends = text_ptr[1:]
    for back in (1, 2):  # the last two positions of each station's text start a trigram that leaves it
        at = ends - back
        inside[at[(at >= 0) & (at < starts)]] = False
    keys = _trigram_codes(text).astype(np.uint64) << np.uint64(32)
    keys |= np.arange(starts, dtype=np.uint64)
    keys = keys[inside]
    keys.sort()
    grams = (keys >> np.uint64(32)).astype(np.uint32)
    gaps = (keys & np.uint64(0xFFFFFFFF)).astype(np.int64)
    del keys
    first = np.flatnonzero(np.concatenate(([True], grams[1:] != grams[:-1]))) if len(grams) else np.zeros(0, np.int64)
    ptr = np.append(first, len(grams)).astype(np.int64)
    gaps[1:] -= gaps[:-1].copy()
    gaps[first] += np.append(0, np.cumsum(gaps)[first[1:] - 1]) if len(first) else 0  # each list counts from 0
    far_at = np.flatnonzero(gaps >= FAR_GAP)
    return {"tri_gram": grams[first], "tri_ptr": ptr, "tri_gap": np.minimum(gaps, FAR_GAP).astype(np.uint16),
            "tri_far": gaps[far_at].astype(np.uint32), "tri_far_at": far_at}


def trigram_positions(arrays: dict[str, np.ndarray], entry: int) -> np.ndarray:
    """The ascending text positions of the entry-th trigram of the index (decoded gaps)."""
    start, stop = int(arrays["tri_ptr"][entry]), int(arrays["tri_ptr"][entry + 1])
    gaps = arrays["tri_gap"][start:stop].astype(np.int64)
    far_at = arrays["tri_far_at"]
    lo, hi = np.searchsorted(far_at, [start, stop])
    gaps[far_at[lo:hi] - start] = arrays["tri_far"][lo:hi]
    return np.cumsum(gaps)


def _morton(lat: np.ndarray, lng: np.ndarray) -> np.ndarray:
    x = ((lng + 180.0) / 360.0 * 65535).astype(np.uint64)
    y = ((lat + 90.0) / 180.0 * 65535).astype(np.uint64)

    def spread(v):
        v = (v | (v << np.uint64(8))) & np.uint64(0x00FF00FF)
        v = (v | (v << np.uint64(4))) & np.uint64(0x0F0F0F0F)
        v = (v | (v << np.uint64(2))) & np.uint64(0x33333333)
        return (v | (v << np.uint64(1))) & np.uint64(0x55555555)

    return spread(x) | (spread(y) << np.uint64(1))


def _empty_latest(n: int) -> dict[str, np.ndarray]:
    return {"lv_ptr": np.zeros(n + 1, dtype=np.int64), "lv_code": np.zeros(0, dtype=np.uint32),
            "lv_value": np.zeros(0, dtype=np.float32), "lv_unit": np.zeros(0, dtype=np.uint16)}


def decimal7(values: np.ndarray) -> np.ndarray:
    """float32 values as the float64 nearest to their 7 significant decimal digits (7.4, not
    7.400000095367432), vectorised; NaN stays NaN."""
    v = values.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        k = 6 - np.floor(np.log10(np.abs(v)))
    k = np.nan_to_num(k, nan=0.0, posinf=0.0, neginf=0.0).clip(-290, 290)
    up, down = 10.0 ** np.maximum(k, 0), 10.0 ** np.maximum(-k, 0)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.where(k >= 0, np.round(v * up) / up, np.round(v / down) * down)


def _latest_csr(records: Sequence[dict], params: dict[str, int], units: list[str],
                unit_index: dict[str, int]) -> dict[str, np.ndarray]:
    """The latest values of every station's parameters as CSR arrays (see the layout above)."""
    counts, codes, values, unit_codes = [], [], [], []
    for r in records:
        kept = 0
        for p, latest in (r.get("latestValues") or {}).items():
            value = latest.get("v") if isinstance(latest, dict) else None
            try:
                number = float(value)
            except (TypeError, ValueError):
                continue
            if not abs(number) <= FLOAT32_MAX:  # NaN, infinities, and what a float32 cannot hold
                continue
            unit = latest.get("u") or ""
            code = unit_index.get(unit)
            if code is None:
                code = unit_index[unit] = len(units)
                units.append(unit)
            codes.append(params[p])
            values.append(number)
            unit_codes.append(code)
            kept += 1
        counts.append(kept)
    ptr = np.zeros(len(records) + 1, dtype=np.int64)
    np.cumsum(counts, out=ptr[1:])
    return {"lv_ptr": ptr, "lv_code": np.array(codes, dtype=np.uint32),
            "lv_value": np.array(values, dtype=np.float64).astype(np.float32),
            "lv_unit": np.array(unit_codes, dtype=np.uint16)}


class Snapshot:
    def __init__(self, arrays: dict[str, np.ndarray], dictionaries: dict[str, list[str]], version: int = 0):
        self.a = arrays
        self.d = dictionaries
        self.version = version
        self.n = len(arrays["lat"])
        if "lv_ptr" not in arrays:  # a snapshot stored before latest values were kept
            arrays.update(_empty_latest(self.n))
        if "datum" not in arrays:  # one stored before datums were kept: none given
            arrays["datum"] = np.zeros(self.n, dtype=np.uint16)
            dictionaries["datums"] = [""]
        if "media_bits" not in arrays:  # one stored before media were kept: ask the values of stations with some
            arrays["media_bits"] = np.where(arrays["count"] > 0, MEDIA_UNKNOWN, np.uint32(0)).astype(np.uint32)
        if "series" not in arrays:  # one stored before logger series were kept: none known
            arrays["series"] = np.zeros(self.n, dtype=np.uint16)
        if "elev" not in arrays:  # one stored before elevations and drainage areas were kept: none given
            for column, _, dictionary in MEASURES:
                arrays[column] = np.zeros(self.n, dtype=np.uint32)
                dictionaries[dictionary] = [""]
        for w in range(sum(1 for k in arrays if k.startswith("pbits"))):
            arrays.setdefault(f"lbits{w}", np.zeros(self.n, dtype=np.uint64))
        for name in DICTIONARIES:
            dictionaries.setdefault(name, [])
        self.index = {name: {v: i for i, v in enumerate(values)} for name, values in dictionaries.items()}
        self.words = sum(1 for k in arrays if k.startswith("pbits"))
        self._byte_frequency: np.ndarray | None = None

    def byte_frequency(self) -> np.ndarray:
        """How often each byte occurs in the free-text buffer (the search anchors on the rarest)."""
        if self._byte_frequency is None:
            if "tri_gram" in self.a:
                # Counted from the trigram index (the bytes that start a trigram; only the order
                # matters): microseconds, where a pass over the text took 0.84 s at 1,000,000 stations
                # on the first search after each snapshot load.
                self._byte_frequency = np.bincount(self.a["tri_gram"] >> 16, weights=np.diff(self.a["tri_ptr"]),
                                                   minlength=256)
            else:
                self._byte_frequency = np.bincount(self.a["text"], minlength=256)
        return self._byte_frequency

    # ------------------------------------------------------------ building

    @classmethod
    def from_records(cls, records: Sequence[dict], version: int = 0) -> "Snapshot":
        """Records: dicts with id, identifier, name, latitude, longitude, organizationId, stationType,
        monitoringLocationType, horizontalDatum, elevation (its unit, method, vertical datum), drainageArea,
        contributingDrainageArea (their units), stateFips, countyFips, huc8, huc12, sampleCount, firstDate, lastDate,
        parameterIds, projectIds, latestValues, media, loggerSeries (the station items)."""
        builder = SnapshotBuilder()
        builder.add(records)
        return builder.finish(version)

    # ------------------------------------------------------------ storage

    def to_bytes(self) -> bytes:
        """npz without pickles: the arrays, and each dictionary as UTF-8 JSON."""
        out = io.BytesIO()
        np.savez(out, **self.a, **{f"dict_{k}": np.frombuffer(json.dumps(v).encode("utf-8"), dtype=np.uint8)
                                   for k, v in self.d.items()})
        return out.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, version: int) -> "Snapshot":
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            arrays = {k: stored[k] for k in stored.files if not k.startswith("dict_")}
            dictionaries = {}
            for k in stored.files:
                if k.startswith("dict_"):
                    dictionaries[k[5:]] = json.loads(stored[k].tobytes().decode("utf-8"))
        return cls(arrays, dictionaries, version)

    # ------------------------------------------------------------ reading rows

    def _text_at(self, name: str, row: int) -> str:
        ptr = self.a[f"{name}_ptr"]
        return self.a[name][ptr[row]:ptr[row + 1]].tobytes().decode("utf-8")

    def parameter_ids(self, row: int, bits: str = "pbits") -> list[str]:
        """The parameters the station has values of (bits "lbits": logger series of)."""
        found = []
        for w in range(self.words):
            word = int(self.a[f"{bits}{w}"][row])
            while word:
                low = word & -word
                found.append(self.d["params"][w * 64 + low.bit_length() - 1])
                word ^= low
        return found

    def station(self, row: int) -> dict[str, Any]:
        a = self.a
        ptr = a["proj_ptr"]
        return {
            "id": a["id"][row].decode(), "identifier": self._text_at("ident", row), "name": self._text_at("name", row),
            "latitude": float(a["lat"][row]), "longitude": float(a["lng"][row]),
            "organizationId": self.d["orgs"][a["org"][row]] or None,
            "stationType": self.d["stypes"][a["stype"][row]] or None,
            "monitoringLocationType": self.d["mlts"][a["mlt"][row]] or None,
            "horizontalDatum": self.d["datums"][a["datum"][row]] or None,
            "projectIds": [self.d["projects"][c] for c in a["proj_code"][ptr[row]:ptr[row + 1]]],
            "row": int(row),
            "meta": {"sampleCount": int(a["count"][row]), "firstDate": day_text(a["first"][row]),
                     "lastDate": day_text(a["last"][row]), "parameterIds": self.parameter_ids(row),
                     # Its logger series apart from its samples: the sample count and dates are of samples only.
                     "loggerSeriesCount": int(a["series"][row]), "loggerParameterIds": self.parameter_ids(row, "lbits")},
        }

    def latest_values(self, row: int) -> dict[str, dict]:
        """One station's latest values, {parameterId: {"v": value, "u": unit}} (as the station item has them)."""
        a = self.a
        start, stop = int(a["lv_ptr"][row]), int(a["lv_ptr"][row + 1])
        values = decimal7(a["lv_value"][start:stop]).tolist()
        out = {}
        for code, value, unit in zip(a["lv_code"][start:stop].tolist(), values, a["lv_unit"][start:stop].tolist()):
            out[self.d["params"][code]] = {"v": value, **({"u": self.d["units"][unit]} if self.d["units"][unit] else {})}
        return out


def _reorder_csr(ptr: np.ndarray, values: np.ndarray, order: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR lists (entries ptr[r]:ptr[r+1] of row r) with their rows taken in `order`."""
    lengths = np.diff(ptr)[order]
    new_ptr = np.zeros(len(order) + 1, dtype=np.int64)
    np.cumsum(lengths, out=new_ptr[1:])
    at = np.repeat(ptr[:-1][order] - new_ptr[:-1], lengths) + np.arange(new_ptr[-1], dtype=np.int64)
    return new_ptr, values[at]


def _media_bits(record: dict, dictionary: list[str], index: dict[str, int]) -> int:
    media = record.get("media")
    if media is None:  # not recorded: unknown, unless the station has no values at all
        return int(MEDIA_UNKNOWN) if int(record.get("sampleCount") or 0) else 0
    bits = 0
    for medium in media:
        code = index.get(medium)
        if code is None:
            code = index[medium] = len(dictionary)
            dictionary.append(medium)
        bits |= 1 << code if code < 31 else int(MEDIA_UNKNOWN)
    return bits


def media_mask(snapshot: "Snapshot", rows: np.ndarray, media: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Of `rows`, those whose values may have one of `media` (any case) and, of those, the ones whose
    media are not known here (their values must be asked)."""
    wanted = {m.casefold() for m in media}
    bits = np.uint32(sum(1 << i for i, m in enumerate(snapshot.d["media"][:31]) if m.casefold() in wanted))
    station_bits = snapshot.a["media_bits"][rows]
    unknown = (station_bits & MEDIA_UNKNOWN) != 0
    return ((station_bits & bits) != 0) | unknown, unknown


def _csr_ptr(lengths: Sequence[int]) -> np.ndarray:
    ptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=ptr[1:])
    return ptr


class SnapshotBuilder:
    """Station records into snapshot columns a page at a time (the rebuild's Scan pages, from several
    threads), so that no list of every record is ever held: at 1,000,000 stations the records as dicts
    were most of a 4.1 GB peak. `finish` puts the rows in spatial order and builds the search index."""

    def __init__(self) -> None:
        import threading

        self.dictionaries: dict[str, list[str]] = {name: [] for name in DICTIONARIES}
        self.index: dict[str, dict[str, int]] = {name: {} for name in DICTIONARIES}
        self.pages: list[dict[str, np.ndarray]] = []
        self._lock = threading.Lock()  # the dictionaries are shared by the scanning threads

    def add(self, records: Sequence[dict]) -> None:
        if not records:
            return
        with self._lock:
            self.pages.append(self._columns(records))

    def _columns(self, records: Sequence[dict]) -> dict[str, np.ndarray]:
        d, index = self.dictionaries, self.index

        def digits(name: str, dtype) -> np.ndarray:
            return np.array([int(r[name]) if (r.get(name) or "").isdigit() else 0 for r in records], dtype=dtype)

        def blob(texts: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
            encoded = [t.encode("utf-8") for t in texts]
            return np.frombuffer(b"".join(encoded), dtype=np.uint8), np.array([len(e) for e in encoded], dtype=np.int64)

        params = index["params"]
        param_codes, param_counts = [], []
        for r in records:
            ids = r.get("parameterIds") or ()
            for p in (*ids, *(r.get("latestValues") or {})):
                if p not in params:
                    params[p] = len(d["params"])
                    d["params"].append(p)
            param_codes.extend(params[p] for p in ids)
            param_counts.append(len(ids))
        logger_codes, logger_counts, series_counts = [], [], []
        for r in records:
            keys = r.get("loggerSeries") or ()
            logged = sorted({key.partition("#")[0] for key in keys if key})
            for p in logged:
                if p not in params:
                    params[p] = len(d["params"])
                    d["params"].append(p)
            logger_codes.extend(params[p] for p in logged)
            logger_counts.append(len(logged))
            series_counts.append(min(len(keys), int(MAX_SERIES)))
        proj_lists = [r.get("projectIds") or () for r in records]
        page = {
            "id": np.array([r["id"] for r in records], dtype="S36"),
            "lat": np.array([float(r["latitude"]) for r in records], dtype=np.float64),
            "lng": np.array([float(r["longitude"]) for r in records], dtype=np.float64),
            "org": _codes([r.get("organizationId") for r in records], d["orgs"], index["orgs"]),
            "stype": _codes([r.get("stationType") for r in records], d["stypes"], index["stypes"]),
            "mlt": _codes([r.get("monitoringLocationType") for r in records], d["mlts"], index["mlts"]),
            "datum": _codes([r.get("horizontalDatum") for r in records], d["datums"], index["datums"]),
            **_measure_columns(records, d, index),
            "state": digits("stateFips", np.uint8), "county": digits("countyFips", np.uint32),
            "huc8": digits("huc8", np.uint32), "huc12": digits("huc12", np.uint64),
            "count": np.array([int(r.get("sampleCount") or 0) for r in records], dtype=np.uint32),
            "first": np.array([day_number(r.get("firstDate")) if r.get("firstDate") else NO_FIRST for r in records],
                              dtype=np.int32),
            "last": np.array([day_number(r.get("lastDate")) if r.get("lastDate") else NO_LAST for r in records],
                             dtype=np.int32),
            "media_bits": np.array([_media_bits(r, d["media"], index["media"]) for r in records], dtype=np.uint32),
            "param_len": np.array(param_counts, dtype=np.int64), "param_code": np.array(param_codes, dtype=np.uint32),
            "series": np.array(series_counts, dtype=np.uint16),
            "lparam_len": np.array(logger_counts, dtype=np.int64), "lparam_code": np.array(logger_codes, dtype=np.uint32),
            "proj_len": np.array([len(p) for p in proj_lists], dtype=np.int64),
            "proj_code": np.array([index["projects"].setdefault(p, len(index["projects"])) for ps in proj_lists for p in ps],
                                  dtype=np.uint32),
        }
        latest = _latest_csr(records, params, d["units"], index["units"])
        page.update(lv_len=np.diff(latest.pop("lv_ptr")), **latest)
        for name, texts in (("text", (f"{r.get('identifier') or ''} {r.get('name') or ''}".lower() for r in records)),
                            ("ident", (r.get("identifier") or "" for r in records)),
                            ("name", (r.get("name") or "" for r in records))):
            page[name], page[f"{name}_len"] = blob(texts)
        return page

    def finish(self, version: int = 0) -> "Snapshot":
        """The snapshot: rows in spatial order (Morton code of the position; the same place: by id)."""
        pages, self.pages = self.pages, []
        names = ("id", "lat", "lng", "org", "stype", "mlt", "datum", "state", "county", "huc8", "huc12", "count", "first",
                 "last", "media_bits", "series", *(column for column, _, _ in MEASURES), "param_len", "param_code",
                 "lparam_len", "lparam_code", "proj_len", "proj_code", "lv_len", "lv_code", "lv_value", "lv_unit", "text",
                 "text_len", "ident", "ident_len", "name", "name_len")
        empty = SnapshotBuilder()._columns([{"id": "", "latitude": 0, "longitude": 0}])
        joined = {k: np.concatenate([p[k] for p in pages]) if pages else empty[k][:0] for k in names}
        del pages
        n = len(joined["id"])
        order = np.lexsort((joined["id"], _morton(joined["lat"], joined["lng"]))) if n else np.zeros(0, dtype=np.int64)
        arrays: dict[str, np.ndarray] = {k: joined.pop(k)[order] for k in names[:names.index("param_len")]}
        lists = {}
        for name, values in (("param", "param_code"), ("lparam", "lparam_code"), ("proj", "proj_code"), ("lv", "lv_code"),
                             ("text", "text"), ("ident", "ident"), ("name", "name")):
            lists[name] = _csr_ptr(joined.pop(f"{name}_len")), joined.pop(values)
        for name, (ptr, codes) in lists.items():
            new_ptr, reordered = _reorder_csr(ptr, codes, order)
            if name == "lv":  # the values and units of the latest values follow their codes
                at = _reorder_csr(ptr, np.arange(len(codes), dtype=np.int64), order)[1]
                arrays.update(lv_ptr=new_ptr, lv_code=reordered, lv_value=joined.pop("lv_value")[at],
                              lv_unit=joined.pop("lv_unit")[at])
            elif name in ("param", "lparam"):  # sampled parameters: pbits; those of logger series: lbits
                words = max(1, -(-len(self.dictionaries["params"]) // 64))
                bits = np.zeros((words, n), dtype=np.uint64)
                rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(new_ptr))
                np.bitwise_or.at(bits, (reordered // 64, rows), np.left_shift(np.uint64(1), (reordered % 64).astype(np.uint64)))
                for w in range(words):
                    arrays[f"{'pbits' if name == 'param' else 'lbits'}{w}"] = bits[w]
            else:
                key = "proj" if name == "proj" else name
                arrays[f"{key}_ptr"], arrays["proj_code" if name == "proj" else name] = new_ptr, reordered
        arrays.update(trigram_index(arrays["text"], arrays["text_ptr"]))
        dictionaries = dict(self.dictionaries)
        dictionaries["projects"] = sorted(self.index["projects"], key=self.index["projects"].get)
        return Snapshot(arrays, dictionaries, version)


# ---------------------------------------------------------------- the filter


def _lut(size: int, codes: Iterable[int]) -> np.ndarray:
    table = np.zeros(max(size, 1), dtype=bool)
    table[list(codes)] = True
    return table


def _dict_mask(snapshot: Snapshot, column: str, dictionary: str, wanted: Sequence[str]) -> np.ndarray:
    index = snapshot.index[dictionary]
    return _lut(len(snapshot.d[dictionary]), [index[v] for v in wanted if v in index])[snapshot.a[column]]


# Free text over a large snapshot is memory-bound: split the text buffer between the cores.
_TEXT_THREADS = max(1, min(4, os.cpu_count() or 1))
_TEXT_CHUNK_MIN = 4 << 20


def _match_starts(blob: np.ndarray, needle: bytes, frequency: np.ndarray, start: int, stop: int) -> np.ndarray:
    """Positions in [start, stop) where needle begins: anchored on its rarest byte, then narrowed
    byte by byte, rarest first, so the candidate list shrinks as fast as it can."""
    m = len(needle)
    order = sorted(range(m), key=lambda k: frequency[needle[k]])
    anchor = order[0]
    candidates = np.flatnonzero(blob[start + anchor: stop + anchor] == needle[anchor]) + start
    for k in order[1:]:
        candidates = candidates[blob[candidates + k] == needle[k]]
        if not len(candidates):
            break
    return candidates


def _indexed_starts(snapshot: Snapshot, needle: bytes) -> np.ndarray | None:
    """Positions where needle (>= 3 bytes) begins, from the trigram index: the positions of its
    rarest trigram, moved back to the needle's start, then narrowed byte by byte (rarest first) as
    the scan does. None when the snapshot has no index (stored before it existed)."""
    a = snapshot.a
    if "tri_gram" not in a:
        return None
    grams, ptr, blob = a["tri_gram"], a["tri_ptr"], a["text"]
    m = len(needle)
    wanted = _trigram_codes(np.frombuffer(needle, dtype=np.uint8))
    at = np.searchsorted(grams, wanted)
    if len(grams) == 0 or np.any(at >= len(grams)) or np.any(grams[np.minimum(at, len(grams) - 1)] != wanted):
        return np.zeros(0, dtype=np.int64)  # a trigram of the needle occurs nowhere
    sizes = ptr[at + 1] - ptr[at]
    k = int(np.argmin(sizes))
    candidates = trigram_positions(a, int(at[k])) - k
    candidates = candidates[(candidates >= 0) & (candidates + m <= len(blob))]
    frequency = snapshot.byte_frequency()
    for j in sorted((j for j in range(m) if not k <= j < k + 3), key=lambda j: frequency[needle[j]]):
        candidates = candidates[blob[candidates + j] == needle[j]]
        if not len(candidates):
            break
    return candidates


def _scanned_starts(snapshot: Snapshot, needle: bytes) -> np.ndarray:
    """Positions where needle begins, by scanning the whole text buffer (split between threads)."""
    blob = snapshot.a["text"]
    frequency = snapshot.byte_frequency()
    last = len(blob) - len(needle) + 1
    if last < _TEXT_CHUNK_MIN or _TEXT_THREADS == 1:
        return _match_starts(blob, needle, frequency, 0, last)
    from concurrent.futures import ThreadPoolExecutor

    bounds = np.linspace(0, last, _TEXT_THREADS + 1, dtype=np.int64)
    with ThreadPoolExecutor(_TEXT_THREADS) as pool:
        parts = pool.map(lambda i: _match_starts(blob, needle, frequency, int(bounds[i]), int(bounds[i + 1])),
                         range(_TEXT_THREADS))
        return np.concatenate(list(parts))


def _contains(snapshot: Snapshot, needle: bytes) -> np.ndarray:
    """Rows whose lower-cased text contains needle: match positions from the trigram index (needles
    of 3 bytes or more) or a scan, mapped to rows by the text offsets."""
    blob = snapshot.a["text"]
    m = len(needle)
    mask = np.zeros(snapshot.n, dtype=bool)
    if m == 0 or len(blob) < m:
        return mask if m else ~mask
    candidates = _indexed_starts(snapshot, needle) if m >= 3 else None
    if candidates is None:
        candidates = _scanned_starts(snapshot, needle)
    ptr = snapshot.a["text_ptr"]
    rows = np.searchsorted(ptr, candidates, side="right") - 1
    # A match must end inside the same station's text.
    rows = rows[candidates + m <= ptr[rows + 1]]
    mask[rows] = True
    return mask


def matching_rows(snapshot: Snapshot, q: dict, logged: bool = False) -> np.ndarray:
    """Row numbers of the stations matching a validated query (see service.parse_query). Its parameters are those
    the stations sampled, or with `logged` (the explorer: "stations that measure it") also those of their logger
    series; the WQP services, which answer sampled results, leave it out."""
    a = snapshot.a
    mask = np.ones(snapshot.n, dtype=bool)
    if q.get("bbox"):
        west, south, east, north = q["bbox"]
        mask &= (a["lat"] >= south) & (a["lat"] <= north) & (a["lng"] >= west) & (a["lng"] <= east)
    if q.get("organizationIds"):
        mask &= _dict_mask(snapshot, "org", "orgs", q["organizationIds"])
    if q.get("stationTypes"):
        mask &= _dict_mask(snapshot, "stype", "stypes", q["stationTypes"])
    if q.get("monitoringLocationTypes"):
        mask &= _dict_mask(snapshot, "mlt", "mlts", q["monitoringLocationTypes"])
    if q.get("stateFips"):
        mask &= np.isin(a["state"], np.array([int(s) for s in q["stateFips"]], dtype=np.uint8))
    if q.get("countyFips"):
        mask &= np.isin(a["county"], np.array([int(c) for c in q["countyFips"]], dtype=np.uint32))
    if q.get("huc"):
        huc_mask = np.zeros(snapshot.n, dtype=bool)
        for huc in q["huc"]:
            if len(huc) <= 8:
                huc_mask |= (a["huc8"] // np.uint32(10 ** (8 - len(huc)))) == np.uint32(int(huc))
            else:
                huc_mask |= (a["huc12"] // np.uint64(10 ** (12 - len(huc)))) == np.uint64(int(huc))
        mask &= huc_mask
    if q.get("from") is not None:
        mask &= a["last"] >= np.int32(q["from"])
    if q.get("to") is not None:
        mask &= a["first"] <= np.int32(q["to"])
    if q.get("parameterIds"):
        index = snapshot.index["params"]
        words: dict[int, int] = {}
        for p in q["parameterIds"]:
            if p in index:
                words[index[p] // 64] = words.get(index[p] // 64, 0) | (1 << (index[p] % 64))
        param_mask = np.zeros(snapshot.n, dtype=bool)
        for w, bits in words.items():
            word = a[f"pbits{w}"] | a[f"lbits{w}"] if logged else a[f"pbits{w}"]
            param_mask |= (word & np.uint64(bits)) != 0
        mask &= param_mask
    if q.get("projectIds"):
        index = snapshot.index["projects"]
        codes = [index[p] for p in q["projectIds"] if p in index]
        hit = _lut(len(snapshot.d["projects"]), codes)[a["proj_code"]] if len(a["proj_code"]) else np.zeros(0, bool)
        entries = np.flatnonzero(hit)
        proj_mask = np.zeros(snapshot.n, dtype=bool)
        proj_mask[np.searchsorted(a["proj_ptr"], entries, side="right") - 1] = True
        mask &= proj_mask
    if q.get("search"):
        mask &= _contains(snapshot, q["search"].lower().encode("utf-8"))
    return np.flatnonzero(mask)


def totals(snapshot: Snapshot, rows: np.ndarray) -> dict:
    """Numbers of the matching stations, their samples, organizations and parameters, the ids of
    those parameters and the sample fractions of their latest values (what the map may be coloured by), and the
    stations per county and per organization. Samples and parameters are sampled ones (colour by a parameter reads
    the samples' latest values); the stations with logger series and their series are counted apart
    (loggerStations, loggerSeries)."""
    a = snapshot.a
    present = []
    for w in range(snapshot.words):
        word = int(np.bitwise_or.reduce(a[f"pbits{w}"][rows])) if len(rows) else 0
        while word:
            low = word & -word
            present.append(snapshot.d["params"][w * 64 + low.bit_length() - 1])
            word ^= low
    # Stations per county (5-digit state+county FIPS): the county filter offers these first.
    fips, per_county = np.unique(a["county"][rows], return_counts=True)
    counties = {f"{int(f):05d}": int(n) for f, n in zip(fips, per_county) if f}
    # Stations per organization: the organization filter shows these (the map's points carry no organization).
    codes, per_organization = np.unique(a["org"][rows], return_counts=True)
    organizations = {snapshot.d["orgs"][c]: int(n) for c, n in zip(codes.tolist(), per_organization) if snapshot.d["orgs"][c]}
    series = a["series"][rows]
    return {"stations": int(len(rows)), "samples": int(a["count"][rows].sum(dtype=np.uint64)),
            "loggerStations": int(np.count_nonzero(series)), "loggerSeries": int(series.sum(dtype=np.uint64)),
            "organizations": int(len(codes)), "parameters": len(present),
            "parameterIds": sorted(present), "fractions": value_fractions(snapshot, rows), "counties": counties,
            "organizationCounts": organizations}


def value_fractions(snapshot: Snapshot, rows: np.ndarray) -> dict[str, list[str]]:
    """The sample fractions of the latest values of the (ascending) rows, per parameter with values of some
    fraction among them ({parameterId: ["", "Dissolved", "Total"]}, "" for values without one): what the map
    may be coloured by besides the parameter ids (colorBy "<parameterId>#Dissolved", latest_key). One vectorised
    pass over the CSR entries of those parameters only; none when no station has values of a fraction."""
    params = snapshot.d["params"]
    fractioned = {key.partition("#")[0] for key in params if "#" in key}
    if not fractioned or not len(rows):
        return {}
    a = snapshot.a
    wanted = [code for code, key in enumerate(params) if key.partition("#")[0] in fractioned]
    entries = np.flatnonzero(_lut(len(params), wanted)[a["lv_code"]])
    inside = np.zeros(snapshot.n, dtype=bool)
    inside[rows] = True
    owners = np.searchsorted(a["lv_ptr"], entries, side="right") - 1  # the row of each entry
    found: dict[str, list[str]] = {}
    for code in np.unique(a["lv_code"][entries[inside[owners]]]).tolist():
        parameter_id, _, fraction = params[code].partition("#")
        found.setdefault(parameter_id, []).append(fraction)
    return {p: sorted(fractions) for p, fractions in sorted(found.items()) if any(fractions)}


def latest_of(snapshot: Snapshot, rows: np.ndarray, parameter_id: str) -> tuple[np.ndarray, np.ndarray]:
    """The latest value of one parameter at each of the (ascending) rows, NaN where the station has
    none, and its unit's code (-1: none). One vectorised pass over the CSR entries."""
    a = snapshot.a
    values = np.full(len(rows), np.nan, dtype=np.float32)
    units = np.full(len(rows), -1, dtype=np.int32)
    code = snapshot.index["params"].get(parameter_id)
    if code is None or not len(rows) or not len(a["lv_code"]):
        return values, units
    entries = np.flatnonzero(a["lv_code"] == np.uint32(code))
    owners = np.searchsorted(a["lv_ptr"], entries, side="right") - 1  # the row of each entry
    at = np.searchsorted(rows, owners)
    hit = at < len(rows)
    hit[hit] = rows[at[hit]] == owners[hit]
    values[at[hit]] = a["lv_value"][entries[hit]]
    units[at[hit]] = a["lv_unit"][entries[hit]]
    return values, units


def value_totals(snapshot: Snapshot, parameter_id: str, values: np.ndarray, units: np.ndarray) -> dict:
    """What a legend of the values needs: how many stations have one, their range, and the units
    (the most common first; `unit` is that one)."""
    present = ~np.isnan(values)
    count = int(present.sum())
    names = snapshot.d["units"]
    by_count = np.bincount(units[present], minlength=len(names)) if count else np.zeros(len(names), dtype=np.int64)
    found = [names[u] for u in sorted(np.flatnonzero(by_count).tolist(), key=lambda u: (-by_count[u], names[u]))
             if names[u]]
    low, high = ((decimal7(np.array([values[present].min(), values[present].max()], dtype=np.float32)).tolist())
                 if count else (None, None))
    return {"parameterId": parameter_id, "stations": count, "min": low, "max": high,
            "unit": found[0] if found else None, "units": found}


def value_column(values: np.ndarray) -> list:
    """Values for JSON: 7 significant digits, null where there is none."""
    return [None if v != v else v for v in decimal7(values).tolist()]


def columns(snapshot: Snapshot, rows: np.ndarray, fields: Sequence[str], precision: int) -> dict:
    """The map's compact answer: row numbers and quantised coordinates, each delta-coded."""
    a = snapshot.a
    scale = 10 ** precision
    out: dict[str, list] = {"row": np.diff(rows, prepend=0).tolist()}
    for name, column in (("lat", "lat"), ("lng", "lng")):
        q = np.round(a[column][rows] * scale).astype(np.int64)
        out[name] = np.diff(q, prepend=0).tolist()
    if "sampleCount" in fields:
        out["sampleCount"] = a["count"][rows].tolist()
    if "stationType" in fields:
        out["stationType"] = a["stype"][rows].tolist()
    return out
