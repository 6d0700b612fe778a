"""A move shown for confirmation is taken back by u, or by the keys a newcomer reaches for to
undo: Backspace and Esc. Each asks for the slot again; nothing is played."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ptykit import CHOOSE, CONFIRM, DEAL, PLACE, enter, press, spawn

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("key", ["u", "\x7f", "\x1b"], ids=["u", "Backspace", "Esc"])
def test_a_move_shown_is_taken_back(home: Path, key: str) -> None:
    child = spawn(["play", "--players", "2", "--names", "Ann", "--bots", "hard", "--seed", "3",
                   "--target", "50"], home)
    child.expect(DEAL)
    enter(child)
    child.expect(CHOOSE)
    press(child, "d", PLACE)
    press(child, "3", CONFIRM)
    press(child, key, PLACE)  # asked for the slot again
    assert "not valid" not in child.before
    press(child, "4", CONFIRM)
    child.sendintr()
    child.expect(pexpect.EOF)
