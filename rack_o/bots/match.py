"""Many seeded games between bots, and what they add up to: the engine of `racko simulate`.

Game i of a match with seed S is played from its own integer seed, derived from (S, i) by
`game_seed` (deck and random bots), so results depend only on S, never on how the games are
split between processes. A round that
reaches the turn cap without a Rack-O cannot be scored, so that game stops there (its record
simply has no round_end or game_end) and the round is counted as capped. Pure: no printing.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rack_o.agent import AgentError, Outcome, play_game
from rack_o.bots.loader import bot_kind, make_bot
from rack_o.game import Game, Player
from rack_o.record import Event, events, header_of, rules_line
from rack_o.rules import Rules

DEFAULT_TURN_CAP = 1000


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game `index` (0-based) in a match seeded `seed`: an integer below 2**48.

    A digest of "S:i", so neighbouring games get unrelated seeds; small enough to be exact
    as a JSON number in any reader.
    """
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def seat_names(names: Sequence[str]) -> list[str]:
    """Bot names for the record, numbered by seat when two would otherwise look alike."""
    if len(set(names)) == len(names):
        return list(names)
    return [f"{name} {seat + 1}" for seat, name in enumerate(names)]


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One scored round: who went Rack-O, each seat's points and turns."""

    racko: int
    points: tuple[int, ...]
    turns: tuple[int, ...]
    bonus: tuple[int, ...] = ()
    """Each seat's Bonus Rack-O points (included in `points`)."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one game of a match went; `error` says why it stopped if a bot misbehaved."""

    index: int
    rounds: tuple[RoundLine, ...]
    capped: bool
    winner: int | None
    error: str | None = None
    events: tuple[Event, ...] | None = None
    """The game's rack-o/1 events, when asked for."""


def seat_turns(turns: int, first: int, players: int) -> tuple[int, ...]:
    """How many of a round's `turns` each seat played, when seat `first` moved first."""
    return tuple(
        turns // players + (1 if (seat - first) % players < turns % players else 0)
        for seat in range(players)
    )


def play_one(
    specs: Sequence[str],
    rules: Rules,
    seed: int | str,
    index: int,
    turn_cap: int = DEFAULT_TURN_CAP,
    keep_events: bool = False,
    started: str | None = None,
) -> GameOutcome:
    """Play game `index` of the match seeded `seed` between the bots `specs`, seat by seat.

    `started` is the time stamp for the record's game line (the caller reads the clock).
    """
    this_seed = game_seed(seed, index)
    bots = [make_bot(spec, seat, this_seed) for seat, spec in enumerate(specs)]
    names = seat_names([bot.name for bot in bots])
    players = [Player(name, bot_kind(spec)) for name, spec in zip(names, specs, strict=True)]
    game = Game(rules, random.Random(this_seed), players=players)
    error = None
    capped = False
    try:
        capped = play_game(game, bots, turn_cap=turn_cap) is Outcome.CAPPED
    except AgentError as failure:
        error = str(failure)
    rounds = tuple(
        RoundLine(
            result.racko,
            result.points,
            seat_turns(result.turns, (result.dealer + 1) % rules.players, rules.players),
            result.bonus,
        )
        for result in game.rounds
    )
    lines = tuple(events(header_of(game, this_seed, started), game.steps)) if keep_events else None
    return GameOutcome(index, rounds, capped, game.winner, error, lines)


def play_many(
    specs: Sequence[str],
    rules: Rules,
    seed: int | str,
    indices: Iterable[int],
    turn_cap: int = DEFAULT_TURN_CAP,
    keep_events: bool = False,
    clock: Callable[[], str] | None = None,
) -> list[GameOutcome]:
    """`play_one` for each game index, stamped by `clock` if given; stops after a broken game."""
    outcomes = []
    for index in indices:
        started = clock() if clock is not None else None
        outcome = play_one(specs, rules, seed, index, turn_cap, keep_events, started)
        outcomes.append(outcome)
        if outcome.error:
            break
    return outcomes


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a rate of successes in trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass
class Tally:
    """Running sums over a match's games, per seat."""

    specs: tuple[str, ...]
    rules: Rules
    games: int = 0
    rounds: int = 0
    capped_rounds: int = 0
    round_wins: list[int] = field(default_factory=list)
    games_won: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.specs)
        self.bonus = [0] * n
        self.round_wins = [0] * n
        self.games_won = [0] * n
        self.points = [0] * n
        self.turns = [0] * n

    @property
    def scored_rounds(self) -> int:
        """Rounds that ended with a Rack-O (capped ones are not scored)."""
        return self.rounds - self.capped_rounds

    def add(self, outcome: GameOutcome) -> None:
        """Count one game's rounds, its capped round if any, and its winner."""
        self.games += 1
        for line in outcome.rounds:
            self.rounds += 1
            self.round_wins[line.racko] += 1
            for seat, (points, turns) in enumerate(zip(line.points, line.turns, strict=True)):
                self.points[seat] += points
                self.turns[seat] += turns
            for seat, bonus in enumerate(line.bonus):
                self.bonus[seat] += bonus
        if outcome.capped:
            self.rounds += 1
            self.capped_rounds += 1
        if outcome.winner is not None:
            for seat in range(len(self.specs)):
                if self.rules.team_of(seat) == outcome.winner:
                    self.games_won[seat] += 1

    def seats(self) -> list[dict[str, Any]]:
        """Per seat: bot, round wins and rate (with its 95 % interval), games won, means.

        The means are over the scored rounds (a capped round has no points); None when
        every round was capped.
        """
        scored = self.scored_rounds
        rows = []
        for seat, spec in enumerate(self.specs):
            wins = self.round_wins[seat]
            low, high = wilson(wins, self.rounds)
            rows.append(
                {
                    "seat": seat + 1,
                    "bot": spec,
                    "round_wins": wins,
                    "round_win_rate": wins / self.rounds if self.rounds else 0.0,
                    "round_win_interval": [low, high],
                    "games_won": self.games_won[seat],
                    "mean_round_points": self.points[seat] / scored if scored else None,
                    "mean_turns": self.turns[seat] / scored if scored else None,
                    "mean_round_bonus": self.bonus[seat] / scored if scored else None,
                }
            )
        return rows

    def to_json(self, seed: int | str, turn_cap: int, seconds: float) -> dict[str, Any]:
        """The documented `--json` object (docs/bots.md)."""
        return {
            "players": self.rules.players,
            "games": self.games,
            "rounds": self.rounds,
            "seed": seed,
            "rules": rules_line(self.rules),
            "turn_cap": turn_cap,
            "seats": self.seats(),
            "capped_rounds": self.capped_rounds,
            "rounds_per_second": self.rounds / seconds if seconds > 0 else 0.0,
        }
