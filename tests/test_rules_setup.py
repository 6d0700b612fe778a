"""The rules before the first turn: players, deck, target, variants, dealer and the deal."""

from __future__ import annotations

import random

import pytest
from builders import deal_next, dealt, deck_for, new_game, record_lines

from rack_o import (
    DISCARD,
    DRAW,
    TAKE,
    Game,
    Rules,
    RulesError,
    deck_size_for,
    place,
)
from rack_o.rules import HIGHEST_TARGET, MOST_TARGET


@pytest.mark.parametrize(("players", "cards"), [(2, 40), (3, 50), (4, 60)])
def test_the_deck_holds_20_plus_10_cards_per_player(players: int, cards: int) -> None:
    rules = Rules(players)
    assert rules.deck_size == deck_size_for(players) == cards
    game = Game(rules, random.Random(players))
    game.deal()
    assert sorted(record_lines(game)[-1]["deck"]) == list(range(1, cards + 1))


@pytest.mark.parametrize("players", [0, 1, 5, 6, -2, True, 2.0, "3"])
def test_only_2_to_4_players_may_play(players: object) -> None:
    with pytest.raises(RulesError, match="2 to 4 players"):
        Rules(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [5, 100, 500, 1000, MOST_TARGET, MOST_TARGET * 2,
                                    HIGHEST_TARGET])
def test_any_multiple_of_5_up_to_the_highest_is_a_target(target: int) -> None:
    assert Rules(2, target=target).target == target


def test_the_default_target_is_500() -> None:
    assert Rules(3).target == 500


@pytest.mark.parametrize("target", [0, -5, 3, 499, 501, 2.5, "500", None, True,
                                    HIGHEST_TARGET + 5, 10**100])
def test_a_target_must_be_a_multiple_of_5_up_to_the_highest(target: object) -> None:
    with pytest.raises(RulesError, match="must be a multiple of 5 from 5 to 100,000") as caught:
        Rules(2, target=target)  # type: ignore[arg-type]
    assert (caught.value.problem, caught.value.values) == ("target", {"target": target})


@pytest.mark.parametrize("players", [2, 3])
def test_partners_needs_four_players(players: int) -> None:
    with pytest.raises(RulesError, match="Partners needs exactly 4 players"):
        Rules(players, partners=True)
    assert Rules(4, partners=True).teams == 2


@pytest.mark.parametrize("players", [3, 4])
def test_the_run_of_three_rule_is_for_two_players_only(players: int) -> None:
    with pytest.raises(RulesError, match="2 players only"):
        Rules(players, run_of_three=True)
    assert Rules(2, run_of_three=True).run_of_three


@pytest.mark.parametrize(
    ("cards", "dealer"),
    [([17, 38], 1), ([40, 3], 0), ([5, 50, 49], 1), ([12, 2, 33, 60], 3), ([1, 2, 3, 4], 3)],
)
def test_the_highest_card_of_the_dealer_draw_deals_first(cards: list[int], dealer: int) -> None:
    game = Game(Rules(len(cards)), dealer_draw=cards)
    assert game.dealer == dealer
    assert record_lines(game)[1] == {"type": "dealer_draw", "cards": cards}


@pytest.mark.parametrize("seed", range(6))
def test_the_dealer_draw_is_one_card_per_seat_from_a_shuffled_deck(seed: int) -> None:
    game = Game(Rules(3), random.Random(seed))
    cards = record_lines(game)[1]["cards"]
    assert len(set(cards)) == 3 and all(1 <= card <= 50 for card in cards)
    assert cards[game.dealer] == max(cards)


@pytest.mark.parametrize("cards", [[3, 3], [0, 4], [41, 2], [1], [1, 2, 3]])
def test_an_impossible_dealer_draw_is_refused(cards: list[int]) -> None:
    with pytest.raises(RulesError, match="different cards from 1 to 40"):
        Game(Rules(2), dealer_draw=cards)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer_offset", [0, 1, 2, 3])
