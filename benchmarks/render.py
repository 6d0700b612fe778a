"""How long the terminal takes to draw a turn screen and a round table (target: < 50 ms).

Run:  python benchmarks/render.py
"""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable

from rich.console import Console, RenderableType

from rack_o.actions import DRAW, place
from rack_o.cli.scoreboard import round_table
from rack_o.cli.screens import turn_screen
from rack_o.game import Game, Player
from rack_o.rules import Rules
from rack_o.view import RoundResult

TARGET_MS = 50.0
RUNS = 200


def timed(build: Callable[[], RenderableType]) -> list[float]:
    """Milliseconds to build and print the renderable on an 80-column colour terminal."""
    times = []
    for _ in range(RUNS):
        console = Console(
            file=io.StringIO(), width=80, height=24, force_terminal=True, color_system="truecolor"
        )
        start = time.perf_counter()
        console.print(build())
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    game = Game(Rules(4), random.Random(1), players=[Player(n) for n in names])
    game.deal()
    for _ in range(7):  # some history for the "since your last turn" lines
        game.apply(DRAW)
        game.apply(place(1 + game.turn % 10))
    view = game.view(game.mover)
    result = RoundResult(
        round=1, dealer=0, racko=1, racks=tuple(tuple(r) for r in game.racks),
        points=(5, 75, 10, 15), bonus=(0, 0, 0, 0), totals=(5, 75, 10, 15), turns=40,
    )
    for label, build in (
        ("turn screen", lambda: turn_screen(view)),
        ("round table", lambda: round_table(result, names, game.rules)),
    ):
        times = timed(build)
        median = statistics.median(times)
        verdict = "ok" if median < TARGET_MS else "TOO SLOW"
        print(
            f"{label:12}  first {times[0]:6.2f} ms   median {median:6.2f} ms"
            f"   p95 {sorted(times)[int(RUNS * 0.95)]:6.2f} ms"
            f"   ({RUNS} renders; target < {TARGET_MS:.0f} ms: {verdict})"
        )


if __name__ == "__main__":
    main()
