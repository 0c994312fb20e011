"""A station's coordinates on the side of Greenwich and of the equator its state is on: a minus sign left out of a
Wisconsin longitude had put the station in China, published without a word (a walk). Alaska (its Aleutians pass
180°) and the Pacific territories are not held to it."""
from __future__ import annotations

import pyarrow as pa

from chalicelib.core.messages import localize
from chalicelib.imports import formats, validate

HEADER = ["MonitoringLocationIdentifier", "MonitoringLocationName", "LatitudeMeasure", "LongitudeMeasure", "StateCode"]


def _stations(rows: list[list[str]], header: list[str] = HEADER) -> validate.Checked:
    table = pa.table({name: pa.array(column, pa.string()) for name, column in zip(header, zip(*rows))})
    return validate.check_stations(table, formats.detect(header), header, first_row=1)


def test_a_us_station_east_of_greenwich_or_south_of_the_equator_is_refused_with_the_coordinate_to_write():
    checked = _stations([
        ["PB-1", "Pheasant Branch", "43.1050", "-89.5050", "55"],
        ["PB-3", "Pheasant Branch at Century", "43.1050", "89.5050", "55"],  # the minus sign left out
        ["PB-4", "South slip", "-43.1050", "-89.5050", "55"],
        ["AL-1", "One-digit state code", "32.3", "86.9", "1"],
        ["AK-1", "Attu Island", "52.9", "172.9", "02"],  # Alaska's Aleutians are east of 180°
        ["GU-1", "Guam", "13.4", "144.8", "66"],
        ["AS-1", "American Samoa", "-14.3", "-170.7", "60"],
        ["NO-1", "No state given", "43.1", "89.5", ""],
    ])
    assert checked.fields["station"].to_pylist() == ["PB-1", "AK-1", "GU-1", "AS-1", "NO-1"]
    assert sorted((r.row, r.column, r.message) for r in checked.rejections) == [
        (2, "LongitudeMeasure", "LongitudeMeasure '89.5050' is east of Greenwich, but StateCode 55 is a place west of "
                                "it: write a west longitude with a minus sign (-89.5050)."),
        (3, "LatitudeMeasure", "LatitudeMeasure '-43.1050' is south of the equator, but StateCode 55 is a place north "
                               "of it: write a north latitude without a minus sign (43.1050)."),
        (4, "LongitudeMeasure", "LongitudeMeasure '86.9' is east of Greenwich, but StateCode 01 is a place west of "
                                "it: write a west longitude with a minus sign (-86.9)."),
    ]
    assert localize(checked.rejections[0].message, "zh-CN") == (
        "LongitudeMeasure“89.5050”位于格林尼治以东，但 StateCode 55 位于其以西：西经请加负号（-89.5050）。")
    assert localize(checked.rejections[1].message, "zh-CN") == (
        "LatitudeMeasure“-43.1050”位于赤道以南，但 StateCode 55 位于赤道以北：北纬请不要加负号（43.1050）。")


def test_a_wqx3_result_files_postal_code_holds_its_new_station_to_its_side_of_greenwich():
    header = ["Location_Identifier", "Location_Latitude", "Location_Longitude", "Location_StatePostalCode",
              "Activity_StartDate", "Result_Characteristic", "Result_Measure", "Result_MeasureUnit"]
    table = pa.table({name: pa.array(column, pa.string()) for name, column in zip(header, zip(*[
        ["USGS-1", "43.1", "-89.5", "WI", "2024-05-01", "pH", "7.1", "std units"],
        ["USGS-2", "43.1", "89.5", "wi", "2024-05-01", "pH", "7.2", "std units"]]))})
    layout = formats.detect(header)
    from tests.unit.test_import_parsing import RULES

    checked = validate.check_results(table, layout, header, RULES, first_row=1, seen=validate.Seen())
    assert checked.fields["station"].to_pylist() == ["USGS-1"]
    assert [r.message for r in checked.rejections] == [
        "Location_Longitude '89.5' is east of Greenwich, but Location_StatePostalCode WI is a place west of it: write "
        "a west longitude with a minus sign (-89.5)."]
