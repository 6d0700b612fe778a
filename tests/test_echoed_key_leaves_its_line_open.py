"""A key echoed after a turn's prompt leaves its line open: the newline after it is sent only
when something is printed under it. A screen painted again from its top needs none, and where
the screen fills the window that newline would scroll its top line into the scrollback at
every key (a copy each time, and a jump before the screen is painted). Where the output is no
terminal (a pipe, a file), every line is ended at once, as ever."""

from __future__ import annotations

import io

import pyte
import pytest
from rich.console import Console

from rack_o.cli.console import Terminal
from rack_o.cli.prompt import echo

WIDTH, HEIGHT = 45, 15


@pytest.fixture(autouse=True)
def keys_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The keyboard is a terminal: answers are keys, and echoed."""
    monkeypatch.setattr(Terminal, "reads_lines", property(lambda self: False))


def at_a_full_screen(terminal: bool = True) -> tuple[Terminal, io.StringIO]:
    """A terminal whose screen is filled: fourteen lines and a prompt on the last one (the
    output a terminal, or a file)."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=terminal, width=WIDTH, height=HEIGHT,
                      color_system=None)
    term = Terminal(console=console)
    term.clear()
    for line in range(1, HEIGHT):
        console.print(f"line {line}")
    console.print("Slot 1-9, 0=10 for 28 >", end=" ")
    return term, out


def shown(out: io.StringIO) -> pyte.HistoryScreen:
    screen = pyte.HistoryScreen(WIDTH, HEIGHT, history=100)
    pyte.Stream(screen).feed(out.getvalue().replace("\n", "\r\n"))
    return screen


def test_a_screen_painted_again_after_the_key_scrolls_nothing() -> None:
    term, out = at_a_full_screen()
    echo(term, "3", left_open=True)
    term.clear()
    term.console.print("line 1 again")
    screen = shown(out)
    assert not screen.history.top
    assert screen.display[0].rstrip() == "line 1 again"


@pytest.mark.parametrize("left_open", [True, False])
def test_what_is_printed_under_the_key_starts_a_line_of_its_own(left_open: bool) -> None:
    term, out = at_a_full_screen()
    echo(term, "3", left_open=left_open)
    term.console.print("That key is not valid here.")
    lines = [line.rstrip() for line in shown(out).display]
    assert lines[-3:-1] == ["Slot 1-9, 0=10 for 28 > 3", "That key is not valid here."]


def test_a_prompt_asked_again_under_the_key_starts_a_line_of_its_own() -> None:
    term, out = at_a_full_screen()
    echo(term, "3", left_open=True)
    term.console.print("Enter confirms >", end=" ")
    assert out.getvalue().endswith("> 3\nEnter confirms > ")


def test_a_key_echoed_into_a_pipe_ends_its_line_at_once() -> None:
    term, out = at_a_full_screen(terminal=False)
    echo(term, "3", left_open=True)
    assert out.getvalue().endswith("> 3\n")
