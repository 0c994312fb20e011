"""The rule for a project's key (chalicelib/projects/service.py checked_key): one path segment of its address."""
from __future__ import annotations

import pytest

from chalicelib.core.errors import BadRequest
from chalicelib.projects.service import KEY_CHARACTERS, KEY_DOTS, checked_key, key_of_name


@pytest.mark.parametrize("key", ["WI_LAKES", "CEDEN-2019", "USGS.NAWQA", "RTWQN 2017-2019", "Lac Léman (2020)",
                                 "...", "a+b=c&d", "[\"CBSM_URSS_Madison\"]", "水质 2020"])
def test_keys_as_files_write_them_are_taken(key):
    assert checked_key(key) == key
    assert checked_key(f"  {key}\n") == key  # trimmed, as a pasted cell may end


@pytest.mark.parametrize("key", ["a/b?c#d", "a/b", "a?", "#a", "50%", "a\\b"])
def test_a_character_that_breaks_a_path_segment_is_refused(key):
    with pytest.raises(BadRequest) as refused:
        checked_key(key)
    assert refused.value.message == KEY_CHARACTERS == "Project key must not contain /, ?, #, % or \\."


@pytest.mark.parametrize("key,character", [("a\tb", "U+0009"), ("a\x00", "U+0000"), ("a\u2029b", "U+2029"),
                                           ("a\x85b", "U+0085")])
def test_a_control_character_is_refused_by_the_names_rule_naming_it(key, character):
    with pytest.raises(BadRequest) as refused:
        checked_key(key)
    assert refused.value.message == (f"Project key holds a control character ({character}), such as a tab or a line "
                                     "break: remove it.")


@pytest.mark.parametrize("key", [".", "..", " . "])
def test_dots_alone_are_refused(key):
    with pytest.raises(BadRequest) as refused:
        checked_key(key)
    assert refused.value.message == KEY_DOTS


def test_a_key_made_of_a_name_holds_a_hyphen_for_each_refused_character():
    assert key_of_name("Lakes/Rivers 50% #1 a?b c\\d") == "Lakes-Rivers 50- -1 a-b c-d"
    assert key_of_name("Creek survey") == "Creek survey"
    assert key_of_name(".") == "-" and key_of_name("..") == "--" and key_of_name("...") == "..."
    for name in ("Lakes/Rivers", "..", "N/P ratio?"):
        assert checked_key(key_of_name(name)) == key_of_name(name)
