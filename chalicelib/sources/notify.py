"""The email that tells who set up an import source that its scheduled runs started failing: nobody watches a
source run hourly, and a broken address would otherwise go unseen for days. Said once, at the first failure after
it worked (the next tries back off, and say why on the project's logger tab); a person's Run now gets its answer on
the screen instead. English and Simplified Chinese in one message, as the invitations are written."""
from __future__ import annotations

import logging
from html import escape
from urllib.parse import quote

from chalicelib.core import mail
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.messages import localize
from chalicelib.sources.models import ImportSource

logger = logging.getLogger(__name__)

SUBJECT = "Import source {source} is failing / 导入源 {source} 运行失败"
ENGLISH = ("The scheduled import of {source} ({url}) into the project {project} on {app} failed:\n{message}\n"
           "It is tried again less and less often while it fails. Check the address, or edit or pause the source:")
CHINESE = ("{app} 上项目 {project} 的导入源 {source}（{url}）的定时导入失败：\n{message}\n"
           "失败期间会以越来越长的间隔重试。请检查地址，或编辑、暂停该导入源：")


def link(source: ImportSource) -> str:
    return (f"{get_settings().app_url}/#/userspace/organizations/{quote(source.organizationId, safe='')}/projects/"
            f"{quote(source.key, safe='')}/logger")


def compose(source: ImportSource, project: str, message: str) -> tuple[str, str, str]:
    """(subject, text, html) of the message; `message` is the source's last message, in English."""
    app = get_settings().app_name
    english = ENGLISH.format(source=source.label, url=source.url, project=project, app=app, message=message)
    chinese = CHINESE.format(source=source.label, url=source.url, project=project, app=app,
                             message=localize(message, "zh-CN"))
    to = link(source)
    text = f"{english}\n{to}\n\n{chinese}\n{to}\n"
    paragraphs = "".join(
        f'<p lang="{lang}">{escape(part).replace(chr(10), "<br>")}<br><a href="{escape(to)}">{escape(to)}</a></p>'
        for lang, part in (("en", english), ("zh-CN", chinese)))
    return (SUBJECT.format(source=source.label), text, f"<!doctype html><html><body>{paragraphs}</body></html>")


def source_failing(source: ImportSource, message: str) -> bool:
    """Email the source's maker that its scheduled run failed; never fails the run (a message SES refuses is
    logged). True when one was sent."""
    from chalicelib.projects import service as projects
    from chalicelib.users.mailing import import_email_of

    email = import_email_of(source.createdBy)
    if email is None:
        return False
    try:
        project = projects.get(source.key).name
    except NotFound:
        project = source.key
    try:
        mail.send(email, *compose(source, project, message))
    except mail.MailNotSent:
        logger.warning("the failing import source %s was not emailed to its maker", source.id)
        return False
    return True
