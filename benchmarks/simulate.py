"""How fast `racko simulate` plays: two `easy` bots, one job, rounds per second.

    python benchmarks/simulate.py [--games N] [--seed S] [--against TREE]

Runs `python -m rack_o simulate --bots easy,easy --jobs 1` on whole games to 500 and reads
the rate the command itself measures (`rounds_per_second` in its --json, the time spent
playing, without Python's start-up). The last line is `rounds/s: <number>`.

To compare with another version, check it out beside this one and pass it:

    git worktree add /tmp/racko-old e1550d6   # the commit issue 9 started from
    python benchmarks/simulate.py --against /tmp/racko-old

The command then runs alternately in that tree and in this one, five times each, on the same
machine in the same minutes, and prints the ratio of the medians (benchmarks/sidebyside.py):
on shared, noisy machines only such a ratio means anything.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sidebyside import HERE, compare, run_in  # noqa: E402


def command(games: int, seed: int, json_path: str) -> list[str]:
    """The simulate command line measured."""
    return ["-m", "rack_o", "simulate", "--bots", "easy,easy", "--jobs", "1",
            "--games", str(games), "--seed", str(seed), "--json", json_path]


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games to 500 to play")
    parser.add_argument("--seed", type=int, default=2026, help="the simulation's seed")
    parser.add_argument("--against", type=Path, metavar="TREE",
                        help="also run in this checkout, alternately, and print the ratio")
    args = parser.parse_args()
    fd, json_path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        line = command(args.games, args.seed, json_path)

        def rate(_output: str) -> float:
            return float(json.loads(Path(json_path).read_text())["rounds_per_second"])

        if args.against is not None:
            ratio = compare(args.against, line, rate)
            print(f"rounds/s ratio: {ratio:.2f}")
            return
        run_in(HERE, line)
        data = json.loads(Path(json_path).read_text())
        print(f"games: {data['games']}  rounds: {data['rounds']}")
        print(f"rounds/s: {data['rounds_per_second']:.0f}")
    finally:
        os.unlink(json_path)


if __name__ == "__main__":
    main()
