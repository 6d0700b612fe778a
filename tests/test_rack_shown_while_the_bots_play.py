"""Once a person confirms a move against computer players, the move's preview (which asked for
Enter) gives way to the rack as the move left it and the move itself, with room kept below for
the bots' moves until the person's next turn: the top of the screen stays in view even in the
smallest window, and says whose turn it is and what lies on the pile as each bot moves (a real
terminal read as it shows, pyte)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from ttykit import ENTER, press, prompted, settle, spawn, visible


@pytest.mark.parametrize(("size", "bots"), [((80, 24), "hard,hard"), ((45, 15), "hard,hard,hard")])
def test_a_confirmed_move_shows_the_rack_it_left_above_the_bots_moves(
        tmp_path: Path, size: tuple[int, int], bots: str) -> None:
    child = spawn(["play", "--players", "1", "--names", "Ann", "--bots", bots, "--seed", "5"],
                  tmp_path, size=size, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect(r"take \d+.*> ")
    prompted(child)
    press(child, "d")
    child.expect(r"discard.*> ")
    press(child, "9")
    child.expect("takes it back")
    prompted(child)
    press(child, ENTER)
    last_bot = bots.count(",") + 2
    deadline = time.monotonic() + 15
    while not re.search(rf"^Hard {last_bot} (took|drew)", visible(child), re.MULTILINE):
        assert time.monotonic() < deadline, visible(child)
        settle(child, 0.02)
    screen = visible(child)  # every bot has moved, and Ann's next turn is not drawn yet
    lines = screen.splitlines()
    assert lines[0].startswith("Round 1"), screen
    assert "Enter confirms" not in screen and "goes into slot" not in screen, screen
    drew = next(place for place, line in enumerate(lines) if line.startswith("Ann drew "))
    after = " ".join(" ".join(lines[drew:]).split())
    # The top of the screen is the game as it stands: whose turn, the card on the pile.
    last_out = re.findall(r"discarded (\d+)\.", after)[-1]
    assert "Ann to play" in lines[0], screen
    assert re.search(rf"Discard pile: {last_out}\b", screen), screen
    assert re.fullmatch(r"Ann drew \d+, put it in slot 9 and discarded \d+\. " + " ".join(
        rf"Hard {seat} (took|drew) [^.]*\." for seat in range(2, last_bot + 1)), after), screen
    child.expect(r"take \d+.*> ")
    prompted(child)
    assert visible(child).splitlines()[0].startswith("Round 1")
    child.terminate(force=True)


def test_with_fast_bots_a_small_window_s_next_turn_still_shows_the_bots_moves(
        tmp_path: Path) -> None:
    # --fast: the bots' moves flash by. The next turn's screen, its rack in five lines in a
    # window this short, shows both moves there rather than none.
    child = spawn(["play", "--players", "1", "--names", "Ann", "--bots", "hard,hard", "--seed",
                   "7", "--target", "50", "--fast"], tmp_path, size=(45, 15), short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect(r"take \d+.*> ")
    prompted(child)
    for key, awaited in (("d", r"discard.*> "), ("6", "takes it back"), (ENTER, r"take \d+.*> ")):
        press(child, key)
        child.expect(awaited)
        prompted(child)
    screen = visible(child)
    lines = screen.splitlines()
    assert lines[0].startswith("Round 1"), screen
    assert lines[2] == "Since your last turn:", screen
    for line, seat in ((lines[3], 2), (lines[4], 3)):
        assert re.fullmatch(rf"  Hard {seat} (drew into|took \d+ into) slot \d+, discarded \d+\.",
                            line), screen
    assert len(lines) <= 15, screen
    child.terminate(force=True)
