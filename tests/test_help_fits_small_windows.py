"""The ? help fits the smallest window racko supports (45x15) in every language, at every step
of a turn, with the whole rack still on screen: the help never pushes slot 1 off the top.

A real terminal read as it shows (pyte), two people at one keyboard, `--lang` each language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ttykit import ENTER, press, prompted, settle, shows, spawn

from rack_o.cli import human
from rack_o.i18n import _, speaking

SMALLEST = (45, 15)
ROW = re.compile(r"(?:^|\s)(\d{1,2}) +\d{1,2} ")


def slots_shown(screen: str) -> set[int]:
    return {int(slot) for line in screen.splitlines() for slot in ROW.findall(line)}


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_the_help_and_the_whole_rack_fit_45_by_15_at_every_step(
    tmp_path: Path, language: str
) -> None:
    with speaking(language):
        helps = {
            "choose": _(human.CHOOSE_HELP),
            "drawn": _(human.PLACE_DRAWN_HELP),
            "confirm": _(human.CONFIRM_HELP),
            "taken": _(human.PLACE_TAKEN_HELP),
        }
        hint = _(human.HINT_HELP)
        ready = _("[bold]{name}[/], press Enter when ready").format(name="")
    child = spawn(["--lang", language, "play", "--names", "Ann,Bob", "--seed", "3",
                   "--record", str(tmp_path / "game.jsonl")], tmp_path, size=SMALLEST,
                  short_holds=True)  # every key pressed once racko waits for it
    try:
        prompted(child)  # the dealer draw, its prompt up: keys typed before it are thrown away
        press(child, ENTER)  # the dealer draw: deal round 1
        shows(child, ready)
        press(child, ENTER)
        for step, keys in (("choose", ""), ("drawn", "d"), ("confirm", "3"), ("taken", None)):
            if keys is None:  # the next person's turn: take the discard
                press(child, ENTER)
                shows(child, ready)
                press(child, ENTER)
                keys = "t"
            prompted(child)
            if keys:
                press(child, keys)
                settle(child, 0.3)
                prompted(child)
            press(child, "?")
            screen = shows(child, f"{helps[step]} {hint}")
            assert slots_shown(screen) == set(range(1, 11)), f"{step}:\n{screen}"
    finally:
        child.terminate(force=True)
