"""A hot-seat hand-off screen lists the moves made since the next player's last turn (this
round's, before their first): they are public, the whole table may read them, and a small
window's turn screen has no room for them next to the rack. A drawn card that was kept stays
hidden there too (a real terminal read as it shows, pyte)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ttykit import ENTER, press, prompted, prompted_when, settle, shows, spawn


def _turn(child, keys: str) -> None:  # type: ignore[no-untyped-def]
    """At a hand-off: take the keyboard, play `keys` (d or t, a slot), confirm."""
    press(child, ENTER)
    child.expect(r"take \d+.*> ")
    prompted(child)
    press(child, keys[0])
    child.expect(r"for \d+.*> ")
    press(child, keys[1])
    child.expect("takes it back")
    prompted(child)
    press(child, ENTER)


@pytest.mark.parametrize("size", [(80, 24), (45, 15)])
def test_each_hand_off_lists_the_moves_since_the_next_player_s_last_turn(
        tmp_path: Path, size: tuple[int, int]) -> None:
    child = spawn(["play", "--names", "Ann,Bob,Cy", "--seed", "5"], tmp_path, size=size,
                  short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)  # Bob deals: Cy plays first, then Ann, then Bob
    shows(child, "Cy, press Enter when ready")
    _turn(child, "d9")
    screen = shows(child, "Ann, press Enter when ready")
    moves = " ".join(screen.split())
    assert re.search(r"This round so far: Cy drew (a card )?into slot 9", moves), screen
    _turn(child, "t9")
    screen = shows(child, "Bob, press Enter when ready")
    moves = " ".join(screen.split())
    assert re.search(r"This round so far: Cy drew (a card )?into slot 9,? (and )?discarded \d+\. "
                     r"Ann took \d+ (from the discard pile )?into slot 9", moves), screen
    _turn(child, "d1")
    screen = shows(child, "Cy, press Enter when ready")
    moves = " ".join(screen.split())
    assert re.search(r"Since Cy's last turn: Ann took \d+ .*Bob drew (a card )?into slot 1",
                     moves), screen
    assert "Cy drew" not in moves, screen
    assert screen.splitlines()[-1].endswith("press Enter when ready >"), screen
    assert "█" not in screen, screen
    child.terminate(force=True)


HAND_OFF = re.compile(r"\w+, (press Enter when ready|appuyez sur Entrée quand vous êtes "
                      r"prêt\(e\)) >$")
"""The question that ends a hand-off screen (its lines joined), in English or French."""


def _keys(child, turns: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Play `turns` (d or t, then a slot or x), each from its hand-off, in any language."""
    for keys in turns:
        # Each turn from its hand-off's question: an Enter sent while the keys of the move
        # just made are still being thrown away (a busy machine) was lost with them.
        prompted_when(child, lambda shown: bool(HAND_OFF.search(" ".join(shown.split()))),
                      "a hand-off")
        for key in (ENTER, *keys, ENTER):
            press(child, key)
            settle(child, 0.05)


LONG_NAMES = "Alexandra,Bartholomew,Cunegonde,Dimitrios"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hand_off_in_the_smallest_window_keeps_its_top_line_and_counts_moves_left_out(
        tmp_path: Path, language: str) -> None:
    child = spawn(["--lang", language, "play", "--names", LONG_NAMES, "--seed", "5"],
                  tmp_path, size=(45, 15), short_holds=True)
    child.expect("1")  # the deal's question
    press(child, ENTER)
    screen = prompted_when(child, lambda shown: "Dimitrios," in shown, "Dimitrios's hand-off")
    # The deal's sentence whole at the top, the prompt (two lines in French) at the bottom.
    top = " ".join(screen.splitlines()[0].split())  # French puts a no-break space before ":"
    assert top.startswith(("Round 1:", "Manche 1 :")), screen
    assert screen.rstrip().endswith(">"), screen
    _keys(child, ["d4", "t1", "dx", "d0", "t0", "t0", "dx", "t0", "t0", "t0"])
    screen = prompted_when(child, lambda shown: "Bartholomew," in shown,
                           "Bartholomew's hand-off")
    words = " ".join(screen.split())
    assert screen.rstrip().endswith(">"), screen
    # English fits the three moves since Bartholomew's turn; French, longer, the newest two,
    # and says one is left out.
    listed = {"en": "Since Bartholomew's last turn: Cunegonde took 48 into slot 10, discarded "
                    "44. Dimitrios took 44 into slot 10, discarded 3. Alexandra took 3 into "
                    "slot 10, discarded 53.",
              "fr": "Depuis le dernier tour joué par Bartholomew (1 coup non affiché) : "
                    "Dimitrios a pris le 44 (empl. 10) et défaussé le 3. Alexandra a pris le 3 "
                    "(empl. 10) et défaussé le 53."}
    assert words.startswith(listed[language]), screen
    child.terminate(force=True)
