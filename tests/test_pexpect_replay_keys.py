"""`racko replay` in a real terminal counts every key typed, fast or not: a replay shows
nothing private, so keys typed ahead are never thrown away (unlike a hot-seat hand-off)."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from builders import finished_game, write_record
from ttykit import ENTER, press, spawn

PROMPT = " quit > "


@pytest.mark.parametrize(("typed", "turn"), [
    (ENTER * 3, 3),
    (ENTER + " " + ENTER, 3),
    (ENTER * 5, 5),
])
def test_keys_typed_ahead_each_step_once(tmp_path: Path, typed: str, turn: int) -> None:
    record = tmp_path / "game.jsonl"
    write_record(record, finished_game(12, players=3))
    child = spawn(["replay", str(record)], tmp_path)
    child.expect(PROMPT)
    press(child, ENTER)  # the deal: turn 0
    child.expect(r"turn 0\b.*" + PROMPT)
    press(child, typed)  # in one write, as fast as anyone types
    child.expect(rf"turn {turn}\b.*{PROMPT}", timeout=10)
    press(child, "q")
    child.expect(pexpect.EOF)


def test_a_q_typed_ahead_with_other_keys_still_quits(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    write_record(record, finished_game(12, players=3))
    child = spawn(["replay", str(record)], tmp_path)
    child.expect(PROMPT)
    press(child, ENTER + ENTER + "q")
    child.expect(r"turn 1\b.*" + PROMPT)
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 0
