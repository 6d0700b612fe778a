"""In a real terminal: Enter pressed where it does nothing gets its note, but a second press of
the Enter that handed the keyboard over (a double tap) is thrown away in silence."""

from __future__ import annotations

from pathlib import Path

import pexpect
from ttykit import ENTER, press, settle, shows, spawn, visible


def test_a_double_tap_at_the_hand_off_is_silent_and_a_later_enter_is_told(
    tmp_path: Path
) -> None:
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", "--record",
                   str(tmp_path / "g.jsonl")], tmp_path)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    press(child, ENTER)
    settle(child, 0.1)  # the turn screen is up: the second press of a double tap
    child.send(ENTER)
    child.expect("q quit > ")
    settle(child, 0.8)
    assert "not valid" not in visible(child), visible(child)
    press(child, ENTER)  # now meant
    screen = shows(child, "Enter is not valid here: press d to draw or t to take 13.")
    assert screen.endswith("q quit >"), screen
    press(child, "d")
    child.expect("to discard it.*> ")
    settle(child, 0.6)
    press(child, ENTER)
    shows(child, "Enter is not valid here: press a slot 1-9 or 0 (slot 10) for 17, or x to "
                 "discard it.")
    child.sendintr()
    child.expect(pexpect.EOF)
