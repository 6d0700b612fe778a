"""Enter at the draw-or-take prompt or at the slot prompt gets a short note saying what to
press, as another wrong key does, and nothing changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import flat, racko

STEPS = {
    # Keys before the stray Enter, and the note it gets (seed 5: Ann plays first, 20 face up,
    # and draws 31).
    "draw or take": ("", "Enter is not valid here: press d to draw or t to take 20."),
    "a drawn card's slot": ("d\n", "Enter is not valid here: press a slot 1-9 or 0 (slot 10) "
                            "for 31, or x to discard it."),
    "a taken card's slot": ("t\n", "Enter is not valid here: press a slot 1-9 or 0 (slot 10) "
                            "for 20, or u to put it back."),
}


@pytest.mark.parametrize("step", list(STEPS))
def test_enter_where_it_does_nothing_says_what_to_press(home: Path, step: str) -> None:
    before, note = STEPS[step]
    record = home / "g.jsonl"
    result = racko("play", "--names", "Ann", "--bots", "easy", "--seed", "5", "--fast",
                   "--record", str(record), input=f"\n{before}\nq\ny\n")
    assert note in flat(result.output)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    # Nothing was played: at most the drawn card, thrown away as Ann quit holding it.
    assert all(line.get("left") for line in lines if line["type"] == "turn")


def test_enter_still_confirms_a_move(home: Path) -> None:
    record = home / "g.jsonl"
    result = racko("play", "--names", "Ann", "--bots", "easy", "--seed", "5", "--fast",
                   "--record", str(record), input="\nd\nx\n\nq\ny\n")
    assert "is not valid here" not in result.output
    turns = [line for line in map(json.loads, record.read_text(encoding="utf-8").splitlines())
             if line["type"] == "turn" and line["seat"] == 0]
    assert [(turn["source"], turn["slot"]) for turn in turns] == [("draw", None)]
