"""Running `racko` in-process for tests: the command, its output unwrapped, a clean exit."""

from __future__ import annotations

from click.testing import CliRunner, Result

from rack_o.cli import main


def racko(*args: str, input: str | None = None) -> Result:
    """Run `racko ARGS` through click's runner, typing `input`."""
    return CliRunner().invoke(main, list(args), input=input)


def flat(text: str) -> str:
    """`text` with its line wrapping undone: every run of white space is one space."""
    return " ".join(text.split())


def squashed(text: str) -> str:
    """`text` without any white space: a path longer than the screen is folded anywhere, so
    a check that names one compares squashed texts."""
    return "".join(text.split())


def assert_exited(result: Result, code: int) -> None:
    """racko ended with exit code `code` by itself: no exception escaped, no traceback."""
    assert result.exit_code == code, result.output
    if code == 0:
        assert result.exception is None, result.exception
    else:  # click's runner keeps the SystemExit of a non-zero exit
        assert isinstance(result.exception, SystemExit), result.exception
