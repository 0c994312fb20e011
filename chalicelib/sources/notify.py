"""The email that tells who set up an import source that its scheduled runs started failing: nobody watches a
source run hourly, and a broken address would otherwise go unseen for days. Said once, at the first failure after
it worked (the next tries back off, and say why on the project's logger tab); a person's Run now gets its answer on
the screen instead. Likewise when the source answers but the import of its answer fails (its format changed, say):
once, until an import of the source works again. English and Simplified Chinese in one message, as the invitations
are written."""
from __future__ import annotations

import logging
from html import escape
from urllib.parse import quote

from pynamodb.exceptions import UpdateError

from chalicelib.core import mail
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.core.messages import localize
from chalicelib.core.models import utc_now
from chalicelib.imports.models import FAILED, ImportLog
from chalicelib.sources.models import KIND, ImportSource

logger = logging.getLogger(__name__)

SUBJECT = "Import source {source} is failing / 导入源 {source} 运行失败"
# (English, Chinese): the source could not be fetched; it was, but the import of its answer failed.
FETCH_FAILED = (
    "The scheduled import of {source} ({url}) into the project {project} on {app} failed:\n{message}\n"
    "It is tried again less and less often while it fails. Check the address, or edit or pause the source:",
    "{app} 上项目 {project} 的导入源 {source}（{url}）的定时导入失败：\n{message}\n"
    "失败期间会以越来越长的间隔重试。请检查地址，或编辑、暂停该导入源：")
IMPORT_FAILED = (
    "The scheduled import of {source} ({url}) into the project {project} on {app} fetched the source's answer, but "
    "could not import it:\n{message}\nIt is tried again at every scheduled run, without another email until it works. "
    "Check what the source answers and the format chosen for it, or edit or pause the source:",
    "{app} 上项目 {project} 的导入源 {source}（{url}）的定时导入已取得该导入源的响应，但无法导入：\n{message}\n"
    "每次定时运行都会重试，在恢复正常之前不会再发送邮件。请检查该导入源返回的内容及为其选择的格式，或编辑、暂停该导入源：")


def link(source: ImportSource) -> str:
    return (f"{get_settings().app_url}/#/userspace/organizations/{quote(source.organizationId, safe='')}/projects/"
            f"{quote(source.key, safe='')}/logger")


def compose(source: ImportSource, project: str, message: str,
            texts: tuple[str, str] = FETCH_FAILED) -> tuple[str, str, str]:
    """(subject, text, html) of the message; `message` is the source's last message, in English."""
    app = get_settings().app_name
    english = texts[0].format(source=source.label, url=source.url, project=project, app=app, message=message)
    chinese = texts[1].format(source=source.label, url=source.url, project=project, app=app,
                              message=localize(message, "zh-CN"))
    to = link(source)
    text = f"{english}\n{to}\n\n{chinese}\n{to}\n"
    paragraphs = "".join(
        f'<p lang="{lang}">{escape(part).replace(chr(10), "<br>")}<br><a href="{escape(to)}">{escape(to)}</a></p>'
        for lang, part in (("en", english), ("zh-CN", chinese)))
    return (SUBJECT.format(source=source.label), text, f"<!doctype html><html><body>{paragraphs}</body></html>")


def scheduled_import_ended(log: ImportLog) -> bool:
    """A scheduled run's import has ended: when it failed, its source's maker is emailed, unless they were told
    already and no import of the source has worked since (every later run fetches the answer and fails alike).
    True when an email was sent."""
    if log.status != FAILED or not log.sourceId:
        return False
    try:
        source = ImportSource.get(f"{KIND}#{log.sourceId}")
    except ImportSource.DoesNotExist:  # deleted meanwhile
        return False
    said = source.importFailureSaidAt
    if said and (source.lastSuccessAt or "") <= said:
        return False
    try:  # claimed first: two imports of the source ending at once send one email
        source.update(actions=[ImportSource.importFailureSaidAt.set(utc_now())],
                      condition=ImportSource.importFailureSaidAt == said if said
                      else ImportSource.importFailureSaidAt.does_not_exist())
    except UpdateError:
        return False
    return source_failing(source, log.message or "", IMPORT_FAILED)


def source_failing(source: ImportSource, message: str, texts: tuple[str, str] = FETCH_FAILED) -> bool:
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
        mail.send(email, *compose(source, project, message, texts))
    except mail.MailNotSent:
        logger.warning("the failing import source %s was not emailed to its maker", source.id)
        return False
    return True
