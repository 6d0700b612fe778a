"""The "·"-separated lines of the turn and hand-off screens (status, scores, piles) wrap only
between their pieces on a narrow terminal: the "·" stays at a line's end or goes, and no line
starts with it ("Discard pile: 36" then "· Draw pile: 19" at 45x15 and 30x10)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console, RenderableType

import rack_o.cli.console  # noqa: F401 - what every screen imports first
from rack_o import DRAW, Game, Player, Rules, i18n
from rack_o.cli.screens import handoff_screen, turn_screen

NAMES = ["Player 1", "Player 2", "Player 3", "Alexandrovna"]


def _text(renderable: RenderableType, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _screens(players: int) -> list[RenderableType]:
    game = Game(Rules(players), random.Random(1),
                players=[Player(name) for name in NAMES[:players]])
    game.deal()
    before = game.view(game.mover)
    game.apply(DRAW)
    view = game.view(game.mover)
    rack = list(view.rack)
    out, rack[4] = rack[4], view.held
    return [turn_screen(before), turn_screen(view), handoff_screen(before),
            turn_screen(view, preview=(tuple(rack), 5, out))]


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("width", [20, 30, 36, 40, 45, 50, 60])
def test_no_line_starts_or_ends_with_a_separator(language: str, players: int, width: int
                                                 ) -> None:
    with i18n.restoring_language():
        i18n.install(language)
        shown = [_text(screen, width) for screen in _screens(players)]
    for screen in shown:
        rows = [row.replace("\u00a0", " ").strip() for row in screen.splitlines()]
        assert not [row for row in rows if row.startswith("·") or row.endswith("·")], screen


@pytest.mark.parametrize(("width", "lines"), [
    (45, ["Discard pile: 11 after this move", "Draw pile: 18"]),
    (30, ["Discard pile: 11 after this", "move", "Draw pile: 18"]),
    (80, ["Discard pile: 11 after this move    Draw pile: 18 cards face down"]),
])
def test_the_piles_wrap_between_the_two_piles(width: int, lines: list[str]) -> None:
    game = Game(Rules(2), random.Random(1), players=[Player(name) for name in NAMES[:2]])
    game.deal(list(range(1, 41)))
    game.apply(DRAW)
    view = game.view(game.mover)
    rack = list(view.rack)
    out, rack[4] = rack[4], view.held
    shown = _text(turn_screen(view, preview=(tuple(rack), 5, out)), width)
    rows = [row.replace("\u00a0", " ").rstrip() for row in shown.splitlines()]
    at = next(at for at, row in enumerate(rows) if row.startswith("Discard pile"))
    assert rows[at:at + len(lines)] == lines, shown
