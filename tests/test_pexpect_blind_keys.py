"""Keys typed in one burst with d (a slot before the drawn card showed) are thrown away, as a
blind placement would be a mistake; the slot prompt then says so, in a real terminal. Nothing
is said when no key was thrown away."""

from __future__ import annotations

from pathlib import Path

import pytest
from ttykit import ENTER, events, press, settle, spawn, visible, words

NOTE = "Keys typed before you saw the card were ignored."


@pytest.mark.parametrize(("typed", "told"), [("d5", True), ("d5" + ENTER, True), ("d", False)])
def test_keys_typed_with_the_draw_are_said_to_be_ignored(
    tmp_path: Path, typed: str, told: bool
) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", "--record", str(record)],
                  tmp_path)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    press(child, ENTER)
    child.expect("q quit > ")
    press(child, typed)
    child.expect("to discard it.*> ")
    settle(child, 0.5)
    screen = visible(child)
    assert (words(NOTE) in words(screen)) is told, screen
    assert [event["type"] for event in events(record)].count("turn") == 0  # nothing placed
    # The slot typed now, once the card is seen, counts; the note goes with the screen.
    press(child, "5")
    child.expect("takes it back.*> ")
    assert words(NOTE) not in words(visible(child))
    child.terminate(force=True)
