"""Fit the expert turns-to-go formula (`rack_o.bots.expert_turns.COEFFICIENTS`) to rollouts.

Run:  python tools/fit_expert_turns.py [positions-per-player-count] [rollouts-per-position]
                                      [player counts, default 2 3 4]
Positions are the turn starts of seeded hard-against-hard games (2 players: half of them
under the run-of-three rule); each one's target is the mean of that many rollouts
(`rack_o.bots.expert_rollout`) from the start of the seat's next turn, where the other seats'
discards come first. Prints the COEFFICIENTS table to paste into the module, and the fit's
mean absolute error on every fifth position, held out. Deterministic: fixed seeds.
"""

from __future__ import annotations

import random
import sys

from rack_o import Game, Phase, Rules
from rack_o.agent import take_step
from rack_o.bots import make_bot
from rack_o.bots.expert_rollout import play_out
from rack_o.bots.expert_solo import weigher
from rack_o.bots.expert_turns import FEATURES, features
from rack_o.bots.memory import unseen_cards


def positions(players: int, count: int) -> list[tuple[tuple[int, ...], list[int], Rules]]:
    """(rack, unseen cards, rules) at `count` turn starts of seeded hard games."""
    found: list[tuple[tuple[int, ...], list[int], Rules]] = []
    seed = 0
    while len(found) < count:
        rules = Rules(players, run_of_three=players == 2 and seed % 2 == 1)
        game = Game(rules, random.Random(f"fit:{players}:{seed}"))
        bots = [make_bot("hard", seat) for seat in range(players)]
        game.deal()
        while game.phase in (Phase.CHOOSE, Phase.PLACE) and game.turn < 300:
            if game.phase == Phase.CHOOSE and game.turn % 3 == seed % 3:
                view = game.view(game.mover)
                found.append((view.rack, unseen_cards(view), rules))
            take_step(game, bots[game.mover])
        seed += 1
    return found[:count]


def start_mean(
    rack: tuple[int, ...], coming: list[int], rules: Rules, rollouts: int, rng: random.Random
) -> float:
    """Mean turns from the start of the seat's next turn (the other seats discard first)."""
    total = 0
    for _ in range(rollouts):
        pile = list(coming)
        rng.shuffle(pile)
        top = None
        for _ in range(rules.players - 1):
            top = pile.pop(0)
        total += play_out(list(rack), pile, top, None, False, rules)
    return total / rollouts


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


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    rollouts = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    print("COEFFICIENTS: dict[int, tuple[float, ...]] = {")
    report = []
    for players in [int(arg) for arg in sys.argv[3:]] or [2, 3, 4]:
        rng = random.Random(f"fit-rollouts:{players}")
        rows, targets = [], []
        for rack, coming, rules in positions(players, count):
            rows.append(features(weigher(rack, coming, rules), len(coming)))
            targets.append(start_mean(rack, coming, rules, rollouts, rng))
        train = [i for i in range(len(rows)) if i % 5]
        test = [i for i in range(len(rows)) if not i % 5]
        coefficients = solve([rows[i] for i in train], [targets[i] for i in train])

        def predict(row: tuple[float, ...], c: list[float] = coefficients) -> float:
            return max(1.0, sum(x * y for x, y in zip(c, row, strict=True)))

        error = sum(abs(predict(rows[i]) - targets[i]) for i in test) / len(test)
        report.append(f"# {players} players: held-out mean abs error {error:.3f} turns "
                      f"(mean target {sum(targets) / len(targets):.2f})")
        print(f"    {players}: ({', '.join(f'{c:.4f}' for c in coefficients)}),")
    print("}")
    print(f"# features: {', '.join(FEATURES)}")
    print("\n".join(report))


if __name__ == "__main__":
    main()
