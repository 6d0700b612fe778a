"""--target takes a multiple of 5 from 5 to MOST_TARGET: a target of billions would start a game
that never ends. A record is read with a target above it (an older racko's, another program's),
up to the rules' HIGHEST_TARGET; one past that is refused with its file and line, unchanged,
not played forever."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from builders import unfinished_game, write_record, write_with_header
from clirun import flat, racko

from rack_o.rules import HIGHEST_TARGET, MOST_TARGET

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


def test_a_record_with_the_highest_target_is_still_read(tmp_path: Path) -> None:
    record = write_record(tmp_path / "longest.jsonl", unfinished_game(5, 12, target=HIGHEST_TARGET))
    result = racko("replay", str(record), "--summary", "--reveal")
    assert result.exit_code == 0, result.output


BOTS = ("bot:easy", "bot:easy")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("target", [10**100, HIGHEST_TARGET + 5])
@pytest.mark.parametrize("command", [["resume", "--fast"], ["replay", "--summary"]])
def test_a_record_whose_target_is_past_the_highest_is_refused_not_played_forever(
    home: Path, command: list[str], target: int
) -> None:
    def aim_past_the_highest(header: dict[str, object]) -> None:
        header["rules"] = {**header["rules"], "target": target}  # type: ignore[dict-item]

    game = unfinished_game(5, 12, kinds=BOTS)  # bots alone: resumed, they would play on
    path = write_with_header(home / "games" / "endless.jsonl", game, aim_past_the_highest)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(*command, str(path), input="\n")
    assert result.exit_code == 2, result.output
    said = flat(result.output)
    shown = str(target) if len(str(target)) <= 32 else str(target)[:31] + "…"
    assert (f"{path}, line 1: the target must be a multiple of 5 from 5 to {HIGHEST_TARGET:,} "
            f"(such as 500), not {shown}") in said, said
    assert "The file was left exactly as it was." in said
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
