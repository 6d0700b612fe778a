"""A seat's view: its own rack and card in hand, the public piles and history, nothing more."""

from __future__ import annotations

import random

import pytest
from builders import dealt, sensible_action

from rack_o import (
    DISCARD,
    DRAW,
    TAKE,
    Game,
    PublicTurn,
    Rules,
    RulesError,
    SeatView,
    TurnOver,
    place,
)

RACKS = [
    [40, 2, 38, 4, 36, 6, 34, 8, 32, 10],
    [39, 1, 37, 3, 35, 5, 33, 7, 31, 9],
]


def values(view: SeatView) -> list[object]:
    """Every value a view holds, nested tuples included."""
    found: list[object] = []
    stack: list[object] = list(view)
    while stack:
        value = stack.pop()
        found.append(value)
        if isinstance(value, tuple):
            stack.extend(value)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_never_shows_another_rack_or_the_draw_pile(players: int) -> None:
    game = Game(Rules(players, target=100), random.Random(players))
    policy = random.Random(0)
    game.deal()
    for _ in range(60):
        if game.phase != "choose" and game.phase != "place":
            break
        for seat in range(players):
            view = game.view(seat)
            seen = values(view)
            assert view.rack == tuple(game.racks[seat])
            for other in range(players):
                if other != seat:
                    assert tuple(game.racks[other]) not in seen
            assert game.draw_pile not in seen and list(game.draw_pile) not in seen
            assert view.draw_pile_size == game.draw_pile_size
            assert view.discard_pile == tuple(game.discard_pile)
            if seat != game.mover:
                assert view.held is None and view.legal_actions == ()
        game.apply(sensible_action(game, policy, randomness=0.5))


def test_the_mover_sees_the_card_in_hand_and_the_others_do_not() -> None:
    game = dealt(RACKS, discard=20, draw=[21], dealer=0)
    game.apply(DRAW)
    assert game.view(1).held == 21 and game.view(1).held_source == "draw"
    assert game.view(1).is_my_turn
    assert game.view(0).held is None and not game.view(0).is_my_turn


def test_a_card_taken_from_the_discard_pile_is_public_a_kept_drawn_card_is_not() -> None:
    game = dealt(RACKS, discard=20, draw=[21, 22], dealer=0)
    game.apply(TAKE)
    game.apply(place(3))  # the 20 (public) replaces the 37
    game.apply(DRAW)
    game.apply(place(1))  # the 21 (hidden) replaces the 40
    game.apply(DRAW)
    game.apply(DISCARD)  # the 22 is discarded face up
    history = game.view(0).history
    assert history == (
        PublicTurn(seat=1, source="discard", taken=20, slot=3, discarded=37),
        PublicTurn(seat=0, source="draw", taken=None, slot=1, discarded=40),
        PublicTurn(seat=1, source="draw", taken=None, slot=None, discarded=22),
    )
    assert 21 not in values(game.view(1))


def test_a_turn_over_shows_in_the_history_with_the_card_turned_up() -> None:
    game = dealt(RACKS, discard=20, dealer=0)
    for _ in range(19):
        game.apply(DRAW)
        game.apply(DISCARD)
    assert game.view(0).history[-1] == TurnOver(1, 20)
    assert game.view(0).discard_pile == (20,)


def test_the_view_has_the_table_public_facts() -> None:
    game = dealt(RACKS, discard=20, dealer=0)
    view = game.view(0)
    assert view.names == ("Player 1", "Player 2")
    assert (view.round, view.dealer, view.mover, view.phase, view.turn) == (1, 0, 1, "choose", 0)
    assert view.totals == (0, 0) and view.last_round is None and view.winner is None
    assert view.discard_top == 20


def test_there_is_no_view_of_a_seat_that_is_not_at_the_table() -> None:
    game = dealt(RACKS, discard=20, dealer=0)
    for seat in (-1, 2):
        with pytest.raises(RulesError, match="seats are 0 to 1"):
            game.view(seat)


@pytest.mark.parametrize("name", ["racks", "totals", "rounds", "discard_pile", "steps"])
def test_the_games_public_state_cannot_be_changed_from_outside(name: str) -> None:
    game = dealt(RACKS, 20)
    game.apply(DRAW)
    game.apply(DISCARD)
    state = getattr(game, name)
    assert isinstance(state, tuple)
    with pytest.raises(TypeError):
        state[0] = 99  # type: ignore[index]
    assert game.rack(0) == tuple(RACKS[0]) and isinstance(game.racks[0], tuple)


def test_forcing_a_change_on_what_a_view_gives_changes_nothing_in_the_game() -> None:
    # Frozen objects give way to object.__setattr__: a bot that used it on its view's rules
    # ended every game of a match at 5 points, and its records said so.
    game = Game(Rules(2), random.Random(3))
    game.deal()
    view = game.view(game.mover)
    object.__setattr__(view.rules, "target", 5)
    assert game.rules.target == 500 and game.view(1 - game.mover).rules.target == 500
