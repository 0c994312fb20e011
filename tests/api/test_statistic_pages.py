"""The map's answer (POST /statistic, format columns) comes in pages of at most STATISTIC_PAGE_ROWS stations, so no
answer passes Lambda's 6 MB response cap: each page decodes alone, the totals come with the first, and the pages
joined are the one-page answer."""
from __future__ import annotations

from itertools import accumulate

import pytest

from chalicelib.core.config import get_settings

PAGE_ROWS = 7
MAP = {"format": "columns", "fields": ["sampleCount", "stationType"]}


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setenv("STATISTIC_PAGE_ROWS", str(PAGE_ROWS))
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def _decoded(page: dict) -> dict[str, list]:
    """A page's columns with the delta-coded ones summed (from zero: a page needs no other)."""
    return {name: list(accumulate(column)) if name in ("row", "lat", "lng") else column
            for name, column in page["columns"].items()}


def _joined(api, body: dict) -> tuple[dict, list[dict]]:
    first = api.post("/statistic", body).json
    pages = [first] + [api.post("/statistic", {**body, "offset": offset}).json
                       for offset in range(first["limit"], first["total"], first["limit"])]
    columns: dict[str, list] = {}
    for page in pages:
        for name, column in _decoded(page).items():
            columns.setdefault(name, []).extend(column)
    return {**first, "columns": columns}, pages


def _colour(api, demo) -> str:
    measured = api.post("/statistic", {"organizationIds": [demo["org"]], **MAP}).json["totals"]["parameterIds"]
    assert measured, "the demo stations measure parameters"
    return measured[0]


@pytest.mark.parametrize("coloured", [False, True], ids=["plain", "coloured by a value"])
def test_the_pages_joined_are_the_one_page_answer(api, demo, monkeypatch, coloured):
    body = {"organizationIds": [demo["org"]], **MAP}
    if coloured:
        body["colorBy"] = _colour(api, demo)
    whole = api.post("/statistic", body).json
    assert (whole["offset"], len(whole["columns"]["row"])) == (0, whole["total"])

    monkeypatch.setenv("STATISTIC_PAGE_ROWS", str(PAGE_ROWS))
    get_settings.cache_clear()
    try:
        joined, pages = _joined(api, body)
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert len(pages) == -(-whole["total"] // PAGE_ROWS) > 2
    assert all(len(page["columns"]["row"]) <= PAGE_ROWS == page["limit"] for page in pages)
    assert {page["snapshot"] for page in pages} == {whole["snapshot"]}
    assert {page["total"] for page in pages} == {whole["total"]}
    # The totals are over every matching station, on the first page only.
    assert joined["totals"] == whole["totals"] and all("totals" not in page for page in pages[1:])
    if coloured:
        assert "value" in joined["totals"] and len(joined["columns"]["value"]) == whole["total"]
    assert joined["columns"] == _decoded(whole)
    # A page decodes alone: its first row and position are absolute, not a step from the previous page's last.
    second = pages[1]["columns"]
    assert second["row"][0] == joined["columns"]["row"][PAGE_ROWS]
    assert second["lat"][0] == joined["columns"]["lat"][PAGE_ROWS]


def test_a_small_result_is_one_page(api, demo):
    answer = api.post("/statistic", {"organizationIds": [demo["org"]], **MAP}).json
    assert answer["limit"] == get_settings().statistic_page_rows > answer["total"] == len(answer["columns"]["row"])
    assert "totals" in answer


def test_an_offset_past_the_end_is_an_empty_page(api, demo, small_pages):
    answer = api.post("/statistic", {"organizationIds": [demo["org"]], **MAP, "offset": 10**6}).json
    assert (answer["columns"]["row"], answer["offset"], "totals" in answer) == ([], 10**6, False)


@pytest.mark.parametrize("page, message, chinese", [
    ({"offset": -1}, "Invalid offset. Number expected", "offset 无效：应为数字。"),
    ({"offset": "next"}, "Invalid offset. Number expected", "offset 无效：应为数字。"),
    ({"limit": 1.5}, "Invalid limit. Number expected", "limit 无效：应为数字。"),
    ({"limit": 0}, "Invalid limit. At least 1 station per page expected", "limit 无效：每页至少应有 1 个站点。"),
])
def test_a_bad_page_is_a_400_that_says_why(api, page, message, chinese):
    english = api.post("/statistic", {**MAP, **page})
    assert (english.status_code, english.json["message"]) == (400, message)
    translated = api.request("POST", "/statistic", {**MAP, **page}, headers={"Accept-Language": "zh-CN"})
    assert (translated.status_code, translated.json["message"]) == (400, chinese)
    listed = api.get("/statistic/sampleLocationList?" + "&".join(f"{k}={v}" for k, v in page.items()))
    assert (listed.status_code, listed.json["message"]) == (400, message)
