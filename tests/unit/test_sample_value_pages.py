"""Query pages of values decoded by json.loads (chalicelib/samples/service.py, keep_items_raw) equal what
botocore's own parser makes of the same answer, for every attribute type and form the value items use;
read_ahead keeps the order of reading one by one."""
from __future__ import annotations

import json
import threading
import time

import botocore.session
import pytest
from botocore.parsers import create_parser

from chalicelib.samples import service

ITEMS = [
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-09T17:20:00Z"}, "v": {"N": "7.25"}, "u": {"S": "std units"}},
    # Every optional text the imports store, with text JSON escapes and non-ASCII characters.
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-09T17:20:00Z#WIDNR_WQX-45822640"}, "v": {"N": "-1E+3"},
     "u": {"S": "µS/cm"}, "a": {"S": "ACT \"one\", \\two\\"}, "dc": {"S": "Not Detected"}, "sf": {"S": "Dissolved"},
     "st": {"S": "Accepted"}, "vt": {"S": "Actual"}, "q": {"S": "J\nline"}, "p": {"S": "prj-1"},
     "at": {"S": "Field Msr/Obs"}, "m": {"S": "Water"}, "r": {"S": "水质 \u2028 ok"}},
    # A reported text instead of a number; numbers at DynamoDB's limits of precision and size.
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-10"}, "r": {"S": "ND"}},
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-11T00:00:00Z"}, "v": {"N": "0.12345678901234567890123456789012345678"}},
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-12T00:00:00Z"}, "v": {"N": "9.9999999999999999999999999999999999999E+125"}},
    {"seriesKey": {"S": "st-1#ph"}, "time": {"S": "2011-05-13T00:00:00Z"}, "v": {"N": "1000"}},
]


def _query_model():
    return botocore.session.get_session().get_service_model("dynamodb").operation_model("Query")


def _parsed(body: bytes, status: int = 200, *, raw: bool) -> dict:
    """What a client.query call answers for this HTTP answer, with or without the hook (as botocore's
    endpoint runs it: the hook, then the parser over what the hook left, then the hook's additions)."""
    model = _query_model()
    response = {"status_code": status, "headers": {"x-amzn-requestid": "r1"}, "body": body}
    added: dict = {}
    if raw:
        marked = service._RAW_ITEMS.set(True)
        try:
            service.keep_items_raw(response_dict=response, customized_response_dict=added)
        finally:
            service._RAW_ITEMS.reset(marked)
    parsed = create_parser(model.service_model.resolved_protocol).parse(response, model.output_shape)
    parsed.update(added)
    return parsed


def test_a_page_of_values_decodes_as_botocores_parser_decodes_it():
    body = json.dumps({"Items": ITEMS, "Count": len(ITEMS), "ScannedCount": 9,
                       "LastEvaluatedKey": {"seriesKey": ITEMS[-1]["seriesKey"], "time": ITEMS[-1]["time"]},
                       "ConsumedCapacity": {"TableName": "samples", "CapacityUnits": 0.5}}, ensure_ascii=False)
    ours, botocores = _parsed(body.encode("utf-8"), raw=True), _parsed(body.encode("utf-8"), raw=False)
    assert ours == botocores
    assert ours["Items"] == ITEMS and ours["Count"] == 6 and ours["LastEvaluatedKey"]["time"] == ITEMS[-1]["time"]


def test_counts_and_error_answers_are_left_to_botocore():
    counted = json.dumps({"Count": 3, "ScannedCount": 3}).encode()
    assert _parsed(counted, raw=True) == _parsed(counted, raw=False)
    assert "Items" not in _parsed(counted, raw=True)
    error = json.dumps({"__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
                        "message": "Requested resource not found"}).encode()
    parsed = _parsed(error, 400, raw=True)
    assert parsed == _parsed(error, 400, raw=False)
    assert parsed["Error"]["Code"] == "ResourceNotFoundException"


def test_without_the_mark_other_queries_are_parsed_by_botocore():
    body = json.dumps({"Items": [{"blob": {"B": "AAEC"}}], "Count": 1}).encode()
    response, added = {"status_code": 200, "headers": {}, "body": body}, {}
    service.keep_items_raw(response_dict=response, customized_response_dict=added)
    assert added == {} and response["body"] == body


def test_read_ahead_keeps_the_order_of_reading_one_by_one_while_reading_several_at_once():
    running, most = [0], [0]
    lock = threading.Lock()
    together = threading.Barrier(2, timeout=10)  # the first two sources meet only if they are read at once

    def source(n: int):
        for page in range(3):
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
            if n < 2 and page == 0:
                together.wait()
            time.sleep(0.01 * ((n * 7 + page) % 3))  # sources answer in their own time
            with lock:
                running[0] -= 1
            yield (n, page)

    read = list(service.read_ahead((source(n) for n in range(10)), window=4))
    assert read == [(n, page) for n in range(10) for page in range(3)]
    assert 2 <= most[0] <= 4


def test_read_ahead_passes_a_sources_failure_on():
    def failing():
        yield 1
        raise RuntimeError("the data store failed")

    with pytest.raises(RuntimeError, match="the data store failed"):
        list(service.read_ahead([iter([0]), failing(), iter([2])], window=2))


@pytest.mark.parametrize("stored", ["0", "-0", "7", "7.25", "-7.25", "1000", "0.5", "0.50", "1000.0", "10.50", "007",
                                    "-0.0", "1E+3", "1e-7", "-2.5E-3", "0.000001", "123456789012345678901234567890",
                                    "0.12345678901234567890123456789012345678", "9.9999999999999999999999999999999999999E+125"])
def test_a_stored_number_is_answered_as_dynamodb_normalizes_it(stored):
    from decimal import Context, Decimal

    from chalicelib.samples.download import number_text

    # DynamoDB's 38 significant digits, all of them.
    assert number_text(stored) == format(Decimal(stored).normalize(Context(prec=38)), "f")
    assert Decimal(number_text(stored)) == Decimal(stored)
