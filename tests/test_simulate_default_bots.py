"""`racko simulate` without --bots seats hard bots (two, or --players of them, in every seat
--bot leaves), as its help says; a bot level that does not exist is named before any count of
seats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

from rack_o.cli.simulate import seat_specs


@pytest.mark.parametrize(("players", "seated"), [
    (None, ["hard", "hard"]),
    (3, ["hard", "hard", "hard"]),
    (4, ["hard", "hard", "hard", "hard"]),
])
def test_no_bots_named_seats_hard_bots(players: int | None, seated: list[str]) -> None:
    assert seat_specs(players, None, ()) == seated


@pytest.mark.parametrize(("players", "placed", "seated"), [
    (None, ["2=expert"], ["hard", "expert"]),
    (None, ["1=expert"], ["expert", "hard"]),
    (None, ["3=easy", "2=medium"], ["hard", "medium", "easy"]),
    (3, ["1=expert"], ["expert", "hard", "hard"]),
    (4, ["2=easy", "4=random"], ["hard", "easy", "hard", "random"]),
])
def test_seats_bot_leaves_without_bots_play_hard(
    players: int | None, placed: list[str], seated: list[str]
) -> None:
    assert seat_specs(players, None, placed) == seated


def test_simulate_with_bot_alone_plays_it_against_hard(home: Path) -> None:
    out = home / "out.json"
    result = racko("simulate", "--bot", "2=easy", "--games", "2", "--target", "100",
                   "--seed", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert [seat["bot"] for seat in json.loads(out.read_text())["seats"]] == ["hard", "easy"]


def test_simulate_without_bots_plays_two_hard_bots(home: Path) -> None:
    out = home / "out.json"
    result = racko("simulate", "--games", "2", "--target", "100", "--seed", "1",
                   "--json", str(out))
    assert result.exit_code == 0, result.output
    assert [seat["bot"] for seat in json.loads(out.read_text())["seats"]] == ["hard", "hard"]


@pytest.mark.parametrize(("placed", "seated"), [
    ([], ["hard"] * 4),
    (["--bot", "1=easy"], ["easy", "hard", "hard", "hard"]),
    (["--bot", "3=easy"], ["hard", "hard", "easy", "hard"]),
])
def test_simulate_partners_fills_four_seats_with_hard(
    home: Path, placed: list[str], seated: list[str]
) -> None:
    # It said "--partners needs 4 players, not 2" of a count nobody gave.
    out = home / "out.json"
    result = racko("simulate", "--partners", *placed, "--games", "1", "--target", "50",
                   "--seed", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert [seat["bot"] for seat in json.loads(out.read_text())["seats"]] == seated


def test_the_help_says_what_plays_without_bots(home: Path) -> None:
    said = flat(racko("simulate", "--help").output)
    assert "Without --bots or --bot, every seat plays hard." in said
    assert "(2 when no bot is given, 4 with --partners)" in said


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "foo"], "Seat 1: unknown bot level 'foo'"),
    (["--bots", "foo,bar"], "Seat 1: unknown bot level 'foo'"),
    (["--bots", "hard,foo,easy,easy,easy"], "Seat 2: unknown bot level 'foo'"),
    (["--bot", "3=foo", "--bots", "easy"], "Seat 3: unknown bot level 'foo'"),
    (["--players", "3", "--bots", "foo"], "Seat 3: unknown bot level 'foo'"),
    (["--bot", "1=foo"], "Seat 1: unknown bot level 'foo'"),
])
def test_an_unknown_level_is_named_before_the_count_of_seats(
    home: Path, args: list[str], message: str
) -> None:
    result = racko("simulate", "--games", "2", *args)
    assert_exited(result, 2)
    assert message in flat(result.output)
    assert "seats, each with a bot" not in result.output
    assert "bots, but" not in result.output


@pytest.mark.parametrize("seat", ["5", "0", "1234567890", "9" * 40])
def test_a_seat_no_table_has_is_said_not_to_exist_at_once(home: Path, seat: str) -> None:
    result = racko("simulate", "--games", "1", "--bots", "easy", "--bot", f"{seat}=foo")
    assert_exited(result, 2)
    assert "does not exist with 2 players" in flat(result.output)
