"""The round's results stay on screen until someone presses Enter for them: the second Enter
of the move that goes out (a common habit, even a slow double press) is thrown away, in a
real terminal (hot seat, the round's last move made through `racko resume`).
"""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, record_lines
from ptykit import CARRY_ON, CHOOSE, CONFIRM, PLACE, enter, press, spawn
from ttykit import key_awaited

from rack_o import dumps

DEAL_NEXT = r"Press Enter to deal round 2"
HANDOFF = r"press Enter when ready > "
ROUND_2 = r"please look away|press Enter when ready > "
"""What round 2 shows first: its hand-off, then (after the hand-off's hold) its prompt."""


def one_turn_from_a_round_end() -> tuple[str, dict]:
    """A hot-seat record cut just before the turn that ends round 1 (not the game), and that
    turn (its slot below 10, typed as one key)."""
    for seed in range(1, 200):
        game = finished_game(seed, kinds=["human", "human"])
        lines = record_lines(game)
        end = next(index for index, line in enumerate(lines) if line["type"] == "round_end")
        if lines[end + 1]["type"] == "game_end":
            continue
        last = max(index for index, line in enumerate(lines[:end]) if line["type"] == "turn")
        turn = lines[last]
        if turn["slot"] is not None and turn["slot"] < 10:
            return "".join(dumps(line) for line in lines[:last]), turn
    raise AssertionError("no seed in range ends round 1 with a one-key slot")


@pytest.mark.parametrize("second", [0.0, 0.12, 0.35, 1.0],
                         ids=["at once", "0.12 s", "0.35 s", "a second later"])
def test_a_second_enter_after_going_out_leaves_the_round_results_up(
    tmp_path: Path, second: float
) -> None:
    text, winning = one_turn_from_a_round_end()
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "round.jsonl").write_text(text, encoding="utf-8")
    child = spawn(["resume", "round"], tmp_path)
    if child.expect([CARRY_ON, HANDOFF]) == 0:
        enter(child)
        child.expect(HANDOFF)
    enter(child)
    child.expect(CHOOSE)
    press(child, "d" if winning["source"] == "draw" else "t", PLACE)
    press(child, str(winning["slot"]), CONFIRM)
    enter(child)
    time.sleep(second)
    child.send("\r")  # the same person's second Enter
    child.expect("RACK-O!")
    child.expect(DEAL_NEXT)
    # racko asleep reading a key: the second Enter, typed before this prompt showed, is not
    # waiting to be read. Had it been read, round 2 would be dealt and its hand-off drawn
    # before racko waited for a key again.
    key_awaited(child)
    assert child.isalive()
    with pytest.raises(pexpect.TIMEOUT):
        child.expect(ROUND_2, timeout=0.2)
    # Someone's own Enter, once the results have been read, deals round 2.
    enter(child)
    child.expect(ROUND_2)
    child.terminate(force=True)
