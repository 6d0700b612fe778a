"""JSON racko prints (review, history and stats with --json) carries each name as written,
readable (accents, any script, emoji), yet nothing in it acts on the terminal it is printed
to: every control or format character (DEL, C1, bidi overrides, a tag character beyond the
first plane) is written as its \\u escape, which any JSON reader turns back into it."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rack_o.store.safe_text import json_text


def steers(char: str) -> bool:
    """A control, format, surrogate or separator character (the joiners are a script's)."""
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") and char not in (
        "\u200c\u200d")


STEERS = ["\x7f", "\x9b", "\u202e", "\u2066", "\u200b", "\u2028", "\U000e0041"]
KEPT = ["Zoë", "Βασίλης", "Šárka", "🃏", "a\u200db", "名前"]


@pytest.mark.parametrize("char", STEERS)
def test_a_character_that_steers_is_escaped_and_reads_back(char: str) -> None:
    text = json_text({"name": f"Ann{char}Bob"}, indent=2)
    assert char not in text
    assert json.loads(text) == {"name": f"Ann{char}Bob"}


@pytest.mark.parametrize("name", KEPT)
def test_a_name_s_own_letters_are_written_as_they_are(name: str) -> None:
    assert json_text([name]) == json.dumps([name], ensure_ascii=False)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=8))
def test_any_value_reads_back_the_same_with_nothing_that_steers(value: object) -> None:
    text = json_text(value, indent=2)
    assert json.loads(text) == value
    assert not any(steers(char) for char in text if char != "\n")
