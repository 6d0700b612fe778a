"""How fast `racko review` judges a game: milliseconds per turn reviewed, on a record of bots.

    python benchmarks/review.py [--record FILE] [--seed S] [--against TREE]

Without --record, the record is one game to 500 between expert and hard, written by this
tree's `racko simulate --games 1 --seed S --record-dir DIR`. The time is that of
`rack_o.review.review` over the whole record (reading it and the turns reviewed, without
Python's start-up), in processor time, which other programs on a busy machine disturb
less. The last line is `ms/turn: <number>`.

With `--against TREE` (another checkout, such as `git worktree add /tmp/racko-old COMMIT`)
the review runs alternately in that tree and in this one, five times each, and the ratio of
the medians is printed (benchmarks/sidebyside.py). The two trees' reviews are compared first:
every figure of every turn must be the same, to the last bit.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sidebyside import HERE, compare, run_in  # noqa: E402

SCRIPT = str(Path(__file__).resolve())


def timed(record: Path) -> None:
    """Review `record` with the racko on the import path; print the time a turn took and a
    digest of every figure found."""
    from rack_o.review import review

    text = record.read_text(encoding="utf-8")
    # The processor time this process took: on a shared machine, waiting for a core is not
    # counted (the review runs on one thread).
    start = time.process_time()
    moves = list(review(text))
    seconds = time.process_time() - start
    digest = hashlib.sha256("".join(f"{move!r}\n" for move in moves).encode()).hexdigest()
    print(f"turns: {len(moves)}  seconds: {seconds:.2f}")
    print(f"digest: {digest}")
    print(f"ms/turn: {1000 * seconds / max(len(moves), 1):.2f}")


def _figure(output: str, name: str) -> str:
    return next(line.split(": ", 1)[1] for line in output.splitlines()
                if line.startswith(f"{name}: "))


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, help="the record to review (default: a new "
                        "game to 500 between expert and hard)")
    parser.add_argument("--seed", type=int, default=3, help="the simulated game's seed")
    parser.add_argument("--against", type=Path, metavar="TREE",
                        help="also run in this checkout, alternately, and print the ratio")
    parser.add_argument("--time", type=Path, help=argparse.SUPPRESS)  # one run, in a tree
    args = parser.parse_args()
    if args.time is not None:
        timed(args.time)
        return
    with tempfile.TemporaryDirectory() as folder:
        record = args.record
        if record is None:
            run_in(HERE, ["-m", "rack_o", "simulate", "--games", "1", "--seed", str(args.seed),
                          "--bots", "expert,hard", "--record-dir", folder])
            record = Path(folder) / "game-00001.jsonl"
        line = [SCRIPT, "--time", str(record.resolve())]
        if args.against is None:
            print(run_in(HERE, line), end="")
            return
        digests = {_figure(run_in(tree, line), "digest") for tree in (args.against, HERE)}
        if len(digests) != 1:
            sys.exit("The two trees review the game differently: not compared.")
        print("The two trees' reviews are the same, figure for figure.")
        ratio = compare(args.against, line, lambda output: float(_figure(output, "ms/turn")),
                        unit="ms/turn")
        print(f"speed-up (baseline's time / this tree's): {1 / ratio:.2f}")


if __name__ == "__main__":
    main()
