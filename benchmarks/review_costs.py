"""How `racko review` marks turns, and whether its costs hold up against rollouts.

Run:  python benchmarks/review_costs.py labels [games]
      python benchmarks/review_costs.py rollouts [per_label] [rollouts]
      python benchmarks/review_costs.py noise [positions] [rollouts] [players]

`labels` reviews every turn of seeded two-player games (hard against hard, medium against
easy, expert against hard) and prints, per level, the spread of the costs and the share of
turns each label gets: what the thresholds (`rack_o.review.THRESHOLDS`) were chosen from.

`rollouts` takes turns of medium and easy bots whose reviewed loss in turns falls in each
band (none but a move unlike expert's; below the inaccuracy threshold; inaccuracy; mistake;
blunder) and plays each of the turn's two decisions out, the choice played and expert's,
`rollouts` times each with the same cards (`rack_o.bots.expert_rollout`'s solo play), so the
difference of the means is the loss the rollouts measure. It prints one line per turn and
the mean per band.

`noise` measures how far the mean of `rollouts` rollouts strays by chance, on the first
positions `benchmarks/calibrate.py` samples (the same rollouts: same seeds): the standard
error of each mean, and the share of positions a perfect estimate would have within 0.5
turns of it. Deterministic: fixed seeds.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

from rack_o import Game, Phase, Rules, SeatView, events, header_of
from rack_o.actions import Action, ActionKind
from rack_o.agent import play_game
from rack_o.bots import make_bot
from rack_o.bots.expert_rollout import _pile, play_out
from rack_o.rack import is_racko
from rack_o.record import read_header, replay
from rack_o.review import LABELS, THRESHOLDS, Decision, Hidden, Move, place_view, review_turn
from rack_o.steps import Turn

MATCHES = (("hard", "hard"), ("medium", "easy"), ("expert", "hard"))


def game_lines(specs: tuple[str, ...], index: int) -> list[tuple[int, dict]]:
    """The record of one seeded game between `specs`."""
    game = Game(Rules(len(specs)), random.Random(f"review-costs:{index}"))
    play_game(game, [make_bot(spec, seat, index) for seat, spec in enumerate(specs)],
              turn_cap=300)
    return list(enumerate(events(header_of(game, index), game.steps), start=1))


def reviewed(lines: list[tuple[int, dict]]) -> list[tuple[SeatView, Turn, Move]]:
    """Every turn of a record with the view it was played from and its review."""
    found = []
    before = None
    seed = read_header(*lines[0]).seed
    for step, game in replay(lines):
        if type(step) is Turn and before is not None:
            found.append((before[0], step, review_turn(before[0], step, before[1], seed)))
        before = ((game.view(game.mover), Hidden(game.racks, game.draw_pile))
                  if game.phase is Phase.CHOOSE else None)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def labels(games: int) -> None:
    costs: dict[str, list[float]] = defaultdict(list)
    for specs in MATCHES:
        for index in range(games):
            for _view, turn, move in reviewed(game_lines(specs, index)):
                costs[specs[turn.seat]].append(move.cost)
    print(f"thresholds (turns): inaccuracy {THRESHOLDS[0]}, mistake {THRESHOLDS[1]}, "
          f"blunder {THRESHOLDS[2]}")
    print(f"{'level':<7} {'turns':>6} {'mean':>6} {'p50':>5} {'p90':>5} {'p95':>5} {'p98':>5} "
          f"{'p99':>5} " + " ".join(f"{label.value:>10}" for label in LABELS))
    for level, values in costs.items():
        shares = [sum(1 for v in values if _label(v) == index) / len(values)
                  for index in range(len(LABELS))]
        print(f"{level:<7} {len(values):>6} {sum(values) / len(values):>6.3f} "
              + " ".join(f"{percentile(values, p):>5.2f}" for p in (0.5, 0.9, 0.95, 0.98, 0.99))
              + " " + " ".join(f"{share:>10.1%}" for share in shares))


def _label(cost: float) -> int:
    return sum(cost >= threshold for threshold in THRESHOLDS)


def _after(view: SeatView, action: Action, rng: random.Random) -> int:
    """One rollout: the seat's turns to Rack-O once `action` is done in `view`."""
    pile = _pile(view, rng)
    rack = list(view.rack)
    if view.phase is Phase.CHOOSE:
        return play_out(rack, pile, view.discard_top, None, False, view.rules, action.kind,
                        rng=rng)
    if action.kind is ActionKind.PLACE:
        assert action.slot is not None and view.held is not None
        rack[action.slot - 1] = view.held
    if is_racko(rack, view.rules.run_of_three):
        return 1
    top = None
    for _ in range(view.rules.players - 1):  # the other seats' turns: a card each
        top = pile.pop(0)
    return 1 + play_out(rack, pile, top, None, False, view.rules, rng=rng)


