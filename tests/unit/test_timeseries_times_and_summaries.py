"""Time series without the stack: the years a series takes and how its times are written (four-digit years, so
bucket keys and times sort as the times do), values written in their shortest exact form, an import's summary
in the singular or the plural, and which faults an import tries again."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from botocore.exceptions import ClientError
from pynamodb.exceptions import PutError

from chalicelib.core.messages import localize
from chalicelib.timeseries import formats, plausible, push, service
from chalicelib.timeseries.download import number_text
from chalicelib.timeseries.importer import _passing, summary
from chalicelib.timeseries.models import DAY, MONTH


def _epoch(*args) -> int:
    return plausible.seconds_of(datetime(*args, tzinfo=timezone.utc))


def test_times_and_bucket_keys_have_four_digit_years():
    assert service.iso(_epoch(800, 6, 1, 12)) == "0800-06-01T12:00:00Z"
    assert service.bucket_of(_epoch(800, 6, 1, 12), MONTH) == ("0800-06", _epoch(800, 6, 1))
    assert service.bucket_of(_epoch(1850, 2, 3, 4), DAY) == ("1850-02-03", _epoch(1850, 2, 3))
    assert service.iso(_epoch(1800, 1, 1)) < service.iso(_epoch(2024, 1, 1))


def test_the_years_a_series_takes_are_1800_to_next_year():
    first, last = plausible.time_bounds()
    next_year = datetime.now(timezone.utc).year + 1
    assert (service.iso(first), service.iso(last)) == ("1800-01-01T00:00:00Z", f"{next_year}-12-31T23:59:59Z")
    assert push.epoch_of("1800-01-01T00:00:00Z") == (first, None)
    for text in ("0001-01-01T00:00:00+05:00", "1799-12-31T23:59:59Z"):
        assert push.epoch_of(text) == (None, f"time {text!r} {plausible.TOO_EARLY}")
        assert formats.epoch_of(text, None) == (None, f"time {text!r} {plausible.TOO_EARLY}")
    for text in ("9999-12-31T23:00:00-05:00", f"{next_year}-12-31T23:59:59Z"):
        assert push.epoch_of(text) == (None, f"time {text!r} {plausible.TOO_LATE}")
        assert formats.epoch_of(text, None) == (None, f"time {text!r} {plausible.TOO_LATE}")
    assert formats.epoch_of("9999-12-31T23:00:00", formats.zone_of("America/New_York"))[0] is None
    assert service.parse_time("0001-01-01T00:00:00+05:00", "from") == first
    assert service.parse_time("9999-12-31", "to", end=True) == last
    # Beyond the other way a bound selects nothing, not the value at the edge.
    assert service.parse_time("9999-12-31T23:00:00-05:00", "from") == last + 1
    assert service.parse_time("0001-01-01", "to", end=True) == first - 1


def test_a_logger_value_is_taken_up_to_2_days_after_now_and_refused_after_with_the_reason():
    now = datetime.now(timezone.utc).replace(microsecond=0)
    inside, beyond = now + timedelta(days=2) - timedelta(minutes=1), now + timedelta(days=2, minutes=1)
    for moment in (now, inside):
        text = moment.isoformat()
        assert push.epoch_of(text) == (plausible.seconds_of(moment), None)
        assert formats.epoch_of(text, None) == (plausible.seconds_of(moment), None)
        # The same time written without a zone, in the zone the file gives: the same instant, taken.
        local = moment.astimezone(timezone(timedelta(hours=14))).replace(tzinfo=None).isoformat()
        assert formats.epoch_of(local, formats.zone_of("+14:00")) == (plausible.seconds_of(moment), None)
    for text in (beyond.isoformat(), beyond.astimezone(timezone(timedelta(hours=-12))).isoformat()):
        expected = f"time {text!r} is more than 2 days in the future: check the logger's clock and time zone"
        assert push.epoch_of(text) == (None, expected) == formats.epoch_of(text, None)
    # A push checks its values against one now (its `latest`).
    assert push.epoch_of(now.isoformat(), latest=plausible.seconds_of(now) - 1)[1].endswith(plausible.TOO_LATE)
    assert plausible.AHEAD == timedelta(days=2)
    # Each reason reads in Chinese, in a push's rejections and in a file's rejected rows.
    for english, chinese in (
            (f"time {beyond.isoformat()!r} {plausible.TOO_LATE}",
             f"时间“{beyond.isoformat()}”比现在晚 2 天以上：请检查记录仪的时钟和时区"),
            (f"The time {beyond.isoformat()!r} {plausible.TOO_LATE}.",
             f"时间“{beyond.isoformat()}”比现在晚 2 天以上：请检查记录仪的时钟和时区。"),
            ("time '1799-12-31T23:59:59Z' is before 1800 (in UTC), the earliest time this portal takes",
             "时间“1799-12-31T23:59:59Z”早于 1800 年（按 UTC），本门户不接受更早的时间"),
            ("The time '1799-12-31T23:59:59Z' is before 1800 (in UTC), the earliest time this portal takes.",
             "时间“1799-12-31T23:59:59Z”早于 1800 年（按 UTC），本门户不接受更早的时间。")):
        assert localize(english, "zh-CN") == chinese


def test_every_reason_a_push_gives_reads_in_chinese():
    reasons = ["a series is an object {stationId or stationIdentifier, parameter, unit, values}",
               "a series needs values: [[time, value, qualifier?], ...]",
               "all 3 values rejected: station 'S-9' is not a station of this project's organization",
               "all 3 values rejected: needs stationId or stationIdentifier",
               "all 3 values rejected: unknown station 'NOWHERE': create it first",
               "all 3 values rejected: unknown parameterId 'p-1'",
               "all 3 values rejected: needs parameterId or parameter (its name)",
               "all 1 values rejected: unit must be text of at most 40 characters",
               "a value is [time, value] or [time, value, qualifier]", push.epoch_of(None)[1],
               push.epoch_of("soon")[1], push.epoch_of("2024-06-01T00:30:00")[1], push.epoch_of("1700-01-01Z")[1],
               push.epoch_of("9999-01-01Z")[1], push.number_problem("warm"), push.number_problem(10 ** 400),
               "a qualifier is text of at most 20 characters"]
    for reason in reasons:
        chinese = localize(reason, "zh-CN")
        assert chinese != reason and not re.search(r"\b(?:is|are|a|the|needs|rejected)\b", chinese), (reason, chinese)
    assert localize("all 3 values rejected: unknown station 'NOWHERE': create it first", "zh-CN") == \
        "全部 3 个数值被拒绝：未知站点“NOWHERE”：请先创建该站点"


def test_a_time_without_a_zone_says_what_to_fill_in_whether_the_file_has_a_zone_column_or_not():
    assert formats.epoch_of("2024-07-01 00:15", None) == (None, (
        "time '2024-07-01 00:15' has no time zone and the file gives none: add an offset (e.g. "
        "2024-05-01T12:00:00-05:00 or Z) or a time zone column"))
    assert formats.epoch_of("2024-07-01 00:15", None, "UTC offset") == (None, (
        "time '2024-07-01 00:15' has no time zone and its UTC offset cell is blank: fill it in, or add an offset to "
        "the time (e.g. 2024-05-01T12:00:00-05:00 or Z)"))
    assert localize("The time '2024-07-01 00:15' has no time zone and its UTC offset cell is blank: fill it in, or add "
                    "an offset to the time (e.g. 2024-05-01T12:00:00-05:00 or Z).", "zh-CN") == (
        "时间“2024-07-01 00:15”没有时区，且其 UTC offset 单元格为空：请填写该单元格，或在时间中添加偏移量（例如 "
        "2024-05-01T12:00:00-05:00 或 Z）。")


def test_an_offset_no_place_has_is_an_unknown_zone():
    assert formats.zone_of("+99") is None and formats.zone_of("UTC+24") is None
    assert formats.zone_of("-05:00").utcoffset(None).total_seconds() == -5 * 3600


@pytest.mark.parametrize("value, text", [(1e308, "1e+308"), (12.0, "12"), (0.1, "0.1"), (-3.0, "-3"),
                                         (1e16, "1e+16"), (123456789012345.0, "123456789012345"),
                                         (2.5e-7, "2.5e-07"), (1234.5678, "1234.5678")])
def test_a_value_is_written_in_its_shortest_exact_form(value, text):
    assert number_text(value) == text
    assert float(text) == value


def test_an_imports_summary_is_singular_or_plural_with_thousands_separators():
    assert summary(read=35_040, series=1, unchanged=0, duplicates=0, flagged=0, rejected=0) == \
        "35,040 values of 1 series read."
    assert summary(read=1, series=1, unchanged=1, duplicates=1, flagged=1, rejected=1) == (
        "1 value of 1 series read (already stored). 1 duplicate time in the file: the last value was kept. 1 value "
        "is outside its parameter's plausible range: stored and flagged. 1 row was rejected (see the rejected rows).")
    assert summary(read=20_000, series=4, unchanged=2_000, duplicates=3_000, flagged=4_000, rejected=5_000,
                   dry_run=True) == (
        "Dry run: nothing was written. 20,000 values of 4 series read (2,000 already stored). 3,000 duplicate times "
        "in the file: the last value of each was kept. 4,000 values are outside their parameter's plausible range: "
        "stored and flagged. 5,000 rows were rejected (see the rejected rows).")


@pytest.mark.parametrize("counts", [
    dict(read=35_040, series=1, unchanged=0, duplicates=0, flagged=0, rejected=0),
    dict(read=1, series=1, unchanged=0, duplicates=0, flagged=1, rejected=0),
    dict(read=1, series=1, unchanged=1, duplicates=2, flagged=0, rejected=1_200),
    dict(read=20, series=4, unchanged=20, duplicates=1, flagged=3, rejected=1, dry_run=True),
    dict(read=0, series=0, unchanged=0, duplicates=0, flagged=0, rejected=3),
])
def test_every_imports_summary_reads_in_chinese_with_its_numbers(counts):
    chinese = localize(summary(**counts), "zh-CN")
    assert not any("a" <= c.lower() <= "z" for c in chinese), chinese
    for name in ("read", "series", "rejected"):
        if counts[name]:
            assert f"{counts[name]:,}" in chinese, chinese
    assert localize(summary(read=35_040, series=1, unchanged=0, duplicates=0, flagged=1, rejected=2), "zh-CN") == (
        "已读取 1 个序列的 35,040 个数值。1 个数值超出其参数的合理范围：已存储并标记。2 行被拒绝（见被拒绝的行）。")


def test_an_import_tries_again_after_a_passing_fault_of_aws_only():
    throttled = ClientError({"Error": {"Code": "ProvisionedThroughputExceededException"},
                             "ResponseMetadata": {"HTTPStatusCode": 400}}, "PutItem")
    refused = ClientError({"Error": {"Code": "ValidationException"}, "ResponseMetadata": {"HTTPStatusCode": 400}},
                          "PutItem")
    assert _passing(throttled) and _passing(PutError(cause=throttled)) and _passing(ConnectionResetError())
    assert not _passing(refused) and not _passing(OverflowError()) and not _passing(KeyError("x"))


def test_a_logger_files_station_or_parameter_holding_a_control_character_is_refused_by_row_and_column():
    # As the result imports and the API refuse such a name: a NUL or a bell would become a parameter's label.
    rows = ["Station,Parameter,Time,Value",
            "S1,pH,2024-05-01T00:00:00Z,7",
            "S1,p\x00H,2024-05-01T01:00:00Z,7",
            "S\x07,pH,2024-05-01T02:00:00Z,7"]
    parsed = formats.read(("\n".join(rows) + "\n").encode(), "ts-long", {})
    assert [(r["row"], r["column"], r["message"]) for r in parsed.rejections] == [
        (2, "Parameter", "Parameter holds a control character (U+0000), such as a tab, a line break or NUL; remove it "
                         "and import again."),
        (3, "Station", "Station holds a control character (U+0007), such as a tab, a line break or NUL; remove it "
                       "and import again.")]
    assert [key.parameter for key in parsed.values] == ["pH"]
    with pytest.raises(formats.FileProblem, match=r"^Column 3 of the header holds a control character \(U\+0001\); "):
        formats.read(b"Station,Time,Temp\x01 (deg C)\nS1,2024-05-01T00:00:00Z,1\n", "ts-wide", {})
