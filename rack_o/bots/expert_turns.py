"""Turns to go: how many more turns a seat should need to go Rack-O, after each legal move.

For `racko review`. The figures are in the seat's own turns, counting the turn being played,
as `rack_o.bots.expert_rollout` defines them (the seat played on alone by expert's solo
policy against a determinised draw pile), and are calibrated against those rollouts
(`benchmarks/calibrate.py`).

How: a rack at the start of a turn is worth `start_value`, a linear formula in what the hard
bot's judgement says of it (the gaps of the best choice of cards to keep: their expected
fill times, the slowest one, how many, how many slots they span; the cards that may come;
the run-of-three rule's missing run). Its coefficients were fitted by least squares to the
mean of 40 rollouts from each of some 1,500 positions of simulated games
(`tools/fit_expert_turns.py` reproduces them). A move's figure is one (this turn) plus the
value of the rack it leaves (zero if that rack goes Rack-O); a blind draw averages over the
cards that may come, each handled as expert's solo policy would.
"""

from __future__ import annotations

from collections.abc import Sequence

from rack_o import Phase
from rack_o.actions import DISCARD, DRAW, TAKE, Action, place
from rack_o.bots.expert_solo import placement, takes, weigher
from rack_o.bots.gaps import GAP_TURNS, INFEASIBLE
from rack_o.bots.hard import Weigher
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.rack import is_racko
from rack_o.rules import RACK_SIZE, Rules
from rack_o.view import SeatView

FEATURES = ("one", "sum", "slowest", "norm", "gaps", "slots", "coming", "run", "run rule")
"""What `features` returns, in order (see there)."""

# Fitted by tools/fit_expert_turns.py (least squares on rollout means), per player count.
COEFFICIENTS: dict[int, tuple[float, ...]] = {
    2: (-1.1142, -0.0069, 0.0150, 0.0915, 0.0006, 0.6598, 0.1131, 0.6335, 1.7826),
    3: (0.9884, -0.1488, -0.0783, 0.4930, 0.3690, 0.2494, -0.0142, 0.0000, 0.0),
    4: (2.2223, -0.0386, -0.0083, 0.3568, 0.0884, 0.1518, -0.0295, 0.0000, 0.0),
}
_FAR = 50.0  # a gap that cannot be filled from the cards to come counts as this many turns


def features(judge: Weigher, coming: int) -> tuple[float, ...]:
    """The rack's description for `start_value`, one number per name in `FEATURES`.

    sum: the gaps' expected fill times added up (in turns, with `coming` cards to come);
    slowest: the longest of them; norm: their 1.5-norm; gaps: how many; slots: the slots
    they span; coming: the cards to come; run: the run-of-three rule's missing run (the hard
    bot's measure); run rule: 1 under the run-of-three rule, else 0.
    """
    judgement = judge.judgement
    cards = judgement.cards
    kept = (0, *judgement.kept, RACK_SIZE + 1)
    times = []
    slots = 0
    for low, high in zip(kept, kept[1:], strict=False):
        gap = high - low - 1
        if gap:
            turns = GAP_TURNS[gap][judgement.fitting(cards[low], cards[high])] * coming
            times.append(_FAR if turns == INFEASIBLE or turns > _FAR else turns)
            slots += gap
    run = judge.now - judgement.cost
    return (
        1.0,
        sum(times),
        max(times, default=0.0),
        sum(t**1.5 for t in times) ** (2 / 3),
        float(len(times)),
        float(slots),
        float(coming),
        run,
        1.0 if judge.run_rule else 0.0,
    )


def start_value(rack: Sequence[int], coming: Sequence[int], rules: Rules) -> float:
    """Expected turns from the start of this seat's next turn with `rack`, that turn included.

    Zero for a rack that is already Rack-O.
    """
    if is_racko(rack, rules.run_of_three):
        return 0.0
    values = features(weigher(rack, coming, rules), len(coming))
    coefficients = COEFFICIENTS[rules.players]
    return max(1.0, sum(c * x for c, x in zip(coefficients, values, strict=True)))


def _after(
    rack: tuple[int, ...], slot: int, card: int, coming: list[int], rules: Rules
) -> float:
    """One turn, plus the value of the rack left when `card` goes in `slot` (0: thrown away)."""
    changed = list(rack)
    if slot:
        changed[slot - 1] = card
    return 1.0 + start_value(changed, [c for c in coming if c != card], rules)


def turns_to_go(view: SeatView) -> tuple[dict[Action, float], float]:
    """For the seat to move: expected turns to Rack-O after each legal action, and overall.

    Each figure counts this turn and assumes expert's solo play afterwards; the overall
    figure is that of the action expert's solo policy takes. ValueError if the view's seat
    is not to move.
    """
    if not view.legal_actions:
        raise ValueError("turns to go need a view of the seat whose turn it is")
    rules = view.rules
    rack = view.rack
    pile = known_draw_pile(view)
    coming = list(pile) if pile else unseen_cards(view)
    judge = weigher(rack, coming, rules)
    values: dict[Action, float] = {}
    if view.phase == Phase.CHOOSE:
        top = view.discard_top
        cards = list(pile[:1]) if pile else coming
        total = 0.0
        for card in cards:
            rest = [c for c in coming if c != card]
            slot = placement(weigher(rack, rest, rules), card, may_throw=True)
            total += _after(rack, slot, card, coming, rules)
        values[DRAW] = total / len(cards) if cards else 1.0 + start_value(rack, coming, rules)
        if top is not None:
            slot = placement(judge, top, may_throw=False)
            values[TAKE] = _after(rack, slot, top, coming, rules)
            chosen = TAKE if takes(judge, top, cards) else DRAW
        else:
            chosen = DRAW
        return values, values[chosen]
    held = view.held
    assert held is not None
    for action in view.legal_actions:
        values[action] = _after(rack, action.slot or 0, held, coming, rules)
    slot = placement(judge, held, may_throw=view.held_source == "draw")
    return values, values[place(slot) if slot else DISCARD]
