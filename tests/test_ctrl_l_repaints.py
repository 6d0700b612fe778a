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


ASK_ONCE = """
from rack_o.cli.console import Terminal
term = Terminal()
print("got", repr(term.key("Play again? > ")), flush=True)
"""


def test_where_nothing_can_be_painted_again_ctrl_l_is_no_key_at_all() -> None:
    # At "Play again?" (no screen to paint again) Ctrl-L was a wrong key, told off as one.
    import os
    import sys

    import ptys

    child = ptys.spawn(sys.executable, ["-c", ASK_ONCE], env=dict(os.environ, NO_COLOR="1"),
                       encoding="utf-8", timeout=20, dimensions=(24, 80))
    child.expect("Play again\\? > ")
    child.send("\x0c")
    child.send("y")
    child.expect("got 'y'")
    child.expect(pexpect.EOF)
