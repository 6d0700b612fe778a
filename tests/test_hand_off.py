"""Passing the terminal: the warning when it cannot be wiped, the wipe itself, the hand-off box."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from clirun import flat, racko
from rich.console import Console

from rack_o.cli.console import Terminal
from rack_o.game import Game, Player
from rack_o.rules import Rules


def test_hot_seat_without_a_terminal_says_every_rack_stays_visible(home: Path) -> None:
    result = racko("play", "--players", "2", "--names", "Ann,Bob", "--seed", "1",
                   input="\n\nq\ny\n")
    assert ("The output is not a terminal, so racko cannot clear the screen between players: "
            "every rack stays visible.") in flat(result.output)


@pytest.mark.parametrize(("term", "warned"), [("dumb", True), ("xterm-256color", False)])
def test_hot_seat_on_a_dumb_terminal_says_racks_may_stay_visible(
    home: Path, term: str, warned: bool
) -> None:
    # TERM=dumb (Emacs's shell, a serial console) ignores the codes that wipe the screen.
    from ttykit import spawn

    child = spawn(["play", "--names", "Ann,Bob", "--seed", "1"], home, TERM=term)
    try:
        child.expect("Press Enter to deal round 1")
        said = " ".join(child.before.split())
        assert ("This terminal (TERM=dumb) may not clear the screen between players: every "
                "rack may stay visible." in said) is warned, said
    finally:
        child.terminate(force=True)


def test_one_person_against_a_bot_is_not_warned(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\nq\ny\n")
    assert "not a terminal" not in result.output


def test_a_hand_off_clears_the_keyboards_terminal_when_the_output_is_a_pipe(
    tmp_path: Path,
) -> None:
    tty = tmp_path / "tty"
    tty.write_text("")
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO(), tty=str(tty))
    term.clear()
    assert tty.read_text() == ""  # only a hand-off (scrollback too) reaches for the tty
    term.clear(scrollback=True)
    assert tty.read_text() == "\x1b[H\x1b[2J\x1b[3J"
    assert term.console.file.getvalue() == ""  # type: ignore[attr-defined]
    Terminal(Console(file=io.StringIO()), tty=str(tmp_path / "no" / "tty")).clear(True)


LOOK_AWAY = "Que tout le monde détourne les yeux, s'il vous plaît, merci beaucoup."


def rendered(renderable: object, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("width", "whole"), [(80, True), (50, False)])
def test_the_hand_off_box_is_as_wide_as_its_sentence_up_to_the_screen(
    monkeypatch: pytest.MonkeyPatch, width: int, whole: bool
) -> None:
    import rack_o.cli.screens as screens

    monkeypatch.setattr(screens, "_", lambda s: LOOK_AWAY if s.startswith("Everyone") else s)
    game = Game(Rules(2), random.Random(1), players=[Player("Ann"), Player("Bob")])
    game.deal()
    out = rendered(screens.handoff_screen(game.view(game.mover)), width)
    assert (LOOK_AWAY in out) is whole
    assert max(len(line) for line in out.splitlines()) <= width
    if not whole:  # wrapped between words, inside the box
        assert "détourne" in out and "beaucoup." in out


def test_the_help_at_a_hand_off_keeps_the_blank_line_under_the_box(home: Path) -> None:
    """? at a hand-off adds its help under the box as the prompt is, a blank line apart."""
    from ttykit import ENTER, press, prompted, shows, spawn

    child = spawn(["play", "--names", "Ann,Bob", "--seed", "1"], home, short_holds=True)
    try:
        prompted(child)
        press(child, ENTER)  # deal round 1: the first hand-off
        shows(child, "press Enter when ready")
        press(child, "?")
        lines = shows(child, "The next player takes the keyboard.").splitlines()
        bottom = next(at for at, line in enumerate(lines) if line.strip().startswith("╰"))
        assert lines[bottom + 1].strip() == ""
        assert lines[bottom + 2].startswith("The next player takes the keyboard.")
        assert lines[0].startswith("Round 1: ")  # the deal's line stays at the top
    finally:
        child.terminate(force=True)


def test_while_a_hand_off_holds_its_keys_it_says_one_moment_where_the_prompt_will_be(
        home: Path) -> None:
    """For the hold's two seconds (keys count for nothing) the screen says it is not stuck;
    the prompt then takes that line's place."""
    import time

    from ttykit import ENTER, press, prompted, settle, shows, spawn, visible

    child = spawn(["play", "--names", "Ann,Bob", "--seed", "1"], home)
    try:
        prompted(child)
        press(child, ENTER)  # deal round 1: the first hand-off, held
        started = time.monotonic()
        shows(child, "One moment…")
        assert time.monotonic() - started < 1.5
        assert "press Enter" not in visible(child)
        screen = shows(child, "press Enter when ready")
        assert "One moment" not in screen
        settle(child, 0.1)
        assert visible(child).rstrip().endswith(">")
    finally:
        child.terminate(force=True)
