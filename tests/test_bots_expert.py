"""The expert bot: it loads, plays only from its view, the same way every time, finishes every
variant, beats hard, and its turns-to-go estimate agrees with rollouts.

Whole games and rollouts are marked slow (the project's convention: 0.15 s or more).
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from builders import dealt, taken_with_no_rack_in_time
from hypothesis import given
from hypothesis import strategies as st

from rack_o import DISCARD, DRAW, TAKE, Game, Phase, Rules, place
from rack_o.agent import Outcome, play_game, take_step
from rack_o.bots import LEVELS, bot_kind, make_bot
from rack_o.bots.expert import ExpertBot, ExpertChoice, expert_rng
from rack_o.bots.expert_denial import GUESSES, guess_racks, next_seat_penalty
from rack_o.bots.expert_infer import infer_racks
from rack_o.bots.expert_race import race_table
from rack_o.bots.expert_rollout import TURN_CAP, play_out, rollout_mean
from rack_o.bots.expert_solo import weigher
from rack_o.bots.expert_turns import FEATURES, features, start_value, turns_to_go
from rack_o.bots.gaps import GAP_COST, INFEASIBLE
from rack_o.bots.hint import hint
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import unseen_cards
from rack_o.match import play_many
from rack_o.tally import Tally

ROOT = Path(__file__).parent.parent
ORDERED = [2, 5, 11, 14, 16, 21, 25, 29, 34, 38]
MIXED = [40, 3, 22, 9, 17, 1, 35, 28, 12, 31]
NEARLY = [2, 5, 11, 14, 33, 21, 25, 29, 34, 38]  # slot 5 alone breaks the order


def test_expert_is_the_strongest_level_and_loads_like_the_others() -> None:
    assert LEVELS[-1] == "expert"
    bot = make_bot("expert", seat=1, seed=5)
    assert isinstance(bot, ExpertBot) and bot.name == "Expert"
    assert bot_kind("expert") == "bot:expert"


@pytest.mark.parametrize(("players", "drawn", "looks_ahead"), [
    (2, 18, False),
    (3, 18, True),
    (3, 45, True),
    (4, 18, True),
    (4, 7, True),
])
def test_with_three_or_four_players_a_rack_near_rack_o_places_one_card_ahead(
    players: int, drawn: int, looks_ahead: bool
) -> None:
    # NEARLY keeps 9 cards: with 3 or 4 players each rack it can leave is judged after the
    # best use of the next card; with 2 players by its race cost alone.
    size = 20 + 10 * players
    others = [c for c in range(1, size + 1) if c not in NEARLY and c not in (drawn, 30)]
    racks = [NEARLY] + [others[10 * i: 10 * i + 10] for i in range(players - 1)]
    game = dealt(racks, 30, [drawn], dealer=players - 1)
    game.apply(DRAW)
    view = game.view(0)
    choice = ExpertChoice(view, expert_rng(3, 0, view))
    assert choice.looks_ahead() is looks_ahead
    action = ExpertBot(3, 0).choose(view)
    if looks_ahead:
        values = {DISCARD: choice.looked_ahead(list(NEARLY)) + choice.penalty(drawn)}
        for slot in range(1, 11):
            rack = list(NEARLY)
            rack[slot - 1] = drawn
            values[place(slot)] = choice.looked_ahead(rack) + choice.penalty(NEARLY[slot - 1])
        assert values[action] == min(values.values())
    if drawn == 18:
        assert action == place(5)  # Rack-O at once


def _moves(seed: int, players: int = 2) -> list[str]:
    """Every action of one seeded expert-against-hard round."""
    game = Game(Rules(players), random.Random(seed))
    bots = [make_bot("expert" if seat == 0 else "hard", seat, seed) for seat in range(players)]
    game.deal()
    moves = []
    while game.phase in (Phase.CHOOSE, Phase.PLACE) and game.turn < 200:
        moves.append(str(take_step(game, bots[game.mover])))
    return moves


@pytest.mark.slow
def test_the_same_seed_gives_the_same_moves_in_another_process() -> None:
    script = (
        "import sys; sys.path.insert(0, 'tests'); from test_bots_expert import _moves; "
        "print('|'.join(_moves(11, 3)))"
    )
    other = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60,
        cwd=ROOT,
    ).stdout.strip()
    assert other == "|".join(_moves(11, 3))


@pytest.mark.slow
def test_every_seed_answers_with_a_legal_action() -> None:
    game = Game(Rules(2), random.Random(4))
    game.deal()
    for _ in range(30):
        view = game.view(game.mover)
        actions = {make_bot("expert", game.mover, seed).choose(view) for seed in range(3)}
        assert actions <= set(view.legal_actions)
        game.apply(make_bot("hard", game.mover).choose(view))
        if game.phase not in (Phase.CHOOSE, Phase.PLACE):
            break


@pytest.mark.parametrize("swap", [0, 1, 2])
def test_hidden_cards_do_not_change_its_move(swap: int) -> None:
    """Two tables that look the same from seat 1 get the same move, whatever is hidden."""
    hidden = list(range(1, 41))
    for card in [*ORDERED, 7]:
        hidden.remove(card)
    random.Random(swap).shuffle(hidden)
    game = dealt([ORDERED, hidden[:10]], 7, hidden[10:], dealer=1)
    reference = dealt([ORDERED, hidden[::-1][:10]], 7, hidden[::-1][10:], dealer=1)
    bot = make_bot("expert", 0, 3)
    assert bot.choose(game.view(0)) == bot.choose(reference.view(0))


@pytest.mark.parametrize("discard", [15, 18, 20])
def test_it_takes_a_card_that_goes_rack_o(discard: int) -> None:
    game = dealt([NEARLY, MIXED], discard, dealer=1)  # 16..20 complete the rack in slot 5
    assert make_bot("expert", 0, 1).choose(game.view(0)) == TAKE


def test_it_places_a_winning_card_where_it_goes_rack_o() -> None:
    game = dealt([NEARLY, MIXED], 18, dealer=1)
    game.apply(TAKE)
    assert make_bot("expert", 0, 1).choose(game.view(0)) == place(5)


def test_a_card_taken_is_placed_even_where_no_rack_it_makes_can_be_complete_in_time() -> None:
    game = taken_with_no_rack_in_time()
    view = game.view(0)
    choice = ExpertChoice(view, expert_rng(None, 0, view))
    assert all(choice.placed(slot, 23) == math.inf for slot in range(1, 11))
    assert ExpertBot(None, 0).choose(view) in view.legal_actions
    assert hint(view, "expert").action in view.legal_actions


def test_guessed_racks_keep_what_the_next_player_took_and_use_only_unseen_cards() -> None:
    game = dealt([MIXED, ORDERED], 20, [23], dealer=1)
    game.apply(DRAW)
    game.apply(DISCARD)  # seat 1 throws the 23 away...
    game.apply(TAKE)
    game.apply(place(3))  # ...seat 2 takes it into slot 3, in place of its 11
    view = game.view(0)
    unseen = unseen_cards(view)
    guesses = guess_racks(view, 1, unseen, random.Random(1))
    assert len(guesses) == GUESSES
    for rack in guesses:
        assert rack[2] == 23 and len(set(rack)) == 10
        assert set(rack) - {23} <= set(unseen)
    penalty = next_seat_penalty(view, unseen, random.Random(1), 0.3)
    assert all(penalty(card) >= 0 for card in range(1, 41))


@pytest.mark.parametrize("coming", [1, 10, 23, 40, 60])
def test_a_gap_is_likelier_to_fill_soon_the_smaller_it_is_and_the_more_cards_fit(
    coming: int,
) -> None:
    table = race_table(coming)
    assert table[0][0] == 0.0  # no gap: already complete
    for k in range(1, 11):
        row = table[k]
        assert all(row[m] == INFEASIBLE for m in range(k))  # fewer fitting cards than slots
        costs = [row[m] for m in range(k, coming + 1)]
        assert all(cost > 0 for cost in costs)
        assert costs == sorted(costs, reverse=True)  # more fitting cards: likelier
        if k > 1:
            assert all(table[k - 1][m] <= row[m] for m in range(k, coming + 1))


@given(deck=st.permutations(range(1, 41)), unseen=st.integers(1, 30), race=st.booleans())
def test_the_best_slot_for_a_card_is_the_least_of_every_slot(
    deck: list[int], unseen: int, race: bool
) -> None:
    coming = deck[10:10 + unseen]
    judgement = Judgement(deck[:10], coming, 40, race_table(unseen) if race else GAP_COST)
    for card in range(1, 41):
        assert judgement.best_with(card) == min(
            judgement.with_card(slot, card) for slot in range(1, 11))


def test_inferred_racks_hold_what_the_seat_took_and_only_cards_it_may_hold() -> None:
    game = dealt([MIXED, ORDERED], 20, [23, 24, 6], dealer=1)
    for action in (DRAW, DISCARD, TAKE, place(3), DRAW, DISCARD, DRAW, place(1)):
        game.apply(action)  # seat 2 takes the 23 into slot 3, then draws a card into slot 1
    view = game.view(0)
    unseen = unseen_cards(view)
    racks = infer_racks(view, 1, unseen, random.Random(3), 24)
    assert len(racks) == 24
    for rack, weight in racks:
        assert rack[2] == 23 and len(set(rack)) == 10 and weight > 0
        assert set(rack) - {23} <= set(unseen)


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "run_of_three": True},
        {"players": 2, "bonus": True},
        {"players": 3, "bonus": True},
        {"players": 4, "partners": True, "bonus": True},
    ],
    ids=["run-of-three", "bonus", "three-bonus", "partners-bonus"],
)
def test_it_finishes_every_variant_without_the_turn_cap(options: dict) -> None:
    players = options["players"]
    rules = Rules(target=150, **options)
    specs = ["expert" if seat % 2 == 0 else "hard" for seat in range(players)]
    tally = Tally(tuple(specs), rules)
    for outcome in play_many(specs, rules, "variants", range(2), turn_cap=300):
        assert outcome.error is None
        tally.add(outcome)
    assert tally.capped_rounds == 0 and tally.games == 2


@pytest.mark.slow
def test_expert_rounds_count_their_bonus_in_the_tally() -> None:
    rules = Rules(2, target=300, bonus=True)
    tally = Tally(("expert", "hard"), rules)
    for outcome in play_many(["expert", "hard"], rules, 2, range(3)):
        tally.add(outcome)
    seats = tally.seats()
    assert sum(seat["mean_round_bonus"] for seat in seats) * tally.scored_rounds == sum(
        tally.bonus
    )
    assert all(seat["mean_round_bonus"] <= seat["mean_round_points"] for seat in seats)


def _expert_rounds(specs: tuple[str, ...]) -> tuple[int, int]:
    """(expert's round wins, rounds) in whole seeded games of `specs`, 300 rounds or more."""
    rules = Rules(2)
    tally = Tally(specs, rules)
    index = 0
    while tally.rounds < 300:
        for outcome in play_many(specs, rules, "strength", [index]):
            tally.add(outcome)
        index += 1
    return tally.round_wins[specs.index("expert")], tally.rounds


@pytest.mark.slow
# A guard against a hang only: this test alone plays 605 rounds (about 130 s of CPU), and on a
# machine busy with other programs it has taken nearly four minutes, near the suite's 240 s.
@pytest.mark.timeout(600)
def test_expert_beats_hard_in_both_seat_orders() -> None:
    """Seeded, so the figure is fixed: 605 rounds in all, 350 of them expert's (57.9 %)."""
    with ProcessPoolExecutor(2) as pool:  # one seat order each: the same figures, sooner
        results = list(pool.map(_expert_rounds, [("expert", "hard"), ("hard", "expert")]))
    wins = sum(won for won, _rounds in results)
    rounds = sum(played for _won, played in results)
    assert wins / rounds >= 0.52


# ------------------------------------------------------------------ turns to go


def test_turns_to_go_gives_a_figure_for_every_legal_action() -> None:
    game = dealt([MIXED, ORDERED], 20, dealer=1)
    figures, overall = turns_to_go(game.view(0))
    assert set(figures) == {DRAW, TAKE}
    assert overall in figures.values() and all(value >= 1.0 for value in figures.values())
    game.apply(DRAW)
    figures, overall = turns_to_go(game.view(0))
    assert set(figures) == {*(place(slot) for slot in range(1, 11)), DISCARD}


def test_a_move_that_goes_rack_o_takes_exactly_this_turn() -> None:
    game = dealt([NEARLY, MIXED], 18, dealer=1)
    figures, overall = turns_to_go(game.view(0))
    assert figures[TAKE] == 1.0 and overall == 1.0
    assert start_value(ORDERED, list(range(40)), Rules(2)) == 0.0


@pytest.mark.parametrize(
    ("rack", "chance"),
    [
        # slot 5 between 8 and 20: any of the 11 cards 9-19 of the 30 to come fills it
        ((2, 4, 6, 8, 40, 20, 24, 28, 32, 36), 11 / 30),
        # slots 5 and 6 between 8 and 11: both of 9 and 10 must come, c(2, 2) = 1
        ((2, 4, 6, 8, 40, 39, 11, 12, 13, 14), 1 / 30**2),
    ],
)
def test_quick_is_minus_log_of_the_leading_chance_that_the_gaps_fill_by_one_card(
    rack: tuple[int, ...], chance: float
) -> None:
    coming = [card for card in range(1, 41) if card not in rack]
    values = features(weigher(rack, coming, Rules(2)), coming)
    assert values[FEATURES.index("quick")] == pytest.approx(-math.log(chance))


# Three players, slot 5 waits for a 9 or 10 (between 8 and 11); only the 9 may come.
WAITING = [2, 4, 6, 8, 30, 11, 13, 15, 17, 19]
OTHERS = [33, 34, 35, 36, 37, 38, 39, 40, 41, 42]


@pytest.mark.parametrize(
    ("pile", "turns"),
    [
        # each turn two cards go by for the other seats, the second face up: taken at once
        ([33, 9, *OTHERS[2:]], 1.0),
        # the seat draws the 9 on its first turn
        ([33, 34, 9, *OTHERS[3:]], 1.0),
        # ... or takes it face up on its third
        ([*OTHERS[:7], 9, *OTHERS[7:]], 3.0),
    ],
)
def test_a_known_draw_pile_s_turns_are_played_out_not_estimated(
    pile: list[int], turns: float
) -> None:
    assert start_value(WAITING, pile, Rules(3), known=len(pile)) == turns


def test_a_card_a_known_pile_passes_by_face_down_is_waited_for_after_it() -> None:
    pile = [9, *OTHERS]
    assert start_value(WAITING, pile, Rules(3), known=len(pile)) > 3.0
    assert start_value(WAITING, pile, Rules(3), known=len(pile)) > start_value(
        WAITING, pile, Rules(3))


# A four-player rollout's pile (from a real position): with three other seats, two of every
# three cards off the pile go by face down, and in this order, round after round, the cards
# the rack waits for always do.
CYCLING_RACK = (8, 13, 39, 25, 29, 30, 35, 44, 46, 52)
CYCLING_PILE = (1, 11, 32, 50, 47, 21, 24, 5, 53, 17, 31, 33, 55, 56, 58, 57, 36, 28, 20, 27,
                41, 2, 12, 43, 4, 15, 45)


def test_cards_gone_by_come_back_shuffled_so_a_rollout_never_circles_for_ever() -> None:
    def turns(rng: random.Random | None) -> int:
        return play_out(list(CYCLING_RACK), list(CYCLING_PILE), 48, None, False, Rules(4),
                        rng=rng)

    assert turns(None) == TURN_CAP  # in the same order every time round: never finished
    assert max(turns(random.Random(seed)) for seed in range(20)) < 30


def test_turns_to_go_needs_the_seat_to_move() -> None:
    game = dealt([MIXED, ORDERED], 20, dealer=1)
    with pytest.raises(ValueError, match="turns to go"):
        turns_to_go(game.view(1))


@pytest.mark.slow
def test_turns_to_go_agrees_with_rollouts_on_a_few_positions() -> None:
    """The quick version of benchmarks/calibrate.py: 8 positions, 100 rollouts each."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from calibrate import sample_positions, summary

    views = sample_positions(8, 2, every=9)
    pairs = [(turns_to_go(view)[1], rollout_mean(view, 100, seed=i)) for i, view in
             enumerate(views)]
    error, within, _worst = summary(pairs)
    assert error <= 0.25 and within >= 7 / 8


@pytest.mark.slow
def test_a_game_between_experts_plays_to_the_end() -> None:
    game = Game(Rules(2, target=100), random.Random(8))
    agents = [make_bot("expert", 0, 8), make_bot("expert", 1, 8)]
    assert play_game(game, agents, turn_cap=300) is Outcome.OVER
    assert game.winner is not None
