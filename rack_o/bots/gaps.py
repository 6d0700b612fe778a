"""The table behind the hard bot's judgement: expected turns to fill a gap in a rack.

A gap is a run of `k` slots that still need cards, between two cards worth keeping; `m`
unseen cards fit between those two. Each turn brings one card from the unseen ones; a card
that falls in the gap is either placed (splitting the gap in two) or thrown away.
`GAP_TURNS[k][m]` is the expected number of such turns, in units of "unseen cards per turn"
(multiply by the number of unseen cards for turns), when every placement is the best one.

A rack is done only when its slowest gap is, so a sum of expected turns undervalues one
hard gap against several easy ones. `GAP_COST` weighs each gap by its expected turns to
the power 1.5 (found by simulation: 1.25 to 2 all beat the plain sum, 1.5 best), and a
rack's cost is the sum of its gaps' costs, which keeps the best choice of cards to keep a
simple dynamic programme.
"""

from __future__ import annotations

from rack_o.rules import RACK_SIZE

INFEASIBLE = float("inf")
MAX_CARDS = 60


def _fill_cost(k: int, m: int, table: list[list[float]]) -> float:
    """Expected cost of a gap of k slots with m fitting cards, given the smaller gaps' costs."""
    if k == 0:
        return 0.0
    if m < k:
        return INFEASIBLE
    # The card that arrives is the r-th smallest of the m; the best slot t for it splits the
    # gap into (t-1 slots, r-1 cards) and (k-t slots, m-r cards).
    after = sorted(
        min(table[t - 1][r - 1] + table[k - t][m - r] for t in range(1, k + 1))
        for r in range(1, m + 1)
    )
    # Optimal stopping: keep the j best arrivals, throw the rest away and wait again.
    best = INFEASIBLE
    total = 1.0
    for j, value in enumerate(after, start=1):
        if value == INFEASIBLE:
            break
        total += value
        best = min(best, total / j)
    return best


def _build() -> list[list[float]]:
    table = [[INFEASIBLE] * (MAX_CARDS + 1) for _ in range(RACK_SIZE + 1)]
    for m in range(MAX_CARDS + 1):
        table[0][m] = 0.0
    for m in range(MAX_CARDS + 1):
        for k in range(1, RACK_SIZE + 1):
            table[k][m] = _fill_cost(k, m, table)
    return table


GAP_TURNS: list[list[float]] = _build()
GAP_WEIGHT = 1.5
GAP_COST: list[list[float]] = [
    [turns**GAP_WEIGHT if turns != INFEASIBLE else INFEASIBLE for turns in row]
    for row in GAP_TURNS
]
