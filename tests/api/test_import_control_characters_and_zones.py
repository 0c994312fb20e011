"""Two things an import had done without a word: it stored a parameter label, a station identifier or an activity
holding NUL or another control character (the API refuses such a name), and it read a time of day given without a
time zone as UTC (an evening sample in local time then dated the next day). Now such a row is refused with its column
and character named, and the import says how many rows it read as UTC, on its log (counted across a worker's
restart), in its history, in a dry run too, in English and Chinese."""
from __future__ import annotations

from datetime import date, timedelta

from tests.api.imports_support import fresh_project, import_file, killed_mid_file, post_file, run_worker

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
HEADER = ("StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit,"
          "ActivityIdentifier,Comment")
# A file's first 4 KB must not hold NUL (it is taken for a binary file): good rows come first.
PADDING = [f"CTRL-OK,Control creek,40.1,-75.5,{date(2020, 1, 1) + timedelta(days=n)},09:00,EST,pH,7.{n % 10},"
           "std units,," for n in range(70)]
SAID = "{} holds a control character ({}), such as a tab, a line break or NUL; remove it and import again."
FREE = ("Comment holds a control character ({}), such as NUL; it may hold tabs and line breaks but no other control "
        "characters: remove it and import again.")


def _feedback(api, log_id: str, headers: dict | None = None) -> list[tuple]:
    rows = api.as_("admin").get(f"/Util/feedbacklog/{log_id}?limit=100", headers=headers or {}).json["data"]
    return [(r["row"], r["column"], r["value"], r["message"]) for r in rows]


