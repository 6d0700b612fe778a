"""Text pasted at a prompt is one wrong key, whatever it holds: pasted "hello d5" is not a
hint, the rules, a draw and a slot. racko asks the terminal to bracket pastes while it waits
for a key, and gives the shell its terminal back as it was."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ttykit import at_the_first_turn, press, prompted_when, words

from rack_o.cli.keys import (
    PASTE,
    PASTE_END,
    PASTE_OFF,
    PASTE_ON,
    PASTE_START,
    KeyDecoder,
    Pending,
    keys_in,
)


def _pasted(text: str) -> str:
    return PASTE_START + text + PASTE_END


@pytest.mark.parametrize(
    ("typed", "keys"),
    [
        (_pasted("hello world"), [PASTE]),
        ("d" + _pasted("5\r") + "x", ["d", PASTE, "x"]),
        (_pasted("q\x03\x04\x1b[A\x1a"), [PASTE]),  # nothing pasted stops racko or moves
        (_pasted("") + _pasted("t"), [PASTE, PASTE]),
        (PASTE_END + "z", ["z"]),  # an end without its start: nothing was pasted
    ],
)
def test_a_paste_is_one_key_whatever_it_holds(typed: str, keys: list[str]) -> None:
    assert keys_in(typed) == keys


@pytest.mark.parametrize("cut", range(1, len(_pasted("d5\rq")) + 1))
def test_a_paste_handed_over_in_pieces_is_still_one_key(cut: int) -> None:
    typed = _pasted("d5\rq") + "t"
    decoder = KeyDecoder()
    assert decoder.feed(typed[:cut]) + decoder.feed(typed[cut:]) == [PASTE, "t"]


def test_pasted_text_at_a_turn_is_named_and_moves_nothing(tmp_path: Path) -> None:
    child = at_the_first_turn(tmp_path)
    child.expect_exact(PASTE_ON, timeout=5)  # asked while racko waits for the key
    press(child, _pasted("hello world d5\r"))
    screen = prompted_when(
        child, lambda shown: words("Pasted text is not valid here") in words(shown), "note")
    assert "You drew" not in screen and "Rules of Rack-O" not in screen, screen
    press(child, "d")  # the prompt still takes its keys
    prompted_when(child, lambda shown: "You drew" in shown, "the draw")
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)
    last = child.before
    assert last.rfind(PASTE_OFF) > last.rfind(PASTE_ON), last  # the shell's terminal again


def test_a_paste_whose_end_never_comes_is_over_after_the_wait_for_it() -> None:
    """As a lone Escape is: it must not swallow every key after it."""
    decoder = KeyDecoder()
    assert decoder.feed(PASTE_START + "hello") == [PASTE]
    assert decoder.pending is Pending.TIMED  # the reader waits SEQUENCE_WAIT for the rest
    assert decoder.flush() == []
    assert decoder.feed("d") == ["d"]


def test_the_rest_of_a_paste_cut_where_keys_were_thrown_away_is_not_keys() -> None:
    """Keys typed ahead are read through the same decoder before they are thrown away
    (`Terminal.flush_input`), so a paste cut anywhere, in its start or its end marker too,
    leaves no letters behind, and a Ctrl-C pasted is no Ctrl-C typed."""
    typed = "d" + _pasted("t5\rq\x03") + "x"
    for cut in range(len(typed) + 1):
        decoder = KeyDecoder()
        thrown = decoder.feed(typed[:cut])
        assert thrown + decoder.feed(typed[cut:]) == ["d", PASTE, "x"], cut
