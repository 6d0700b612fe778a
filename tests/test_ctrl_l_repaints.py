"""Ctrl-L paints the screen again, as in most terminal programs: the same screen (nothing of
another player's), and the same question under it, still waiting for its key."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ptykit import CHOOSE, DEAL, enter, spawn

pytestmark = pytest.mark.slow


def test_ctrl_l_paints_the_turn_again_and_asks_the_same_question(home: Path) -> None:
    child = spawn(["play", "--players", "2", "--names", "Ann", "--bots", "hard", "--seed", "3",
                   "--target", "50"], home)
    child.expect(DEAL)
    enter(child)
    child.expect(CHOOSE)
    child.send("\x0c")  # Ctrl-L
    child.expect("Ann's rack")
    child.expect(CHOOSE)
    assert "not valid" not in child.before
    child.send("d")
    child.expect("You drew")
    child.sendintr()
    child.expect(pexpect.EOF)
