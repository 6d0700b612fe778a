"""What is a turn worth in round points? The rate `racko review` converts turns to points at.

Run:  python benchmarks/review_points.py [games] [players]
Plays seeded games of hard bots. At the start of every turn it notes the mover's expected
turns to Rack-O (`turns_to_go`, from its view) and its nearest rival's (`start_value` of the
rival's real rack, against the cards that rival has not seen in the discard pile), and at
the round's end the mover's round points minus the best of the others'. A least-squares
line through (rival's turns - mover's turns, points difference) gives the intercept and
the slope, the points one turn is worth (`rack_o.review.POINTS_PER_TURN`); the mean
difference per bucket of turns shows how straight the line is. Deterministic: fixed seeds.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

from rack_o import Game, Phase, Rules
from rack_o.agent import take_step
from rack_o.bots import make_bot
from rack_o.bots.expert_turns import start_value, turns_to_go
from rack_o.steps import RoundResult


def rival_turns(game: Game, seat: int) -> float:
    """The fewest turns to Rack-O among the other seats, judged on their real racks."""
    size = game.rules.deck_size
    pile = set(game.discard_pile)
    best = float("inf")
    for other in range(game.rules.players):
        if other == seat:
            continue
        rack = game.rack(other)
        coming = [c for c in range(1, size + 1) if c not in rack and c not in pile]
        best = min(best, start_value(rack, coming, game.rules))
    return best


def samples(games: int, players: int) -> list[tuple[float, float]]:
    """(rival's turns - mover's turns, mover's round points - best other's) at turn starts."""
    found: list[tuple[float, float]] = []
    for index in range(games):
        game = Game(Rules(players), random.Random(f"review-points:{players}:{index}"))
        bots = [make_bot("hard", seat) for seat in range(players)]
        pending: list[tuple[int, float]] = []
        while not game.is_over:
            if game.phase is Phase.DEAL:
                game.deal()
                pending = []
                continue
            if game.phase is Phase.CHOOSE:
                view = game.view(game.mover)
                lead = rival_turns(game, game.mover) - turns_to_go(view)[1]
                pending.append((game.mover, lead))
            take_step(game, bots[game.mover])
            result = game.last_round
            if game.phase in (Phase.DEAL, Phase.OVER) and isinstance(result, RoundResult):
                for seat, lead in pending:
                    others = max(p for s, p in enumerate(result.points) if s != seat)
                    found.append((lead, result.points[seat] - others))
                pending = []
            if game.turn > 300:
                break
    return found


def fit(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """(intercept, slope) of the least-squares line through `pairs`."""
    n = len(pairs)
    mean_x = sum(x for x, _y in pairs) / n
    mean_y = sum(y for _x, y in pairs) / n
    sxx = sum((x - mean_x) ** 2 for x, _y in pairs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in pairs)
    slope = sxy / sxx
    return mean_y - slope * mean_x, slope


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    pairs = samples(games, players)
    intercept, slope = fit(pairs)
    print(f"{len(pairs)} turn starts from {games} games of {players} hard bots")
    print(f"points difference = {intercept:+.2f} {slope:+.2f} x (rival's turns - own turns)")
    buckets: dict[int, list[float]] = defaultdict(list)
    for lead, points in pairs:
        buckets[max(-6, min(6, round(lead)))].append(points)
    print(f"{'lead':>5} {'turn starts':>11} {'mean points':>11} {'line':>7}")
    for lead in sorted(buckets):
        values = buckets[lead]
        print(f"{lead:>+5} {len(values):>11} {sum(values) / len(values):>+11.1f} "
              f"{intercept + slope * lead:>+7.1f}")


if __name__ == "__main__":
    main()
