"""A turn: take the discard or draw, place or discard; the empty draw pile; bad input."""

from __future__ import annotations

import pytest
from builders import dealt, new_game, record_lines, snapshot

from rack_o import (
    DISCARD,
    DRAW,
    TAKE,
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    place,
)

# Seat 0 deals, so seat 1 moves first. Both racks are far from Rack-O.
RACKS = [
    [40, 2, 38, 4, 36, 6, 34, 8, 32, 10],
    [39, 1, 37, 3, 35, 5, 33, 7, 31, 9],
]
TURNED_UP = 20
DRAW_TOP = [21, 22, 23]


def test_a_turn_starts_with_drawing_or_taking_the_top_discard() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    assert game.legal_actions() == (DRAW, TAKE)
    assert game.view(1).legal_actions == (DRAW, TAKE)
    assert game.view(0).legal_actions == ()


@pytest.mark.parametrize(("moves", "holding"), [
    ((), False),
    ((DRAW,), True),  # a draw cannot be undone: a person leaving now throws the card away
    ((TAKE,), False),
    ((DRAW, DISCARD), False),
])
def test_a_drawn_card_is_held_from_the_draw_until_it_is_placed_or_thrown(
    moves: tuple[Action, ...], holding: bool
) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    for move in moves:
        game.apply(move)
    assert game.holds_drawn_card is holding
    assert game.view(game.mover).holds_drawn_card is holding
    assert not game.view(1 - game.mover).holds_drawn_card


def test_a_taken_discard_must_be_placed_it_cannot_be_thrown_back() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(TAKE)
    assert game.held == TURNED_UP and game.held_source == "discard"
    assert game.legal_actions() == tuple(place(slot) for slot in range(1, 11))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"must place the card 20 .*cannot be thrown back"):
        game.apply(DISCARD)
    assert snapshot(game) == before


def test_a_drawn_card_may_be_placed_or_discarded() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(DRAW)
    assert game.held == 21 and game.held_source == "draw"
    assert set(game.legal_actions()) == {place(slot) for slot in range(1, 11)} | {DISCARD}
    game.apply(DISCARD)
    assert game.discard_pile == (TURNED_UP, 21)
    assert game.racks == tuple(map(tuple, RACKS))
    assert record_lines(game)[-1] == {
        "type": "turn", "seat": 1, "source": "draw", "card": 21, "slot": None,
    }
    assert game.mover == 0


@pytest.mark.parametrize("source", ["draw", "discard"])
@pytest.mark.parametrize("slot", range(1, 11))
def test_a_placed_card_replaces_only_the_card_in_its_slot_which_is_discarded(
    source: str, slot: int
) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    card = game.draw_top if source == "draw" else game.discard_top
    game.apply(DRAW if source == "draw" else TAKE)
    game.apply(place(slot))
    expected = list(RACKS[1])
    replaced = expected[slot - 1]
    expected[slot - 1] = card
    # Cards never move between slots: the other nine stay exactly where they were.
    assert game.racks[1] == tuple(expected)
    assert game.racks[0] == tuple(RACKS[0])
    assert game.discard_top == replaced
    assert record_lines(game)[-1] == {
        "type": "turn", "seat": 1, "source": source, "card": card, "slot": slot,
    }


def test_each_turn_ends_with_exactly_one_discard_and_passes_left() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(TAKE)
    game.apply(place(1))
    assert game.discard_pile == (39,)
    assert game.mover == 0 and game.phase == "choose"
    game.apply(DRAW)
    game.apply(place(2))
    assert game.discard_pile == (39, 2)
    assert game.mover == 1 and game.turn == 2


def test_the_public_history_shows_discard_takes_but_hides_kept_draws() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(TAKE)
    game.apply(place(1))
    game.apply(DRAW)
    game.apply(place(2))
    turns = game.view(1).history
    assert [(t.seat, t.source, t.taken, t.slot, t.discarded) for t in turns] == [
        (1, "discard", 20, 1, 39),
        (0, "draw", None, 2, 2),
    ]


# ------------------------------------------------------------------ the empty draw pile


def drain(game: Game) -> list[int]:
    """Draw and discard the whole draw pile (it then turns over); the cards, in order."""
    discarded = []
    for _ in range(game.draw_pile_size):
        game.apply(DRAW)
        discarded.append(game.held)
        game.apply(DISCARD)
    return discarded


def test_an_empty_draw_pile_is_the_discard_pile_turned_over_not_shuffled() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    pile = [TURNED_UP, *drain(game)]  # the discard pile, bottom first, when the draw runs out
    assert len(pile) == 20
    assert game.draw_pile_size == 19
    # Turned over: the first card discarded (the one turned up at the deal) is now on top,
    # and it is turned up at once to start the new discard pile.
    assert game.discard_pile == (TURNED_UP,)
    assert game.draw_pile == tuple(pile[1:])
    assert record_lines(game)[-1] == {"type": "turn_over", "round": 1}
    assert record_lines(game)[-2]["type"] == "turn"


