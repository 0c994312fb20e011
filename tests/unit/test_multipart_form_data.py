"""multipart/form-data bodies as clients send them (encoded here by urllib3, the encoder behind
requests) come apart into their fields byte for byte."""
import pytest
from urllib3 import encode_multipart_formdata

from chalicelib.core.errors import BadRequest
from chalicelib.core.multipart import NOT_FORM_DATA, parse_form_data

BINARY = bytes(range(256)) + b"\r\n--\r\n\n\r" + "名字 é".encode() + b"\r\n"


def test_fields_and_files_come_back_byte_for_byte():
    body, content_type = encode_multipart_formdata({
        "file": ("名字.geojson", BINARY, "application/geo+json"), "name": "Délaware layer"})
    form = parse_form_data(content_type, body)
    assert form["file"].content == BINARY
    assert form["file"].filename == "名字.geojson"
    assert form["file"].content_type == "application/geo+json"
    assert form["name"].text() == "Délaware layer"
    assert form["name"].filename is None


def test_the_first_part_of_a_name_wins_and_an_epilogue_is_ignored():
    boundary = "XyZ"
    body = (b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
            b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ntwo\r\n"
            b"--XyZ\r\nContent-Disposition: attachment; name=\"b\"\r\n\r\nignored\r\n"
            b"--XyZ\r\nContent-Disposition: form-data; name=\"c\"; filename*=UTF-8''%E5%90%8D.json\r\n\r\n\r\n"
            b"--XyZ--\r\nAn epilogue.")
    form = parse_form_data(f'multipart/form-data; boundary="{boundary}"', body)
    assert set(form) == {"a", "c"}
    assert form["a"].content == b"one"
    assert form["c"].filename == "名.json" and form["c"].content == b""


@pytest.mark.parametrize("content_type", ["multipart/form-data", "application/json", "",
                                          "multipart/form-data; boundary=other"])
def test_a_body_without_its_boundary_is_refused(content_type):
    body, _ = encode_multipart_formdata({"a": "1"})
    with pytest.raises(BadRequest) as refused:
        parse_form_data(content_type, body)
    assert refused.value.message == NOT_FORM_DATA


def test_a_truncated_body_is_refused():
    body, content_type = encode_multipart_formdata({"file": ("a.json", b"x" * 1000, "application/json")})
    with pytest.raises(BadRequest) as refused:
        parse_form_data(content_type, body[:600])
    assert refused.value.message == NOT_FORM_DATA


def test_a_text_field_must_be_utf8():
    body, content_type = encode_multipart_formdata({"name": b"\xff\xfe"})
    form = parse_form_data(content_type, body)
    with pytest.raises(BadRequest) as refused:
        form["name"].text()
    assert refused.value.message == "Form field name must be UTF-8 text."
