"""All chance comes from the `random.Random` passed in: the same seed plays the same game."""

from __future__ import annotations

import random

import pytest
from builders import record_lines, sensible_action

from rack_o import Game, Rules


def play(seed: int, players: int, disturb: bool) -> list[dict]:
    """A whole game from `seed`; with `disturb`, the global `random` is used between steps."""
    game = Game(Rules(players, target=200), random.Random(seed))
    policy = random.Random(seed + 1)
    junk = list(range(50))
    step = 0
    while not game.is_over:
        if disturb:
            random.seed(step)
            random.random()
            random.shuffle(junk)
            step += 1
        if game.phase == "deal":
            game.deal()
        else:
            game.apply(sensible_action(game, policy, randomness=0.1))
    return record_lines(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_seed_gives_the_same_game_even_if_the_global_random_is_used(
    players: int,
) -> None:
    quiet = play(2026, players, disturb=False)
    disturbed = play(2026, players, disturb=True)
    assert disturbed == quiet
    assert sum(event["type"] == "deal" for event in quiet) >= 2


def test_different_seeds_give_different_deals() -> None:
    decks = {Game(Rules(2), random.Random(seed)).dealer_draw for seed in range(20)}
    assert len(decks) > 10


def test_the_engine_leaves_the_global_random_alone() -> None:
    random.seed(99)
    state = random.getstate()
    play(7, 3, disturb=False)
    assert random.getstate() == state


def test_without_a_generator_the_cards_must_be_given() -> None:
    from rack_o import RulesError

    with pytest.raises(RulesError, match="no random generator"):
        Game(Rules(2))
    game = Game(Rules(2), dealer_draw=[3, 9])
    with pytest.raises(RulesError, match="no random generator to shuffle the deck"):
        game.deal()
    game.deal(list(range(1, 41)))
    assert game.round == 1
