"""A record whose last line was cut off mid-save: the torn line goes with the first line saved,
and resuming says so; leaving before that leaves it where it is."""

from __future__ import annotations

from pathlib import Path

from builders import record_text, unfinished_game
from clirun import assert_exited, flat, racko


def test_a_torn_line_is_said_to_go_when_the_game_goes_on_and_stays_until_then(
    home: Path,
) -> None:
    # Two people at the keyboard: no pause, the file taken up at once, but left as it is
    # until a line is written.
    text = record_text(unfinished_game(9, turns=6, target=75, kinds=("human", "human")))
    path = home / "games" / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    result = racko("resume", "torn", input="")
    assert_exited(result, 1)
    said = flat(result.output)
    # What the torn line held cannot be known (a draw, say): it is not said to be nothing.
    assert ("The last line of the record was cut off while it was being saved, so what it "
            "held is lost: the game goes on from the move before it, and the line is removed "
            "when the game goes on.") in said
    assert "has been removed" not in said
    assert path.read_bytes() == text.encode() + b'{"type": "turn", "se'