def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left_into_the_highest_empty_slot(
    players: int, dealer_offset: int
) -> None:
    dealer = dealer_offset % players
    game = new_game(players, dealer=dealer)
    deck = list(range(1, deck_size_for(players) + 1))  # card k is the k-th card dealt
    game.deal(deck)
    for received in range(10):
        for place_in_order in range(players):
            seat = (dealer + 1 + place_in_order) % players
            card = deck[received * players + place_in_order]
            # The first card a player receives sits in slot 10, the tenth in slot 1.
            assert game.racks[seat][9 - received] == card
    # So the seat on the dealer's left gets the very first card, in slot 10, and the dealer
    # gets the last card dealt, in slot 1.
    assert game.racks[(dealer + 1) % players][9] == 1
    assert game.racks[dealer][0] == 10 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_next_card_is_turned_up_and_the_rest_is_the_draw_pile(players: int) -> None:
    game = new_game(players)
    deck = list(range(deck_size_for(players), 0, -1))
    game.deal(deck)
    dealt_cards = 10 * players
    assert game.discard_pile == (deck[dealt_cards],)
    assert game.draw_pile == tuple(deck[dealt_cards + 1 :])
    assert game.draw_pile_size == 20 - 1


def test_the_stacked_deck_builder_deals_exactly_the_position_asked_for() -> None:
    racks = [[3, 9, 1, 20, 14, 2, 30, 22, 8, 5], [40, 4, 7, 6, 11, 12, 13, 31, 15, 16]]
    game = dealt(racks, discard=33, draw=[34, 35], dealer=1)
    assert game.racks == tuple(map(tuple, racks))
    assert game.discard_pile == (33,)
    assert game.draw_pile[:2] == (34, 35)


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (4, 3)])
def test_play_starts_with_the_player_on_the_dealers_left(players: int, dealer: int) -> None:
    game = new_game(players, dealer=dealer)
    game.deal(list(range(1, deck_size_for(players) + 1)))
    assert game.phase == "choose"
    assert game.mover == (dealer + 1) % players
    assert game.turn == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_goes_clockwise_one_seat_to_the_left_each_turn(players: int) -> None:
    game = new_game(players, dealer=0)
    # An ascending deck deals descending racks, far from a Rack-O.
    game.deal(list(range(1, deck_size_for(players) + 1)))
    movers = []
    for _ in range(2 * players):
        movers.append(game.mover)
        game.apply(DRAW)
        game.apply(DISCARD)
    assert movers == [(1 + k) % players for k in range(2 * players)]


def test_the_deal_passes_to_the_left_each_round() -> None:
    game = new_game(3, dealer=2)
    dealers = []
    for _ in range(4):
        dealer = (game.dealer + 1) % 3 if game.round else game.dealer
        mover = (dealer + 1) % 3
        # The mover goes Rack-O at once by taking the turned-up 30 into slot 10.
        others = iter([list(range(50, 40, -1)), list(range(40, 30, -1))])
        racks = [
            [21, 22, 23, 24, 25, 26, 27, 28, 29, 1] if seat == mover else next(others)
            for seat in range(3)
        ]
        deal_next(game, racks, discard=30)
        dealers.append(game.dealer)
        assert game.mover == mover
        game.apply(TAKE)
        game.apply(place(10))
        assert game.rounds[-1].racko == mover
    assert dealers == [2, 0, 1, 2]


def test_deck_for_refuses_a_card_named_twice() -> None:
    with pytest.raises(ValueError, match="named twice"):
        deck_for([[1] * 10, list(range(11, 21))], discard=21)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_stacked_deck_builder_is_the_exact_inverse_of_the_deal(
    players: int, dealer: int
) -> None:
    dealer %= players
    rng = random.Random(players * 10 + dealer)
    for _ in range(5):
        game = new_game(players, dealer=dealer)
        deck = list(range(1, deck_size_for(players) + 1))
        rng.shuffle(deck)
        game.deal(deck)
        rebuilt = deck_for(game.racks, game.discard_pile[0], game.draw_pile, dealer=dealer)
        assert rebuilt == deck
