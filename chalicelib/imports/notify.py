"""The email that tells whoever started a long import how it ended, in English and Simplified Chinese (as the
invitations write): a million-row file takes minutes, and its sender has often left the screen long before. A short
import is seen ending on the screen and sends nothing; a scheduled run of an import source is said only when it
failed, to the source's maker (chalicelib/sources/notify.py)."""
from __future__ import annotations

import logging
from datetime import datetime
from html import escape
from urllib.parse import quote

from chalicelib.core import mail
from chalicelib.core.config import get_settings
from chalicelib.core.errors import NotFound
from chalicelib.imports.models import FAILED, PARTIAL, SUCCEEDED, ImportLog

logger = logging.getLogger(__name__)

# From queued to ended: an import this long is worth a word once it ends.
NOTIFY_AFTER_SECONDS = 120
SCHEDULED = "schedule"
# How it ended, as the screens say it: (English, Chinese), for an import and for a check (dry run).
ENDINGS = {
    SUCCEEDED: (("imported", "导入成功"), ("checked: every row can be imported", "检查完毕：所有行都可以导入")),
    PARTIAL: (("imported with rejected rows", "已导入，部分行被拒绝"), ("checked: some rows would be rejected", "检查完毕：部分行将被拒绝")),
    FAILED: (("failed: nothing was written", "失败：未写入任何数据"), ("could not be checked", "无法检查")),
}
SUBJECT = "{file}: {ending_en} / {ending_zh}"
ENGLISH = ("Your import of {file} into the project {project} on {app} ended: {ending}.\n"
           "Values imported: {imported}. Rows rejected: {rejected}. Values unchanged: {unchanged}.\n"
           "{message}See the result and any rejected rows:")
CHINESE = ("您在 {app} 上向项目 {project} 导入的 {file} 已结束：{ending}。\n"
           "导入的数值：{imported}。被拒绝的行：{rejected}。未变化的数值：{unchanged}。\n"
           "{message}查看结果及被拒绝的行：")


def _seconds(log: ImportLog) -> float:
    try:
        started = datetime.fromisoformat(str(log.createdAt).replace("Z", "+00:00"))
        ended = datetime.fromisoformat(str(log.finishedAt).replace("Z", "+00:00"))
    except ValueError:
        return 0.0
    return (ended - started).total_seconds()


def link(log: ImportLog) -> str:
    tab = "logger" if log.kind == "timeseries" else "imports"
    return (f"{get_settings().app_url}/#/userspace/organizations/{quote(log.organizationId, safe='')}/projects/"
            f"{quote(log.projectId, safe='')}/{tab}")


def compose(log: ImportLog, project: str) -> tuple[str, str, str]:
    """(subject, text, html) of the message for an ended import into the project named `project`."""
    app = get_settings().app_name
    (ending_en, ending_zh) = ENDINGS[log.status][1 if log.dryRun else 0]
    counts = {"imported": f"{int(log.rowsImported or 0):,}", "rejected": f"{int(log.rowsRejected or 0):,}",
              "unchanged": f"{int(log.rowsUnchanged or 0):,}"}
    said = f"{log.message}\n" if log.message else ""
    english = ENGLISH.format(file=log.fileName, project=project, app=app, ending=ending_en, message=said, **counts)
    chinese = CHINESE.format(file=log.fileName, project=project, app=app, ending=ending_zh, message=said, **counts)
    to = link(log)
    text = f"{english}\n{to}\n\n{chinese}\n{to}\n"
    paragraphs = "".join(
        f'<p lang="{lang}">{escape(part).replace(chr(10), "<br>")}<br><a href="{escape(to)}">{escape(to)}</a></p>'
        for lang, part in (("en", english), ("zh-CN", chinese)))
    return (SUBJECT.format(file=log.fileName, ending_en=ending_en, ending_zh=ending_zh), text,
            f"<!doctype html><html><body>{paragraphs}</body></html>")


def import_ended(log: ImportLog) -> bool:
    """Email the person who started the import, when it ran long and has ended (not cancelled: they stopped it
    themselves); a scheduled run's failure, its source's maker. Never fails the import: a message that cannot be sent is logged. True when one was sent."""
    if log.trigger == SCHEDULED:  # nobody waits for it: the source's maker hears of a failure alone
        from chalicelib.sources import notify as sources

        return sources.scheduled_import_ended(log)
    if log.status not in ENDINGS or _seconds(log) < NOTIFY_AFTER_SECONDS:
        return False
    from chalicelib.projects import service as projects
    from chalicelib.users.mailing import import_email_of

    email = import_email_of(log.createdBy)
    if email is None:
        return False
    try:
        name = projects.get(log.projectId).name
    except NotFound:  # deleted meanwhile
        name = log.projectId
    try:
        mail.send(email, *compose(log, name))
    except mail.MailNotSent:
        logger.warning("the end of import %s was not emailed to its sender", log.logId)
        return False
    return True
