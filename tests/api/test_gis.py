"""GIS layers as users meet them: a system administrator uploads a GeoJSON file of hydrologic units
(a real multipart/form-data body), everyone lists the watersheds and looks up the units at a point;
bad files, bad forms and bad queries are refused with messages naming the problem."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from urllib3 import encode_multipart_formdata

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.gis import service
from chalicelib.reference.models import GIS_LAYER, CatalogItem

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "gis" / "huc_sample.geojson"
LIMIT = get_settings().gis_upload_limit_bytes

HUC8 = {"huc": "02040105", "name": "Middle Delaware-Musconetcong", "level": 8}
POHATCONG = {"huc": "020401050306", "name": "Pohatcong Creek", "level": 12}
POHOPOCO = {"huc": "020401060102", "name": "Upper Pohopoco Creek", "level": 12}


def _upload(api, content: bytes, *, identity="admin", filename="layer.geojson", name: str | None = None):
    fields = {"file": (filename, content, "application/geo+json")}
    if name is not None:
        fields["name"] = name
    body, content_type = encode_multipart_formdata(fields)
    return api.as_(identity).post("/system/upload-files", body, headers={"Content-Type": content_type})


def _polygon(west, south, east, north) -> dict:
    return {"type": "Polygon",
            "coordinates": [[[west, south], [east, south], [east, north], [west, north], [west, south]]]}


def _feature(properties=None, geometry=None) -> dict:
    return {"type": "Feature", "properties": {"huc12": "990000000001"} if properties is None else properties,
            "geometry": _polygon(150.0, -30.0, 150.1, -29.9) if geometry is None else geometry}


def _collection(*features) -> bytes:
    return json.dumps({"type": "FeatureCollection", "features": list(features)}).encode()


def _of_layer(units: list[dict], layer_id: str) -> list[dict]:
    return [{k: v for k, v in unit.items() if k != "layerId"} for unit in units if unit["layerId"] == layer_id]


@pytest.fixture(scope="module")
def sample_layer(api) -> dict:
    response = _upload(api, SAMPLE.read_bytes(), filename="huc_sample.geojson", name="Delaware sample")
    assert response.status_code == 201, response.json
    return response.json


# ---------------------------------------------------------------- upload


def test_an_administrator_uploads_a_layer_and_it_is_stored_and_indexed(api, demo, sample_layer):
    assert sample_layer == {"id": sample_layer["id"], "name": "Delaware sample", "featureCount": 3,
                            "bbox": [-75.7, 40.4, -74.74, 41.0], "hucLevels": [8, 12]}
    stored = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket,
                                         Key=f"gis/layers/{sample_layer['id']}.geojson")
    assert stored["Body"].read() == SAMPLE.read_bytes()
    item = CatalogItem.get(sample_layer["id"])
    assert item.kind == GIS_LAYER and item.label == "Delaware sample"
    details = item.details.as_dict()
    assert details["s3Key"] == f"gis/layers/{sample_layer['id']}.geojson"
    assert details["featureCount"] == 3
    assert [float(v) for v in details["bbox"]] == [-75.7, 40.4, -74.74, 41.0]
    assert [int(v) for v in details["hucLevels"]] == [8, 12]
    assert details["uploadedBy"] == demo["users"]["admin"]


def test_a_single_feature_is_a_layer_named_after_its_file(api):
    feature = _feature({"huc10": "9900000002", "NAME": "Coral Sea unit"}, _polygon(155.0, -20.0, 155.1, -19.9))
    response = _upload(api, json.dumps(feature).encode(), filename="coral sea.geojson")
    assert response.status_code == 201, response.json
    assert response.json["name"] == "coral sea.geojson"
    assert response.json["featureCount"] == 1 and response.json["hucLevels"] == [10]
    found = api.get("/watershed?huc=9900000002").json
    assert found == [{"huc": "9900000002", "name": "Coral Sea unit", "level": 10, "layerId": response.json["id"],
                      "bbox": [155.0, -20.0, 155.1, -19.9]}]


def test_an_upload_through_api_gateway_arrives_base64_encoded_and_intact(api):
    """API Gateway hands multipart bodies to Lambda base64-encoded (the app declares the type binary)."""
    import base64

    import app
    from chalice.local import LambdaContext

    assert "multipart/form-data" in app.app.api.binary_types
    content = json.dumps(_feature({"huc2": "98", "name": "Gateway unit é"}, _polygon(170, 10, 170.1, 10.1)),
                         ensure_ascii=False).encode()
    body, content_type = encode_multipart_formdata({"file": ("gateway.geojson", content, "application/geo+json")})
    path = "/api/v1/system/upload-files"
    event = {"resource": path, "path": path, "httpMethod": "POST", "pathParameters": None, "stageVariables": None,
             "multiValueQueryStringParameters": None, "queryStringParameters": None,
             "headers": {"content-type": content_type, "authorization": api.as_("admin").headers()["Authorization"]},
             "requestContext": {"httpMethod": "POST", "resourcePath": path, "path": f"/api{path}",
                                "identity": {"sourceIp": "127.0.0.1"}},
             "body": base64.b64encode(body).decode("ascii"), "isBase64Encoded": True}
    response = app.app(event, LambdaContext("api_handler", 256))
    assert response["statusCode"] == 201, response["body"]
    layer = json.loads(response["body"])
    stored = aws.client("s3").get_object(Bucket=get_settings().uploads_bucket, Key=f"gis/layers/{layer['id']}.geojson")
    assert stored["Body"].read() == content
    assert api.get("/watershed?huc=98").json[0]["name"] == "Gateway unit é"


BAD_FILES = [
    (b"", "The file is empty."),
    (b"{not json", "The file is not valid GeoJSON: Expecting property name enclosed in double quotes: "
                   "line 1 column 2 (char 1)"),
    (b"\xff\xfe{}", "The file is not valid GeoJSON: it is not UTF-8 text."),
    (json.dumps({"type": "Point", "coordinates": [1, 2]}).encode(),
     "The GeoJSON must be a FeatureCollection or a Feature."),
    (b"[]", "The GeoJSON must be a FeatureCollection or a Feature."),
    (json.dumps({"type": "FeatureCollection"}).encode(), "The FeatureCollection must have a list of features."),
    (_collection(), "The FeatureCollection has no features."),
    (_collection(_feature(), _feature(), {"type": "Polygon"}), "Feature 2: must be a GeoJSON Feature."),
    (_collection(_feature(), {"type": "Feature", "properties": {"huc2": "99"}, "geometry": None}),
     "Feature 1: geometry must be a Polygon or MultiPolygon."),
    (_collection(_feature(), _feature(), _feature(), _feature(geometry={"type": "Point", "coordinates": [1, 2]})),
     "Feature 3: geometry must be a Polygon or MultiPolygon."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": []})),
     "Feature 0: geometry coordinates must be a list of linear rings."),
    (_collection(_feature(geometry={"type": "MultiPolygon", "coordinates": "none"})),
     "Feature 0: geometry coordinates must be a list of polygons."),
    (_collection(_feature(geometry={"type": "MultiPolygon", "coordinates": [[]]})),
     "Feature 0: polygon 0 coordinates must be a list of linear rings."),
    (_collection(_feature(geometry=_polygon(180.5, 10, 181, 11))), "Feature 0: longitude 180.5 is outside -180..180."),
    (_collection(_feature(geometry=_polygon(10, -95.5, 11, 10))), "Feature 0: latitude -95.5 is outside -90..90."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]})),
     "Feature 0: ring 0 must be closed (its first and last positions equal)."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]})),
     "Feature 0: ring 0 must have at least 4 positions."),
    (_collection(_feature(geometry={"type": "MultiPolygon", "coordinates": [
        _polygon(0, 0, 1, 1)["coordinates"], [_polygon(2, 2, 3, 3)["coordinates"][0], [[2.1, 2.1], [2.2, 2.1]]]]})),
     "Feature 0: polygon 1 ring 1 must have at least 4 positions."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, 0], ["1", 1], [0, 0]]]})),
     "Feature 0: ring 0 position 2 must be [longitude, latitude] numbers."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": [[[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]]]})),
     "Feature 0: geometry is not valid (Self-intersection[1 1])."),
    (_collection(_feature(geometry={"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]],
                                                                       [[0, 0], [0, 0], [0, 0], [0, 0]]]})),
     "Feature 0: geometry is not valid (Too few points in geometry component[0 0])."),
    (b"[" * 100_000, "The file is not valid GeoJSON: it is nested too deeply."),
    (_collection(_feature({"name": "No code"})),
     "Feature 0: a hydrologic unit code property is required (huc12, huc10, huc8, huc6, huc4, huc2 or huc)."),
    (_collection(_feature({"huc12": "02040105030A"})), "Feature 0: property huc12 must be digits."),
    (_collection(_feature({"HUC8": 2040105})), "Feature 0: property HUC8 must be digits."),
    (_collection(_feature({"huc8": "0204010"})), "Feature 0: property huc8 must have 8 digits."),
    (_collection(_feature({"huc": "020"})), "Feature 0: property huc must have 2, 4, 6, 8, 10 or 12 digits."),
    (_collection(_feature({"huc4": "0204", "NAME": 12})), "Feature 0: property NAME must be text."),
    (_collection(_feature([])), "Feature 0: properties must be an object."),
]


@pytest.mark.parametrize("content,message", BAD_FILES, ids=[m for _, m in BAD_FILES])
def test_a_bad_file_is_refused_naming_the_feature_and_field(api, content, message):
    response = _upload(api, content)
    assert response.status_code == 400
    assert response.json == {"statusCode": 400, "message": message, "error": "Bad Request"}


def test_a_refused_file_leaves_no_layer_behind(api):
    before = {i.id for i in CatalogItem.by_kind.query(GIS_LAYER)}
    objects = aws.client("s3").list_objects_v2(Bucket=get_settings().uploads_bucket, Prefix="gis/layers/")
    assert _upload(api, _collection(_feature({"huc12": "x"}))).status_code == 400
    assert {i.id for i in CatalogItem.by_kind.query(GIS_LAYER)} == before
    after = aws.client("s3").list_objects_v2(Bucket=get_settings().uploads_bucket, Prefix="gis/layers/")
    assert after.get("KeyCount") == objects.get("KeyCount")


def test_a_form_without_a_file_is_refused(api):
    body, content_type = encode_multipart_formdata({"name": "Only a name"})
    response = api.as_("admin").post("/system/upload-files", body, headers={"Content-Type": content_type})
    assert response.status_code == 400
    assert response.json["message"] == "A GeoJSON file is required in the form field file."


@pytest.mark.parametrize("content_type", ["multipart/form-data", "multipart/form-data; boundary=not-in-the-body"])
def test_a_body_that_is_not_a_form_is_refused(api, content_type):
    body, _ = encode_multipart_formdata({"file": ("a.geojson", _collection(_feature()), "application/geo+json")})
    response = api.as_("admin").post("/system/upload-files", body, headers={"Content-Type": content_type})
    assert response.status_code == 400
    assert response.json["message"] == "The request body is not valid multipart/form-data."


def test_a_json_body_is_an_unsupported_media_type(api):
    response = api.as_("admin").post("/system/upload-files", {"file": "x"})
    assert response.status_code == 415
    assert response.json == {"statusCode": 415, "message": "Unsupported media type: application/json",
                             "error": "Unsupported Media Type"}


def test_a_layer_name_longer_than_200_characters_is_refused(api):
    response = _upload(api, _collection(_feature()), name="n" * 201)
    assert response.status_code == 400
    assert response.json["message"] == "Invalid name. At most 200 characters expected."


def test_a_file_over_the_limit_is_refused_stating_the_limit(api):
    assert LIMIT == 4 * 1024 * 1024
    content = _collection(_feature())
    content += b" " * (LIMIT + 1 - len(content))
    response = _upload(api, content)
    assert response.status_code == 413
    assert response.json == {"statusCode": 413, "message": "The file is larger than the upload limit of 4 MB.",
                             "error": "Request Entity Too Large"}


def test_a_body_far_over_the_limit_is_refused_before_it_is_read(api):
    body = b"x" * (LIMIT + service.FORM_OVERHEAD_BYTES + 1)
    response = api.as_("admin").post("/system/upload-files", body,
                                     headers={"Content-Type": "multipart/form-data; boundary=whatever"})
    assert response.status_code == 413
    assert response.json["message"] == "The file is larger than the upload limit of 4 MB."


@pytest.mark.parametrize("identity,status", [("anonymous", 401), ("viewer", 403), ("contributor", 403),
                                             ("orgadmin", 403), ("other_orgadmin", 403)])
def test_only_system_administrators_upload_layers(api, identity, status):
    response = _upload(api, _collection(_feature()), identity=identity)
    assert response.status_code == status
    expected = "Sign-in required." if status == 401 else "You do not have permission to do this."
    assert response.json["message"] == expected


# ---------------------------------------------------------------- watersheds


def test_watersheds_by_code_prefix(api, sample_layer):
    units = api.get("/watershed?huc=0204").json
    assert _of_layer(units, sample_layer["id"]) == [
        {**HUC8, "bbox": [-75.3, 40.4, -74.74, 40.92]},
        {**POHATCONG, "bbox": [-75.2, 40.55, -75.02, 40.7]},
        {**POHOPOCO, "bbox": [-75.7, 40.85, -75.45, 41.0]},
    ]
    assert [u["huc"] for u in api.get("/watershed?huc=02040105").json] == ["02040105", "020401050306"]
    assert api.get("/watershed?huc=0205").json == []


def test_watersheds_by_name_ignore_case(api, sample_layer):
    assert [u["huc"] for u in api.get("/watershed?q=POHATCONG").json] == ["020401050306"]
    assert [u["huc"] for u in api.get("/watershed?q=creek&huc=0204").json] == ["020401050306", "020401060102"]
    assert api.get("/watershed?q=no+such+creek").json == []


def test_watersheds_by_bounding_box(api, sample_layer):
    assert [u["huc"] for u in api.get("/watershed?bbox=-75.8,40.8,-75.4,41.1").json] == ["020401060102"]
    assert [u["huc"] for u in api.get("/watershed?bbox=-75.25,40.5,-75.1,40.6").json] == ["02040105", "020401050306"]
    assert api.get("/watershed?bbox=-100,30,-99,31").json == []


def test_watersheds_limit(api, sample_layer):
    assert [u["huc"] for u in api.get("/watershed?huc=0204&limit=2").json] == ["02040105", "020401050306"]
    everything = api.get("/watershed").json
    assert {"02040105", "020401050306", "020401060102"} <= {u["huc"] for u in everything}
    assert len(everything) <= 100


@pytest.mark.parametrize("query,message", [
    ("bbox=1,2,3", "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
                   "-90 <= south <= north <= 90."),
    ("bbox=a,b,c,d", "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
                     "-90 <= south <= north <= 90."),
    ("bbox=10,0,5,1", "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
                      "-90 <= south <= north <= 90."),
    ("bbox=0,-91,1,1", "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
                       "-90 <= south <= north <= 90."),
    ("bbox=", "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and "
              "-90 <= south <= north <= 90."),
    ("limit=0", "Invalid limit. Number from 1 to 1000 expected."),
    ("limit=1001", "Invalid limit. Number from 1 to 1000 expected."),
    ("limit=ten", "Invalid limit. Number from 1 to 1000 expected."),
    ("huc=02a", "Invalid huc. Digits expected."),
])
def test_bad_watershed_queries_are_refused(api, query, message):
    response = api.get(f"/watershed?{query}")
    assert response.status_code == 400
    assert response.json["message"] == message


# ---------------------------------------------------------------- the units at a point


def _at(api, query: str) -> list[dict]:
    response = api.get(f"/Util/gis/point2feature?{query}")
    assert response.status_code == 200, response.json
    return response.json


def test_a_point_in_a_nested_unit_finds_both_smallest_first(api, sample_layer):
    found = _at(api, "lat=40.6&lng=-75.12")
    assert [u["layerId"] for u in found] == [sample_layer["id"]] * 2
    assert [{k: u[k] for k in ("huc", "name", "level")} for u in found] == [POHATCONG, HUC8]
    assert found[0]["properties"] == {"HUC12": "020401050306", "NAME": "Pohatcong Creek", "STATES": "NJ",
                                      "AREASQKM": 148.17}
    assert found[1]["properties"]["huc8"] == "02040105"


def test_a_point_in_one_unit_and_in_a_second_polygon_of_a_multipolygon(api, sample_layer):
    assert [u["huc"] for u in _at(api, "lat=40.8&lng=-74.9")] == ["02040105"]
    assert [u["huc"] for u in _at(api, "lat=40.62&lng=-74.76")] == ["02040105"]


def test_a_point_on_a_boundary_belongs_to_the_unit(api, sample_layer):
    assert [u["huc"] for u in _at(api, "lat=40.55&lng=-75.1")] == ["020401050306", "02040105"]


def test_a_point_outside_every_unit_or_in_a_hole_finds_nothing(api, sample_layer):
    assert _at(api, "lat=35&lng=-100") == []
    assert _at(api, "lat=40.925&lng=-75.575") == []
    assert [u["huc"] for u in _at(api, "lat=40.87&lng=-75.6")] == ["020401060102"]


def test_a_position_given_as_a_braced_list(api, sample_layer):
    found = _at(api, "position=" + quote("{lat=40.6, lng=-75.12}"))
    assert [u["huc"] for u in found] == ["020401050306", "02040105"]
    assert [u["huc"] for u in _at(api, "position=" + quote("{latitude=40.8,longitude=-74.9}"))] == ["02040105"]


@pytest.mark.parametrize("query,message", [
    ("", "Invalid lat. A latitude from -90 to 90 expected."),
    ("lng=-75", "Invalid lat. A latitude from -90 to 90 expected."),
    ("lat=91&lng=0", "Invalid lat. A latitude from -90 to 90 expected."),
    ("lat=nan&lng=0", "Invalid lat. A latitude from -90 to 90 expected."),
    ("lat=40", "Invalid lng. A longitude from -180 to 180 expected."),
    ("lat=40&lng=abc", "Invalid lng. A longitude from -180 to 180 expected."),
    ("lat=40&lng=-180.01", "Invalid lng. A longitude from -180 to 180 expected."),
    ("position=" + quote("{lat=40.6}"), "Invalid lng. A longitude from -180 to 180 expected."),
    ("position=" + quote("{lat=40.6, lng}"),
     "Invalid position. A braced list of key=value pairs such as {lat=40.1, lng=-75.2} expected."),
    ("position=" + quote("{lat=40.6, lng=-75"),
     "Invalid position. A braced list of key=value pairs such as {lat=40.1, lng=-75.2} expected."),
])
def test_bad_coordinates_are_refused_naming_them(api, query, message):
    response = api.get(f"/Util/gis/point2feature?{query}")
    assert response.status_code == 400
    assert response.json["message"] == message


# ---------------------------------------------------------------- layers in memory


def test_layers_are_read_once_and_again_only_when_they_change(api, sample_layer, monkeypatch):
    loads = []
    real_load = service._load
    monkeypatch.setattr(service, "_load", lambda record: loads.append(record.id) or real_load(record))
    service.forget_layers()
    layer_count = len(list(CatalogItem.by_kind.query(GIS_LAYER)))

    assert api.get("/watershed?huc=0204").status_code == 200
    assert len(loads) == layer_count
    assert api.get("/Util/gis/point2feature?lat=40.6&lng=-75.12").status_code == 200
    assert len(loads) == layer_count  # nothing changed: nothing read again

    # The file changes (the unit gets a new name) and its catalog item says so: only that layer is read again.
    changed = json.loads(SAMPLE.read_text())
    changed["features"][1]["properties"]["NAME"] = "Pohatcong Creek (revised)"
    aws.client("s3").put_object(Bucket=get_settings().uploads_bucket, Key=f"gis/layers/{sample_layer['id']}.geojson",
                                Body=json.dumps(changed).encode())
    item = CatalogItem.get(sample_layer["id"])
    try:
        item.update(actions=[CatalogItem.updatedAt.set("2099-01-01T00:00:00.000Z")])
        loads.clear()
        found = _at(api, "lat=40.6&lng=-75.12")
        assert loads == [sample_layer["id"]]
        assert found[0]["name"] == "Pohatcong Creek (revised)"
    finally:
        aws.client("s3").put_object(Bucket=get_settings().uploads_bucket,
                                    Key=f"gis/layers/{sample_layer['id']}.geojson", Body=SAMPLE.read_bytes())
        item.update(actions=[CatalogItem.updatedAt.set("2099-01-02T00:00:00.000Z")])
    assert _at(api, "lat=40.6&lng=-75.12")[0]["name"] == "Pohatcong Creek"


def test_positions_may_carry_an_elevation(api):
    ring = [[30.0, -10.0, 120.5], [30.1, -10.0], [30.1, -9.9, 98], [30.0, -9.9, 101, 7], [30.0, -10.0, 120.5]]
    feature = _feature({"huc": "990103"}, {"type": "Polygon", "coordinates": [ring]})
    response = _upload(api, _collection(feature))
    assert response.status_code == 201, response.json
    assert response.json["bbox"] == [30.0, -10.0, 30.1, -9.9]
    assert [u["huc"] for u in _at(api, "lat=-9.95&lng=30.05")] == ["990103"]


def test_a_new_layer_is_found_by_the_next_request(api):
    assert _at(api, "lat=-49.95&lng=-60.05") == []
    response = _upload(api, _collection(_feature({"huc6": "990102", "name": "Falklands test unit"},
                                                 _polygon(-60.1, -50.0, -60.0, -49.9))))
    assert response.status_code == 201, response.json
    assert [(u["huc"], u["layerId"]) for u in _at(api, "lat=-49.95&lng=-60.05")] == [("990102", response.json["id"])]
