"""In a window too short for the ten-line rack at every step of a turn, the rack is in five
lines (two columns) at every step: it does not turn over between the turn's first screen and
the next, and the turn's first screen keeps room for what the others did."""

from __future__ import annotations

import pytest
from builders import dealt
from rich.console import Console

from rack_o.actions import DRAW, place
from rack_o.cli.human import TEN_LINE_RACK_HEIGHT, fitted_turn_screen
from rack_o.game import Game

RACKS = [[40, 1, 39, 2, 38, 3, 37, 4, 36, 5], [35, 6, 34, 7, 33, 8, 32, 9, 31, 10]]
FIVE_LINES = "│"
"""What parts the rack's two columns: only the five-line rack has it."""


def bob_to_play() -> Game:
    """Ann has drawn 12 into slot 1 (discarding 40): Bob's turn."""
    game = dealt(RACKS, 20, [12, 13, 14], dealer=1)
    game.apply(DRAW)
    game.apply(place(1))
    return game


def screen(game: Game, width: int, height: int, below: int) -> str:
    """Bob's turn screen in a window of `width` x `height`, `below` lines kept under it."""
    console = Console(width=width, height=height, color_system=None)
    with console.capture() as captured:
        console.print(fitted_turn_screen(console, game.view(1), height - below))
    return captured.get()


@pytest.mark.parametrize("height", range(12, TEN_LINE_RACK_HEIGHT))
@pytest.mark.parametrize("width", [40, 60, 80])
def test_a_short_window_has_the_five_line_rack_at_every_step(width: int, height: int) -> None:
    game = bob_to_play()
    first = screen(game, width, height, below=1)  # the prompt
    assert FIVE_LINES in first, first
    assert "discarded 40." in " ".join(first.split()), first
    game.apply(DRAW)
    assert FIVE_LINES in screen(game, width, height, below=1)
    assert FIVE_LINES in screen(game, width, height, below=2)  # a note over the prompt


@pytest.mark.parametrize("width", [45, 80])
def test_a_window_tall_enough_has_the_ten_line_rack_at_every_step(width: int) -> None:
    game = bob_to_play()
    first = screen(game, width, TEN_LINE_RACK_HEIGHT, below=1)
    assert FIVE_LINES not in first, first
    assert "discarded 40." in " ".join(first.split()), first
    game.apply(DRAW)
    assert FIVE_LINES not in screen(game, width, TEN_LINE_RACK_HEIGHT, below=1)
    assert FIVE_LINES not in screen(game, width, TEN_LINE_RACK_HEIGHT, below=2)


def test_the_five_line_rack_keeps_its_title_and_caption_where_they_fit() -> None:
    game = bob_to_play()
    game.apply(DRAW)
    shown = screen(game, 60, TEN_LINE_RACK_HEIGHT - 1, below=2)  # a note over the prompt
    assert FIVE_LINES in shown
    assert "Player 2's rack, slot 1 (front) to 10" in shown, shown
    assert "if the round ended now" in shown, shown
