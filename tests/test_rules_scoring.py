"""Rack-O, scoring a round, winning the game, and the variants: run of three, bonus, partners."""

from __future__ import annotations

import pytest
from builders import dealt, deck_for, new_game, racko_round, record_lines, snapshot

from rack_o import (
    DISCARD,
    DRAW,
    TAKE,
    IllegalActionError,
    is_ascending,
    is_racko,
    longest_run,
    ordered_count,
    place,
    round_points,
    run_bonus,
)


def rack(text: str) -> list[int]:
    return [int(card) for card in text.split()]


# The worked examples of spec/rules.md, row for row.
WORKED_EXAMPLES = [
    ("2 13 19 22 26 35 41 44 58 59", True, "", 75),
    ("5 9 13 24 25 32 4 35 42 55", False, "", 30),
    ("50 3 4 5 6 7 8 9 10 11", False, "", 5),
    ("1 2 3 4 5 6 7 8 9 10", True, "bonus", 475),
    ("3 8 9 10 20 31 40 41 42 43", True, "bonus", 175),
    ("3 8 12 20 25 31 36 40 44 49", True, "bonus", 75),
]


@pytest.mark.parametrize(("cards", "went_racko", "variant", "points"), WORKED_EXAMPLES)
def test_the_worked_examples_score_as_the_spec_says(
    cards: str, went_racko: bool, variant: str, points: int
) -> None:
    assert round_points(rack(cards), went_racko, bonus=variant == "bonus")[0] == points
    assert is_racko(rack(cards)) == went_racko


@pytest.mark.parametrize(("cards", "went_racko", "variant", "points"), WORKED_EXAMPLES)
def test_the_worked_examples_score_the_same_in_a_played_round(
    cards: str, went_racko: bool, variant: str, points: int
) -> None:
    game = new_game(4, dealer=3, bonus=variant == "bonus")
    if went_racko:
        end = racko_round(game, rack(cards))
        assert end["racko"] == 0
        assert end["points"][0] == points
    else:
        free = [card for card in range(1, 61) if card not in rack(cards)]
        end = racko_round(game, free[:10], others={1: rack(cards)})
        assert end["racko"] == 0
        assert end["points"][1] == points


def test_the_worked_example_without_a_run_is_not_racko_under_the_two_player_run_rule() -> None:
    cards = rack("3 8 12 20 25 31 36 40 44 49")
    assert is_ascending(cards)
    assert not is_racko(cards, run_of_three=True)


# ------------------------------------------------------------------ Rack-O


def test_racko_ends_the_round_at_the_end_of_the_movers_turn() -> None:
    game = new_game(2, dealer=1)
    end = racko_round(game, list(range(1, 20, 2)))
    turn, round_end = record_lines(game)[-2:]
    assert turn == {"type": "turn", "seat": 0, "source": "discard", "card": 19, "slot": 10}
    assert round_end == end and end["racko"] == 0 and end["round"] == 1
    assert game.phase == "deal"
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="round 2 must be dealt"):
        game.apply(DRAW)


def test_racko_by_a_drawn_card_ends_the_round_too() -> None:
    game = dealt(
        [[1, 3, 5, 7, 9, 11, 13, 15, 17, 40], [39, 38, 37, 36, 35, 34, 33, 32, 31, 30]],
        discard=2,
        draw=[20],
        dealer=1,
    )
    game.apply(DRAW)
    game.apply(place(10))
    assert record_lines(game)[-1]["type"] == "round_end"
    assert record_lines(game)[-1]["racko"] == 0


def test_an_ordered_rack_of_a_player_who_is_not_moving_does_not_end_the_round() -> None:
    ordered = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
    game = dealt([[40, 39, 38, 37, 36, 35, 34, 33, 32, 31], ordered], discard=1, dealer=1)
    assert game.mover == 0
    game.apply(DRAW)
    game.apply(DISCARD)
    # Only the mover can go Rack-O: seat 1's ordered rack waits for seat 1's own turn.
    assert game.phase == "choose" and game.mover == 1 and not game.rounds


def test_a_rack_dealt_in_order_goes_racko_at_the_end_of_its_owners_first_turn() -> None:
    ordered = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
    game = dealt([[40, 39, 38, 37, 36, 35, 34, 33, 32, 31], ordered], discard=1, dealer=1)
    game.apply(DRAW)
    game.apply(DISCARD)
    game.apply(DRAW)
    game.apply(DISCARD)  # seat 1 keeps the ordered rack: checked after the discard all the same
    assert game.rounds[-1].racko == 1
    assert record_lines(game)[-1]["points"] == [5, 75]


def test_a_player_who_spoils_a_dealt_racko_does_not_go_out() -> None:
    ordered = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
    game = dealt([[40, 39, 38, 37, 36, 35, 34, 33, 32, 31], ordered], discard=1, dealer=0)
    game.apply(TAKE)
    game.apply(place(10))  # the 1 into slot 10 breaks the order
    assert game.phase == "choose" and not game.rounds


