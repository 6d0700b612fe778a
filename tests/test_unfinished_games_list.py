"""`racko resume --list`: the star that marks a computer player is explained when one is listed."""

from __future__ import annotations

from pathlib import Path

from builders import unfinished_game, write_record
from clirun import assert_exited, racko

LEGEND = "* a computer player"


def test_resume_list_explains_the_star_only_when_a_bot_is_listed(home: Path) -> None:
    games = home / "games"
    people = unfinished_game(9, turns=6, kinds=("human", "human"))
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", people)
    alone = racko("resume", "--list")
    assert_exited(alone, 0)
    assert "Bob 0" in alone.output and "*" not in alone.output
    write_record(games / "2026-11-29-2106-ann-bob.jsonl", unfinished_game(9, turns=6))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "Bob* 0" in listed.output
    assert listed.output.rstrip().splitlines()[-1].strip() == LEGEND
