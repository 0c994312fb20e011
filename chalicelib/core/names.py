"""The one rule for names people tell things apart by (organization names, project names, parameter labels): two
names that look the same are the same name.

A name is stored tidied: in Unicode's composed form (NFC, so "Café" typed either way is one text), without the
invisible format characters (zero-width space, byte order mark, soft hyphen, bidi controls: Unicode's category Cf),
each run of whitespace (a no-break space, an ideographic space, two spaces) one space, and no space at either end.
Two format characters are part of how a name is written, not noise: the zero-width joiner (U+200D, which joins
👩 and 🔬 into 👩‍🔬) and non-joiner (U+200C, in Persian "می‌خواهم" and Indic spellings). They stay between two
characters that are not spaces (a run of them is one: its first), and go at either end and next to a space. A name
holding a control character (a tab, a line break, NUL) within it is refused: it is one line of text, and it goes into
e-mails' subjects and files' cells.

Its key (what uniqueness compares) is the tidied name case-folded under NFKC (Unicode's NFKC_Casefold, less
the characters it would drop that tidying has dropped already): "ＣＡＦＥ", "cafe" and "Cafe" are one key. The key
leaves the joiners out, as NFKC_Casefold does (they are default-ignorable): "a\u200cb" and "ab" look alike in most
fonts and are one name, and every key is the one it was when tidying took the joiners out too (claims and
parameters' ids made then stay theirs). For a name of plain letters, digits, punctuation and single spaces, the key
is `name.strip().casefold()`, as it was before this rule, so names stored before it still find their claims."""
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


def first_control_character(text: str) -> str | None:
    """The first character of `text` that a name may not hold (has_control_characters), as "U+" and its four hex
    digits (U+0000); None if none."""
    return next((f"U+{ord(c):04X}" for c in text if unicodedata.category(c) in _REFUSED_CATEGORIES), None)


# An imported file's cell that names something (a station, a parameter) and holds a control character.
CONTROL_CHARACTER_IN_CELL = ("{column} holds a control character ({character}), such as a tab, a line break or NUL; "
                             "remove it and import again.")


_JOINERS = "\u200c\u200d"  # zero-width non-joiner, zero-width joiner
_JOINER_RUN = re.compile(f"[{_JOINERS}]+")


def _without_format_characters(text: str, keep: str = "") -> str:
    return "".join(c for c in text if c in keep or unicodedata.category(c) != "Cf")


def tidy(text: str) -> str:
    """The name as it is stored: format characters taken out but for joiners within a word, whitespace runs one
    space, trimmed, NFC. Control characters that are whitespace (tab, line breaks) become a space; others stay (see
    `checked_name`)."""
    text = _JOINER_RUN.sub(_joiner_kept, _without_format_characters(text, keep=_JOINERS))
    return unicodedata.normalize("NFC", _WHITESPACE.sub(" ", text).strip())


def _joiner_kept(run: re.Match) -> str:
    """A run of joiners: its first between two characters that are not spaces, else nothing."""
    text, start, end = run.string, run.start(), run.end()
    within = 0 < start and end < len(text) and not text[start - 1].isspace() and not text[end].isspace()
    return run.group()[0] if within else ""


def checked_name(value: str, refusal: str) -> str:
    """The name tidied; 400 with `refusal` (a message that names the field) when it holds a control character
    (a line break at either end, as a pasted name may have, is trimmed as spaces are). An empty result is the
    caller's to refuse (each says which name is required)."""
    if has_control_characters(value.strip()):
        raise BadRequest(refusal)
    return tidy(value)


def name_key(text: str) -> str:
    """What two names are compared by: the tidied name without its joiners (module docstring), NFKC case-folded
    (compatibility forms such as full-width letters or a ligature may bring back a space or a format character, so
    the result is tidied again)."""
    base = _without_format_characters(tidy(text))
    key = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", base).casefold())
    return _WHITESPACE.sub(" ", _without_format_characters(key)).strip()
