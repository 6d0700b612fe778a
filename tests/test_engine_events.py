"""The events a game hands to its listener (`on_event`): in order, once the change is done."""

from __future__ import annotations

import random
from typing import Any

import pytest
from builders import dealer_draw_for, deck_for, every_card

from rack_o import Game, Rules

RACKS = [[40, 2, 38, 4, 36, 6, 34, 8, 32, 10], [39, 1, 37, 3, 35, 5, 33, 7, 31, 9]]


def test_the_listener_sees_the_game_after_each_change() -> None:
    seen: list[tuple[str, str, int]] = []
    games: list[Game] = []  # empty while the game is being built

    def listen(event: dict[str, Any]) -> None:
        phase, turn = (games[0].phase.value, games[0].turn) if games else ("new", 0)
        seen.append((event["type"], phase, turn))

    game = Game(Rules(2), dealer_draw=dealer_draw_for(0, 2), on_event=listen)
    games.append(game)
    game.deal(deck_for(RACKS, discard=20, dealer=0))
    game.draw()
    game.place(4)
    assert seen == [
        ("game", "new", 0),
        ("dealer_draw", "new", 0),
        ("deal", "choose", 0),
        ("turn", "choose", 1),
    ]


class DiskFull(Exception):
    pass


def test_a_failing_listener_never_leaves_the_game_half_changed() -> None:
    def fail(event: dict[str, Any]) -> None:
        if event["type"] in ("deal", "turn"):
            raise DiskFull

    game = Game(Rules(2), random.Random(3), on_event=fail)
    with pytest.raises(DiskFull):
        game.deal()
    assert game.phase == "choose" and game.round == 1
    assert every_card(game) == list(range(1, 41))
    game.draw()
    with pytest.raises(DiskFull):
        game.discard()
    assert game.phase == "choose" and game.turn == 1 and game.held is None
    assert every_card(game) == list(range(1, 41))
    assert [event["type"] for event in game.events][-2:] == ["deal", "turn"]
