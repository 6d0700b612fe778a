"""A --bot seat that is a whole number but no seat of the table, however large or below 1, is
refused as a seat that does not exist, naming the seats there are (not as a value that is no
SEAT=LEVEL), in play, simulate and host alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

COMMANDS = {
    "play": ["play", "--fast", "--players", "2", "--names", "Ann"],
    "simulate": ["simulate", "--players", "2", "--bots", "easy", "--games", "1"],
    "host": ["host", "--players", "2"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("seat", "shown"), [
    ("9", "seat 9"),
    ("1234567890", "seat 1234567890"),
    ("-1", "seat -1"),
    ("0", "seat 0"),
    ("9" * 40, "seat '" + "9" * 31 + "…'"),  # a long number is cut short
])
def test_a_seat_number_out_of_range_names_the_seats_there_are(
    home: Path, command: str, seat: str, shown: str
) -> None:
    result = racko(*COMMANDS[command], "--bot", f"{seat}=hard")
    assert_exited(result, 2)
    assert (f"Invalid value for '--bot': {shown} does not exist with 2 players (seats 1-2)."
            in flat(result.output))


@pytest.mark.parametrize("seats", [("1234567890", "1234567890"), ("-1", "-01")])
def test_a_seat_out_of_range_given_twice_is_said_to_be_given_twice(
    home: Path, seats: tuple[str, str]
) -> None:
    first, second = seats
    result = racko(*COMMANDS["play"], "--bot", f"{first}=hard", "--bot", f"{second}=easy")
    assert_exited(result, 2)
    assert f"seat {int(first)} is given twice." in flat(result.output)


@pytest.mark.parametrize("value", ["1e3=hard", "two=hard", "=hard", "2="])
def test_a_seat_that_is_no_whole_number_is_still_no_seat_level(home: Path, value: str) -> None:
    result = racko(*COMMANDS["play"], "--bot", value)
    assert_exited(result, 2)
    assert f"'{value}' must be SEAT=LEVEL, such as 2=hard." in flat(result.output)
