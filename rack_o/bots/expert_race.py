"""The expert's race judgement: a rack's chance to be complete soon, rather than its speed.

A round is won by the first rack to go Rack-O, so what counts is the chance of finishing
early, not the mean time. Each gap of k slots with m fitting cards gets -log V(k, m, tau),
where V is the chance that it is filled within a short horizon (tau = `LOOKS` looks at a
card per card to come, `tools/build_expert_race.py`). Gaps fill independently in that
model, so a rack's cost, the least sum over its choices of cards to keep, is -log of its
chance to be complete by then, and hard's dynamic programme (`Judgement`) finds it with this
table in place of hard's.
"""

from __future__ import annotations

from functools import cache

from rack_o.bots.expert_race_table import COSTS, LOOKS
from rack_o.bots.gaps import INFEASIBLE, MAX_CARDS
from rack_o.rules import RACK_SIZE

__all__ = ["LOOKS", "race_table"]


@cache
def race_table(coming: int) -> list[list[float]]:
    """table[k][m]: -log of the chance that a gap of k slots with m fitting cards is filled
    within the horizon, when `coming` cards may come (at least 1, at most 60)."""
    coming = min(max(coming, 1), len(COSTS))
    values = iter(float(text) for text in "".join(COSTS[coming - 1]).split())
    table = [[0.0] * (MAX_CARDS + 1)]
    for k in range(1, RACK_SIZE + 1):
        row = [INFEASIBLE] * (MAX_CARDS + 1)
        for m in range(k, coming + 1):
            row[m] = next(values)
        # More fitting cards than cards to come cannot be: the largest count stands for them.
        for m in range(coming + 1, MAX_CARDS + 1):
            row[m] = row[coming]
        table.append(row)
    return table
