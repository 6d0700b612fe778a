"""A host without a seat has no rack to show: their screen lists as many of the round's moves
as its window fits (four at least), not four above a blank half screen."""

from __future__ import annotations

import random
import re

import pytest
from builders import seeded_game
from test_host_game_units import guests_only
from test_host_round_end_holds import shown
from test_host_units import FakeLink

from rack_o.host.guest_seats import GuestSeats
from rack_o.host.local import local_terminal

MOVE = re.compile(r"^  \S.* (drew|took) ", re.MULTILINE)


@pytest.mark.parametrize(("height", "moves"), [(30, 14), (24, 14), (15, 4)])
def test_the_host_without_a_seat_sees_as_many_moves_as_fit(height: int, moves: int) -> None:
    game = seeded_game(5, players=3, names=["Ann", "Bob", "Cy"], kinds=["human"] * 3)
    seats = GuestSeats({0: "Ann", 1: "Bob", 2: "Cy"}, idle=None, pause_seconds=0)
    host_terminal = local_terminal(-1, "host", seats.inbox)
    link = FakeLink()
    host_terminal.attached(link, 100, height)
    session = guests_only(seats, game, host_terminal=host_terminal)
    game.deal()
    rng = random.Random(1)
    while len(game.history) < 14:  # no Rack-O so early in so random a round
        game.apply(rng.choice(game.legal_actions()), game.mover)
    session.screens[None].draw()
    screen = shown(link)
    listed = MOVE.findall(screen)
    assert len(screen.splitlines()) <= height, screen
    if moves >= 14:
        assert len(listed) == 14 and "not shown" not in screen, screen
    else:
        assert len(listed) >= moves and "not shown" in screen, screen
