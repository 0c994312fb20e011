"""GIS layers: uploaded GeoJSON files of hydrologic units (watersheds).

Storage: the original file in the uploads bucket under gis/layers/<layerId>.geojson, indexed by a
catalog item (chalicelib/reference/models.py, kind gisLayer) whose details hold s3Key, featureCount,
bbox, hucLevels and uploadedBy. Access patterns: every layer (the catalog's byKind index), then each
layer's file once per Lambda (kept in memory until the set of layers changes).

In memory a layer is a list of hydrologic units: a code of 2 to 12 digits (its level is the
number of digits, HUC2 region ... HUC12 subwatershed), a name, a bounding box and the polygon.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# (west, south, east, north) in degrees
BBox = tuple[float, float, float, float]


@dataclass(frozen=True)
class HydrologicUnit:
    huc: str
    name: str | None
    layer_id: str
    bbox: BBox
    # The feature's GeoJSON geometry (a Polygon or MultiPolygon) and its properties as uploaded.
    geometry: dict = field(repr=False, compare=False)
    properties: dict = field(repr=False, compare=False)

    @property
    def level(self) -> int:
        return len(self.huc)

    def summary(self) -> dict[str, Any]:
        """The shape GET /watershed answers."""
        return {"huc": self.huc, "name": self.name, "level": self.level, "layerId": self.layer_id,
                "bbox": list(self.bbox)}

    def feature(self) -> dict[str, Any]:
        """The shape GET /Util/gis/point2feature answers."""
        return {"huc": self.huc, "name": self.name, "level": self.level, "layerId": self.layer_id,
                "properties": self.properties}


@dataclass(frozen=True)
class Layer:
    id: str
    name: str
    units: tuple[HydrologicUnit, ...]

    @property
    def bbox(self) -> BBox:
        return union_bbox(unit.bbox for unit in self.units)

    @property
    def huc_levels(self) -> list[int]:
        return sorted({unit.level for unit in self.units})

    def summary(self) -> dict[str, Any]:
        """The shape POST /system/upload-files answers."""
        return {"id": self.id, "name": self.name, "featureCount": len(self.units), "bbox": list(self.bbox),
                "hucLevels": self.huc_levels}


def union_bbox(boxes) -> BBox:
    west, south, east, north = zip(*boxes)
    return min(west), min(south), max(east), max(north)
