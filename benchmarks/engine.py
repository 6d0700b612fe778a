"""How fast the engine plays: two-player rounds through the public API with a simple bot.

The bot puts each card in the slot its number belongs to (card c of 40 goes to slot
ceil(c / 4)), taking the top discard when it fits a slot that does not hold a card of its
own band yet, and otherwise drawing and discarding what does not fit. Whole games are played
to the default target of 500, so dealing, turns, scoring and game ends are all measured.

    python benchmarks/engine.py [--rounds N] [--seed S] [--against TREE]

The last line is always `rounds/s: <number>`. With `--against TREE` (another checkout of
racko, such as an older commit made with `git worktree add /tmp/old COMMIT`) the benchmark
runs alternately in that tree and in this one, five times each, and prints the ratio of the
medians (see benchmarks/sidebyside.py). The script reads racks through whichever API the
tree offers, so the same script measures both.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import rack_o
from rack_o import DISCARD, DRAW, TAKE, Game, Rules

try:
    from rack_o import place
except ImportError:  # an older racko: placements were PLACE[slot]
    from rack_o import PLACE

    def place(slot: int):  # type: ignore[no-untyped-def]
        return PLACE[slot]

DECK_SIZE = rack_o.deck_size_for(2)
# BAND[card] is the slot a card belongs to: 1-4 -> 1, 5-8 -> 2, ..., 37-40 -> 10.
BAND = [0] + [-(-card * rack_o.RACK_SIZE // DECK_SIZE) for card in range(1, DECK_SIZE + 1)]


def rack_query(game: Game) -> Callable[[int], Sequence[int]]:
    """A seat's rack, through the engine's own query (a live list in older versions)."""
    return game.rack if hasattr(game, "rack") else game.racks.__getitem__


def play_rounds(rounds: int, seed: int) -> tuple[int, int, int]:
    """Play at least `rounds` rounds in whole games; (rounds, turns, games) played."""
    rules = Rules(players=2)
    rng = random.Random(seed)
    band = BAND
    played = turns = games = 0
    while played < rounds:
        game = Game(rules, rng)
        games += 1
        while not game.is_over:
            game.deal()
            apply = game.apply
            rack_of = rack_query(game)
            # A round ends when the phase leaves "choose"/"place" after a Rack-O.
            while game.phase == "choose":
                rack = rack_of(game.mover)
                top = game.discard_top
                slot = band[top]
                if band[rack[slot - 1]] != slot:
                    apply(TAKE)
                    apply(place(slot))
                else:
                    apply(DRAW)
                    slot = band[game.held]
                    apply(place(slot) if band[rack[slot - 1]] != slot else DISCARD)
                turns += 1
            played += 1
    return played, turns, games


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60_000, help="rounds to play (at least)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the game generator")
    parser.add_argument("--against", type=Path, metavar="TREE",
                        help="also run in this checkout, alternately, and print the ratio")
    args = parser.parse_args()
    if args.against is not None:
        from sidebyside import compare

        command = [__file__, "--rounds", str(args.rounds), "--seed", str(args.seed)]
        compare(args.against, command, lambda out: float(out.split()[-1]))
        return
    play_rounds(2_000, args.seed + 1)  # warm up
    start = time.perf_counter()
    rounds, turns, games = play_rounds(args.rounds, args.seed)
    seconds = time.perf_counter() - start
    print(f"games: {games}  rounds: {rounds}  turns: {turns}  in {seconds:.2f} s")
    print(f"turns per round: {turns / rounds:.1f}")
    print(f"turns/s: {turns / seconds:,.0f}")
    print(f"µs per turn: {seconds / turns * 1e6:.2f}")
    print(f"rounds/s: {rounds / seconds:.0f}")


if __name__ == "__main__":
    main()
