"""The checks keep a value's text where it is not its number's own (7.10, 1.5E-3), decided column-wise with the
same text downloads write of the stored number, and read a result's detection limit, refusing one that is no
number with a reason that reads in Chinese too."""
from __future__ import annotations

import io
import random
import re

import pyarrow as pa

from chalicelib.core.messages import localize
from chalicelib.imports import formats, reader, source, validate
from chalicelib.samples.download import number_text
from chalicelib.samples.service import item_of, number_text_of, Sample

RULES = validate.Rules(units=frozenset({"mg/L", "std units"}), time_zones={"UTC": 0, "EST": -5},
                       activity_types={"Field Msr/Obs": (False, True)})
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def _checked(text: str) -> validate.Checked:
    opened = source.open_text(io.BytesIO(text.encode()))
    layout = formats.detect(opened.header)
    (chunk,) = list(reader.chunks(opened, 1000))
    checked_with = validate.check_limits if layout.format.kind == formats.LIMITS else validate.check_results
    return checked_with(chunk.table, layout, opened.header, RULES, first_row=1)


def test_a_number_is_its_own_text_exactly_when_downloads_would_write_it_so():
    random.seed(7)
    texts = ["7.10", "0.0100", "20.0", "1.5E-3", "7.2", "1e-7", "0.0000001", "1e20", "100000000000000000000", "1e15",
             "1000000000000000", "-0.5", "+3", ".5", "5.", "00012", "1E+2", "123456789012345678901", "0", "-0", "0.000"]
    for _ in range(20_000):
        x = random.random() * random.choice((1, 10, 1000)) * 10 ** random.randint(-30, 30)
        texts.append(random.choice((repr(x), f"{x:.3g}", f"{x:.6f}", f"{x:e}", str(round(x, 3)), number_text_of(x))))
    written = pa.array(texts)
    numbers, _ = validate.parse_numbers(written)
    kept = validate.written_figures(written, numbers).to_pylist()
    for text, number, figures in zip(texts, numbers.to_pylist(), kept):
        # What a download writes of the stored number (item_of's "v", as DynamoDB answers it).
        own = number_text(item_of(Sample("s", "p", "t", value=number))["v"]["N"])
        assert own == number_text_of(number)
        assert figures == (text if text != own else None), text
    assert kept[:8] == ["7.10", "0.0100", "20.0", "1.5E-3", None, "1e-7", None, "1e20"]


def test_a_results_limit_is_read_and_one_that_is_no_number_refused():
    checked = _checked("StationIdentifier,Date,Parameter,Value,Unit,DetectionCondition,DetectionLimit,DetectionLimitUnit\n"
                       "S1,2024-01-01,N,ND,mg/L,Not Detected,'0.50,mg/L\n"
                       "S1,2024-01-02,N,ND,mg/L,Not Detected,abc,mg/L\n"
                       "S1,2024-01-03,N,7.10,mg/L,,,\n")
    assert checked.fields["detectionLimit"].to_pylist() == ["0.50", ""]  # Excel's text mark taken off
    assert checked.fields["writtenValue"].to_pylist() == [None, "7.10"]
    (refused,) = checked.rejections
    assert (refused.row, refused.column, refused.value) == (2, "DetectionLimit", "abc")
    assert CHINESE.search(localize(refused.message, "zh-CN"))


def test_a_detection_limit_file_is_recognised_and_checked():
    checked = _checked("OrganizationIdentifier,ActivityIdentifier,MonitoringLocationIdentifier,ResultIdentifier,"
                       "CharacteristicName,DetectionQuantitationLimitTypeName,"
                       "DetectionQuantitationLimitMeasure/MeasureValue,DetectionQuantitationLimitMeasure/MeasureUnitCode\n"
                       "O,A-1,S-1,R-1,Chloride,Method Detection Level,1.0,mg/l\n"
                       "O,,S-1,R-2,Chloride,Method Detection Level,1.0,mg/L\n"
                       "O,A-3,S-1,R-3,Chloride,Method Detection Level,,mg/L\n"
                       "O,A-4,S-1,R-4,Chloride,Method Detection Level,1.0,furlongs\n")
    assert checked.fields["detectionLimit"].to_pylist() == ["1.0"]
    assert [(r.row, r.column) for r in sorted(checked.rejections, key=lambda r: r.row)] == [
        (2, "ActivityIdentifier"), (3, "DetectionQuantitationLimitMeasure/MeasureValue"),
        (4, "DetectionQuantitationLimitMeasure/MeasureUnitCode")]
    for rejection in checked.rejections:
        assert CHINESE.search(localize(rejection.message, "zh-CN")), rejection.message
    assert CHINESE.search(localize(formats.WQP_DETECTION_LIMIT.label, "zh-CN"))
