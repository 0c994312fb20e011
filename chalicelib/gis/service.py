"""GIS layers of hydrologic units: upload (validate, store, index), list units, find the units at a point.

Uploaded layers are read once per Lambda and kept in memory, keyed by the set of layer ids and their
updatedAt: a request lists the layers (one Query of the catalog's byKind index) and reloads only when
that set changed. shapely (GEOS) is imported inside the functions that need geometry, so importing
the app stays cheap; its STRtree indexes the polygons for point lookups.
"""
from __future__ import annotations

import json
import logging
import math
import threading
import uuid
from typing import Any, Iterable, Mapping

from chalicelib.core import aws, numbers
from chalicelib.core.config import get_settings
from chalicelib.core.errors import BadRequest, PayloadTooLarge
from chalicelib.core.models import utc_now
from chalicelib.gis.models import BBox, HydrologicUnit, Layer, union_bbox
from chalicelib.reference import service as reference
from chalicelib.reference.models import GIS_LAYER, CatalogItem

logger = logging.getLogger(__name__)

# Hydrologic unit code properties, most specific first; names match case-insensitively (huc12, HUC12).
HUC_PROPERTIES = ("huc12", "huc10", "huc8", "huc6", "huc4", "huc2", "huc")
HUC_LEVELS = (2, 4, 6, 8, 10, 12)
NAME_PROPERTY = "name"
MAX_NAME_LENGTH = 200
DEFAULT_LAYER_NAME = "GeoJSON layer"
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
# What a multipart body may carry besides the file (boundaries, part headers, the name field).
FORM_OVERHEAD_BYTES = 64 * 1024
FILE_REQUIRED = "A GeoJSON file is required in the form field file."
EMPTY_FILE = "The file is empty."
INVALID_BBOX = ("Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
                "-90 <= south <= north <= 90.")
INVALID_LIMIT = f"Invalid limit. Number from 1 to {MAX_LIMIT} expected."
INVALID_HUC = "Invalid huc. Digits expected."
INVALID_LAT = "Invalid lat. A latitude from -90 to 90 expected."
INVALID_LNG = "Invalid lng. A longitude from -180 to 180 expected."
INVALID_POSITION = "Invalid position. A braced list of key=value pairs such as {lat=40.1, lng=-75.2} expected."


# ---------------------------------------------------------------- reading GeoJSON


def _describe_size(size: int) -> str:
    for unit, factor in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def too_large_message() -> str:
    return f"The file is larger than the upload limit of {_describe_size(get_settings().gis_upload_limit_bytes)}."


def check_form_size(size: int) -> None:
    """Refuse a request body that cannot hold a file within the limit, before reading it."""
    if size > get_settings().gis_upload_limit_bytes + FORM_OVERHEAD_BYTES:
        raise PayloadTooLarge(too_large_message())


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and numbers.finite(value)


def _ring_bounds(index: int, where: str, ring: Any) -> BBox:
    if not isinstance(ring, list) or len(ring) < 4:
        raise BadRequest(f"Feature {index}: {where} must have at least 4 positions.")
    xs, ys = [], []
    for k, position in enumerate(ring):
        if not isinstance(position, list) or len(position) < 2 or not all(_is_number(v) for v in position):
            raise BadRequest(f"Feature {index}: {where} position {k} must be [longitude, latitude] numbers.")
        x, y = position[0], position[1]
        if not -180 <= x <= 180:
            raise BadRequest(f"Feature {index}: longitude {x} is outside -180..180.")
        if not -90 <= y <= 90:
            raise BadRequest(f"Feature {index}: latitude {y} is outside -90..90.")
        xs.append(x)
        ys.append(y)
    if ring[0][:2] != ring[-1][:2]:
        raise BadRequest(f"Feature {index}: {where} must be closed (its first and last positions equal).")
    return min(xs), min(ys), max(xs), max(ys)


def _polygon_bounds(index: int, rings: Any, polygon: int | None) -> list[BBox]:
    prefix = "" if polygon is None else f"polygon {polygon} "
    if not isinstance(rings, list) or not rings:
        raise BadRequest(f"Feature {index}: {prefix or 'geometry '}coordinates must be a list of linear rings.")
    return [_ring_bounds(index, f"{prefix}ring {r}", ring) for r, ring in enumerate(rings)]


