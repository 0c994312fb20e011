"""A geographic position may be given as a braced list of key=value pairs, split into a key/value object;
the point lookup reads lat and lng from it (or from lat and lng given directly)."""
import pytest

from chalicelib.core.errors import BadRequest
from chalicelib.gis.service import INVALID_LAT, INVALID_LNG, INVALID_POSITION, parse_braced, parse_point


@pytest.mark.parametrize("text,expected", [
    ("{lat=40.1, lng=-75.2}", {"lat": "40.1", "lng": "-75.2"}),
    ("{lat=40.1,lng=-75.2}", {"lat": "40.1", "lng": "-75.2"}),
    ("  { lat = 40.1 ,  lng = -75.2 }  ", {"lat": "40.1", "lng": "-75.2"}),
    ("lat=40.1, lng=-75.2", {"lat": "40.1", "lng": "-75.2"}),
    ("{latitude=40.1, longitude=-75.2, zoom=8}", {"latitude": "40.1", "longitude": "-75.2", "zoom": "8"}),
    ("{name=a=b}", {"name": "a=b"}),
    ("{lat=}", {"lat": ""}),
    ("{lat=1, lat=2}", {"lat": "2"}),
    ("{}", {}),
    ("", {}),
])
def test_a_braced_list_splits_into_keys_and_values(text, expected):
    assert parse_braced(text) == expected


@pytest.mark.parametrize("text", ["{lat=40.1", "lat=40.1}", "{", "}", "{lat}", "{=40.1}", "{lat=1,,lng=2}",
                                  '{"lat": 40.1}'])
def test_what_is_not_a_braced_list_of_pairs_is_refused(text):
    with pytest.raises(ValueError):
        parse_braced(text)


@pytest.mark.parametrize("params,expected", [
    ({"lat": "40.1", "lng": "-75.2"}, (40.1, -75.2)),
    ({"position": "{lat=40.1, lng=-75.2}"}, (40.1, -75.2)),
    ({"position": "{latitude=-90, lon=180}"}, (-90.0, 180.0)),
    ({"position": "{lat=1, lng=2}", "lat": "3"}, (3.0, 2.0)),
    ({"lat": " 0 ", "lng": "1e1"}, (0.0, 10.0)),
])
def test_a_point_from_the_query(params, expected):
    assert parse_point(params) == expected


@pytest.mark.parametrize("params,message", [
    ({}, INVALID_LAT),
    ({"lng": "1"}, INVALID_LAT),
    ({"lat": "90.5", "lng": "1"}, INVALID_LAT),
    ({"lat": "inf", "lng": "1"}, INVALID_LAT),
    ({"lat": "1"}, INVALID_LNG),
    ({"lat": "1", "lng": "east"}, INVALID_LNG),
    ({"position": "{lat=1}"}, INVALID_LNG),
    ({"position": "{lat=1, lng=nan}"}, INVALID_LNG),
    ({"position": "{lat 1, lng 2}"}, INVALID_POSITION),
])
def test_a_bad_point_names_the_coordinate(params, message):
    with pytest.raises(BadRequest) as refused:
        parse_point(params)
    assert refused.value.message == message
