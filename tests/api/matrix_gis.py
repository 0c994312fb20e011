"""Authorization-matrix cases of the GIS routes (layer upload, watersheds, point lookup).
Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

import json

from urllib3 import encode_multipart_formdata

from tests.api.authorization_matrix import ADMIN_ONLY, ALL_OK, Case

# A one-feature layer in the South Atlantic, far from the units tests/api/test_gis.py looks up.
_LAYER = {"type": "Feature", "properties": {"huc": "990101", "name": "Matrix test unit"},
          "geometry": {"type": "Polygon", "coordinates": [
              [[-20.0, -40.0], [-19.9, -40.0], [-19.9, -39.9], [-20.0, -39.9], [-20.0, -40.0]]]}}
_BODY, _CONTENT_TYPE = encode_multipart_formdata(
    {"file": ("matrix.geojson", json.dumps(_LAYER).encode(), "application/geo+json"), "name": "Matrix layer"})

CASES: list = [
    Case("POST", "/system/upload-files", {**ADMIN_ONLY, "admin": 201}, body=_BODY,
         headers={"Content-Type": _CONTENT_TYPE}),
    Case("GET", "/watershed", ALL_OK),
    Case("GET", "/Util/gis/point2feature?lat=-39.95&lng=-19.95", ALL_OK),
]