def _geometry_bbox(index: int, geometry: Any) -> BBox:
    kind = geometry.get("type") if isinstance(geometry, dict) else None
    if kind not in ("Polygon", "MultiPolygon"):
        raise BadRequest(f"Feature {index}: geometry must be a Polygon or MultiPolygon.")
    coordinates = geometry.get("coordinates")
    if kind == "Polygon":
        return union_bbox(_polygon_bounds(index, coordinates, None))
    if not isinstance(coordinates, list) or not coordinates:
        raise BadRequest(f"Feature {index}: geometry coordinates must be a list of polygons.")
    return union_bbox([box for p, rings in enumerate(coordinates) for box in _polygon_bounds(index, rings, p)])


def _huc(index: int, properties: dict) -> str:
    by_name = {}
    for key in properties:
        if isinstance(key, str) and key.lower() in HUC_PROPERTIES:
            by_name.setdefault(key.lower(), key)
    chosen = next((by_name[name] for name in HUC_PROPERTIES if name in by_name), None)
    if chosen is None:
        raise BadRequest(f"Feature {index}: a hydrologic unit code property is required "
                         f"(huc12, huc10, huc8, huc6, huc4, huc2 or huc).")
    value = properties[chosen]
    code = value.strip() if isinstance(value, str) else ""
    if not (code.isascii() and code.isdigit()):
        raise BadRequest(f"Feature {index}: property {chosen} must be digits.")
    level = chosen.lower().removeprefix("huc")
    if level and len(code) != int(level):
        raise BadRequest(f"Feature {index}: property {chosen} must have {level} digits.")
    if len(code) not in HUC_LEVELS:
        raise BadRequest(f"Feature {index}: property {chosen} must have 2, 4, 6, 8, 10 or 12 digits.")
    return code


def _name(index: int, properties: dict) -> str | None:
    key = next((k for k in properties if isinstance(k, str) and k.lower() == NAME_PROPERTY), None)
    if key is None or properties[key] is None:
        return None
    if not isinstance(properties[key], str):
        raise BadRequest(f"Feature {index}: property {key} must be text.")
    return properties[key].strip() or None


def _planar(geometry: dict):
    """The shapely polygon of a checked GeoJSON geometry, on longitude and latitude only (a position may
    carry an elevation, not always in every position)."""
    from shapely.geometry import shape

    def ring(positions):
        return [position[:2] for position in positions]

    if geometry["type"] == "Polygon":
        coordinates = [ring(r) for r in geometry["coordinates"]]
    else:
        coordinates = [[ring(r) for r in polygon] for polygon in geometry["coordinates"]]
    return shape({"type": geometry["type"], "coordinates": coordinates})


def _check_valid(index: int, geometry: dict) -> None:
    import shapely

    polygon = _planar(geometry)
    if not shapely.is_valid(polygon):
        raise BadRequest(f"Feature {index}: geometry is not valid ({shapely.is_valid_reason(polygon)}).")


def read_units(data: bytes, layer_id: str, *, check_validity: bool = True) -> tuple[HydrologicUnit, ...]:
    """The hydrologic units of a GeoJSON FeatureCollection (or a single Feature); a 400 names the first
    problem: the feature's index and the field."""
    if not data.strip():
        raise BadRequest(EMPTY_FILE)
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise BadRequest("The file is not valid GeoJSON: it is not UTF-8 text.") from exc
    except ValueError as exc:
        raise BadRequest(f"The file is not valid GeoJSON: {exc}") from exc
    except RecursionError as exc:
        raise BadRequest("The file is not valid GeoJSON: it is nested too deeply.") from exc
    kind = document.get("type") if isinstance(document, dict) else None
    if kind == "Feature":
        features = [document]
    elif kind == "FeatureCollection":
        features = document.get("features")
        if not isinstance(features, list):
            raise BadRequest("The FeatureCollection must have a list of features.")
        if not features:
            raise BadRequest("The FeatureCollection has no features.")
    else:
        raise BadRequest("The GeoJSON must be a FeatureCollection or a Feature.")
    units = []
    for index, feature in enumerate(features):
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            raise BadRequest(f"Feature {index}: must be a GeoJSON Feature.")
        geometry = feature.get("geometry")
        bbox = _geometry_bbox(index, geometry)
        properties = feature.get("properties")
        if properties is None:
            properties = {}
        if not isinstance(properties, dict):
            raise BadRequest(f"Feature {index}: properties must be an object.")
        huc, name = _huc(index, properties), _name(index, properties)
        if check_validity:
            _check_valid(index, geometry)
        units.append(HydrologicUnit(huc=huc, name=name, layer_id=layer_id, bbox=bbox, geometry=geometry,
                                    properties=properties))
    return tuple(units)


