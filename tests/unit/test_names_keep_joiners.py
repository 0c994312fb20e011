"""The name rule (chalicelib/core/names.py) keeps the zero-width joiner and non-joiner where they write a name:
between two characters that are not spaces (👩‍🔬 is one emoji, "می‌خواهم" a Persian spelling), one of a run; at
either end or next to a space they are taken out, as every other format character is everywhere. Keys leave them
out: a name with a joiner and the same name without are one name, and every key is the one it was before."""
import unicodedata

import pytest

from chalicelib.core.names import checked_name, name_key, tidy

ZWJ, ZWNJ = "\u200d", "\u200c"
SCIENTIST = "\U0001F469\u200d\U0001F52C"  # 👩‍🔬: woman, ZWJ, microscope
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # 👨‍👩‍👧
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # می‌خواهم ("I want"), a ZWNJ after the prefix
HINDI_HALF_FORM = "\u0915\u094d\u200d\u0937"  # क्‍ष: ka, virama, ZWJ (a half form), ssa


def _old_key(text: str) -> str:
    """The key as it was when tidying took every format character out, joiners too."""
    without = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return name_key(without)


@pytest.mark.parametrize("name", [SCIENTIST, FAMILY, PERSIAN, HINDI_HALF_FORM, f"Lab {SCIENTIST} team"])
def test_a_joiner_within_a_word_stays(name):
    assert tidy(name) == name
    assert checked_name(name, "refused") == name


def test_the_joined_emoji_is_not_split_into_two():
    assert tidy(f"Field team {SCIENTIST}") == "Field team 👩‍🔬"
    assert len(tidy(SCIENTIST)) == 3


@pytest.mark.parametrize("text, stored", [
    (f"{ZWJ}{SCIENTIST}{ZWJ}", SCIENTIST),                        # at either end
    (f"{ZWNJ} {PERSIAN} {ZWNJ}", PERSIAN),                         # at either end, past a space
    (f"Lab {ZWJ}team", "Lab team"),                                # after a space
    (f"Lab{ZWNJ} team", "Lab team"),                               # before a space
    (f"Lab {ZWJ} team", "Lab team"),                               # between spaces: one space stays
    (f"Lab\u00a0{ZWJ}\u3000team", "Lab team"),                     # next to other spaces
    (f"{ZWJ}{ZWNJ}", ""),                                          # nothing else: an empty name
])
def test_a_joiner_at_an_end_or_next_to_a_space_goes(text, stored):
    assert tidy(text) == stored


@pytest.mark.parametrize("text, stored", [
    ("\U0001F469\u200d\u200d\u200d\U0001F52C", SCIENTIST),
    ("\u0645\u06cc\u200c\u200c\u062e\u0648\u0627\u0647\u0645", PERSIAN),
    ("\U0001F469\u200d\u200b\u200d\U0001F52C", SCIENTIST),           # a zero-width space within the run goes first
    ("a\u200c\u200db", "a\u200cb"),                                  # a mixed run is its first
])
def test_a_run_of_joiners_is_one(text, stored):
    assert tidy(text) == stored


@pytest.mark.parametrize("character", ["\u200b", "\ufeff", "\u00ad", "\u200e", "\u202e", "\u2066", "\u2060"])
def test_the_other_format_characters_still_go_even_within_a_word(character):
    assert tidy(f"Caf{character}é") == "Café"
    assert tidy(f"\U0001F469{character}\U0001F52C") == "\U0001F469\U0001F52C"


def test_keys_leave_the_joiners_out():
    """Decided: a joiner changes how a name is drawn, not which name it is (NFKC_Casefold drops it too), so
    "a\u200cb" and "ab" clash as one name; what is stored and shown keeps it."""
    assert name_key("a\u200cb") == name_key("ab") == "ab"
    assert name_key(SCIENTIST) == name_key("\U0001F469\U0001F52C")
    assert name_key(PERSIAN) == name_key(PERSIAN.replace(ZWNJ, ""))
    assert ZWJ not in name_key(f"Lab {SCIENTIST}") and ZWNJ not in name_key(PERSIAN)


@pytest.mark.parametrize("name", [SCIENTIST, FAMILY, PERSIAN, HINDI_HALF_FORM, f"Lab {ZWJ} team",
                                  "Cafe\u200d\u0301 {x}", "ＣＡＦ\u200dÉ", "Plain name 42"])
def test_every_key_is_the_one_it_was_before(name):
    """Claims, catalogue items and parameters' ids made while tidying took joiners out stay their names'."""
    assert name_key(name) == _old_key(name)
