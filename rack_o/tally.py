"""What a match's games add up to, per seat: round wins with their 95 % interval, games won,
mean points, turns and bonus, and the `--json` object `racko simulate` writes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rack_o.record import rules_line
from rack_o.rules import Rules


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One scored round: who went Rack-O, each seat's points and turns."""

    racko: int
    points: tuple[int, ...]
    turns: tuple[int, ...]
    bonus: tuple[int, ...] = ()
    """Each seat's Bonus Rack-O points (included in `points`)."""


class Played(Protocol):
    """What a tally counts of a game (`match.GameOutcome`)."""

    @property
    def rounds(self) -> Sequence[RoundLine]:
        """Its scored rounds."""

    @property
    def capped(self) -> bool:
        """Its last round reached the turn cap without a Rack-O."""

    @property
    def winner(self) -> int | None:
        """The side that won it, if it was played to the end."""


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
    """Running sums over a match's games, per seat; the order games are added in is
    irrelevant, so the sums do not depend on how the games were spread."""

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

    def add(self, outcome: Played) -> None:
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
        every round was capped, and the rate and its interval None when no round was played.
        """
        scored = self.scored_rounds
        rows = []
        for seat, spec in enumerate(self.specs):
            wins = self.round_wins[seat]
            played = self.rounds  # none in a match stopped before its first game ended
            rows.append(
                {
                    "seat": seat + 1,
                    "bot": spec,
                    "round_wins": wins,
                    "round_win_rate": wins / played if played else None,
                    "round_win_interval": list(wilson(wins, played)) if played else None,
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
