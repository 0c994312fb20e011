"""Every kind of record the services write into the audit trail has a name on the audit screen, in both
languages (otherwise the screen's filter could not choose it and the table would show the raw key)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# audit.record(<action expression>, "<target type>", ...): the target type is always a literal.
RECORD = re.compile(r'audit\.record\(\s*(?:"[a-z-]+"|[^,()]+|"[a-z-]+" if [^,]+ else "[a-z-]+"),\s*"([a-z-]+)"')


def written_target_types() -> set[str]:
    return {kind for path in (ROOT / "chalicelib").rglob("*.py") for kind in RECORD.findall(path.read_text("utf-8"))}


def test_every_target_type_written_is_named_on_the_audit_screen_in_both_languages():
    written = written_target_types()
    assert {"role", "member", "invitation", "page", "api-key", "import-source"} <= written
    screen = (ROOT / "frontend/src/features/admin/api/audit.ts").read_text("utf-8")
    listed = set(re.findall(r"'([a-z-]+)'", screen[screen.index("AUDIT_TARGET_TYPES"):]))
    assert written <= listed
    for language in ("en", "zh-CN"):
        locale = (ROOT / f"frontend/src/features/admin/locales/{language}.ts").read_text("utf-8")
        names = locale[locale.index("targetTypes: {"):]
        names = names[:names.index("}")]
        assert written <= set(re.findall(r"'?([a-z-]+)'?:", names)), language
