"""Is the expert turns-to-go estimate calibrated? Compare it with the mean of rollouts.

Run:  python benchmarks/calibrate.py [positions] [rollouts] [players, "2r": run of three]
                                     [games, default "calibrate"]
Positions are turn starts (the "choose" step) sampled from seeded expert-against-hard games
(every seventh decision, skipping none by seat); for each one the estimate
(`rack_o.bots.expert_turns.turns_to_go`, the figure of the whole position) is set against
the mean of that many rollouts (`rack_o.bots.expert_rollout`: the unseen cards determinised,
the seat played on alone by expert's solo policy until Rack-O, its turns counted, this one
included). Prints one line per position, then the mean absolute error, the share of
positions within 0.5 turns and the worst one. Deterministic: fixed seeds. Other `games`
seed other games (`tools/fit_expert_turns.py` fits on "fit"): a held-out check.
"""

from __future__ import annotations

import random
import sys

from rack_o import Game, Phase, Rules, SeatView
from rack_o.agent import take_step
from rack_o.bots import make_bot
from rack_o.bots.expert_rollout import rollout_mean
from rack_o.bots.expert_turns import turns_to_go

TOLERANCE = 0.5


def sample_positions(
    count: int, players: int = 2, every: int = 7, run_of_three: bool = False,
    games: str = "calibrate", expert: bool = True,
) -> list[SeatView]:
    """`count` turn-start views from games seeded by `games`, of one expert (or, if not
    `expert`, one more hard bot) against hard bots."""
    views: list[SeatView] = []
    seed = 0
    decisions = 0
    table = f"{players}r" if run_of_three else f"{players}"
    while len(views) < count:
        game = Game(Rules(players, run_of_three=run_of_three),
                    random.Random(f"{games}:{table}:{seed}"))
        bots = [make_bot("expert" if expert and seat == seed % players else "hard", seat, seed)
                for seat in range(players)]
        game.deal()
        while game.phase in (Phase.CHOOSE, Phase.PLACE) and len(views) < count:
            if game.phase == Phase.CHOOSE:
                decisions += 1
                if decisions % every == 0:
                    views.append(game.view(game.mover))
            take_step(game, bots[game.mover])
        seed += 1
    return views


def compare(views: list[SeatView], rollouts: int) -> list[tuple[float, float]]:
    """(estimate, rollout mean) per view, the rollouts of view i seeded by i."""
    return [(turns_to_go(view)[1], rollout_mean(view, rollouts, seed=index))
            for index, view in enumerate(views)]


def summary(pairs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(mean absolute error, share within TOLERANCE, worst error)."""
    errors = [abs(estimate - mean) for estimate, mean in pairs]
    return (sum(errors) / len(errors), sum(e <= TOLERANCE for e in errors) / len(errors),
            max(errors))


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rollouts = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    table = sys.argv[3] if len(sys.argv) > 3 else "2"
    players, run_of_three = int(table.removesuffix("r")), table.endswith("r")
    games = sys.argv[4] if len(sys.argv) > 4 else "calibrate"
    views = sample_positions(count, players, run_of_three=run_of_three, games=games)
    print(f"{'#':>4} {'seat':>4} {'turn':>4}  {'rack':<32} {'top':>3} {'estimate':>9} "
          f"{'rollouts':>9} {'error':>6}")
    pairs = []
    for index, view in enumerate(views):
        estimate, mean = turns_to_go(view)[1], rollout_mean(view, rollouts, seed=index)
        pairs.append((estimate, mean))
        rack = " ".join(str(card) for card in view.rack)
        print(f"{index:>4} {view.seat + 1:>4} {view.turn:>4}  {rack:<32} "
              f"{view.discard_top if view.discard_top is not None else '-':>3} "
              f"{estimate:>9.2f} {mean:>9.2f} {estimate - mean:>+6.2f}", flush=True)
    error, within, worst = summary(pairs)
    rule = " (run of three)" if run_of_three else ""
    print(f"{len(pairs)} positions, {rollouts} rollouts each, {players} players{rule}: "
          f"mean abs error {error:.3f} turns, within {TOLERANCE} turns: {within:.1%}, "
          f"worst {worst:.2f} turns")


if __name__ == "__main__":
    main()
