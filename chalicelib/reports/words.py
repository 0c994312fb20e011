"""The report's words in its two languages (the PDF is drawn in the language of the interface).

A text that counts has a form per plural category, as the frontend's locales do: `_one` for one where the
language has it (English), `_other` for any other count (every count in Chinese); see `counted`. Brackets and
list separators are the language's own: ( ) and ", " in English, full-width （ ） and 、 in Chinese.
"""
from __future__ import annotations

WORDS = {
    "en": {
        "title": "Open Water Data: station report",
        "generated": "Created {moment}",
        "filter": "What the report covers",
        "stations": "Stations",
        "allStations": "every station",
        "chosen": "Chosen stations",
        "notFound": "Not found",
        "organizations": "Organizations",
        "parameters": "Parameters",
        "projects": "Projects",
        "stationTypes": "Station types",
        # The built-in station types (chalicelib.imports.formats.station_type_of), as the explorer names them.
        "stationTypeNames": {"surface-water": "Surface water", "groundwater": "Groundwater",
                             "lake": "Lake or reservoir", "estuary": "Estuary or ocean", "other": "Other"},
        "counties": "Counties",
        "huc": "Hydrologic units",
        "search": "Search",
        "separator": ", ",
        "dates": "Dates",
        "between": "from {start} to {end}",
        "beginning": "the first value",
        "today": "the last value",
        "map": "Map of the stations",
        "mapNote_one": "{count} station; longitude and latitude in degrees (WGS 84).",
        "mapNote_other": "{count} stations; longitude and latitude in degrees (WGS 84).",
        "stationList": "The stations",
        "identifier": "Identifier",
        "name": "Name",
        "organization": "Organization",
        "latitude": "Latitude",
        "longitude": "Longitude",
        "byParameter": "Values by parameter",
        # A parameter's values of one sample fraction, when the report has them of more than one (Dissolved, Total).
        "fractionName": "{name} ({fraction})",
        # A section's heading: the parameter (and fraction) with its unit.
        "withUnit": "{name} ({unit})",
        # A chart's legend names a station by its identifier, with its organization where two share the identifier.
        "sharedIdentifier": "{identifier} ({organization})",
        # The report sums up sampled results; a logger's series are charted on its station's page.
        "noValues": "The stations have no sampled results. (Logger series are charted on each station's page.)",
        "noValuesBetween": "The stations have no sampled results in this date range. (Logger series are charted on "
                           "each station's page.)",
        "count": "Count",
        "minimum": "Minimum",
        "median": "Median",
        "maximum": "Maximum",
        "first": "First date",
        "last": "Last date",
        "chartNote_one": "One line per station ({count} station).",
        "chartNote_other": "One line per station ({count} stations).",
        "chartNoteTop_other": ("One line per station ({count} stations): the {shown} with the most values in colour, "
                               "the others in grey."),
        "otherStations_one": "{count} other station",
        "otherStations_other": "{count} other stations",
        # Results without a number (reported as ND, with a detection condition): counted, but not in the figures.
        "withoutNumber_one": ("{count} of the {total} results has no number: {kinds}. Minimum, median and maximum "
                              "are of the results with a number."),
        "withoutNumber_other": ("{count} of the {total} results have no number: {kinds}. Minimum, median and "
                                "maximum are of the results with a number."),
        "noneWithNumber_one": "The result has no number: {kinds}.",
        "noneWithNumber_other": "None of the {count} results has a number: {kinds}.",
        "withoutNumberKind": "{count} {condition}",
        "withoutNumberLimit": "{count} {condition} (limit {limits})",
        "withoutNumberLimits": "{count} {condition} (limits {limits})",
        "noCondition": "with no detection condition",
        "kindSeparator": "; ",
        "noChart": "No result with a number to draw.",
        "sources": "Sources and licences",
        "sourceLine_one": "{name}: {stations} station, licence {licence} unless the organization states otherwise.",
        "sourceLine_other": "{name}: {stations} stations, licence {licence} unless the organization states otherwise.",
        "sourceNote": ("Published through Open Water Data. Check each result's status and detection condition "
                       "before relying on it."),
        "page": "Page {number}",
    },
    "zh-CN": {
        "title": "Open Water Data：站点报告",
        "generated": "生成时间：{moment}",
        "filter": "报告范围",
        "stations": "站点",
        "allStations": "全部站点",
        "chosen": "所选站点",
        "notFound": "未找到",
        "organizations": "组织",
        "parameters": "参数",
        "projects": "项目",
        "stationTypes": "站点类型",
        "stationTypeNames": {"surface-water": "地表水", "groundwater": "地下水", "lake": "湖泊或水库",
                             "estuary": "河口或海洋", "other": "其他"},
        "counties": "县",
        "huc": "水文单元",
        "search": "搜索",
        "separator": "、",
        "dates": "日期",
        "between": "从 {start} 到 {end}",
        "beginning": "最早的数值",
        "today": "最新的数值",
        "map": "站点地图",
        "mapNote_other": "共 {count} 个站点；经度和纬度以度为单位（WGS 84）。",
        "stationList": "站点列表",
        "identifier": "标识",
        "name": "名称",
        "organization": "组织",
        "latitude": "纬度",
        "longitude": "经度",
        "byParameter": "各参数的数值",
        "fractionName": "{name}（{fraction}）",
        "withUnit": "{name}（{unit}）",
        "sharedIdentifier": "{identifier}（{organization}）",
        "noValues": "这些站点没有采样结果。（记录仪序列见各站点页面上的图表。）",
        "noValuesBetween": "这些站点在此日期范围内没有采样结果。（记录仪序列见各站点页面上的图表。）",
        "count": "个数",
        "minimum": "最小值",
        "median": "中位数",
        "maximum": "最大值",
        "first": "首个日期",
        "last": "最后日期",
        "chartNote_other": "每个站点一条线（共 {count} 个站点）。",
        "chartNoteTop_other": "每个站点一条线（共 {count} 个站点）：数值最多的 {shown} 个站点为彩色，其余为灰色。",
        "otherStations_other": "其他 {count} 个站点",
        "withoutNumber_other": "{total} 个结果中有 {count} 个没有数值：{kinds}。最小值、中位数和最大值仅按有数值的结果计算。",
        "noneWithNumber_other": "{count} 个结果都没有数值：{kinds}。",
        "withoutNumberKind": "{count} 个{condition}",
        "withoutNumberLimit": "{count} 个{condition}（限值 {limits}）",
        "withoutNumberLimits": "{count} 个{condition}（限值 {limits}）",
        "noCondition": "未注明检测条件的结果",
        "kindSeparator": "；",
        "noChart": "没有可绘制的数值。",
        "sources": "来源和许可",
        "sourceLine_other": "{name}：{stations} 个站点，除组织另有声明外采用 {licence} 许可。",
        "sourceNote": "通过 Open Water Data 发布。使用结果前请检查其结果状态和检测条件。",
        "page": "第 {number} 页",
    },
}


