"""In a small window the rack keeps its shape for the whole turn: a note under it (a key
refused, a hint) costs the status and scores lines at the top before the rack is folded into
two columns of five (a real terminal read as it shows, pyte)."""

from __future__ import annotations

import re
from pathlib import Path

from ttykit import ENTER, press, settle, spawn, visible

SLOT_ROW = re.compile(r"^\s*(10|[1-9])\s+\d+ █")
"""A line of the rack drawn one slot to a line (two columns of five hold two slots a line)."""


def _slot_rows(screen: str) -> list[str]:
    return [line for line in screen.splitlines() if SLOT_ROW.match(line)]


def test_a_refused_key_and_a_hint_leave_the_rack_ten_lines_tall_in_60_by_16(
    tmp_path: Path,
) -> None:
    child = spawn(["play", "--names", "Ann", "--bots", "hard", "--seed", "3"], tmp_path,
                  size=(60, 16), short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    press(child, "d")
    child.expect("discards · \\? help > ")
    settle(child, 0.3)
    assert len(_slot_rows(visible(child))) == 10, visible(child)
    for key, said in (("z", "is not valid here"), ("h", "Hint:")):
        press(child, key)
        child.expect(said)
        child.expect("> ")
        settle(child, 0.3)
        screen = visible(child)
        assert len(_slot_rows(screen)) == 10, screen
        assert said in screen and screen.rstrip().endswith(">"), screen
    child.terminate(force=True)
