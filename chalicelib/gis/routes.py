"""GIS: GeoJSON layers of hydrologic units (upload by system administrators), the watershed list and
the point lookup (public)."""
from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.core.errors import BadRequest
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import INTEGER, NULLABLE_TEXT, NUMBER, OBJECT, TEXT, describe
from chalicelib.core.multipart import parse_form_data
from chalicelib.gis import service

routes = Routes(__name__)
_BBOX = {"type": "array", "items": NUMBER, "minItems": 4, "maxItems": 4,
         "description": "west, south, east, north (degrees)"}
_UNIT = {"huc": {**TEXT, "description": "the hydrologic unit code, 2 to 12 digits"}, "name": NULLABLE_TEXT,
         "level": {**INTEGER, "description": "the code's number of digits (2: region ... 12: subwatershed)"},
         "layerId": TEXT}
# Layer.summary: an uploaded layer.
LAYER = {"type": "object", "required": ["id", "name", "featureCount", "bbox", "hucLevels"], "properties": {
    "id": TEXT, "name": TEXT, "featureCount": INTEGER, "bbox": _BBOX, "hucLevels": {"type": "array", "items": INTEGER}}}
# HydrologicUnit.summary: a unit of the watershed list.
WATERSHED = {"type": "object", "required": [*_UNIT, "bbox"], "properties": {**_UNIT, "bbox": _BBOX}}
# HydrologicUnit.feature: a unit holding a point, with the feature's properties as uploaded.
UNIT_FEATURE = {"type": "object", "required": [*_UNIT, "properties"], "properties": {**_UNIT, "properties": OBJECT}}


@routes.route("/system/upload-files", methods=["POST"], auth=rules.permission("manage-system-settings"),
              content_types=["multipart/form-data"])
@describe(status=201, returns=LAYER)
def upload_files():
    """Upload a GeoJSON layer of hydrologic units (form fields: file, optional name); answers the new layer."""
    request = routes.current_request
    body = request.raw_body or b""
    service.check_form_size(len(body))
    form = parse_form_data(request.headers.get("content-type", ""), body)
    upload = form.get("file")
    if upload is None:
        raise BadRequest(service.FILE_REQUIRED)
    name = service.layer_name(form["name"].text() if "name" in form else None, upload.filename)
    return created(service.upload_layer(upload.content, name, require_principal().id))


@routes.route("/watershed", auth=rules.public)
@describe(query={"huc": {"type": "string", "description": "hydrologic unit code prefix"},
                 "q": {"type": "string", "description": "name contains"},
                 "bbox": {"type": "string", "description": "west,south,east,north"},
                 "limit": {"type": "integer", "minimum": 1, "maximum": service.MAX_LIMIT,
                           "description": f"units; {service.DEFAULT_LIMIT} unless given"}},
          returns={"type": "array", "items": WATERSHED})
def watersheds():
    """Hydrologic units of the uploaded layers (?huc=code prefix, q=name contains, bbox=w,s,e,n, limit)."""
    return service.list_units(service.parse_unit_query(routes.current_request.query_params or {}))


@routes.route("/Util/gis/point2feature", auth=rules.public)
@describe(query={"lat": {"type": "number", "minimum": -90, "maximum": 90, "description": "latitude (WGS 84)"},
                 "lng": {"type": "number", "minimum": -180, "maximum": 180, "description": "longitude (WGS 84)"},
                 "position": {"type": "string", "description": "{lat=.., lng=..}, instead of lat and lng"}},
          returns={"type": "array", "items": UNIT_FEATURE})
def point_to_feature():
    """The hydrologic units holding a point (?lat=..&lng=.. or ?position={lat=.., lng=..}), smallest first."""
    lat, lng = service.parse_point(routes.current_request.query_params or {})
    return service.units_containing(lat, lng)
