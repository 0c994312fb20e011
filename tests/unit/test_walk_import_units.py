"""Units compared loosely and converted exactly (chalicelib/parameters/units.py), the checks that use them, and the
new reasons and summaries of imports, each read in Simplified Chinese."""
from __future__ import annotations

import io
import re

import pyarrow as pa
import pytest

from chalicelib.core.messages import localize
from chalicelib.imports import formats, reader, source, validate
from chalicelib.parameters import units

ZH = "zh-CN"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
RULES = validate.Rules(units=frozenset({"mg/L", "std units", "deg C", "deg F", "uS/cm @25C", "mg/L as P", "%"}),
                       time_zones={"UTC": 0, "EST": -5}, activity_types={"Field Msr/Obs": (False, True)})


@pytest.mark.parametrize("value, unit, to, expected", [
    (77, "deg F", "deg C", 25), (25, "deg C", "deg F", 77), (300, "deg K", "deg C", 26.85), (294.15, "K", "deg C", 21),
    (1, "g/L", "mg/L", 1000), (250, "ug/L", "mg/l", 0.25), (5, "mg/m3", "ug/L", 5), (2000, "ng/L", "ug/L", 2),
    (1.5, "mS/cm", "uS/cm", 1500), (300, "umho/cm", "uS/cm @25C", 300), (2, "mmho/cm", "uS/cm", 2000),
    (0.3, "ft", "m", 0.09144), (12, "in", "cm", 30.48), (1500, "mm", "m", 1.5), (7, "MG/L", "mg/L", 7),
])
def test_an_exact_conversion_gives_the_number_a_person_would_write(value, unit, to, expected):
    assert units.converter(unit, to)(value) == expected


@pytest.mark.parametrize("unit, to", [("mg/L as P", "mg/L"), ("%", "mg/L"), ("deg C", "mg/L"), ("NTU", "FNU"),
                                      ("ppm", "mg/L"), ("ft", "deg C")])
def test_units_of_other_quantities_or_meanings_have_no_conversion(unit, to):
    assert units.converter(unit, to) is None


def test_spellings_of_one_unit_are_the_same_unit():
    assert units.same("mg/l", "mg/L") and units.same("umho/cm", "uS/cm") and units.same("deg  c", "deg C")
    assert units.same("uS/cm @25C", "uS/cm") and not units.same("mg/L as N", "mg/L")
    assert not units.given("None") and not units.given(" ") and units.given("std units")


def _checked(rows: list[str], header: str = "StationIdentifier,Date,Parameter,Value,Unit,Latitude,Longitude"):
    text = source.open_text(io.BytesIO(("\n".join([header, *rows]) + "\n").encode()))
    layout = formats.detect(text.header)
    (chunk,) = list(reader.chunks(text, 1000))
    return validate.check_results(chunk.table, layout, text.header, RULES, first_row=1, seen=validate.Seen())


def test_a_unit_written_otherwise_is_known_and_a_coordinate_with_excels_apostrophe_is_read():
    checked = _checked(["S1,2024-01-01,pH,7,STD UNITS,,", "S1,2024-01-02,Flow,7,umho/cm,,",
                        "S1,2024-01-03,pH,'7.5,std units,40.5,'-71.2080", "S1,2024-01-04,pH,7,furlongs,,"])
    assert [r.message for r in checked.rejections] == [
        "Unknown unit 'furlongs': use a WQX unit code such as mg/L, deg C or uS/cm."]
    assert checked.fields["number"].to_pylist() == [7, 7, 7.5]
    assert checked.fields["longitude"].to_pylist() == [None, None, -71.208]