# ---------------------------------------------------------------- upload


def layer_name(name: str | None, filename: str | None) -> str:
    """The name given, else the file's name (without a client's folder path), else a default."""
    chosen = (name or "").strip()
    if not chosen and filename:
        chosen = filename.replace("\\", "/").rsplit("/", 1)[-1].strip()
    chosen = chosen or DEFAULT_LAYER_NAME
    if len(chosen) > MAX_NAME_LENGTH:
        raise BadRequest(f"Invalid name. At most {MAX_NAME_LENGTH} characters expected.")
    return chosen


def upload_layer(data: bytes, name: str, uploaded_by: str) -> dict:
    """Validate a GeoJSON file, store it in S3 and index it as a catalog item; the new layer's summary."""
    if len(data) > get_settings().gis_upload_limit_bytes:
        raise PayloadTooLarge(too_large_message())
    layer_id = str(uuid.uuid4())
    layer = Layer(id=layer_id, name=name, units=read_units(data, layer_id))
    settings = get_settings()
    key = f"gis/layers/{layer_id}.geojson"
    s3 = aws.client("s3")
    s3.put_object(Bucket=settings.uploads_bucket, Key=key, Body=data, ContentType="application/geo+json")
    now = utc_now()
    item = CatalogItem(id=layer_id, kind=GIS_LAYER, label=name, createdAt=now, updatedAt=now, details={
        "s3Key": key, "featureCount": len(layer.units), "bbox": list(layer.bbox), "hucLevels": layer.huc_levels,
        "uploadedBy": uploaded_by})
    try:
        item.save()
    except Exception:
        s3.delete_object(Bucket=settings.uploads_bucket, Key=key)
        raise
    with _lock:
        _layers[(layer_id, now)] = layer
    return layer.summary()


# ---------------------------------------------------------------- the layers in memory


class UnitIndex:
    """Every unit of the current layers, sorted by code; an STRtree over their polygons, built on first use."""

    def __init__(self, units: Iterable[HydrologicUnit]):
        self.units = sorted(units, key=lambda u: (u.huc, u.layer_id))
        self._tree = None
        self._geometries: list = []
        self._tree_lock = threading.Lock()

    def _spatial(self):
        with self._tree_lock:
            if self._tree is None:
                from shapely import STRtree

                self._geometries = [_planar(unit.geometry) for unit in self.units]
                self._tree = STRtree(self._geometries)
            return self._tree, self._geometries

    def containing(self, lat: float, lng: float) -> list[HydrologicUnit]:
        """The units whose polygon holds the point (its boundary included), smallest unit first."""
        if not self.units:
            return []
        from shapely import Point

        tree, geometries = self._spatial()
        hits = tree.query(Point(lng, lat), predicate="intersects")
        ranked = sorted(hits, key=lambda i: (-self.units[i].level, geometries[i].area, self.units[i].huc))
        return [self.units[i] for i in ranked]


_lock = threading.Lock()
# (layer id, updatedAt) -> Layer, and the index over the current set of layers.
_layers: dict[tuple[str, str], Layer] = {}
_index: dict[str, Any] = {}


def _version(record: CatalogItem) -> tuple[str, str]:
    return record.id, record.updatedAt or record.createdAt


def _details(record: CatalogItem) -> dict:
    details = record.details
    return details.as_dict() if details is not None else {}


def _load(record: CatalogItem) -> Layer | None:
    key = _details(record).get("s3Key")
    try:
        body = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=key)["Body"].read()
    except Exception:  # noqa: BLE001 - one unreadable layer must not take the others down
        logger.exception("GIS layer %s: cannot read s3://%s/%s", record.id, get_settings().uploads_bucket, key)
        return None
    return Layer(id=record.id, name=record.label or DEFAULT_LAYER_NAME,
                 units=read_units(body, record.id, check_validity=False))


def current_index() -> UnitIndex:
    """The index over the layers as they are now; reloads only the layers that are new or changed."""
    records = reference.items_of(GIS_LAYER)
    versions = frozenset(_version(r) for r in records)
    with _lock:
        if _index.get("versions") == versions:
            return _index["index"]
        known = dict(_layers)
    layers = []
    for record in records:
        layer = known.get(_version(record)) or _load(record)
        if layer is not None:
            layers.append((_version(record), layer))
    index = UnitIndex(unit for _, layer in layers for unit in layer.units)
    with _lock:
        _layers.clear()
        _layers.update(layers)
        _index.update(versions=versions, index=index)
    return index


