"""A record whose last line was cut off mid-save: the torn line goes with the first line saved,
and resuming says so; leaving before that leaves it where it is. Replay and review,
which only read, say the line is left out."""

from __future__ import annotations

from pathlib import Path

import pytest
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


TORN = ("The last line of the record was cut off while it was being saved, so what it held is "
        "left out.")


@pytest.mark.parametrize("args", [["replay", "--summary"], ["replay", "--reveal"],
                                  ["review", "--reveal"], ["review", "--reveal", "--json"]])
def test_reading_a_torn_record_says_its_last_line_is_left_out_and_leaves_the_file(
    home: Path, args: list[str]
) -> None:
    text = record_text(unfinished_game(9, turns=6, target=75, kinds=("human", "human")))
    path = home / "games" / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    result = racko(*args, "torn", input="\n" * 40)
    assert_exited(result, 0)
    assert TORN in flat(result.output)
    assert path.read_bytes() == text.encode() + b'{"type": "turn", "se'


@pytest.mark.parametrize("after", [b"", b"\0" * 512, b"\n"],
                         ids=["nothing", "zeros after a power cut", "a blank line"])
@pytest.mark.parametrize("args", [["replay", "--summary"], ["review", "--reveal"]])
def test_a_whole_record_says_nothing_of_a_cut_line(
    home: Path, args: list[str], after: bytes
) -> None:
    # Zeros or a blank line after the last line held nothing: nothing is said to be lost.
    path = home / "games" / "whole.jsonl"
    text = record_text(unfinished_game(9, turns=6, target=75, kinds=("human", "human")))
    path.write_bytes(text.encode() + after)
    result = racko(*args, "whole")
    assert_exited(result, 0)
    assert "cut off" not in flat(result.output)
    assert path.read_bytes() == text.encode() + after
