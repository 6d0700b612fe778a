"""Whole seeded games for the store tests, played by a sensible policy, and their records.

Random play never finishes a round, so the policy puts each card in its band's slot
(ceil(card * 10 / deck_size)) unless that slot already holds a card of its band, with a few
random moves mixed in. Other store tests import `finished_game`, `unfinished_game` and
`record_text` from here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from builders import SeededGame, record_lines

from rack_o import Game, Player, Rules, dumps, rebuild
from rack_o.actions import DISCARD, DRAW, TAKE, Action, place

TURN_CAP = 2000


def band(card: int, deck_size: int) -> int:
    """The slot a card belongs in when the deck is split into ten equal bands."""
    return -(-card * 10 // deck_size)


def sensible_action(game: Game, rng: random.Random, noise: float = 0.1) -> Action:
    """A legal move for the mover: band policy, with a random legal move now and then."""
    legal = game.legal_actions()
    if rng.random() < noise:
        return rng.choice(legal)
    rack = game.racks[game.mover]
    size = game.rules.deck_size

    def fits(card: int) -> bool:
        slot = band(card, size)
        return band(rack[slot - 1], size) != slot

    if game.phase == "choose":
        top = game.discard_top
        return TAKE if top is not None and fits(top) else DRAW
    card = game.held
    assert card is not None
    if fits(card):
        return place(band(card, size))
    if DISCARD in legal:
        return DISCARD
    # A taken card must go somewhere: its band's slot is as good as any.
    return place(band(card, size))


def play_until(game: Game, rng: random.Random, turns: int | None = None) -> None:
    """Play sensibly until the game is over (or `turns` more turns have been played)."""
    played = 0
    while not game.is_over and (turns is None or played < turns):
        if game.phase == "deal":
            game.deal()
            continue
        finishing = game.phase == "place"
        game.apply(sensible_action(game, rng))
        played += finishing
        assert game.turn < TURN_CAP, "the policy should finish a round"


def new_game(
    seed: int, players: int = 2, target: int = 150, names: list[str] | None = None, **variants: bool
) -> Game:
    """A seeded game, dealer drawn, nothing dealt."""
    rules = Rules(players, target=target, **variants)
    names = names or ["Ann", "Bob", "Cy", "Di"][:players]
    seated = [Player(name, "human" if i == 0 else "bot:easy") for i, name in enumerate(names)]
    return SeededGame(rules, random.Random(seed), players=seated, seed=seed,
                started="2026-11-29T21:05:00Z")


def finished_game(seed: int, players: int = 2, target: int = 150, **kwargs: object) -> Game:
    """A whole game, played to its winner."""
    game = new_game(seed, players, target, **kwargs)  # type: ignore[arg-type]
    play_until(game, random.Random(seed + 1))
    return game


def unfinished_game(seed: int, turns: int, players: int = 2, target: int = 150) -> Game:
    """A game stopped after `turns` turns."""
    game = new_game(seed, players, target)
    play_until(game, random.Random(seed + 1), turns)
    return game


def record_text(game: Game) -> str:
    """The game's rack-o/1 record."""
    return "".join(dumps(event) for event in record_lines(game))


def write_record(path: Path, game: Game) -> Path:
    """Write the game's record to `path` and return it."""
    path.write_text(record_text(game), encoding="utf-8")
    return path


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_policy_finishes_games_whose_records_rebuild(players: int) -> None:
    game = finished_game(players, players=players)
    assert game.is_over
    record = rebuild(record_text(game))
    rebuilt = record.game
    assert rebuilt.is_over and rebuilt.totals == game.totals
    assert record_lines(record) == record_lines(game)


def test_an_unfinished_game_stops_where_asked() -> None:
    game = unfinished_game(5, turns=7)
    assert not game.is_over
    assert sum(1 for e in record_lines(game) if e["type"] == "turn") == 7
