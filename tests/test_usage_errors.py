"""Usage errors read alike from `play` and `simulate`: one sentence and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "easy,easy,easy", "--partners"], "Error: --partners needs 4 players, not 3."),
        (["--bots", "easy,easy,easy", "--run-of-three"],
         "Error: --run-of-three is for 2 players only, not 3."),
        (["--bots", "easy,easy", "--seed", "-1"],
         "Invalid value for '--seed': a seed is a whole number, 0 or more, that decides the "
         "cards dealt (such as --seed 42), not -1."),
        (["--players", "3", "--bots", "hard,easy"],
         "Error: 3 players need 3 bots, but 2 were given: hard, easy."),
        (["--bots", "easy"], "Error: A simulation needs 2 to 4 seats, each with a bot; got 1 "
         "(use --bots hard,easy or --bot SEAT=BOT)."),
        (["--bots", "easy,nope"], "Error: Seat 2: unknown bot level 'nope'"),
        (["--bot", "2"], "'2' must be SEAT=LEVEL, such as 2=hard."),
    ],
)
def test_simulate_usage_errors_read_like_plays(home: Path, args: list[str], message: str) -> None:
    result = racko("simulate", "--games", "1", *args)
    assert_exited(result, 2)
    assert message in flat(result.output)


@pytest.mark.parametrize("command", ["play", "simulate", "host"])
@pytest.mark.parametrize(("seed", "shown"), [
    ("-1", "-1"), ("abc", "'abc'"), ("4.5", "'4.5'"), ("", "''"), ("1e3", "'1e3'"),
])
def test_every_command_with_a_seed_says_what_a_seed_is(
    home: Path, command: str, seed: str, shown: str
) -> None:
    result = racko(command, "--seed", seed)
    assert_exited(result, 2)
    assert (f"Error: Invalid value for '--seed': a seed is a whole number, 0 or more, that "
            f"decides the cards dealt (such as --seed 42), not {shown}.") in flat(result.output)
    assert "integer" not in result.output and "x>=0" not in result.output


@pytest.mark.parametrize(("seed", "options"), [("42", "--seed 42"), (" 7", "--seed 7")])
def test_a_seed_given_as_a_whole_number_is_taken(home: Path, seed: str, options: str) -> None:
    result = racko("play", "--players", "2", "--bots", "easy,easy", "--fast", "--target", "5",
                   "--seed", seed)
    assert_exited(result, 0)
    assert f"play again with {options} to get the same cards" in flat(result.output)


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_command_given_no_game_says_where_the_game_ids_are_listed(
    home: Path, command: str
) -> None:
    result = racko(command)
    assert_exited(result, 2)
    assert ("Error: Missing argument 'ID|FILE'. Name a saved game by its ID (racko history "
            "lists the finished games, racko resume --list the unfinished ones) or give a "
            "record file.") in flat(result.output)