def test_values_are_converted_to_their_parameters_unit_or_refused_column_by_column():
    fields = {"characteristic": pa.array(["Temp", "Temp", "Temp", "Temp", "P", "P", "Water temperature"]),
              "unit": pa.array(["deg F", "", "deg C", "deg F", "mg/L as P", "mg/L as P", "deg F"]),
              "number": pa.array([77.0, 20.0, 21.5, None, 0.1, None, 212.0]),
              "value": pa.array(["77", "20", "21.5", "ND", "0.1", "ND", "212"])}
    measured = validate.against_parameters(fields, {"Temp": "deg C", "P": "mg/L", "Water temperature": "deg C"})
    assert measured.number == [25, 20, 21.5, None, 0.1, None, 100]
    assert measured.unit == ["deg C", "deg C", "deg C", "deg F", "mg/L as P", "mg/L as P", "deg C"]
    assert measured.original == {0: ("77", "deg F"), 6: ("212", "deg F")}
    # ND has no number to convert: it stays as the file gave it.
    assert measured.refused == {4: "Unit 'mg/L as P' differs from the parameter's unit 'mg/L' and cannot be converted: "
                                   "give the value in mg/L, or import it as a parameter of its own."}
    assert measured.implausible.tolist() == [False, False, False, False, False, False, True]
    assert localize(measured.refused[4], ZH) == (
        "单位“mg/L as P”与参数的单位“mg/L”不同，且无法换算：请以 mg/L 给出数值，或将其作为单独的参数导入。")


def test_the_new_reasons_the_checks_give_read_in_chinese():
    long_rows = _checked(["S1,2024-01-01,pH,7,std units,\"46,8139\",-71.2", "S1,2024-01-02,pH,7,std units,95,-71.2"])
    header_map = {"Site": "station", "Day": "date", "pH": {"parameter": "pH", "unit": "std units"}}
    text = source.open_text(io.BytesIO(b"Site,Day,pH\nS1,2024-01-01,ND\nS1,2024-01-02,<0.5\n"))
    layout = formats.detect(text.header, "auto", header_map)
    (chunk,) = list(reader.chunks(text, 1000))
    wide = validate.check_results(chunk.table, layout, text.header, RULES, first_row=1, seen=validate.Seen())
    reasons = [r.message for r in long_rows.rejections + wide.rejections]
    assert reasons == [
        "Latitude '46,8139' is not a number: use a point as the decimal separator (46.8139).",
        "Latitude '95' is not a latitude (a number from -90 to 90).",
        "pH 'ND' is not a number: leave the cell empty if nothing was measured, or import results below detection in "
        "the long layout, with a DetectionCondition column.",
        "pH '<0.5' is not a number: a parameter's column takes numbers only; import results beyond a detection limit "
        "in the long layout, with a DetectionCondition column."]
    assert not [m for m in reasons if not CHINESE.search(localize(m, ZH))]


@pytest.mark.parametrize("rejected, partly, dry_run", [(1, 1, False), (3, 2, True), (0, 1, True), (0, 4, False),
                                                       (2, 0, False)])
def test_an_imports_summary_reads_in_chinese_sentence_by_sentence(rejected, partly, dry_run):
    from chalicelib.imports.worker import rejected_message

    message = rejected_message(rejected, partly, dry_run)
    for prefix in ("", "2 values are outside the plausible range of their parameter (rows 3, 4): check them. ",
                   "1 value is outside the plausible range of its parameter (row 1,200): check it. "):
        whole = ("Dry run: nothing was written. " if dry_run else "") + prefix + message
        translated = localize(whole, ZH)
        assert CHINESE.search(translated) and not re.search(r"[A-Za-z]{3,}", translated), (whole, translated)


def test_a_sources_last_result_reads_in_chinese():
    from chalicelib.imports.models import ImportLog
    from chalicelib.sources.service import outcome_message

    said = {}
    for imported, unchanged, detected in ((4, 0, "template"), (0, 4, "template"), (1, 1, "wqp-result"),
                                          (3, 2, "wqp-station"), (0, 1, "wqp-station"), (0, 0, "template")):
        log = ImportLog(rowsImported=imported, rowsUnchanged=unchanged, detectedFormat=detected)
        said[(imported, unchanged, detected)] = outcome_message(log)
    assert said == {(4, 0, "template"): "4 values imported.",
                    (0, 4, "template"): "4 values unchanged (already stored).",
                    (1, 1, "wqp-result"): "1 value imported. 1 value unchanged (already stored).",
                    (3, 2, "wqp-station"): "3 stations imported (new or changed). 2 stations unchanged (already stored).",
                    (0, 1, "wqp-station"): "1 station unchanged (already stored).",
                    (0, 0, "template"): "0 values imported."}
    assert localize(said[(3, 2, "wqp-station")], ZH) == "已导入 3 个站点（新建或更改）。2 个站点未更改（已存在）。"
    assert not [m for m in said.values() if not CHINESE.search(localize(m, ZH))]
