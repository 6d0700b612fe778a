"""Fit the expert turns-to-go formula (`rack_o.bots.expert_turns.COEFFICIENTS`) to rollouts.

Run:  python tools/fit_expert_turns.py [positions] [rollouts] [tables, default 2 2r 3 4]
A table is a player count, with "r" for the two-player run-of-three rule. Positions are turn
starts sampled as `benchmarks/calibrate.py` samples them, from other seeds ("fit"): that
many from games of one expert against hard bots, and as many from hard bots alone. Each
one's target is the mean of that many rollouts from it (`rack_o.bots.expert_rollout`, seeds
"fit:..." and "fith:..."), and the formula is fitted to it the way `turns_to_go` uses it:
one turn plus, over the racks the move solo play chooses may leave, their chance times the
turns a known draw pile decides (`known_turns`) plus the formula (0 for Rack-O; at least 1,
found by refitting without the racks it puts below 1), by robust least squares (see `fit`).
Prints the COEFFICIENTS table to paste into the module, and per table the 5-fold
cross-validated mean absolute error and share within 0.5 turns. Deterministic: fixed seeds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rack_o import SeatView
from rack_o.bots.expert_rollout import rollout_mean
from rack_o.bots.expert_solo import weigher
from rack_o.bots.expert_turns import FEATURES, features, known_turns, move_outcomes
from rack_o.rack import is_racko

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from calibrate import TOLERANCE, sample_positions  # noqa: E402

Terms = list[tuple[float, int, tuple[float, ...] | None]]
"""A position's racks after solo play's move: (chance, the turns played out along a known
draw pile, features or None for Rack-O)."""
REFITS = 10
HUBER = 0.5


def dataset(table: str, count: int, rollouts: int) -> list[tuple[Terms, float]]:
    """(terms, rollout mean) for `count` expert-game and `count` hard-game positions."""
    players, run = int(table.removesuffix("r")), table.endswith("r")
    found = []
    for expert, name in ((True, "fit"), (False, "fith")):
        views = sample_positions(count, players, 7, run, "fit", expert)
        for index, view in enumerate(views):
            found.append((terms_of(view),
                          rollout_mean(view, rollouts, f"{name}:{table}:{index}")))
    return found


def terms_of(view: SeatView) -> Terms:
    """The terms of the racks solo play's move in `view` may leave."""
    rules = view.rules
    outcomes, chosen = move_outcomes(view)
    terms: Terms = []
    for chance, rack, coming, known in outcomes[chosen]:
        played, rack, coming = known_turns(rack, coming, rules, known)
        terms.append((chance, played, None if is_racko(rack, rules.run_of_three)
                      else features(weigher(rack, coming, rules), coming)))
    return terms


def solve(rows: list[tuple[float, ...]], targets: list[float]) -> list[float]:
    """Least squares by the normal equations (with a tiny ridge for unused features)."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0.0) for j in range(n)]
         for i in range(n)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def _value(coefficients: list[float], values: tuple[float, ...]) -> float:
    return sum(c * x for c, x in zip(coefficients, values, strict=True))


def fit(data: list[tuple[Terms, float]]) -> list[float]:
    """Coefficients that bring `estimate` close to the targets: Huber's robust least squares.

    Reweighted REFITS times: a position off by more than HUBER turns counts as if off by
    HUBER, so the rare positions far from the formula (a rack waiting long for the few cards
    that fit it) do not pull it off for all the others.
    """
    coefficients: list[float] | None = None
    for _ in range(REFITS):
        rows, targets = [], []
        for terms, target in data:
            row = [0.0] * len(FEATURES)
            fixed = 1.0  # this turn
            for chance, played, values in terms:
                fixed += chance * played
                if values is None:
                    continue
                if coefficients is not None and _value(coefficients, values) < 1.0:
                    fixed += chance  # held at the formula's floor of 1
                    continue
                row = [x + chance * y for x, y in zip(row, values, strict=True)]
            off = 0.0 if coefficients is None else abs(
                _value(coefficients, tuple(row)) + fixed - target)
            weight = min(1.0, HUBER / off) ** 0.5 if off else 1.0
            rows.append(tuple(x * weight for x in row))
            targets.append((target - fixed) * weight)
        coefficients = solve(rows, targets)
    assert coefficients is not None
    return coefficients


def estimate(coefficients: list[float], terms: Terms) -> float:
    """What `turns_to_go` says of a position with these coefficients."""
    return 1.0 + sum(chance * (played + (0.0 if values is None
                                         else max(1.0, _value(coefficients, values))))
                     for chance, played, values in terms)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rollouts = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print("COEFFICIENTS: dict[tuple[int, bool], tuple[float, ...]] = {")
    report = []
    for table in sys.argv[3:] or ["2", "2r", "3", "4"]:
        data = dataset(table, count, rollouts)
        errors = []
        for fold in range(5):
            coefficients = fit([d for i, d in enumerate(data) if i % 5 != fold])
            errors += [abs(estimate(coefficients, terms) - target)
                       for i, (terms, target) in enumerate(data) if i % 5 == fold]
        report.append(f"# {table}: cross-validated mean abs error "
                      f"{sum(errors) / len(errors):.3f} turns, within {TOLERANCE}: "
                      f"{sum(e <= TOLERANCE for e in errors) / len(errors):.1%} "
                      f"({len(data)} positions, {rollouts} rollouts each)")
        coefficients = fit(data)
        numbers = [f"{c:.4f}" for c in coefficients]
        lines = [", ".join(numbers[i:i + 8]) for i in range(0, len(numbers), 8)]
        print(f"    ({int(table.removesuffix('r'))}, {table.endswith('r')}): (", end="")
        print(",\n        ".join(lines) + "),")
    print("}")
    print(f"# features: {', '.join(FEATURES)}")
    print("\n".join(report))


if __name__ == "__main__":
    main()
