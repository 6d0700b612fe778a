"""`racko replay` in a real terminal counts every key typed, fast or not: a replay shows
nothing private, so keys typed ahead are never thrown away (unlike a hot-seat hand-off)."""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, write_record
from ttykit import ENTER, press, shows, spawn

PROMPT = " quit > "


def replaying(home: Path) -> pexpect.spawn:
    """`racko replay` of a finished three-player game, in a terminal."""
    record = home / "game.jsonl"
    write_record(record, finished_game(12, players=3))
    return spawn(["replay", str(record)], home)


@pytest.mark.parametrize(("typed", "turn"), [
    (ENTER * 3, 3),
    (ENTER + " " + ENTER, 3),
    (ENTER * 5, 5),
    ("\x1b[C" * 2, 2),  # the Right arrow, as the Left goes back
])
def test_keys_typed_ahead_each_step_once(tmp_path: Path, typed: str, turn: int) -> None:
    child = replaying(tmp_path)
    child.expect(PROMPT)
    press(child, ENTER)  # the deal: turn 0
    child.expect(r"turn 0\b.*" + PROMPT)
    press(child, typed)  # in one write, as fast as anyone types
    child.expect(rf"turn {turn}\b.*{PROMPT}", timeout=10)
    press(child, "q")
    child.expect(pexpect.EOF)


def test_a_q_typed_ahead_with_other_keys_still_quits(tmp_path: Path) -> None:
    child = replaying(tmp_path)
    child.expect(PROMPT)
    press(child, ENTER + ENTER + "q")
    child.expect(r"turn 1\b.*" + PROMPT)
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 0


def test_a_wrong_key_pressed_again_is_noted_once(tmp_path: Path) -> None:
    # Arrows pressed to step (a viewer's keys elsewhere): each added the note and the prompt
    # again under the last, three lines a key, until the racks scrolled off the screen.
    child = replaying(tmp_path)
    child.expect(PROMPT)
    press(child, ENTER)
    child.expect(r"turn 0\b.*" + PROMPT)
    for key in ["\x1b[C", "\x1b[B", "\x1b[6~", "x", "\t"]:
        press(child, key)
        time.sleep(0.1)
    screen = shows(child, "Tab is not valid here")  # the last key's note, in place of the others
    assert screen.count("is not valid here") == 1, screen
    assert screen.count(PROMPT.strip()) == 1, screen
    assert "Replay of" in screen, screen
    press(child, ENTER)  # and the next turn comes as before
    child.expect(r"turn 1\b.*" + PROMPT)
    press(child, "q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("steps", [1, 3])
def test_escape_leaves_the_replay_as_q_does(tmp_path: Path, steps: int) -> None:
    # As it leaves racko's pager (the rules): it was a wrong key here, noted, and stayed.
    child = replaying(tmp_path)
    child.expect(PROMPT)
    for _step in range(steps):
        press(child, ENTER)
        child.expect(PROMPT)
    press(child, "\x1b")
    child.expect(pexpect.EOF, timeout=5)
    child.close()
    assert child.exitstatus == 0
    assert "not valid" not in child.before


@pytest.mark.parametrize("back", ["b", "\x1b[D", "\x7f"], ids=["b", "left-arrow", "backspace"])
def test_b_the_left_arrow_or_backspace_goes_back_a_turn(tmp_path: Path, back: str) -> None:
    child = replaying(tmp_path)
    child.expect(PROMPT)
    press(child, ENTER * 4)  # the deal, then turns 1 to 3
    child.expect(r"turn 3\b.*" + PROMPT, timeout=10)
    press(child, back)
    child.expect(r"turn 2\b.*" + PROMPT, timeout=10)
    press(child, back + back)
    child.expect(r"turn 0\b.*" + PROMPT, timeout=10)
    on_to_turn_1_and_quit(child)


def on_to_turn_1_and_quit(child: pexpect.spawn) -> None:
    """From the deal (turn 0), Enter goes on to turn 1, and q leaves."""
    press(child, ENTER)
    child.expect(r"turn 1\b.*" + PROMPT, timeout=10)
    press(child, "q")
    child.expect(pexpect.EOF)


def test_back_at_the_first_step_stays_there(tmp_path: Path) -> None:
    child = replaying(tmp_path)
    child.expect(r"drew.*" + PROMPT)  # the dealer draw, the first step
    press(child, "b")
    child.expect(r"drew.*" + PROMPT, timeout=10)
    press(child, ENTER)
    child.expect(r"turn 0\b.*" + PROMPT, timeout=10)
    on_to_turn_1_and_quit(child)
