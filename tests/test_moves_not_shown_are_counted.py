"""On a short window the turn screen shows only the newest of the others' moves: its heading
says how many more were made since the player's last turn ("Since your last turn (2 moves not
shown):"), so that a player is not left thinking one move was all."""

from __future__ import annotations

from builders import dealt
from rich.console import Console

from rack_o.actions import DRAW, place
from rack_o.cli.screens import history_block
from rack_o.game import Game

RACKS = [[40, 1, 39, 2, 38, 3, 37, 4, 36, 5], [35, 6, 34, 7, 33, 8, 32, 9, 31, 10],
         [30, 11, 29, 12, 28, 13, 27, 14, 26, 15], [25, 16, 24, 17, 23, 18, 22, 19, 21, 41]]


def round_on(turns: int) -> Game:
    """Four players, Ann first; `turns` turns played, each a card drawn into slot 1."""
    game = dealt(RACKS, 20, list(range(42, 42 + turns)), dealer=3)
    for _turn in range(turns):
        game.apply(DRAW)
        game.apply(place(1))
    return game


def read(game: Game, seat: int, most: int) -> list[str]:
    console = Console(width=80, color_system=None)
    with console.capture() as captured:
        console.print(history_block(game.view(seat), most))
    return captured.get().splitlines()


def test_the_moves_left_out_are_counted() -> None:
    game = round_on(4)  # Ann, Bob, Cy and Dee have played: Ann's turn again
    names = [p.name for p in game.players]
    lines = read(game, 0, 1)
    assert lines[0] == "Since your last turn (2 moves not shown):", lines
    assert [line.rstrip() for line in lines[1:]] == [
        f"  {names[3]} drew a card into slot 1 and discarded 25."], lines
    assert read(game, 0, 2)[0] == "Since your last turn (1 move not shown):"
    assert read(game, 0, 3)[0] == "Since your last turn:"


def test_before_the_player_s_first_turn_too() -> None:
    game = round_on(3)  # Dee dealt: Ann, Bob and Cy have played, and it is Dee's first turn
    lines = read(game, 3, 1)
    assert lines[0] == "This round so far (2 moves not shown):", lines
    assert read(game, 3, 4)[0] == "This round so far:"
