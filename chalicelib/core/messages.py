"""Error messages in the language a request asks for (Accept-Language): the messages users meet in the
screens, by their English template; any other message stays in English."""
from __future__ import annotations

import re
from functools import lru_cache

# English template → Simplified Chinese; {name} parts are carried over as they are.
ZH_CN = {
    "Sign-in required.": "需要登录。",
    "You do not have permission to do this.": "您没有执行此操作的权限。",
    "Invalid from. It must not be after to": "起始日期不能晚于结束日期。",
    "Invalid {field}. ISO 8601 date expected (YYYY-MM-DD)": "{field} 无效：应为 ISO 8601 日期（YYYY-MM-DD）。",
    "Invalid {field}. Codes of {digits} digits expected": "{field} 无效：应为 {digits} 位数字代码。",
    "Invalid {field}. Number expected": "{field} 无效：应为数字。",
    "Invalid limit. At least 1 station per page expected": "limit 无效：每页至少应有 1 个站点。",
    "Invalid param {field}. UUID string expected": "参数 {field} 无效：应为 UUID。",
    "Station not found.": "未找到站点。",
    "Dashboard not found.": "未找到仪表板。",
    "Role not found.": "未找到角色。",
    "User not found.": "未找到用户。",
    "Organization not found.": "未找到机构。",
    "A role named {name} already exists.": "已存在名为 {name} 的角色。",
    "Role name is required.": "请输入角色名称。",
    "Role name must be at most 80 characters.": "角色名称最多 80 个字符。",
    "Built-in roles cannot be changed.": "内置角色不能更改。",
    "Built-in roles cannot be deleted.": "内置角色不能删除。",
    "You cannot change your own roles.": "您不能更改自己的角色。",
    "A valid email address is required.": "请输入有效的电子邮件地址。",
    "A user with email {email} already exists.": "已存在电子邮件为 {email} 的用户。",
    "Name must be between 1 and 200 characters.": "名称长度应为 1 到 200 个字符。",
    "Please enter dashboard name.": "请输入仪表板名称。",
    "Dashboard named {name} already exists. Please try a different one.": "已存在名为 {name} 的仪表板，请换一个名称。",
    "An internal server error occurred.": "服务器内部错误。",
    "The data store is unavailable. Please try again shortly.": "数据存储暂时不可用，请稍后再试。",
    "Request body must be a JSON object.": "请求正文必须是 JSON 对象。",
    "Request body is too large. At most {megabytes} MB is accepted.": "请求正文过大：最多接受 {megabytes} MB。",
    "You have sent 5 messages in the last hour. Please try again later.": "您在过去一小时内已发送 5 条留言，请稍后再试。",
    "Please enter your name (at most 200 characters).": "请输入您的姓名（最多 200 个字符）。",
    "Please write a message (at most 5000 characters).": "请填写留言（最多 5000 个字符）。",
    "The page text is required.": "请输入页面内容。",
    "Someone saved this page at the same moment. Reload it and try again.": "有人同时保存了此页面，请重新加载后再试。",
    # Import sources and API keys (the project's Logger data tab, the organization's settings).
    "url must be an http(s) address of at most 2,000 characters.": "网址必须是 http(s) 地址，最多 2,000 个字符。",
    "Only http and https URLs can be imported.": "只能导入 http 和 https 网址。",
    "A URL with a user name or password is not accepted; use a public address.": "不接受含用户名或密码的网址，请使用公开地址。",
    "The URL's port is not a number.": "网址的端口不是数字。",
    "The host {host} cannot be found.": "找不到主机 {host}。",
    "The URL points at a private, loopback or link-local address; only public addresses can be imported.":
        "该网址指向私有、回环或链路本地地址；只能导入公开地址。",
    "name is required (1 to 100 characters).": "请输入名称（1 到 100 个字符）。",
    "name is required (1 to 100 characters): say which logger or script uses the key.":
        "请输入名称（1 到 100 个字符）：说明哪个记录仪或脚本使用此密钥。",
    # Large WQP answers written by the worker (/wqp/answers/{id}).
    "WQP answer not found.": "未找到该 WQP 查询结果。",
    "The WQP answer could not be written. Please ask for it again.": "无法生成该 WQP 查询结果，请重新查询。",
    "Invalid attempt. A whole number expected": "attempt 参数无效：应为整数。",
    # Imports (the project's Imports tab): what an import's log says, then a rejected row's reason. A
    # {message} inside another message is translated in turn; the messages that hold one come first, so that
    # a message that ends another is not taken for the whole.
    "Dry run: nothing was written. {message}": "仅检查：未写入任何数据。{message}",
    "Stopped after row {row}: {message}": "在第 {row} 行之后停止：{message}",
    "Dry run: nothing was written.": "仅检查：未写入任何数据。",
    "{column} is empty: {message}": "{column} 为空：{message}",
    "The file has a header but no rows.": "文件只有表头，没有数据行。",
    "No row could be imported: all {rejected} rows were rejected (see the rejected rows).":
        "没有可导入的行：全部 {rejected} 行均被拒绝（见被拒绝的行）。",
    "{rejected} rows were rejected (see the rejected rows); the others were imported.":
        "{rejected} 行被拒绝（见被拒绝的行）；其余各行已导入。",
    "Cancelled after {rows} rows; rows imported before stay.": "在 {rows} 行之后取消；此前已导入的行保留。",
    "The import failed repeatedly because of an internal error; please try again later.":
        "导入因内部错误多次失败，请稍后再试。",
    "The archive expands to more than {ratio} times its size: it looks like a zip bomb, so it is not imported.":
        "压缩包解压后超过其大小的 {ratio} 倍，疑似压缩炸弹，因此不予导入。",
    "The uploaded file could not be read (the connection kept breaking); import it again.":
        "无法读取上传的文件（连接不断中断），请重新导入。",
    "The compressed file is damaged or incomplete; compress it again and import it.":
        "压缩文件已损坏或不完整，请重新压缩后导入。",
    "The zip archive is damaged or incomplete; create it again and import it.":
        "zip 压缩包已损坏或不完整，请重新创建后导入。",
    "A zip archive must hold exactly one CSV file; this one holds {count} files.":
        "zip 压缩包必须只包含一个 CSV 文件；此压缩包包含 {count} 个文件。",
    "The zip archive is encrypted; import the CSV file itself.": "zip 压缩包已加密，请直接导入 CSV 文件。",
    "The zip archive uses a compression this product does not read; use a plain zip.":
        "zip 压缩包使用了本产品无法读取的压缩方式，请使用普通 zip。",
    "The file holds binary data (or UTF-16 text), not CSV text: save it as CSV (UTF-8) and import it again.":
        "文件包含二进制数据（或 UTF-16 文本），不是 CSV 文本：请另存为 CSV（UTF-8）后重新导入。",
    "The file is empty.": "文件为空。",
    "The first line is longer than 1 MB, so it is not a CSV header; the first line must name the columns.":
        "第一行超过 1 MB，不是 CSV 表头；第一行必须是列名。",
    "The first line of the file is not a CSV header.": "文件的第一行不是 CSV 表头。",
    "The first line of the file is empty; it must name the columns.": "文件的第一行为空；它必须是列名。",
    "The header holds characters that are not UTF-8 or Latin-1 text; save the file as UTF-8.":
        "表头包含非 UTF-8 或 Latin-1 文本的字符，请将文件另存为 UTF-8。",
    "A row after row {row} is longer than {size} MB (or a quote is never closed); such rows are not data. Check the "
    "quotes of the file.": "第 {row} 行之后的某一行超过 {size} MB（或引号未闭合），这样的行不是数据。请检查文件中的引号。",
    "A quoted cell after row {row} is never closed; check the quotes of the file.":
        "第 {row} 行之后有一个带引号的单元格未闭合，请检查文件中的引号。",
    "The file cannot be read as CSV after row {row}: {detail}": "第 {row} 行之后的内容无法作为 CSV 读取：{detail}",
    "The file is not text.": "文件不是文本。",
    "The uploaded file is no longer there; upload it again.": "上传的文件已不存在，请重新上传。",
    "The uploaded file changed or went away while it was imported; upload it again.":
        "上传的文件在导入过程中被更改或删除，请重新上传。",
    "The header names the column {column} twice; every column needs its own name.":
        "表头中列 {column} 出现了两次；每一列都需要自己的名称。",
    "The header has a single column: the file is not comma-, tab- or semicolon-separated text, or it is not a CSV "
    "file.": "表头只有一列：文件不是以逗号、制表符或分号分隔的文本，或者不是 CSV 文件。",
    "The file lacks columns a {format} file needs: {names}.": "文件缺少 {format} 文件所需的列：{names}。",
    "The columns of the file match no format this product imports (Water Quality Portal result or station profile, "
    "or the template). The closest, the {format}, needs these missing columns: {names}.":
        "文件的列不符合本产品可导入的任何格式（Water Quality Portal 结果或站点档案，或模板）。最接近的格式 {format} "
        "缺少以下列：{names}。",
    "every value needs its station.": "每个数值都需要其站点。",
    "every value needs its parameter.": "每个数值都需要其参数。",
    "every value needs its date.": "每个数值都需要其日期。",
    "every station needs its identifier.": "每个站点都需要其标识符。",
    "every station needs its name.": "每个站点都需要其名称。",
    "every station needs its latitude.": "每个站点都需要其纬度。",
    "every station needs its longitude.": "每个站点都需要其经度。",
    "{column} is longer than {limit} characters.": "{column} 超过 {limit} 个字符。",
    "{column} holds characters that are not {encoding} text (the file mixes encodings); save the file as UTF-8 and "
    "import it again.": "{column} 包含非 {encoding} 文本的字符（文件混用了多种编码），请将文件另存为 UTF-8 后重新导入。",
    "{column} '{value}' looks like a spreadsheet formula; formulas are not imported.":
        "{column} '{value}' 看起来像电子表格公式；公式不予导入。",
    "{column} '{value}' is not a date: use YYYY-MM-DD or M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are "
    "2000-2068).": "{column} '{value}' 不是日期：请使用 YYYY-MM-DD 或 M/D/YYYY（两位数年份 69-99 表示 1969-1999，"
                   "00-68 表示 2000-2068）。",
    "{column} '{value}' is not a time of day: use HH:MM or HH:MM:SS.": "{column} '{value}' 不是时刻：请使用 HH:MM 或 HH:MM:SS。",
    "Unknown time zone '{value}': use a WQX time zone code such as EST, CDT or UTC.":
        "未知时区 '{value}'：请使用 WQX 时区代码，例如 EST、CDT 或 UTC。",
    "{column} '{value}' is not a number; a result such as ND needs a detection condition ({label}).":
        "{column} '{value}' 不是数字；ND 之类的结果需要检测条件（{label}）。",
    "{column} is empty and there is no detection condition ({label}).": "{column} 为空，且没有检测条件（{label}）。",
    "Unknown unit '{value}': use a WQX unit code such as mg/L, deg C or uS/cm.":
        "未知单位 '{value}'：请使用 WQX 单位代码，例如 mg/L、deg C 或 uS/cm。",
    "Unknown activity type '{value}': use a WQX activity type such as Field Msr/Obs or Sample-Routine.":
        "未知活动类型 '{value}'：请使用 WQX 活动类型，例如 Field Msr/Obs 或 Sample-Routine。",
    "Activity type '{value}' needs an analytical method ({label}).": "活动类型 '{value}' 需要分析方法（{label}）。",
    "Repeats row {row}: the same station, parameter, time and activity.": "与第 {row} 行重复：站点、参数、时间和活动均相同。",
    "{column} '{value}' is not a latitude (a number from -90 to 90).": "{column} '{value}' 不是纬度（-90 到 90 之间的数字）。",
    "{column} '{value}' is not a longitude (a number from -180 to 180).":
        "{column} '{value}' 不是经度（-180 到 180 之间的数字）。",
    "{column} '{value}' is not a hydrologic unit code of 8 digits.": "{column} '{value}' 不是 8 位水文单元代码。",
    "{column} '{value}' is not a state FIPS code (1 or 2 digits).": "{column} '{value}' 不是州 FIPS 代码（1 或 2 位数字）。",
    "{column} '{value}' is not a county FIPS code (1 to 3 digits).": "{column} '{value}' 不是县 FIPS 代码（1 到 3 位数字）。",
    "Repeats the station of row {row}.": "与第 {row} 行的站点重复。",
    "A row has {found} cells where the header has {expected}: {text}. Check its delimiters and quotes.":
        "某行有 {found} 个单元格，而表头有 {expected} 列：{text}。请检查其分隔符和引号。",
    "Station '{station}' belongs to another organization; import it into a project of that organization.":
        "站点 '{station}' 属于其他机构，请将其导入该机构的项目。",
    "Unknown station '{station}': create it first, or give its location in {latitude} and {longitude}.":
        "未知站点 '{station}'：请先创建该站点，或在 {latitude} 和 {longitude} 中给出其位置。",
    # Time-series (logger) files, imported the same way (the project's Logger data tab).
    "The file is JSON, not the {layout} CSV layout; import it as usgs-json.":
        "该文件是 JSON，不是 {layout} CSV 布局；请以 usgs-json 导入。",
    "The file is CSV, not USGS Water Services JSON; import it as ts-wide or ts-long.":
        "该文件是 CSV，不是 USGS Water Services JSON；请以 ts-wide 或 ts-long 导入。",
    "The {layout} layout needs a column for {columns} (e.g. {examples}); the header has: {header}.":
        "{layout} 布局需要 {columns} 列（例如 {examples}）；表头中有：{header}。",
    "The wide logger layout needs at least one value column besides station and time.":
        "宽格式记录仪布局除站点和时间外，至少还需要一个数值列。",
    "The JSON is not a USGS Water Services answer (value.timeSeries is missing).":
        "该 JSON 不是 USGS Water Services 的响应（缺少 value.timeSeries）。",
    "A zip archive must hold exactly one file; this one holds {count}.": "zip 压缩包必须只包含一个文件；此压缩包包含 {count} 个。",
    "The file in the archive is larger than 256 MB; split it.": "压缩包中的文件超过 256 MB，请拆分。",
    "Time-series files up to 256 MB can be imported; split it.": "时间序列文件最大可导入 256 MB，请拆分。",
    "The parameter is empty.": "参数为空。",
    "A row has {found} cells where the header has {expected}. Check its delimiters and quotes.":
        "某行有 {found} 个单元格，而表头有 {expected} 列。请检查其分隔符和引号。",
    "The station is empty.": "站点为空。",
    "Unknown time zone {zone}: use an offset such as -05:00, or a name such as America/New_York.":
        "未知时区 {zone}：请使用偏移量（例如 -05:00）或时区名称（例如 America/New_York）。",
    "The time is empty.": "时间为空。",
    "The time {value} is not a date and time such as 2024-05-01T12:00:00Z.":
        "时间 {value} 不是日期时间（例如 2024-05-01T12:00:00Z）。",
    "The time {value} has no time zone and the file gives none: add an offset (e.g. 2024-05-01T12:00:00-05:00 or Z) "
    "or a time zone column.": "时间 {value} 没有时区，文件中也未给出：请添加偏移量（例如 2024-05-01T12:00:00-05:00 或 Z）"
                              "或时区列。",
    "{column}: {value} is not a number.": "{column}：{value} 不是数字。",
    "{value} is not a number.": "{value} 不是数字。",
    "Time series {index} lacks its site or variable; it is skipped.": "时间序列 {index} 缺少站点或变量，已跳过。",
}
TRANSLATIONS = {"zh-CN": ZH_CN}


def _pattern(template: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
    return re.compile(regex + r"\Z", re.DOTALL)


@lru_cache(maxsize=None)
def _patterns(language: str) -> list[tuple[re.Pattern, str]]:
    return [(_pattern(english), translated) for english, translated in TRANSLATIONS[language].items()]


def language_of(accept_language: str | None) -> str | None:
    """The most preferred language with translations (zh, zh-CN, zh-Hans... → zh-CN); None for English
    or when no offered language has them."""
    offered = []
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            offered.append((-quality, position, tag.strip().lower()))
    for _, _, tag in sorted(offered):
        primary, *rest = tag.split("-")
        if primary == "en":
            return None
        if primary == "zh" and not set(rest) & {"tw", "hk", "mo", "hant"}:
            return "zh-CN"
    return None


# A part of a message that is itself a message (an import's reason inside "Stopped after row N: ...").
NESTED = "message"


def localize(message: str, accept_language: str | None) -> str:
    language = language_of(accept_language)
    if language is None:
        return message
    for pattern, translated in _patterns(language):
        match = pattern.match(message)
        if match:
            parts = match.groupdict()
            if NESTED in parts:
                parts[NESTED] = localize(parts[NESTED], accept_language)
            return translated.format(**parts)
    return message