def test_a_round_ends_at_the_first_racko_no_later_turn_is_played() -> None:
    game = new_game(3, dealer=0)
    racko_round(game, list(range(21, 31)))
    before = snapshot(game)
    for seat in range(3):
        with pytest.raises(IllegalActionError, match="round 2 must be dealt"):
            game.apply(game.legal_actions()[0] if game.legal_actions() else None, seat=seat)
    assert snapshot(game) == before


# ------------------------------------------------------------------ scoring a round


def test_racko_scores_75_and_everyone_else_5_per_card_up_to_the_first_break() -> None:
    game = new_game(3, dealer=2)
    others = {
        1: rack("5 9 13 24 25 32 4 35 42 45"),  # six cards before the 4 breaks the order
        2: rack("50 1 2 3 6 7 8 10 11 12"),  # a break after slot 1: slot 1 still counts
    }
    end = racko_round(game, rack("14 15 16 17 18 19 20 21 22 23"), others)
    assert end["points"] == [75, 30, 5]
    assert end["bonus"] == [0, 0, 0]
    assert end["totals"] == [75, 30, 5]
    assert game.totals == (75, 30, 5)


def test_the_last_card_of_an_ordered_rack_counts_for_a_player_who_did_not_go_out() -> None:
    # Regression: a run to the very end of the rack must be counted to slot 10.
    assert ordered_count([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == 10
    assert ordered_count([1, 2, 3, 4, 5, 6, 7, 8, 10, 9]) == 9
    game = new_game(2, dealer=1)
    ordered = rack("2 4 6 8 10 12 14 16 18 20")
    end = racko_round(game, rack("1 3 5 7 9 11 13 15 17 19"), {1: ordered})
    assert end["points"] == [75, 50]


def test_totals_add_up_round_after_round() -> None:
    game = new_game(2, dealer=1)
    racko_round(game, list(range(1, 11)))  # seat 0 goes out; seat 1 gets a descending rack
    racko_round(game, list(range(1, 11)))  # the deal passed: seat 1 goes out
    assert [r.points for r in game.rounds] == [(75, 5), (5, 75)]
    assert game.totals == (80, 80)
    assert record_lines(game)[-1]["totals"] == [80, 80]


# ------------------------------------------------------------------ winning the game


def test_the_game_ends_when_a_round_leaves_a_player_at_the_target() -> None:
    game = new_game(2, dealer=1, target=75)
    racko_round(game, list(range(1, 11)))
    assert game.is_over and game.phase == "over" and game.winner == 0
    assert record_lines(game)[-1] == {"type": "game_end", "winner": 0, "totals": [75, 5]}
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.deal()


def test_below_the_target_another_round_is_dealt() -> None:
    game = new_game(2, dealer=1, target=80)
    racko_round(game, list(range(1, 11)))
    assert game.phase == "deal" and game.winner is None and not game.is_over


def test_the_highest_total_wins_when_several_pass_the_target() -> None:
    game = new_game(2, dealer=1, target=100)
    racko_round(game, list(range(11, 21)), {1: list(range(1, 11))})  # [75, 50]
    assert game.phase == "deal"
    racko_round(game, list(range(11, 21)), {0: rack("1 2 3 4 5 30 6 7 8 9")})  # [105, 125]
    assert game.totals == (105, 125)
    assert game.winner == 1
    assert record_lines(game)[-1] == {"type": "game_end", "winner": 1, "totals": [105, 125]}


def test_an_exact_tie_at_the_top_plays_more_rounds_until_one_player_leads() -> None:
    game = new_game(2, dealer=1, target=80)
    racko_round(game, list(range(1, 11)))  # [75, 5]
    racko_round(game, list(range(1, 11)))  # [80, 80]: both at the target, tied
    assert game.totals == (80, 80)
    assert game.phase == "deal" and game.winner is None
    assert "game_end" not in [event["type"] for event in record_lines(game)]
    racko_round(game, list(range(1, 11)))  # [155, 85]
    assert game.winner == 0 and game.is_over


def test_a_tie_below_the_leader_does_not_stop_the_game_from_ending() -> None:
    game = new_game(3, dealer=2, target=75)
    end = racko_round(game, list(range(1, 11)))
    assert end["totals"] == [75, 5, 5]
    assert game.winner == 0


# ------------------------------------------------------------------ run of three (2 players)


def test_without_a_run_of_three_an_ordered_rack_does_not_end_a_two_player_round() -> None:
    before = rack("1 4 7 10 13 16 19 22 25 40")  # ordered once 28 replaces 40: no run
    game = dealt([before, list(range(39, 29, -1))], discard=28, draw=[26], dealer=1,
                 run_of_three=True)
    game.apply(TAKE)
    game.apply(place(10))
    assert is_racko(game.racks[0]) and not game.rounds
    assert game.phase == "choose" and game.mover == 1
    game.apply(DRAW)
    game.apply(DISCARD)
    game.apply(DRAW)
    game.apply(place(9))  # 26 next to 25: 25 26 28 is no run yet
    assert not game.rounds


def test_the_same_rack_ends_the_round_without_the_run_rule() -> None:
    before = rack("1 4 7 10 13 16 19 22 25 40")
    game = dealt([before, list(range(39, 29, -1))], discard=28, dealer=1)
    game.apply(TAKE)
    game.apply(place(10))
    assert game.rounds[-1].racko == 0


@pytest.mark.parametrize(
    ("final", "slot"),
    [
        ("1 4 7 10 13 16 19 26 27 28", 10),  # a run at the very end of the rack (regression)
        ("1 2 3 10 13 16 19 22 25 40", 3),  # at the very start
        ("1 4 7 10 11 12 19 22 25 40", 6),  # in the middle
    ],
)
def test_with_a_run_of_three_the_round_ends(final: str, slot: int) -> None:
    cards = rack(final)
    game = new_game(2, dealer=1, run_of_three=True)
    given = list(cards)
    used = set(cards)
    spare = next(card for card in range(39, 0, -1) if card not in used)
    given[slot - 1] = spare
    others = [card for card in range(40, 0, -1) if card not in used and card != spare][:10]
    game.deal(deck_for([given, others], discard=cards[slot - 1], dealer=1))
    game.apply(TAKE)
    game.apply(place(slot))
    assert game.rounds[-1].racko == 0
    assert record_lines(game)[-1]["points"][0] == 75


# ------------------------------------------------------------------ Bonus Rack-O


@pytest.mark.parametrize(
    ("cards", "run", "bonus"),
    [
        ("2 4 6 8 10 12 14 16 18 20", 1, 0),
        ("1 2 4 6 8 10 12 14 16 18", 2, 0),
        ("1 2 3 6 8 10 12 14 16 18", 3, 50),
        ("1 2 3 4 8 10 12 14 16 18", 4, 100),
        ("1 2 3 4 5 10 12 14 16 18", 5, 200),
        ("1 2 3 4 5 6 12 14 16 18", 6, 400),
        ("1 2 3 4 5 6 7 14 16 18", 7, 400),
        ("1 2 3 4 5 6 7 8 9 10", 10, 400),
        ("2 4 6 8 10 12 14 16 17 18", 3, 50),  # the run ends in slot 10 (regression)
        ("2 4 6 8 10 12 15 16 17 18", 4, 100),  # slots 7-10
        ("1 2 3 7 8 9 10 14 16 18", 4, 100),  # only the longest run counts, once
        ("1 2 3 7 8 9 14 15 16 20", 3, 50),  # three runs of three: still one bonus
    ],
)
def test_the_bonus_is_for_the_longest_run_only(cards: str, run: int, bonus: int) -> None:
    assert longest_run(rack(cards)) == run
    assert run_bonus(rack(cards)) == bonus
    game = new_game(2, dealer=1, bonus=True)
    end = racko_round(game, rack(cards))
    assert end["bonus"] == [bonus, 0]
    assert end["points"][0] == 75 + bonus


def test_only_the_player_who_went_racko_scores_a_bonus() -> None:
    game = new_game(2, dealer=1, bonus=True)
    end = racko_round(game, rack("2 4 6 8 10 12 14 16 18 20"), {1: list(range(21, 31))})
    assert end["points"] == [75, 50]
    assert end["bonus"] == [0, 0]


def test_without_the_bonus_variant_a_run_scores_nothing_extra() -> None:
    game = new_game(2, dealer=1)
    end = racko_round(game, list(range(1, 11)))
    assert end["points"][0] == 75 and end["bonus"] == [0, 0]


# ------------------------------------------------------------------ partners (4 players)


def test_partners_score_as_teams_seats_1_and_3_against_2_and_4() -> None:
    game = new_game(4, dealer=3, partners=True)
    assert [game.rules.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    end = racko_round(
        game,
        list(range(51, 61)),
        {1: rack("1 2 3 50 4 5 6 7 8 9"), 2: rack("10 11 49 12 13 14 15 16 17 18")},
    )
    assert end["points"] == [75, 20, 15, 5]
    assert end["totals"] == [90, 25]
    assert game.totals == (90, 25)


def test_the_first_team_to_the_target_wins() -> None:
    game = new_game(4, dealer=3, partners=True, target=80)
    racko_round(game, list(range(51, 61)))
    assert game.winner == 0
    assert record_lines(game)[-1] == {"type": "game_end", "winner": 0, "totals": [80, 10]}


def test_partners_play_with_the_bonus_too() -> None:
    game = new_game(4, dealer=0, partners=True, bonus=True)
    end = racko_round(game, list(range(51, 61)))  # seat 1 goes out with a run of ten
    assert end["racko"] == 1
    assert end["points"] == [5, 475, 5, 5]
    assert end["totals"] == [10, 480]


def test_partners_tied_at_the_top_play_on() -> None:
    game = new_game(4, dealer=3, partners=True, target=130)
    racko_round(game, list(range(51, 61)), {2: list(range(41, 51))})  # seat 0 out, seat 2 ordered
    assert game.totals == (125, 10)
    racko_round(game, list(range(51, 61)), {3: list(range(41, 51))})  # seat 1 out, seat 3 ordered
    assert game.totals == (135, 135)
    assert game.phase == "deal" and game.winner is None
    racko_round(game, list(range(51, 61)))  # seat 2 goes out
    assert game.winner == 0 and game.totals == (215, 145)
