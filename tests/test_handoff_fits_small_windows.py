"""The hand-off screen of a resumed hot-seat game fits the smallest window racko supports
(45x15): what was resumed, whose drawn card was discarded, and whose turn it is, all on screen
with the prompt (a real terminal read as it shows, pyte).
"""

from __future__ import annotations

from pathlib import Path

import pexpect
from ttykit import ENTER, press, settle, spawn, visible

SMALLEST = (45, 15)


def test_a_resumed_hand_off_with_its_notes_fits_45_by_15(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "4", "--record", str(record)],
                  tmp_path, size=SMALLEST, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    press(child, ENTER)
    child.expect(r"take \d+.*> ")
    press(child, "d")
    child.expect(r"discard.*> ")
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)

    child = spawn(["resume", str(record)], tmp_path, size=SMALLEST, short_holds=True)
    child.expect("press Enter when ready > ")
    settle(child, 0.3)
    screen = visible(child)
    lines = screen.splitlines()
    assert lines[0].startswith("Rack-O  ·  resuming"), screen
    assert "turn was cut short after drawing" in screen, screen
    assert "Everyone else, please look away." in screen, screen
    assert lines[-1].endswith("press Enter when ready >"), screen
    assert "█" not in screen, screen
    child.terminate(force=True)
