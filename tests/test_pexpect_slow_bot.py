"""A user's bot that takes seconds over a move, in a real terminal: the table is told it is
thinking, the note goes once it has played, and Ctrl-C stops the game while it thinks."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect
from ttykit import plain, spawn, visible

TESTS = str(Path(__file__).parent)
NOTE = "Slow is thinking…"


def bots_only(home: Path, slow: str) -> pexpect.spawn:
    """`racko play` with `slow` (a class of slow_bots) against easy, to 5 points."""
    return spawn(["play", "--players", "2", "--bot", f"1=slow_bots:{slow}", "--bots", "easy",
                  "--fast", "--target", "5", "--seed", "3"], home, PYTHONPATH=TESTS,
                 NO_COLOR="1")


def test_a_slow_bot_is_said_to_think_and_the_note_goes_with_its_move(tmp_path: Path) -> None:
    child = bots_only(tmp_path, "SlowOnce")
    child.expect_exact(NOTE, timeout=5)
    child.expect(pexpect.EOF, timeout=15)
    child.close()
    assert child.exitstatus == 0
    assert plain(child.before).count("thinking") == 0  # said once, at the first move only
    screen = visible(child)
    assert "thinking" not in screen
    assert re.search(r"^Slow wins|^Easy wins", screen, re.M), screen


def test_ctrl_c_while_a_slow_bot_thinks_stops_the_game_at_once(tmp_path: Path) -> None:
    child = bots_only(tmp_path, "Sleepy")
    child.expect_exact("Sleepy is thinking…", timeout=5)
    pressed = time.monotonic()
    child.sendintr()
    child.expect(pexpect.EOF, timeout=5)
    child.close()
    assert time.monotonic() - pressed < 3
    assert child.exitstatus == 130
    screen = visible(child)
    assert "Interrupted (Ctrl-C)." in screen
    assert "thinking" not in screen and "Traceback" not in plain(child.before)
