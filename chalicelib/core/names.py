"""The one rule for names people tell things apart by (organization names, project names, parameter labels): two
names that look the same are the same name.

A name is stored tidied: in Unicode's composed form (NFC, so "Café" typed either way is one text), without the
invisible format characters (zero-width space, byte order mark, soft hyphen: Unicode's category Cf), each run of
whitespace (a no-break space, an ideographic space, two spaces) one space, and no space at either end. A name
holding a control character (a tab, a line break, NUL) within it is refused: it is one line of text, and it goes into
e-mails' subjects and files' cells.

Its key (what uniqueness compares) is the tidied name case-folded under NFKC (Unicode's NFKC_Casefold, less
the characters it would drop that tidying has dropped already): "ＣＡＦＥ", "cafe" and "Cafe" are one key. For a
name of plain letters, digits, punctuation and single spaces, the key is `name.strip().casefold()`, as it was
before this rule, so names stored before it still find their claims."""
from __future__ import annotations

import re
import unicodedata

from chalicelib.core.errors import BadRequest

# Control characters (Cc: tabs, line breaks, NUL, DEL, C1 controls), the line and paragraph separators, and
# halves of characters (a lone surrogate, which no text store takes).
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
_WHITESPACE = re.compile(r"\s+")


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(c) in _REFUSED_CATEGORIES for c in text)


def _without_format_characters(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def tidy(text: str) -> str:
    """The name as it is stored: format characters taken out, whitespace runs one space, trimmed, NFC. Control
    characters that are whitespace (tab, line breaks) become a space; others stay (see `checked_name`)."""
    text = _WHITESPACE.sub(" ", _without_format_characters(text)).strip()
    return unicodedata.normalize("NFC", text)


def checked_name(value: str, refusal: str) -> str:
    """The name tidied; 400 with `refusal` (a message that names the field) when it holds a control character
    (a line break at either end, as a pasted name may have, is trimmed as spaces are). An empty result is the
    caller's to refuse (each says which name is required)."""
    if has_control_characters(value.strip()):
        raise BadRequest(refusal)
    return tidy(value)


def name_key(text: str) -> str:
    """What two names are compared by: the tidied name, NFKC case-folded (compatibility forms such as full-width
    letters or a ligature may bring back a space or a format character, so the result is tidied again)."""
    key = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", tidy(text)).casefold())
    return _WHITESPACE.sub(" ", _without_format_characters(key)).strip()
