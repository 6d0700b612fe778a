"""A mistyped command is answered with the nearest ones ("Did you mean 'play'?"), and
`racko help [COMMAND]` shows the help that `racko [COMMAND] --help` shows."""

from __future__ import annotations

import pytest
from clirun import flat, racko


@pytest.mark.parametrize(("typed", "meant"), [
    ("pla", "Did you mean 'play'?"),
    ("plya", "Did you mean 'play'?"),
    ("hist", "Did you mean 'history'?"),
    ("replya", "Did you mean 'replay'?"),
    ("sim", "Did you mean 'simulate'?"),
    ("re", "(Did you mean one of: 'resume', 'replay', 'review'?)"),
])
def test_a_mistyped_command_names_the_nearest(typed: str, meant: str) -> None:
    result = racko(typed)
    assert result.exit_code == 2, result.output
    assert f"No such command '{typed}'. {meant}" in flat(result.output), result.output
    assert "Traceback" not in result.output


def test_a_command_like_none_is_only_refused() -> None:
    result = racko("xyzzy")
    assert result.exit_code == 2
    assert "No such command 'xyzzy'." in result.output
    assert "Did you mean" not in result.output


def test_a_suggestion_is_in_the_language_spoken() -> None:
    result = racko("--lang", "fr", "pla")
    assert result.exit_code == 2
    assert "Vouliez-vous dire 'play'\u00a0?" in result.output


@pytest.mark.parametrize(("args", "same_as"), [
    (["help"], ["--help"]),
    (["help", "play"], ["play", "--help"]),
    (["help", "history"], ["history", "--help"]),
])
def test_help_shows_the_help(args: list[str], same_as: list[str]) -> None:
    result = racko(*args)
    assert result.exit_code == 0, result.output
    assert result.output == racko(*same_as).output


def test_help_with_a_mistyped_command_names_the_nearest() -> None:
    result = racko("help", "pla")
    assert result.exit_code == 2
    assert "Did you mean 'play'?" in result.output
