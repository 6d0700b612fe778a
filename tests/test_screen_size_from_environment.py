"""A COLUMNS or LINES of 0 in the environment is no screen size: racko still shows everything,
at the terminal's width (80 columns without a terminal), instead of wrapping it all away."""

from __future__ import annotations

import pytest
from clirun import assert_exited, flat, racko

from rack_o.cli.console import make_console

COMMANDS = {
    "rules": (["rules", "--no-pager"], "Rack-O: the rules as racko plays them"),
    "simulate": (["simulate", "--bots", "easy,easy", "--games", "1", "--target", "50",
                  "--seed", "3"], "Results per seat"),
    "play": (["play", "--players", "2", "--bots", "easy,easy", "--target", "50", "--fast",
              "--seed", "3"], "wins with 75 points"),
}


@pytest.mark.parametrize("name", ["COLUMNS", "LINES"])
def test_a_size_of_0_is_taken_as_none(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    unset = make_console().size
    monkeypatch.setenv(name, "0")
    assert make_console().size == unset
    assert unset.width > 0 and unset.height > 0


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_shows_its_output_with_columns_0(
    home: object, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # rich took COLUMNS=0 for a screen 0 wide: racko printed nothing, and play even started
    # a game nobody could see.
    monkeypatch.setenv("COLUMNS", "0")
    args, shown = COMMANDS[command]
    result = racko(*args)
    assert_exited(result, 0)
    assert shown in flat(result.output)
    assert max(len(line) for line in result.output.splitlines()) <= 80
