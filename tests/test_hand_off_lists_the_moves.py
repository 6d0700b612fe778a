"""A hot-seat hand-off screen lists the moves made since the next player's last turn (this
round's, before their first): they are public, the whole table may read them, and a small
window's turn screen has no room for them next to the rack. A drawn card that was kept stays
hidden there too (a real terminal read as it shows, pyte)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ttykit import ENTER, press, prompted, shows, spawn


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
