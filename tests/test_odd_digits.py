"""A count or seat typed with characters that are digits but no number ("²"), or with thousands
of digits (more than Python reads), is refused in a sentence and asked again, never a
ValueError's traceback; another script's decimal digits are still numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import assert_exited, flat, racko

from rack_o.cli.option_types import typed_whole

MANY = "9" * 5000


@pytest.mark.parametrize(("text", "number"), [
    ("3", 3), (" 3 ", 3), ("١٢", 12), ("03", 3), ("123456789", 123456789),
    ("²", None), ("1²", None), (MANY, None), ("1234567890", None), ("-1", None), ("+1", None),
    ("", None), ("1.0", None), ("Ⅳ", None),
])
def test_a_typed_whole_number_is_decimal_digits_few_enough_to_read(
    text: str, number: int | None
) -> None:
    assert typed_whole(text) == number


@pytest.mark.parametrize("command", [["play", "--fast", "--names", "Ann"],
                                     ["simulate", "--bots", "easy,easy", "--games", "1"]])
@pytest.mark.parametrize("seat", ["²", MANY])
def test_a_bot_seat_that_is_no_number_is_refused_in_a_sentence(
    home: Path, command: list[str], seat: str
) -> None:
    result = racko(*command, "--bot", f"{seat}=easy")
    assert_exited(result, 2)
    said = flat(result.output)
    assert "must be SEAT=LEVEL, such as 2=hard." in said
    assert len(said) < 500  # a value quoted back is cut short


@pytest.mark.parametrize("typed", ["²", MANY])
def test_a_count_of_people_that_is_no_number_is_asked_again(home: Path, typed: str) -> None:
    result = racko("play", input=f"{typed}\n")
    assert_exited(result, 1)  # then the input ended
    assert "Type a number from 1 to 4, or Enter for 2." in flat(result.output)


@pytest.mark.parametrize("typed", ["²", MANY])
def test_a_game_number_that_is_no_number_is_asked_again(home: Path, typed: str) -> None:
    for seed in (1, 2):
        write_record(home / "games" / f"2026-11-29-210{seed}-ann-easy.jsonl",
                     unfinished_game(seed, turns=4))
    result = racko("resume", input=f"{typed}\nq\n")
    assert_exited(result, 0)  # q quits
    assert "Type a number from 1 to 2, Enter for #1, or q." in flat(result.output)


@pytest.mark.parametrize(("text", "number"), [
    ("-1", -1), ("+12", 12), ("١٢", 12), ("-", None), ("+-1", None), ("²", None),
    ("9" * 1000, int("9" * 1000)), ("9" * 1001, None),
])
def test_an_option_s_number_is_read_as_a_typed_one_with_a_sign(
    text: str, number: int | None
) -> None:
    assert typed_whole(text, signed=True, longest=1000) == number


@pytest.mark.parametrize("players", ["٢", "3"])
def test_an_option_takes_any_script_s_decimal_digits_as_a_question_does(
    home: Path, players: str
) -> None:
    result = racko("simulate", "--players", players, "--bots", ",".join(["easy"] * int(players)),
                   "--games", "1", "--target", "50")
    assert_exited(result, 0)
