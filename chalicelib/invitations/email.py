"""The invitation email: one message in English and Simplified Chinese with the accept link."""
from __future__ import annotations

from html import escape

from chalicelib.core.config import get_settings

ROLE_LABELS = {
    "simple-user": ("member", "普通成员"),
    "data-contributor": ("data contributor", "数据贡献者"),
    "group-admin": ("group administrator", "组管理员"),
}
SUBJECT = "Invitation to join {organization} on {app} / 邀请您加入 {organization}"
ENGLISH = ("You have been invited to join {organization} on {app} as {role}.\n"
           "Open this link to accept (valid until {expires}):")
CHINESE = "您被邀请以{role}身份加入 {app} 上的 {organization}。\n请打开以下链接接受邀请（有效期至 {expires}）："
SYSTEM_ADMIN = ("system administrator", "系统管理员")


def accept_link(token: str) -> str:
    return f"{get_settings().app_url}/#/sts/invitation/{token}"


def compose(organization_name: str, role_name: str | None, is_system_admin: bool, expires_at: str,
            token: str) -> tuple[str, str, str]:
    """(subject, text, html) of the invitation email."""
    app = get_settings().app_name
    role_en, role_zh = SYSTEM_ADMIN if is_system_admin else ROLE_LABELS.get(role_name or "", (role_name, role_name))
    expires = expires_at[:10]
    link = accept_link(token)
    english = ENGLISH.format(organization=organization_name, app=app, role=role_en, expires=expires)
    chinese = CHINESE.format(organization=organization_name, app=app, role=role_zh, expires=expires)
    subject = SUBJECT.format(organization=organization_name, app=app)
    text = f"{english}\n{link}\n\n{chinese}\n{link}\n"
    paragraphs = "".join(
        f'<p lang="{lang}">{escape(part).replace(chr(10), "<br>")}<br><a href="{escape(link)}">{escape(link)}</a></p>'
        for lang, part in (("en", english), ("zh-CN", chinese)))
    html = f"<!doctype html><html><body>{paragraphs}</body></html>"
    return subject, text, html