def test_a_row_whose_parameter_station_or_activity_holds_a_control_character_is_refused_and_says_which(api):
    org, project = fresh_project(api)
    lines = PADDING + [
        "CTRL-OK,,,,2024-05-01,09:00,EST,pH\x00,7.0,std units,,",  # NUL in the parameter's label
        "CTRL\x1bX,Escape creek,40.2,-75.4,2024-05-02,09:00,EST,pH,7.1,std units,,",  # ESC in a station identifier
        "CTRL-OK,,,,2024-05-03,09:00,EST,pH,7.2,std units,ACT\u00851,",  # NEL (C1) in an activity identifier
        "CTRL-OK,,,,2024-05-04,09:00,EST,pH,7.3,std units,,\"ice on\nthe lake\tthin\"",  # a comment's line break, tab
        "CTRL-OK,,,,2024-05-05,09:00,EST,pH,7.4,std units,,bad\x00comment",  # NUL in a comment
    ]
    log = import_file(api, org, project, (HEADER + "\n" + "\n".join(lines) + "\n").encode(), "controls.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 71, 4), log
    assert _feedback(api, log["logId"]) == [
        (71, "Parameter", "pH\x00", SAID.format("Parameter", "U+0000")),
        (72, "StationIdentifier", "CTRL\x1bX", SAID.format("StationIdentifier", "U+001B")),
        (73, "ActivityIdentifier", "ACT\u00851", SAID.format("ActivityIdentifier", "U+0085")),
        (75, "Comment", "bad\x00comment", FREE.format("U+0000"))]
    assert [message for *_, message in _feedback(api, log["logId"], ZH)][:2] == [
        "Parameter 包含控制字符（U+0000），例如制表符、换行符或 NUL；请删除后重新导入。",
        "StationIdentifier 包含控制字符（U+001B），例如制表符、换行符或 NUL；请删除后重新导入。"]
    # Nothing of them was stored: no parameter, station or activity named with a control character.
    labels = [p["label"] for p in api.get("/parameter/parameters?limit=1000").json]
    assert not [label for label in labels if "\x00" in label]
    stations = api.get(f"/organization/{org}/projects/{project}/stations").json
    assert [s["identifier"] for s in stations] == ["CTRL-OK"]
    # The comment's line break and tab are kept as written.
    values = api.get(f"/sampleValue/{stations[0]['id']}/{_parameter_id(api, 'pH')}?from=2024-05-04&to=2024-05-04").json
    assert [v.get("comment") for v in values["data"]] == ["ice on\nthe lake\tthin"], values


def _parameter_id(api, label: str) -> str:
    return next(p["id"] for p in api.get("/parameter/parameters?limit=1000").json if p["label"] == label)


TZ_HEADER = "StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
# The rows are named, so that they can be found (a walk found the count alone left the row to guess).
NOTICE = ("2 rows give a time without a time zone (rows 1, 2): their times were read as UTC. If they are local times, "
          "delete those values (Delete values on their station's chart), give their zone in TimeZone and import them "
          "again.")


def _zones_file() -> bytes:
    return TZ_HEADER.encode() + (b"TZ-1,Zone creek,40.1,-75.5,2024-07-11,23:40,,Water temperature,21.0,deg C\n"
                                 b"TZ-1,,,,2024-07-12,06:10,,Water temperature,18.5,deg C\n"
                                 b"TZ-1,,,,2024-07-12,16:40,EDT,Water temperature,22.4,deg C\n"
                                 b"TZ-1,,,,2024-07-13,,,Water temperature,20.0,deg C\n"  # a date alone
                                 b"TZ-1,,,,2024-07-32,08:00,,Water temperature,19.0,deg C\n")  # rejected


def test_an_import_says_how_many_rows_give_a_time_without_a_time_zone_and_read_as_utc(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, _zones_file(), "zones.csv")
    # Taken (the rejected row, for its date, is not counted): the import says so, in its count and its message.
    assert (log["status"], log["rowsImported"], log["rowsRejected"], log["rowsWithoutTimeZone"]) == \
        ("partial", 4, 1, 2), log
    assert log["message"] == NOTICE + " 1 row was rejected (see the rejected rows); the others were imported."
    path, admin = f"/organization/{org}/projects/{project}", api.as_("admin")
    in_chinese = admin.get(f"{path}/queued-import/{log['logId']}", headers=ZH).json
    assert in_chinese["message"] == (
        "2 行给出了时刻但没有时区（第 1, 2 行）：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值（在其站点图表上使用“删除数值”），"
        "在 TimeZone 中给出时区后重新导入。1 行被拒绝（见被拒绝的行）；其余各行已导入。")
    [listed] = admin.get(f"{path}/import-history").json
    assert (listed["rowsWithoutTimeZone"], listed["message"]) == (2, log["message"])
    [latest] = admin.get(f"/organization/{org}/import-history").json
    assert latest["rowsWithoutTimeZone"] == 2
    # The evening sample read as UTC: stored at 23:40Z of its written date (as before; now said).
    station = api.get(f"{path}/stations").json[0]
    times = [v["time"] for v in api.get(f"/sampleValue/{station['id']}/{_parameter_id(api, 'Water temperature')}"
                                        "?limit=10").json["data"]]
    assert "2024-07-11T23:40:00Z" in times and "2024-07-12T20:40:00Z" in times

    # Every time with its zone: nothing to say.
    given = import_file(api, org, project, TZ_HEADER.encode()
                        + b"TZ-2,Zone creek 2,40.2,-75.4,2024-07-11,23:40,EDT,Water temperature,21.0,deg C\n")
    assert (given["status"], given["rowsWithoutTimeZone"], given["message"]) == ("succeeded", 0, None)


def test_a_dry_run_says_it_too_and_a_file_without_a_time_zone_column_names_the_column_to_add(api):
    org, project = fresh_project(api)
    dry = import_file(api, org, project, _zones_file(), "zones.csv", dryRun="true")
    assert (dry["status"], dry["rowsWithoutTimeZone"]) == ("partial", 2), dry
    assert dry["message"] == (
        "Dry run: nothing was written. 2 rows give a time without a time zone (rows 1, 2): their times would be read "
        "as UTC. If they are local times, give their zone in TimeZone before importing. 1 row was rejected (see the "
        "rejected rows); the others can be imported.")
    # WQP's column, in a file that has none: the template's column is named all the same (the one to add).
    content = (b"StationIdentifier,StationName,Latitude,Longitude,Date,Time,Parameter,Value,Unit\n"
               b"TZ-3,Zone creek 3,40.3,-75.3,2024-07-11,23:40,Water temperature,21.0,deg C\n")
    one = import_file(api, org, project, content, "no_zone_column.csv")
    assert (one["status"], one["rowsWithoutTimeZone"], one["message"]) == ("succeeded", 1, (
        "1 row gives a time without a time zone (row 1): its time was read as UTC. If it is a local time, delete its "
        "value (Delete values on its station's chart), give its zone in TimeZone and import it again.")), one


ROWS = 300


def _long_file() -> tuple[bytes, int]:
    """300 rows, every third without a zone and every 97th rejected (its value): the rows read as UTC, counted."""
    lines, zoneless = [TZ_HEADER.rstrip("\n")], 0
    for n in range(ROWS):
        day = (date(2010, 1, 1) + timedelta(days=n)).isoformat()
        zone = "" if n % 3 == 0 else "EST"
        value = "bad" if n % 97 == 0 else f"{n % 30}.5"
        zoneless += zone == "" and value != "bad"
        lines.append(f"TZ-RESUME-{n % 5},Resume site {n % 5},40.{n % 5},-75.{n % 5},{day},{n % 24:02d}:15,{zone},"
                     f"Water temperature,{value},deg C")
    return ("\n".join(lines) + "\n").encode(), zoneless


def test_the_count_of_rows_without_a_zone_is_whole_after_a_worker_is_killed_and_the_import_resumes(api):
    content, zoneless = _long_file()
    org, project = fresh_project(api)
    admin = api.as_("admin")
    log_id = post_file(admin, org, project, content, "resume.csv").json["logId"]
    path = f"/organization/{org}/projects/{project}/queued-import/{log_id}"
    killed, _ = killed_mid_file(admin, path, log_id, 100)
    assert killed["status"] == "running" and 100 <= killed["rowsDone"] < ROWS
    # Counted with the checkpoint: the rows done so far, no more.
    done = [n for n in range(killed["rowsDone"]) if n % 3 == 0 and n % 97 != 0]
    assert killed["rowsWithoutTimeZone"] == len(done)
    resumed = run_worker(api=admin, path=path, timeout=120)
    assert (resumed["status"], resumed["rowsRejected"], resumed["rowsWithoutTimeZone"]) == \
        ("partial", len(range(0, ROWS, 97)), zoneless), resumed
    # The first ten named, in file order, across the kill (row 1 was rejected: its value is "bad").
    assert resumed["message"].startswith(f"{zoneless} rows give a time without a time zone (rows 4, 7, 10, 13, 16, "
                                         "19, 22, 25, 28, 31, ...): their times were read as UTC.")