def forget_layers() -> None:
    """Drop the layers held in memory (the next request reads them again)."""
    with _lock:
        _layers.clear()
        _index.clear()


# ---------------------------------------------------------------- queries


def parse_bbox(text: str) -> BBox:
    parts = text.split(",")
    try:
        values = [float(p) for p in parts]
    except ValueError as exc:
        raise BadRequest(INVALID_BBOX) from exc
    if len(values) != 4 or not all(math.isfinite(v) for v in values):
        raise BadRequest(INVALID_BBOX)
    west, south, east, north = values
    if not (-180 <= west <= east <= 180 and -90 <= south <= north <= 90):
        raise BadRequest(INVALID_BBOX)
    return west, south, east, north


def parse_unit_query(params: Mapping[str, str]) -> dict:
    """The filters of GET /watershed: huc (code prefix), q (name contains), bbox, limit."""
    query: dict[str, Any] = {"limit": DEFAULT_LIMIT}
    huc = (params.get("huc") or "").strip()
    if huc:
        if not (huc.isascii() and huc.isdigit()):
            raise BadRequest(INVALID_HUC)
        query["huc"] = huc
    text = (params.get("q") or "").strip()
    if text:
        query["q"] = text.casefold()
    if params.get("bbox") is not None:
        query["bbox"] = parse_bbox(params["bbox"])
    limit = params.get("limit")
    if limit is not None:
        limit = limit.strip()
        if not (limit.isascii() and limit.isdigit()) or not 0 < int(limit) <= MAX_LIMIT:
            raise BadRequest(INVALID_LIMIT)
        query["limit"] = int(limit)
    return query


def _overlaps(a: BBox, b: BBox) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def list_units(query: dict) -> list[dict]:
    """Hydrologic units of every layer matching the query, by code."""
    found = []
    for unit in current_index().units:
        if "huc" in query and not unit.huc.startswith(query["huc"]):
            continue
        if "q" in query and (unit.name is None or query["q"] not in unit.name.casefold()):
            continue
        if "bbox" in query and not _overlaps(unit.bbox, query["bbox"]):
            continue
        found.append(unit.summary())
        if len(found) == query["limit"]:
            break
    return found


def parse_braced(text: str) -> dict[str, str]:
    """A geographic position given as a braced list of key=value pairs, split into a key/value object:
    '{lat=40.1, lng=-75.2}' -> {'lat': '40.1', 'lng': '-75.2'}. Values stay text; braces are optional.
    Raises ValueError when the text is not such a list."""
    body = text.strip()
    if body.startswith("{") != body.endswith("}"):
        raise ValueError("unbalanced braces")
    if body.startswith("{"):
        body = body[1:-1]
    pairs: dict[str, str] = {}
    if not body.strip():
        return pairs
    for item in body.split(","):
        key, separator, value = item.partition("=")
        key = key.strip()
        if not separator or not key:
            raise ValueError(f"{item.strip()!r} is not a key=value pair")
        pairs[key] = value.strip()
    return pairs


def _coordinate(value: str | None, limit: float, message: str) -> float:
    try:
        number = float(value) if value is not None else math.nan
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or not -limit <= number <= limit:
        raise BadRequest(message)
    return number


def parse_point(params: Mapping[str, str]) -> tuple[float, float]:
    """(lat, lng) from ?lat=..&lng=.. or ?position={lat=.., lng=..} (lat and lng given directly win)."""
    position: dict[str, str] = {}
    if params.get("position") is not None:
        try:
            position = parse_braced(params["position"])
        except ValueError as exc:
            raise BadRequest(INVALID_POSITION) from exc

    def pick(names: tuple[str, ...]) -> str | None:
        for source in (params, position):
            for name in names:
                if source.get(name) is not None:
                    return source[name]
        return None

    lat = _coordinate(pick(("lat", "latitude")), 90, INVALID_LAT)
    lng = _coordinate(pick(("lng", "lon", "longitude")), 180, INVALID_LNG)
    return lat, lng


def units_containing(lat: float, lng: float) -> list[dict]:
    """The hydrologic units holding the point, smallest first (a HUC12 before the HUC8 around it)."""
    return [unit.feature() for unit in current_index().containing(lat, lng)]