def counted(words: dict, key: str, count: int, **values) -> str:
    """The text `key` for `count` things: its `_one` form for one where the language has one, else `_other`."""
    form = f"{key}_one" if count == 1 and f"{key}_one" in words else f"{key}_other"
    return words[form].format(count=count, **values)


# How many of a condition's detection limits a note lists (the lowest and highest of more).
LIMITS_LISTED = 3


def _glossary_name(list_key: str, term: str, language: str) -> str:
    """A WQX term (a sample fraction, a detection condition) in the report's language: the glossary's Chinese name
    (chalicelib/pages/defaults/zh-CN/glossary-lists.json) where it has one, else as WQX spells it."""
    if language == "en":
        return term
    from chalicelib.pages import glossary_names

    return glossary_names.translations(language).get("names", {}).get(list_key, {}).get(term) or term


def fraction_name(words: dict, language: str, name: str, fraction: str) -> str:
    """A parameter's name with a sample fraction: "Phosphorus (Dissolved)", "Phosphorus（溶解态）"."""
    return words["fractionName"].format(name=name, fraction=_glossary_name("sampleFractions", fraction, language))


def _limit_order(limit: str) -> tuple:
    number, _, unit = limit.partition(" ")
    try:
        return unit, float(number), limit
    except ValueError:
        return unit, float("inf"), limit


def no_number_note(words: dict, language: str, summary) -> str | None:
    """What a section says of its results without a number (ParameterSummary.without_number), by detection
    condition with the limits they give: "3 of the 12 results have no number: 2 Not Detected (limit 0.05 mg/L);
    1 Present Above Quantification Limit. Minimum, ..."; None when every result has one."""
    missing = sum(kind.count for kind in summary.without_number.values())
    if not missing:
        return None
    kinds = []
    for condition, kind in sorted(summary.without_number.items(), key=lambda item: (-item[1].count, item[0] or "")):
        named = _glossary_name("detectionConditions", condition, language) if condition else words["noCondition"]
        limits = sorted(kind.limits, key=_limit_order)
        if len(limits) > LIMITS_LISTED:
            limits = [limits[0], "…", limits[-1]]
        form = ("withoutNumberKind" if not limits else "withoutNumberLimit" if len(limits) == 1
                else "withoutNumberLimits")
        kinds.append(words[form].format(count=kind.count, condition=named, limits=words["separator"].join(limits)))
    listed = words["kindSeparator"].join(kinds)
    if missing == summary.count:
        return counted(words, "noneWithNumber", summary.count, kinds=listed)
    return counted(words, "withoutNumber", missing, total=summary.count, kinds=listed)
