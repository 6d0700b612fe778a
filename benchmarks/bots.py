"""How long each bot level takes to decide: median, 90th and 99th percentile, and the worst.

Run:  python benchmarks/bots.py [positions-per-level] [level ...]
Positions come from seeded self-play games of each level (2, 3 and 4 players), one process;
the targets are a median of at most 5 ms for `hard`, and for `expert` a median of at most
50 ms, a 99th percentile of at most 250 ms and no decision over 0.5 s, on one core.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from rack_o import Game, Rules
from rack_o.bots import LEVELS, make_bot


def decision_times(level: str, players: int, decisions: int) -> list[float]:
    """Seconds per `choose` call, over about `decisions` calls in seeded games."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        game = Game(Rules(players), random.Random(f"bench:{seed}"))
        bots = [make_bot(level, seat, seed) for seat in range(players)]
        game.deal()
        while game.phase in ("choose", "place") and game.turn < 300 and len(times) < decisions:
            view = game.view(game.mover)
            start = time.perf_counter()
            action = bots[game.mover].choose(view)
            times.append(time.perf_counter() - start)
            game.apply(action)
        seed += 1
    return times


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    levels = sys.argv[2:] or LEVELS
    print(f"{'level':<8}{'players':>8}{'median ms':>12}{'p90 ms':>10}{'p99 ms':>10}"
          f"{'max ms':>10}")
    for level in levels:
        for players in (2, 3, 4):
            times = sorted(decision_times(level, players, decisions))
            print(
                f"{level:<8}{players:>8}{statistics.median(times) * 1000:>12.3f}"
                f"{times[int(len(times) * 0.9)] * 1000:>10.3f}"
                f"{times[int(len(times) * 0.99)] * 1000:>10.3f}{times[-1] * 1000:>10.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
