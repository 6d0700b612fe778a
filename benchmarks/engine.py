"""How fast the engine plays: two-player rounds through the public API with a simple bot.

The bot puts each card in the slot its number belongs to (card c of 40 goes to slot
ceil(c / 4)), taking the top discard when it fits a slot that does not hold a card of its
own band yet, and otherwise drawing and discarding what does not fit. Whole games are played
to the default target of 500, so dealing, turns, scoring and game ends are all measured.

    python benchmarks/engine.py [--rounds N] [--seed S]

The last line is always `rounds/s: <number>`.
"""

from __future__ import annotations

import argparse
import random
import time

import rack_o
from rack_o import DISCARD, DRAW, PLACE, TAKE, Game, Rules

DECK_SIZE = rack_o.deck_size_for(2)
# BAND[card] is the slot a card belongs to: 1-4 -> 1, 5-8 -> 2, ..., 37-40 -> 10.
BAND = [0] + [-(-card * rack_o.RACK_SIZE // DECK_SIZE) for card in range(1, DECK_SIZE + 1)]


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
            racks = game.racks
            apply = game.apply
            # A round ends when the phase leaves "choose"/"place" after a Rack-O.
            while game.phase == "choose":
                rack = racks[game.mover]
                top = game.discard_pile[-1]
                slot = band[top]
                if band[rack[slot - 1]] != slot:
                    apply(TAKE)
                    apply(PLACE[slot])
                else:
                    apply(DRAW)
                    slot = band[game.held]
                    apply(PLACE[slot] if band[rack[slot - 1]] != slot else DISCARD)
                turns += 1
            played += 1
    return played, turns, games


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60_000, help="rounds to play (at least)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the game generator")
    args = parser.parse_args()
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