def rollout_loss(view: SeatView, decision: Decision, rollouts: int, seed: int) -> float:
    """Mean turns after the choice played minus after expert's, the same cards for both."""
    if decision.played == decision.best:
        return 0.0
    means = []
    for action in (decision.played, decision.best):
        rng = random.Random(f"review-costs:{seed}")
        means.append(sum(_after(view, action, rng) for _ in range(rollouts)) / rollouts)
    return means[0] - means[1]


def rollouts(per_label: int, count: int) -> None:
    names = ["same as expert's", "below inaccuracy", *(label.value for label in LABELS[1:])]
    wanted = {name: per_label for name in names}
    wanted[names[0]] = wanted[names[1]] = max(1, 3 * per_label // 4)
    found: dict[str, list[tuple[SeatView, Turn, Move]]] = defaultdict(list)
    index = 0
    while any(len(found[name]) < wanted[name] for name in names) and index < 200:
        for view, turn, move in reviewed(game_lines(("medium", "easy"), index)):
            loss = move.turns
            if loss == 0:
                if move.played == move.best:
                    continue
                name = names[0]
            elif loss < THRESHOLDS[0]:
                name = names[1]
            else:
                name = names[1 + _label(loss)]
            # Every third candidate, so the turns come from many games.
            if len(found[name]) < wanted[name] and random.Random(
                    f"{index}:{move.round}:{move.turn}").random() < 0.34:
                found[name].append((view, turn, move))
        index += 1
    print(f"{'band':<17} {'reviewed':>8} {'rollouts':>8}  played / expert")
    seed = 0
    for name in names:
        pairs = []
        for view, turn, move in found[name]:
            placing = place_view(view, turn.source, turn.card)
            loss = (rollout_loss(view, move.choose, count, seed)
                    + rollout_loss(placing, move.place, count, seed))
            seed += 1
            pairs.append((move.turns, loss))
            print(f"{name:<17} {move.turns:>8.2f} {loss:>+8.2f}  {move.played} / {move.best}",
                  flush=True)
        if pairs:
            mean_reviewed = sum(a for a, _ in pairs) / len(pairs)
            mean_rollouts = sum(b for _, b in pairs) / len(pairs)
            confirmed = sum(b >= THRESHOLDS[0] for _, b in pairs)
            print(f"{name:<17} mean of {len(pairs)}: reviewed {mean_reviewed:.2f}, rollouts "
                  f"{mean_rollouts:+.2f}, rollouts >= {THRESHOLDS[0]}: {confirmed}/{len(pairs)}",
                  flush=True)


def noise(positions: int, count: int, players: int) -> None:
    import math
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from calibrate import TOLERANCE, sample_positions

    from rack_o.bots.expert_rollout import rollout_turns
    from rack_o.bots.expert_turns import turns_to_go

    errors, within, perfect = [], 0, 0.0
    for index, view in enumerate(sample_positions(positions, players)):
        rng = random.Random(f"rollout:{index}")  # as rollout_mean seeds position `index`
        turns = [rollout_turns(view, rng) for _ in range(count)]
        mean = sum(turns) / count
        spread = math.sqrt(sum((t - mean) ** 2 for t in turns) / (count - 1))
        error = spread / math.sqrt(count)
        errors.append(error)
        within += abs(turns_to_go(view)[1] - mean) <= TOLERANCE
        perfect += math.erf(TOLERANCE / (error * math.sqrt(2))) if error else 1.0
    print(f"{positions} positions, {count} rollouts each, {players} players: standard error "
          f"of a mean {sum(errors) / positions:.3f} turns (largest {max(errors):.3f}); "
          f"estimate within {TOLERANCE}: {within / positions:.1%}; a perfect estimate would "
          f"be within {TOLERANCE} of the means in {perfect / positions:.1%}")


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "labels"
    if mode == "labels":
        labels(int(sys.argv[2]) if len(sys.argv) > 2 else 10)
    elif mode == "noise":
        noise(*(int(arg) for arg in sys.argv[2:5]))
    elif mode == "rollouts":
        rollouts(int(sys.argv[2]) if len(sys.argv) > 2 else 20,
                 int(sys.argv[3]) if len(sys.argv) > 3 else 200)
    else:
        sys.exit("usage: python benchmarks/review_costs.py labels [games] | rollouts "
                 "[per_label] [rollouts] | noise positions rollouts players")


if __name__ == "__main__":
    main()
