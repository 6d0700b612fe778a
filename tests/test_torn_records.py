"""A record whose last line was cut off mid-save: the torn line is said to be removed once it is."""

from __future__ import annotations

from pathlib import Path

from builders import record_text, unfinished_game
from clirun import assert_exited, flat, racko


def test_a_torn_line_is_said_to_be_removed_only_once_it_is(home: Path) -> None:
    # Two people at the keyboard: no pause, so the file is reopened (and cut) at once.
    text = record_text(unfinished_game(9, turns=6, target=75, kinds=("human", "human")))
    path = home / "games" / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    result = racko("resume", "torn", input="")
    assert_exited(result, 1)
    said = flat(result.output)
    # What the torn line held cannot be known (a draw, say): it is not said to be nothing.
    assert ("The last line of the record was cut off while it was being saved, so what it "
            "held is lost: the game goes on from the move before it, and the line has been "
            "removed.") in said
    assert "is removed when the game goes on" not in said
    assert path.read_bytes() == text.encode()
