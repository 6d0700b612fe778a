"""Turns to go: how many more turns a seat should need to go Rack-O, after each legal move.

For `racko review`. The figures are in the seat's own turns, counting the turn being played,
as `rack_o.bots.expert_rollout` defines them (the seat played on alone by expert's solo
policy against a determinised draw pile), and are calibrated against those rollouts
(`benchmarks/calibrate.py`).

How: a rack at the start of a turn is worth `start_value`, a linear formula in what the hard
bot's judgement says of it (`features`: its gaps' mean fill times, their number and size,
how likely the rack is to be complete soon and how many cards would take it out at once),
with one set of coefficients per player count and run-of-three rule. A move's figure is one
(this turn) plus the value of the rack it leaves (zero if that rack goes Rack-O); a blind
draw averages over the cards that may come, each handled as expert's solo policy would
(`move_outcomes`). After a turn-over the draw pile's order is known, and the turns it
decides are not estimated but played out, as the rollouts play them (`known_turns`); the
formula takes over where the known cards end. The coefficients were
fitted to exactly that figure, by robust least squares, against the mean of 100 rollouts
from each of 1,000 turn starts per table, half from expert-against-hard games and half
from hard games, seeded apart from the calibration's: `python tools/fit_expert_turns.py 500
100` reproduces them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from rack_o import Phase
from rack_o.actions import DISCARD, DRAW, TAKE, Action, place
from rack_o.bots import gaps
from rack_o.bots.expert_solo import placement, takes, weigher
from rack_o.bots.gaps import INFEASIBLE, MAX_CARDS
from rack_o.bots.hard import Weigher
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.rack import going_out, is_racko, ordered_count
from rack_o.rules import RACK_SIZE, Rules
from rack_o.view import SeatView

FEATURES = (
    "one", "sum", "slowest", "norm", "gaps", "slots", "coming", "run", "slots²", "norm²",
    "ordered", "descents", "quick", "out",
)
"""What `features` returns, in order (see there)."""

# Fitted by `python tools/fit_expert_turns.py 500 100` (robust least squares on rollout
# means), per player count and run-of-three rule.
COEFFICIENTS: dict[tuple[int, bool], tuple[float, ...]] = {
    (2, False): (0.2407, 0.0002, 0.0049, 0.2636, -0.0216, 0.1085, 0.0315, 0.0000,
        -0.0001, -0.0034, -0.0048, 0.0097, 0.1984, -0.0415),
    (2, True): (2.0077, 0.1406, 0.0552, -0.1315, -0.0993, 0.4714, 0.0492, 0.9223,
        -0.0088, -0.0015, 0.0120, -0.9551, 0.5936, -0.3429),
    (3, False): (0.3550, -0.0437, -0.0208, 0.3662, 0.0374, 0.0661, 0.0180, 0.0000,
        0.0024, -0.0035, -0.0080, -0.0104, 0.1947, -0.0383),
    (4, False): (0.3051, -0.0781, -0.0216, 0.4276, 0.1333, -0.0188, 0.0105, 0.0000,
        -0.0019, -0.0031, -0.0098, -0.0012, 0.2276, -0.0195),
}
_FAR = 50.0  # a gap that cannot be filled from the cards to come counts as this many turns


@cache
def _ways() -> list[list[float]]:
    """ways[k][m] = c(k, m): a k-slot gap with m fitting cards is full by a small tau w.p. ~c·τᵏ."""
    # tools/build_expert_race.py's race model (each fitting card comes at rate 1 and goes
    # where it splits the gap best) to leading order in tau: k·c(k, m) = the sum over the
    # ranks r of the best split's c(s - 1, r - 1)·c(k - s, m - r).
    ways = [[1.0] * (MAX_CARDS + 1)] + [[0.0] * (MAX_CARDS + 1) for _ in range(RACK_SIZE)]
    for k in range(1, RACK_SIZE + 1):
        for m in range(k, MAX_CARDS + 1):
            ways[k][m] = sum(max(ways[s - 1][r - 1] * ways[k - s][m - r]
                                 for s in range(1, k + 1))
                             for r in range(1, m + 1)) / k
    return ways


@cache
def _quick_table(coming: int) -> list[list[float]]:
    """table[k][m] = -log(c(k, m) / coming^k): that gap full by the time one card has come."""
    ways = _ways()
    log_coming = math.log(max(coming, 1))
    return [[k * log_coming - math.log(w) if w else INFEASIBLE for w in row]
            for k, row in enumerate(ways)]


def features(judge: Weigher, coming: Sequence[int]) -> tuple[float, ...]:
    """The rack's description for `start_value`, one number per name in `FEATURES`.

    sum: the gaps' expected fill times added up (in turns, with the `coming` cards to come);
    slowest: the longest of them; norm: their 1.5-norm; gaps: how many; slots: the slots
    they span; coming: how many cards may come; run: the run-of-three rule's missing run
    (the hard bot's measure); slots² and norm²: the squares (the turns grow faster than
    either); ordered: the cards in order from slot 1; descents: the places where the order
    breaks; quick: -log of the chance, to leading order, that the rack is complete by the
    time one card has come, for the choice of cards to keep that makes it likeliest (a rack
    with more ways to fill its gaps goes faster than its mean fill times say); out: how many
    of the cards to come would take the rack out in one placement.
    """
    count = len(coming)
    judgement = judge.judgement
    cards = judgement.cards
    kept = (0, *judgement.kept, RACK_SIZE + 1)
    times = []
    slots = 0
    gap_turns = gaps.GAP_TURNS
    for low, high in zip(kept, kept[1:], strict=False):
        gap = high - low - 1
        if gap:
            turns = gap_turns[gap][judgement.fitting(cards[low], cards[high])] * count
            times.append(_FAR if turns == INFEASIBLE or turns > _FAR else turns)
            slots += gap
    run = judge.now - judgement.cost
    norm = sum(t**1.5 for t in times) ** (2 / 3)
    rack = cards[1:-1]
    return (
        1.0,
        sum(times),
        max(times, default=0.0),
        norm,
        float(len(times)),
        float(slots),
        float(count),
        run,
        float(slots * slots),
        norm * norm,
        float(ordered_count(rack)),
        float(sum(1 for a, b in zip(rack, rack[1:], strict=False) if a > b)),
        min(Judgement(rack, coming, judgement.deck_size, _quick_table(count)).cost, _FAR),
        float(_going_out(rack, coming, judge.run_rule)),
    )


def _going_out(rack: Sequence[int], coming: Sequence[int], run_rule: bool) -> int:
    """How many of the cards `coming` would take `rack` out in one placement."""
    wanted = set(coming)
    return len({card for _slot, card in going_out(rack, MAX_CARDS, run_rule) if card in wanted})


def start_value(
    rack: Sequence[int], coming: Sequence[int], rules: Rules, known: int = 0
) -> float:
    """Expected turns from the start of this seat's next turn with `rack`, that turn included.

    Zero for a rack that is already Rack-O. The first `known` cards of `coming` are the draw
    pile in its known order (after a turn-over).
    """
    played, rack, coming = known_turns(rack, coming, rules, known)
    if is_racko(rack, rules.run_of_three):
        return float(played)
    return played + formula(rack, coming, rules)


def formula(rack: Sequence[int], coming: Sequence[int], rules: Rules) -> float:
    """`start_value` of a rack that is not Rack-O, from `features` alone: at least 1."""
    values = features(weigher(rack, coming, rules), coming)
    coefficients = COEFFICIENTS[rules.players, rules.run_of_three]
    return max(1.0, sum(c * x for c, x in zip(coefficients, values, strict=True)))


def known_turns(
    rack: Sequence[int], coming: Sequence[int], rules: Rules, known: int
) -> tuple[int, list[int], list[int]]:
    """Solo play on from a turn start for as long as a whole turn's cards are `known` (the
    first ones of `coming`, in order): (turns played, the rack then, the cards still to come).

    Stops at Rack-O. These turns are certain, as in the rollouts, so a rack waiting for a
    card the known pile holds (or passes by face down) is not left to the formula.
    """
    rack = list(rack)
    coming = list(coming)
    players = rules.players
    played = 0
    # Each turn: the other seats' discards (players - 1 cards, the last one face up), then
    # the seat takes that card or draws the next.
    while known >= players and not is_racko(rack, rules.run_of_three):
        top = coming[players - 2]
        del coming[:players - 1]
        known -= players - 1
        judge = weigher(rack, coming, rules)
        if takes(judge, top, coming):
            slot = placement(judge, top, may_throw=False)
        else:
            top = coming.pop(0)
            known -= 1
            slot = placement(weigher(rack, coming, rules), top, may_throw=True)
        if slot:
            rack[slot - 1] = top
        played += 1
    return played, rack, coming


Outcome = tuple[float, list[int], list[int], int]
"""One way a move may end: (its chance, the rack it leaves, the cards still to come, how
many of the first of them are the draw pile in its known order)."""


def _put(rack: tuple[int, ...], slot: int, card: int) -> list[int]:
    """The rack after `card` goes in `slot` (0: thrown away)."""
    changed = list(rack)
    if slot:
        changed[slot - 1] = card
    return changed


def _placed(
    rack: tuple[int, ...], slot: int, card: int, coming: list[int], known: int
) -> list[Outcome]:
    """The one, certain outcome of `card` going in `slot` (0: thrown away)."""
    return [(1.0, _put(rack, slot, card), [c for c in coming if c != card], known)]


def move_outcomes(view: SeatView) -> tuple[dict[Action, list[Outcome]], Action]:
    """For the seat to move: the outcomes of each legal action, and the action solo play takes.

    A blind draw has one outcome per card that may come, each placed as solo play would.
    ValueError if the view's seat is not to move.
    """
    if not view.legal_actions:
        raise ValueError("turns to go need a view of the seat whose turn it is")
    rules = view.rules
    rack = view.rack
    pile = known_draw_pile(view)
    known = len(pile) if pile else 0
    coming = unseen_cards(view)
    if pile is not None:
        # As in the rollouts: the known pile first, then the cards in other racks.
        coming = [*pile, *(card for card in coming if card not in pile)]
    judge = weigher(rack, coming, rules)
    outcomes: dict[Action, list[Outcome]] = {}
    if view.phase == Phase.CHOOSE:
        top = view.discard_top
        cards = list(pile[:1]) if pile else coming
        drawn: list[Outcome] = []
        for card in cards:
            rest = [c for c in coming if c != card]
            slot = placement(weigher(rack, rest, rules), card, may_throw=True)
            drawn.append((1.0 / len(cards), _put(rack, slot, card), rest, max(known - 1, 0)))
        outcomes[DRAW] = drawn or [(1.0, list(rack), coming, 0)]
        if top is not None:
            slot = placement(judge, top, may_throw=False)
            outcomes[TAKE] = _placed(rack, slot, top, coming, known)
            # Solo play weighs a blind draw by every card to come, the known next one or not.
            chosen = TAKE if takes(judge, top, coming) else DRAW
        else:
            chosen = DRAW
        return outcomes, chosen
    held = view.held
    assert held is not None
    for action in view.legal_actions:
        outcomes[action] = _placed(rack, action.slot or 0, held, coming, known)
    slot = placement(judge, held, may_throw=view.held_source == "draw")
    return outcomes, place(slot) if slot else DISCARD


def turns_to_go(view: SeatView) -> tuple[dict[Action, float], float]:
    """For the seat to move: expected turns to Rack-O after each legal action, and overall.

    Each figure counts this turn and assumes expert's solo play afterwards; the overall
    figure is that of the action expert's solo policy takes. ValueError if the view's seat
    is not to move.
    """
    outcomes, chosen = move_outcomes(view)
    rules = view.rules
    values = {action: sum(chance * (1.0 + start_value(rack, coming, rules, known))
                          for chance, rack, coming, known in ways)
              for action, ways in outcomes.items()}
    return values, values[chosen]
