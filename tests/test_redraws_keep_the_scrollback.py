"""A screen redrawn within a turn (each key against bots, a bot's move) is blanked line by line,
so that terminals that push a screen erased at once into the scrollback (tmux, VTE) do not
keep a copy per key; the first clear and a hand-off (the scrollback erased too) clear at once.
A game of computer players alone keeps every move in the scrollback."""

from __future__ import annotations

import io
import random
import re

import pyte
import pytest
from rich.console import Console

from rack_o.bots import make_bot
from rack_o.cli.console import Terminal, blanked_in_place
from rack_o.cli.session import run_session
from rack_o.game import Game, Player
from rack_o.rules import Rules
from rack_o.steps import Turn

ERASE_SCREEN, ERASE_SCROLLBACK = "\x1b[2J", "\x1b[3J"


def _terminal(height: int = 24) -> Terminal:
    console = Console(file=io.StringIO(), width=80, height=height, force_terminal=True)
    return Terminal(console, stdin=io.StringIO())


def _written(term: Terminal) -> str:
    return term.console.file.getvalue()  # type: ignore[attr-defined]


def test_only_the_first_clear_and_hand_offs_erase_the_screen_at_once() -> None:
    term = _terminal()
    term.clear()
    assert _written(term) == "\x1b[H" + ERASE_SCREEN  # what came before goes, as `clear` does
    for _redraw in range(3):
        term.console.print("Ann's rack")
        term.clear()
    redraws = _written(term)[len("\x1b[H" + ERASE_SCREEN):]
    assert ERASE_SCREEN not in redraws and ERASE_SCROLLBACK not in redraws
    assert redraws.count(blanked_in_place(24)) == 3
    term.clear(scrollback=True)  # a hand-off: nothing of the last rack may stay
    assert _written(term).endswith("\x1b[H" + ERASE_SCREEN + ERASE_SCROLLBACK)


@pytest.mark.parametrize(("columns", "lines"), [(80, 24), (45, 15), (30, 10), (100, 1)])
def test_blanking_in_place_leaves_every_line_empty_and_the_cursor_at_the_top(
    columns: int, lines: int
) -> None:
    screen = pyte.HistoryScreen(columns, lines)
    stream = pyte.Stream(screen)
    stream.feed("\r\n".join(f"{line:#<{columns}}" for line in range(lines)))
    scrolled = len(screen.history.top)
    stream.feed(blanked_in_place(lines))
    assert all(not line.strip() for line in screen.display)
    assert (screen.cursor.x, screen.cursor.y) == (0, 0)
    assert len(screen.history.top) == scrolled  # no line scrolled off the top


def test_a_game_of_computer_players_keeps_every_move_in_the_scrollback() -> None:
    # With nobody's rack to hide, a round's end blanked the last screen of moves in place:
    # scrolling back showed the round's first moves, then its Rack-O, and nothing between.
    levels = ["easy", "hard", "expert"]
    players = [Player.for_bot(level.title(), level) for level in levels]
    game = Game(Rules(3, target=100), random.Random(37488), players=players)
    agents = [make_bot(level, seat, 1) for seat, level in enumerate(levels)]
    term = _terminal(height=15)
    term.pause_seconds = 0
    assert run_session(term, game, agents) == 0
    assert len(game.rounds) >= 2  # a round's end after a full screen of moves
    screen = pyte.HistoryScreen(80, 15, history=100_000)
    pyte.Stream(screen).feed(_written(term).replace("\n", "\r\n"))
    lines = ["".join(char.data for char in line.values()) for line in screen.history.top]
    lines += screen.display
    moves = [line for line in lines if re.match(r"(Easy|Hard|Expert) (drew|took)", line)]
    assert len(moves) == sum(type(step) is Turn for step in game.steps)
