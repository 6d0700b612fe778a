"""`racko resume`'s picker, at a keyboard, takes a game by one key as every choice in racko
is taken (up to nine games); a wrong key is a sentence and a second chance."""

from __future__ import annotations

import os
from pathlib import Path

import pexpect
import pytest
from builders import unfinished_game, write_record
from ttykit import ENTER, press, settle, shows, spawn, visible

PICKER = "a number picks another"


def _saved(home: Path, count: int) -> list[str]:
    """`count` unfinished games saved under `home`, the IDs from the latest played."""
    ids = [f"2026-12-{day:02d}-1540-ann-bob" for day in range(count, 0, -1)]
    (home / "games").mkdir()
    for age, record_id in enumerate(ids):
        path = write_record(home / "games" / f"{record_id}.jsonl",
                            unfinished_game(4 + age, turns=5))
        os.utime(path, (2_000_000 - age, 2_000_000 - age))
    return ids


@pytest.mark.parametrize(("keys", "picked"), [
    ("2", 2),
    ("3", 3),
    (ENTER, 1),
    ("7" + "2", 2),  # a number past the list, then one on it
    ("x" + "3", 3),
    (" " + "2", 2),  # Space passes over
], ids=["2", "3", "Enter", "a number not listed then 2", "a letter then 3", "Space then 2"])
def test_one_key_picks_a_game(tmp_path: Path, keys: str, picked: int) -> None:
    ids = _saved(tmp_path, 3)
    child = spawn(["resume"], tmp_path)
    shows(child, PICKER)
    for key in keys:
        press(child, key)
    screen = shows(child, "Press Enter to carry on")
    assert f"resuming {ids[picked - 1]}" in screen
    if keys[0] in "7x":
        assert "Type a number from 1 to 3, Enter for #1, or q." in " ".join(screen.split())
    press(child, "q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("key", ["q", "\x1b"], ids=["q", "Esc"])
def test_q_or_esc_leaves_the_picker(tmp_path: Path, key: str) -> None:
    _saved(tmp_path, 2)
    child = spawn(["resume"], tmp_path)
    shows(child, PICKER)
    press(child, key)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "resuming" not in child.before


def test_ten_games_or_more_take_a_number_and_enter(tmp_path: Path) -> None:
    ids = _saved(tmp_path, 10)
    child = spawn(["resume"], tmp_path, size=(100, 30))
    shows(child, PICKER)
    child.send("10")
    child.send(ENTER)
    assert f"resuming {ids[9]}" in shows(child, "Press Enter to carry on")
    press(child, "q")
    child.expect(pexpect.EOF)


def test_a_number_typed_with_enter_stops_at_the_game_s_notices(tmp_path: Path) -> None:
    # As a number and Enter picked a game before: the Enter does not carry on unread past
    # where the game stands (a turn cut short, a line lost).
    ids = _saved(tmp_path, 2)
    child = spawn(["resume"], tmp_path)
    shows(child, PICKER)
    press(child, "2" + ENTER)
    assert f"resuming {ids[1]}" in shows(child, "Press Enter to carry on")
    settle(child, 1.0)
    assert "Press Enter to carry on" in visible(child)
    assert "draw" not in visible(child)
    press(child, ENTER)
    shows(child, "d draw")
