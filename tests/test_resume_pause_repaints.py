"""In a real terminal: resuming one person's game mid-round, "Press Enter to carry on" stays
one screen however many wrong keys are pressed, and the rules read there leave it as it was."""

from __future__ import annotations

from pathlib import Path

import pexpect
from builders import unfinished_game, write_record
from ttykit import ENTER, press, settle, shows, spawn, visible

PROMPT = "Press Enter to carry on · q leaves >"


def paused(home: Path) -> pexpect.spawn:
    """`racko resume` of one person's game against a bot, 6 turns into its first round."""
    (home / "games").mkdir(parents=True)
    write_record(home / "games" / "open.jsonl", unfinished_game(3, 6))
    child = spawn(["resume", "open"], home, size=(80, 24))
    shows(child, PROMPT)
    return child


def test_wrong_keys_at_carry_on_leave_one_prompt_and_the_last_note(tmp_path: Path) -> None:
    child = paused(tmp_path)
    for key in "zxd":
        press(child, key)
        settle(child, 0.2)
    screen = shows(child, "d is not valid here")
    assert screen.count("Press Enter to carry on") == 1, screen
    assert "z is not valid" not in screen and "x is not valid" not in screen, screen
    assert "resuming open" in screen, screen
    press(child, ENTER)
    shows(child, "d draw · t take")
    child.sendintr()
    child.expect(pexpect.EOF)


def test_the_rules_read_at_carry_on_give_its_screen_back(tmp_path: Path) -> None:
    child = paused(tmp_path)
    press(child, "r")
    shows(child, "Rack-O: the rules as racko plays them")
    press(child, "q")
    settle(child, 0.5)
    screen = visible(child)
    assert "the rules as racko plays them" not in screen, screen
    assert "resuming open" in screen and screen.endswith(PROMPT), screen
    press(child, "q")
    child.expect("Nothing was played")
    child.expect(pexpect.EOF)
