"""On a short window the turn screen shows only the newest of the others' moves: its heading
says how many more were made since the player's last turn ("Since your last turn (2 moves not
shown):"), so that a player is not left thinking one move was all. Where the heading alone
keeps a move off the screen, the heading goes first: the moves need no title, a move left out
does."""

from __future__ import annotations

from builders import dealt
from rich.console import Console

from rack_o.actions import DRAW, place
from rack_o.cli.human import fitted_turn_screen
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


def read(game: Game, seat: int, most: int, headed: bool = True) -> list[str]:
    console = Console(width=80, color_system=None)
    with console.capture() as captured:
        console.print(history_block(game.view(seat), most, headed=headed))
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


def test_without_its_heading_only_when_every_move_is_shown() -> None:
    game = round_on(3)  # Ann, Bob and Cy have played: Dee's first turn
    assert [line.strip() for line in read(game, 3, 3, headed=False)] == [
        f"{game.players[seat].name} drew a card into slot 1 and discarded {card}."
        for seat, card in ((0, 40), (1, 35), (2, 30))]
    assert read(game, 3, 2, headed=False)[0] == "This round so far (1 move not shown):"


def test_a_short_window_shows_every_move_in_place_of_the_heading() -> None:
    game = round_on(2)  # Ann and Bob have played: Cy's first turn
    view = game.view(2)
    console = Console(width=60, color_system=None)

    def screen(room: int) -> str:
        with console.capture() as captured:
            console.print(fitted_turn_screen(console, view, room))
        return captured.get()

    # Status, scores, the rack's ten lines and the piles take 13 lines.
    for room, heading in ((16, True), (15, False)):
        shown = screen(room)
        assert all(f"{name} drew a card" in shown for name in view.names[:2]), shown
        assert ("This round so far" in shown) is heading, shown
        assert "not shown" not in shown, shown
