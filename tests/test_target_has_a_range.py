"""--target takes a multiple of 5 from 5 to MOST_TARGET: a target of billions would start a game
that never ends. The bound is the options' only: a record written with any target the rules
allow is still read."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import flat, racko

MOST_TARGET = 5000

ALLOWED = f"the target must be a multiple of 5 from 5 to {MOST_TARGET:,} (such as 500)"


@pytest.mark.parametrize("command", [["play", "--bots", "easy"], ["simulate", "--games", "1"]])
@pytest.mark.parametrize("target", ["99999999999995", str(MOST_TARGET + 5), "7", "0", "-5"])
def test_a_target_out_of_range_is_refused_saying_what_is_allowed(
    command: list[str], target: str
) -> None:
    result = racko(*command, "--target", target, input="")
    assert result.exit_code == 2, result.output
    assert f"{ALLOWED}, not {target}." in flat(result.output), result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_help_says_the_range(command: str) -> None:
    said = flat(racko(command, "--help").output)
    assert f"Points that win the game: a multiple of 5 from 5 to {MOST_TARGET:,}." in said


def test_the_highest_target_is_played() -> None:
    result = racko("simulate", "--games", "1", "--seed", "3", "--bots", "easy,easy", "--target",
                   str(MOST_TARGET))
    assert result.exit_code == 0, result.output
    assert f"to {MOST_TARGET:,}" in result.output or f"to {MOST_TARGET}" in result.output


def test_a_record_from_a_table_with_a_higher_target_is_still_read(tmp_path: Path) -> None:
    game = unfinished_game(5, 12, target=MOST_TARGET * 2)
    record = write_record(tmp_path / "long.jsonl", game)
    result = racko("replay", str(record), "--summary", "--reveal")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