def test_the_turn_after_a_turn_over_draws_the_first_card_that_was_discarded() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    first = drain(game)[0]
    mover = game.mover
    game.apply(DRAW)
    assert game.held == first == DRAW_TOP[0]
    game.apply(DISCARD)
    assert game.view(mover).history[-2].card == TURNED_UP


def test_the_draw_pile_turns_over_as_often_as_it_runs_out() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    for _ in range(3):
        drain(game)
    assert [e["type"] for e in record_lines(game)].count("turn_over") == 3
    assert game.draw_pile_size == 19 and len(game.discard_pile) == 1


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("slot", [0, 11, -1, 100, None, 2.0, "3", True])
def test_a_slot_outside_1_to_10_is_refused_and_changes_nothing(slot: object) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(DRAW)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="must place the drawn card 21 in a slot 1-10"):
        game.apply(place(slot))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="in a slot 1-10 or discard it"):
        game.apply(place(slot))  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize(("action", "said"), [
    (Action("take"), "cannot do Action('take', None) (its kind is 'take', a str, not an "
                     "ActionKind: use TAKE) now: seat 2 (Player 2) must draw"),
    (Action("fly"), "its kind is 'fly', a str, not an ActionKind: use DRAW, TAKE, DISCARD or "
                    "place(slot)) now"),
    (Action(None), "cannot do Action(None, None) (its kind is None, a NoneType"),
    (Action([1]), "cannot do Action([1], None) (its kind is [1], a list"),  # [1] is unhashable
])
def test_an_action_not_made_as_racko_makes_them_is_refused_saying_how_to_make_it(
    action: Action, said: str
) -> None:
    # Action("take") equals TAKE (ActionKind is a StrEnum): "cannot take the top discard now:
    # ... must draw from the draw pile or take the top discard" contradicted itself, and a
    # made-up kind raised KeyError from the message.
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert said in str(refused.value)
    assert snapshot(game) == before


@pytest.mark.parametrize(("slot", "said"), [(4.0, "4.0, a float"), (True, "True, a bool"),
                                            (..., "Ellipsis, an ellipsis")])
def test_a_slot_that_is_no_int_is_refused_saying_so(slot: object, said: str) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(DRAW)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(place(slot))  # type: ignore[arg-type]
    assert (f"cannot place in slot {slot} (its slot is {said}: use place(1) to place(10)) now"
            in str(refused.value))


@pytest.mark.parametrize("action", [DRAW, TAKE, DISCARD, place(4)])
def test_an_action_out_of_turn_is_refused_and_changes_nothing(action: Action) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"it is seat 2 \(Player 2\)'s turn, not seat 1"):
        game.apply(action, seat=0)
    assert snapshot(game) == before


@pytest.mark.parametrize("action", [place(1), place(10), DISCARD, "draw", None])
def test_placing_or_discarding_before_taking_a_card_is_refused(action: object) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="must draw from the draw pile or take the top"):
        game.apply(action)  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize("first", [DRAW, TAKE])
@pytest.mark.parametrize("second", [DRAW, TAKE])
def test_a_second_card_cannot_be_taken_in_the_same_turn(first: Action, second: Action) -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(first)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="must place"):
        game.apply(second)
    assert snapshot(game) == before


@pytest.mark.parametrize("action", [DRAW, TAKE, place(3), DISCARD])
def test_nothing_may_be_played_before_the_deal(action: Action) -> None:
    game = new_game(2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="round 1 must be dealt"):
        game.apply(action)
    with pytest.raises(IllegalActionError, match="round 1 must be dealt"):
        game.apply(action, seat=1)
    assert snapshot(game) == before


def test_a_round_cannot_be_dealt_while_one_is_being_played() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="must draw from the draw pile or take"):
        game.deal()
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "deck", [list(range(1, 40)), list(range(1, 42)), [1] + list(range(1, 40)), list(range(0, 40))]
)
def test_a_deck_that_is_not_every_card_once_is_refused(deck: list[int]) -> None:
    game = new_game(2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="each card from 1 to 40 exactly once"):
        game.deal(deck)
    assert snapshot(game) == before


def test_an_action_of_the_right_kind_need_not_be_the_shared_constant() -> None:
    game = dealt(RACKS, TURNED_UP, DRAW_TOP, dealer=0)
    game.apply(Action(ActionKind.DRAW))
    game.apply(Action(ActionKind.PLACE, 5))
    assert game.racks[1][4] == 21
