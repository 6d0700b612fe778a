"""The steps a game hands to its listener (`on_step`): in order, once the change is done."""

from __future__ import annotations

import random

import pytest
from builders import dealer_draw_for, deck_for, every_card, record_lines

from rack_o import DISCARD, DRAW, Deal, Game, Rules, Step, Turn, place

RACKS = [[40, 2, 38, 4, 36, 6, 34, 8, 32, 10], [39, 1, 37, 3, 35, 5, 33, 7, 31, 9]]


def test_the_listener_sees_the_game_after_each_change() -> None:
    seen: list[tuple[str, str, int]] = []
    games: list[Game] = []  # empty while the game is being built

    def listen(step: Step) -> None:
        phase, turn = (games[0].phase.value, games[0].turn) if games else ("new", 0)
        seen.append((type(step).__name__, phase, turn))

    game = Game(Rules(2), dealer_draw=dealer_draw_for(0, 2), on_step=listen)
    games.append(game)
    game.deal(deck_for(RACKS, discard=20, dealer=0))
    game.apply(DRAW)
    game.apply(place(4))
    assert seen == [
        ("DealerDraw", "new", 0),
        ("Deal", "choose", 0),
        ("Turn", "choose", 1),
    ]


class DiskFull(Exception):
    pass


def test_a_failing_listener_never_leaves_the_game_half_changed() -> None:
    def fail(step: Step) -> None:
        if isinstance(step, Deal | Turn):
            raise DiskFull

    game = Game(Rules(2), random.Random(3), on_step=fail)
    with pytest.raises(DiskFull):
        game.deal()
    assert game.phase == "choose" and game.round == 1
    assert every_card(game) == list(range(1, 41))
    game.apply(DRAW)
    with pytest.raises(DiskFull):
        game.apply(DISCARD)
    assert game.phase == "choose" and game.turn == 1 and game.held is None
    assert every_card(game) == list(range(1, 41))
    assert [event["type"] for event in record_lines(game)][-2:] == ["deal", "turn"]
