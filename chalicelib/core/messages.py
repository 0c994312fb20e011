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


def localize(message: str, accept_language: str | None) -> str:
    language = language_of(accept_language)
    if language is None:
        return message
    for pattern, translated in _patterns(language):
        match = pattern.match(message)
        if match:
            return translated.format(**match.groupdict())
    return message
