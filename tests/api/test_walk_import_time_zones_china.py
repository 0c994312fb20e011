"""A walk: a Chinese volunteer group had no time zone to write. WQX's codes name North American and Pacific zones
only: "CST" is US Central (UTC-6), so a group writing CST for China Standard Time had every time moved 14 hours, and
"UTC+8" was refused. A time's zone may now be an offset from UTC in any usual spelling ("UTC+8", "GMT+8", "+08:00",
"北京时间"), stored as "UTC+08:00"; and a zone far from its station's clocks (CST at a station in China) is refused,
saying what to write."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

ZH = {"Accept-Language": "zh-CN"}
HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
SHEET = HEADER + (
    "QX-01,Qingxi upstream,30.2741,120.1551,2026-03-05,09:30,UTC+8,pH,7.2,std units\n"
    "QX-01,,,,2026-03-06,09:30,GMT+8,pH,7.3,std units\n"
    "QX-01,,,,2026-03-07,09:30,+0800,pH,7.1,std units\n"
    "QX-01,,,,2026-03-08,09:30,北京时间,pH,7.0,std units\n"
    "QX-01,,,,2026-03-09,09:30,UTC+5:30,pH,6.9,std units\n"
)


def _exported(api, project: str) -> list[dict]:
    text = raw_get(api, f"/sampleValue?projectId={project}").body.decode("utf-8").lstrip("\ufeff")
    return list(csv.DictReader(io.StringIO(text)))


def test_an_offset_from_utc_is_a_time_zone_stored_in_one_spelling_and_given_back_as_written(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, SHEET.encode(), "qingxi.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("succeeded", 5, 0), log
    rows = sorted(_exported(api, project), key=lambda r: r["ActivityStartDate"])
    assert [(r["ActivityStartDate"], r["ActivityStartTime/Time"], r["ActivityStartTime/TimeZoneCode"]) for r in rows] == [
        ("2026-03-05", "09:30:00", "UTC+08:00"), ("2026-03-06", "09:30:00", "UTC+08:00"),
        ("2026-03-07", "09:30:00", "UTC+08:00"), ("2026-03-08", "09:30:00", "UTC+08:00"),
        ("2026-03-09", "09:30:00", "UTC+05:30")]
    # The moment: 09:30 in China is 01:30 UTC (the station's chart and the portal services read it so).
    from chalicelib.parameters import service as parameters
    from chalicelib.stations import service as stations

    station, parameter = stations.station_id_for(org, "QX-01"), parameters.parameter_id_for("pH")
    values = api.get(f"/sampleValue/{station}/{parameter}").json
    values = values if isinstance(values, list) else values.get("data") or values.get("values")
    assert [(v["time"][:19], v.get("timeZone")) for v in values][:2] == [
        ("2026-03-05T01:30:00", "UTC+08:00"), ("2026-03-06T01:30:00", "UTC+08:00")], values[:2]

    # The same file again, or with the offsets spelt otherwise, changes nothing.
    again = import_file(api, org, project, SHEET.replace("UTC+8,", "UTC+08:00,").encode(), "qingxi-again.csv")
    assert (again["status"], again["rowsImported"], again["rowsUnchanged"]) == ("succeeded", 0, 5), again


def test_a_us_zone_written_at_a_station_in_china_is_refused_saying_what_to_write(api):
    org, project = fresh_project(api)
    content = HEADER + (
        "QX-02,Qingxi stone bridge,30.2741,120.1551,2026-03-05,09:30,UTC+08:00,pH,7.2,std units\n"
        "QX-02,,,,2026-03-06,09:30,CST,pH,7.3,std units\n"
        "QX-02,,,,2026-03-07,09:30,UTC,pH,7.1,std units\n"
        "QX-02,,,,2026-03-08,09:30,UTC+15,pH,7.0,std units\n")
    log = import_file(api, org, project, content.encode(), "qingxi-cst.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 2), log
    rejected = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]
    assert [(r["row"], r["column"], r["value"], r["message"]) for r in rejected] == [
        (2, "TimeZone", "CST", "Time zone 'CST' is UTC-06:00, but station 'QX-02' is at longitude 120.1551, where clocks "
                              "read about UTC+08:00: write the zone its times were read in, such as UTC+08:00 for China "
                              "(CST is US Central Standard Time)."),
        (4, "TimeZone", "UTC+15", "Unknown time zone 'UTC+15': use a WQX time zone code such as EST, CDT or UTC, or an "
                                  "offset from UTC such as UTC+08:00.")]
    in_chinese = api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}", headers=ZH).json["data"]
    assert [r["message"] for r in in_chinese] == [
        "时区“CST”为 UTC-06:00，但站点“QX-02”位于经度 120.1551，当地时钟约为 UTC+08:00：请填写读取时间时所用的时区，"
        "例如中国填写 UTC+08:00（CST 是美国中部标准时间）。",
        "未知时区“UTC+15”：请使用 WQX 时区代码（例如 EST、CDT 或 UTC），或相对 UTC 的偏移（例如 UTC+08:00）。"]


def test_us_zones_stay_as_they_were_at_us_stations(api):
    org, project = fresh_project(api)
    content = HEADER + (
        "QX-US-1,Bear creek,43.07,-89.40,2024-05-01,09:30,CDT,pH,7.2,std units\n"
        "QX-US-1,,,,2024-12-01,09:30,CST,pH,7.3,std units\n")
    log = import_file(api, org, project, content.encode(), "bear.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    assert sorted(r["ActivityStartTime/TimeZoneCode"] for r in _exported(api, project)) == ["CDT", "CST"]



def test_the_portal_services_give_a_time_written_with_an_offset_in_utc_for_clients_that_know_wqx_codes_only(api):
    """dataretrieval and the portal's other clients read a time by its WQX zone code: "UTC+08:00" would be no time at
    all to them. The product's own download keeps the offset (above); the services answer the moment in UTC."""
    org, project = fresh_project(api)
    content = HEADER.rstrip("\n") + ",ActivityIdentifier\n" + (
        "QX-WQP-1,Qingxi gauge,30.2741,120.1551,2026-03-05,09:30,UTC+8,pH,7.2,std units,QX-VISIT-1\n"
        "QX-WQP-1,,,,2026-03-06,07:15,UTC+8,pH,7.3,std units,QX-VISIT-2\n")
    log = import_file(api, org, project, content.encode(), "qingxi-wqp.csv")
    assert (log["status"], log["rowsImported"]) == ("succeeded", 2), log
    name = api.get(f"/organization/{org}").json["name"].replace(" ", "%20")
    for service in ("Result", "Activity"):
        answer = api.get(f"/wqp/data/{service}/search?siteid=QX-WQP-1&organization={name}&mimeType=csv")
        rows = list(csv.DictReader(io.StringIO(answer.body.decode("utf-8-sig"))))
        assert sorted((r["ActivityStartDate"], r["ActivityStartTime/Time"], r["ActivityStartTime/TimeZoneCode"])
                      for r in rows) == [("2026-03-05", "01:30:00", "UTC"), ("2026-03-05", "23:15:00", "UTC")], service
