"""Usage errors read alike from `play` and `simulate`: one sentence and exit code 2, broken
between words at the terminal's width (click's own as well as racko's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import assert_exited, flat, racko
from rich.cells import cell_len

from rack_o.cli import main
from rack_o.cli.session import end_notes
from rack_o.record import parse_lines, read_header

ERROR = {"en": "Error: ", "el": "Σφάλμα: ", "fr": "Erreur\u00a0: ", "cs": "Chyba: "}


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


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(("bots", "meant"), [
    ("hard,expret", "'expert'"), ("hard,HRAD", "'hard'"), ("meduim,easy", "'medium'"),
    ("hard,zzz", None),
])
def test_a_misspelt_bot_level_is_answered_with_the_level_it_is_nearest(
    home: Path, command: str, bots: str, meant: str | None
) -> None:
    result = racko(command, "--bots", bots)
    assert_exited(result, 2)
    said = flat(result.output)
    assert "unknown bot level" in said
    if meant is None:
        assert "Did you mean" not in said
    else:
        assert said.rstrip().endswith(f"Did you mean {meant}?")


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


# A seed is shown whole where the game ends, to deal its cards again: one too long for that
# is refused as such (also one too long for Python to read as a number).
@pytest.mark.parametrize("command", ["play", "simulate", "host"])
@pytest.mark.parametrize("digits", [65, 5000])
def test_a_seed_too_long_to_show_is_refused_saying_how_long_one_may_be(
    home: Path, command: str, digits: int
) -> None:
    result = racko(command, "--seed", "9" * digits)
    assert_exited(result, 2)
    assert (f"Error: Invalid value for '--seed': a seed is a whole number of at most 64 digits "
            f"(such as --seed 42), not one of {digits}.") in flat(result.output)


def test_a_seed_of_64_digits_is_taken_and_the_game_s_end_says_it_whole(home: Path) -> None:
    seed = "9" * 64
    record = home / "long-seed.jsonl"
    racko("play", "--names", "Kim", "--bots", "easy", "--target", "5", "--seed", seed,
          "--record", str(record), input="")
    header = read_header(*parse_lines(record.read_text())[0])
    assert header.seed == int(seed)
    notes = end_notes(header, ["Kim", "Easy"], [0], [0, 0])
    assert notes[-1] == (f"Seed {seed}. To deal these cards again:\n"
                         f"racko play --seed {seed} --names Kim --target 5 --bots easy")


@pytest.mark.parametrize(("args", "wanted"), [
    (["play", "--players", "three"],
     "a whole number from 1 to 4 (such as --players 3), not 'three'"),
    (["play", "--players", "9"], "a whole number from 1 to 4 (such as --players 3), not 9"),
    (["play", "--target", "abc"], "a whole number (such as --target 500), not 'abc'"),
    (["simulate", "--players", "1"], "a whole number from 2 to 4 (such as --players 3), not 1"),
    (["simulate", "--games", "0"],
     "a whole number from 1 to 1,000,000 (such as --games 200), not 0"),
    (["simulate", "--games", "ten"],
     "a whole number from 1 to 1,000,000 (such as --games 200), not 'ten'"),
    (["simulate", "--jobs", "99"], "a whole number from 1 to 64 (such as --jobs 2), not 99"),
    (["simulate", "--turn-cap", "-3"],
     "a whole number, 1 or more (such as --turn-cap 1000), not -3"),
    (["history", "--limit", "lots"],
     "a whole number from 1 to 1,000,000 (such as --limit 5), not 'lots'"),
    (["host", "--port", "70000"],
     "a whole number from 0 to 65,535 (such as --port 2222), not 70000"),
    (["host", "--idle", "0"],
     "a number of minutes above 0 and at most 10,080 (such as --idle 10), not 0"),
    (["host", "--idle", "soon"],
     "a number of minutes above 0 and at most 10,080 (such as --idle 10), not 'soon'"),
    # More than a week would overflow the clock's timeouts; Python's own number forms are not
    # what a player types.
    (["host", "--idle", "10081"],
     "a number of minutes above 0 and at most 10,080 (such as --idle 10), not 10081"),
    (["host", "--idle", "1_0"],
     "a number of minutes above 0 and at most 10,080 (such as --idle 10), not '1_0'"),
    # A number too long for Python to read is refused like any other, shown cut short.
    (["simulate", "--games", "9" * 5000], "a whole number from 1 to 1,000,000 (such as "
     "--games 200), not '9999999999999999999999999999999…'"),
])
def test_a_number_option_says_what_it_wants_with_an_example(
    home: Path, args: list[str], wanted: str
) -> None:
    result = racko(*args)
    assert_exited(result, 2)
    option = next(arg for arg in args if arg.startswith("--"))
    assert f"Error: Invalid value for '{option}': expected {wanted}." in flat(result.output)
    for jargon in ("integer", "<=x", "x>=", "range", "float"):
        assert jargon not in result.output


@pytest.mark.parametrize(("args", "shown"), [
    (["simulate", "--help"], ["--players N", "--games N", "--jobs N", "--turn-cap N"]),
    (["history", "--help"], ["--limit N"]),
    (["host", "--help"], ["--port N", "--idle MINUTES"]),
    (["play", "--help"], ["--players N", "--target N", "--seed N"]),
])
def test_help_names_a_number_n_without_ranges_in_symbols(args: list[str], shown: list[str]) -> None:
    result = racko(*args)
    assert_exited(result, 0)
    for name in shown:
        assert name in result.output
    for jargon in ("INTEGER", "RANGE", "FLOAT", "<=x", "x>="):
        assert jargon not in result.output


@pytest.mark.parametrize(("args", "taken"), [
    (["play", "--players", "2", "--bots", "easy,easy", "--fast", "--target", " 5", "--seed", "1"],
     "first to 5 wins"),
    (["simulate", "--bots", "easy,easy", "--games", "+1", "--seed", "1"], "1 game"),
])
def test_a_number_option_takes_a_whole_number_written_plainly(
    home: Path, args: list[str], taken: str
) -> None:
    result = racko(*args)
    assert_exited(result, 0)
    assert taken in flat(result.output)


@pytest.mark.parametrize(("seed", "options"), [("42", "--seed 42 --players 2 --target 5"),
                                               (" 7", "--seed 7 --players 2 --target 5")])
def test_a_seed_given_as_a_whole_number_is_taken(home: Path, seed: str, options: str) -> None:
    result = racko("play", "--players", "2", "--bots", "easy,easy", "--fast", "--target", "5",
                   "--seed", seed)
    assert_exited(result, 0)
    assert f"To deal these cards again:\nracko play {options} --bots easy,easy\n" in (
        result.output)


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_command_given_no_game_says_where_the_game_ids_are_listed(
    home: Path, command: str
) -> None:
    result = racko(command)
    assert_exited(result, 2)
    assert ("Error: Missing argument 'ID|FILE'. Name a saved game by its ID (racko history "
            "lists the finished games, racko resume --list the unfinished ones) or give a "
            "record file.") in flat(result.output)


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("args", [
    ["play", "--playres", "3"],  # no such option, with the options it may have meant
    ["replay"],  # a missing argument, with racko's own explanation
    ["play", "--players", "9"],  # an invalid value
    ["simulate", "--bots", "easy"],  # racko's own usage error
    ["play", "--lang", "xx"],  # not one of the choices
])
def test_a_usage_error_is_broken_between_words_at_the_terminals_width(
    home: Path, language: str, args: list[str]
) -> None:
    wide = CliRunner().invoke(main, ["--lang", language, *args], env={"COLUMNS": "200"})
    narrow = CliRunner().invoke(main, ["--lang", language, *args], env={"COLUMNS": "60"})
    assert_exited(narrow, 2)
    lines = narrow.output.splitlines()
    assert max(cell_len(line) for line in lines) <= 60, narrow.output
    # The same words, only the line breaks differ: never one cut in two.
    assert narrow.output.split() == wide.output.split()
    error = next(line for line in wide.output.splitlines() if line.startswith(ERROR[language]))
    assert cell_len(error) > 60  # a message long enough to need breaking


@pytest.mark.parametrize(("args", "usage"), [
    (["play", "--names"], "Usage: racko play [OPTIONS] Try 'racko play --help' for help."),
    (["simulate", "--games"],
     "Usage: racko simulate [OPTIONS] Try 'racko simulate --help' for help."),
    (["--lang"], "Usage: racko [OPTIONS] COMMAND [ARGS]... Try 'racko --help' for help."),
])
def test_an_option_missing_its_value_shows_the_usage_like_any_usage_error(
        home: Path, args: list[str], usage: str) -> None:
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert_exited(result, 2)
    said = flat(result.output)
    assert said.startswith(usage) and f"Error: Option '{args[-1]}' requires an argument." in said


def test_simulate_s_files_of_the_wrong_kind_are_said_as_play_says_them(home: Path) -> None:
    folder, file = home / "a-folder", home / "a-file"
    folder.mkdir()
    file.write_text("")
    result = racko("simulate", "--games", "1", "--bots", "easy,easy", "--json", str(folder))
    assert_exited(result, 2)
    assert f"{folder} is a folder, not a file. Give a new file name." in flat(result.output)
    result = racko("simulate", "--games", "1", "--bots", "easy,easy", "--record-dir", str(file))
    assert_exited(result, 2)
    assert f"--record-dir {file}: not a directory." in flat(result.output)
    assert file.read_text() == ""
