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

from operator import add

from rack_o.rules import RACK_SIZE

INFEASIBLE = float("inf")
MAX_CARDS = 60


def _fill_cost(k: int, m: int, columns: list[list[float]]) -> float:
    """Expected cost of a gap of k slots with m fitting cards, given the smaller gaps' costs
    (`columns[m'][k']` for every m' < m)."""
    if m < k:
        return INFEASIBLE
    # The card that arrives is the r-th smallest of the m; the best slot t for it splits the
    # gap into (t-1 slots, r-1 cards) and (k-t slots, m-r cards): the sums for t = 1..k, each
    # as table[t - 1][r - 1] + table[k - t][m - r].
    after = sorted(
        min(map(add, columns[r - 1][:k], columns[m - r][k - 1::-1])) for r in range(1, m + 1)
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
    """GAP_TURNS, found column by column: a column of m fitting cards needs only those of fewer."""
    columns: list[list[float]] = []  # columns[m][k]
    for m in range(MAX_CARDS + 1):
        column = [0.0]
        for k in range(1, RACK_SIZE + 1):
            column.append(_fill_cost(k, m, columns))
        columns.append(column)
    return [[columns[m][k] for m in range(MAX_CARDS + 1)] for k in range(RACK_SIZE + 1)]


GAP_WEIGHT = 1.5
GAP_TURNS: list[list[float]]
GAP_COST: list[list[float]]


def __getattr__(name: str) -> list[list[float]]:
    """GAP_TURNS and GAP_COST, made when first asked for (then kept as plain names): a racko
    that never judges a rack (a game of people, a replay) starts without the wait."""
    if name == "GAP_TURNS":
        turns = globals()["GAP_TURNS"] = _build()
        return turns
    if name == "GAP_COST":
        cost = globals()["GAP_COST"] = [
            [turns**GAP_WEIGHT if turns != INFEASIBLE else INFEASIBLE for turns in row]
            for row in __getattr__("GAP_TURNS")
        ]
        return cost
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
