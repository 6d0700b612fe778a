"""Running one benchmark on two source trees in turn, so that their speeds compare as a ratio.

The machines this runs on are shared and noisy: timings taken minutes apart mean little, but
the same measurement alternated between two trees in one run, several times, gives a ratio
that holds. `--against TREE` in a benchmark calls `compare`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
"""The source tree this benchmark belongs to (the current code)."""


def run_in(tree: Path, command: Sequence[str]) -> str:
    """The output of `command` run by this Python with `tree` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    result = subprocess.run(
        [sys.executable, *command], env=env, cwd=tree, capture_output=True, text=True, check=True
    )
    return result.stdout


def compare(
    baseline: Path,
    command: Sequence[str],
    figure: Callable[[str], float],
    repeats: int = 5,
    unit: str = "rounds/s",
) -> float:
    """Run `command` in `baseline` and in this tree, alternately, `repeats` times each; print
    each pair and the medians; return the ratio of the medians (this tree / baseline)."""
    old: list[float] = []
    new: list[float] = []
    for i in range(repeats):
        # Alternate which goes first, so that a slow spell does not fall on one side only.
        order = [(baseline, old), (HERE, new)] if i % 2 == 0 else [(HERE, new), (baseline, old)]
        for tree, figures in order:
            figures.append(figure(run_in(tree, command)))
        print(f"run {i + 1}: baseline {old[-1]:,.0f}  this tree {new[-1]:,.0f} {unit}", flush=True)
    ratio = statistics.median(new) / statistics.median(old)
    print(f"median baseline: {statistics.median(old):,.0f} {unit}")
    print(f"median this tree: {statistics.median(new):,.0f} {unit}")
    print(f"ratio (this tree / baseline): {ratio:.2f}")
    return ratio
