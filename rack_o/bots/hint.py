"""The hint a human can ask for: what the hard bot (or, if chosen, the expert bot) would do
now, and why (the CLI words it)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rack_o.actions import Action, ActionKind, Phase
from rack_o.bots import gaps
from rack_o.bots.expert import expert_decision, expert_rng
from rack_o.bots.expert_race import race_table
from rack_o.bots.hard import decide
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_draw_pile
from rack_o.rack import SHORTEST_RUN, longest_run, run_bonus
from rack_o.rules import Rules
from rack_o.view import SeatView

HINT_LEVELS = ("hard", "expert")
"""The bots whose move a hint may give; the first is the default."""


class Reason(StrEnum):
    """Why the bot chooses its move."""

    TAKE = "take: it fits"
    """Take `card` from the discard pile into `slot`, `between` the cards kept."""
    DRAW_EMPTY_DISCARD = "draw: no discard"
    DRAW_HELPS_LESS = "draw: the discard helps less"
    """The discard `card` helps less than a draw would (`known_draw`: the next card is known)."""
    DISCARD = "discard: nothing gets better"
    """Throw the held `card` away."""
    PLACE_CHEAPEST = "place: the cheapest loss"
    """Put `card` in `slot`: giving up `out` there costs least."""
    PLACE_FITS = "place: it fits"
    """Put `card` in `slot` in place of `out`: it fits `between` the cards kept."""


@dataclass(frozen=True)
class Between:
    """Where a card sits among the cards worth keeping: the kept cards just below and above it,
    and their slots (None where there is none; both None: it starts an ascending run)."""

    low: int | None
    high: int | None
    low_slot: int | None = None
    high_slot: int | None = None


@dataclass(frozen=True)
class Run:
    """The run of consecutive numbers in adjacent slots a placement makes or makes longer,
    where the rules reward it: the run-of-three rule needs it, or Bonus Rack-O pays more."""

    cards: tuple[int, ...]
    """The run, slot order, the placed card in it."""
    needed: bool
    """It is the rack's first run of three, which the two-player run rule needs to go out."""
    longer: bool
    """It adds to a run of three or more the rack already had."""
    bonus: int
    """The Bonus Rack-O bonus the rack's longest run scores after the placement (0 without
    --bonus)."""
    more: int
    """How much more bonus that is than before the placement."""


def run_made(rack: tuple[int, ...], slot: int, card: int, rules: Rules) -> Run | None:
    """The run `card` in `slot` of `rack` makes, if the rules reward it (see `Run`), else None."""
    changed = [*rack[:slot - 1], card, *rack[slot:]]
    first = last = slot - 1
    while first > 0 and changed[first - 1] == changed[first] - 1:
        first -= 1
    while last < len(changed) - 1 and changed[last + 1] == changed[last] + 1:
        last += 1
    cards = tuple(changed[first:last + 1])
    if len(cards) < SHORTEST_RUN:
        return None
    needed = rules.run_of_three and longest_run(rack) < SHORTEST_RUN
    before, after = (run_bonus(rack), run_bonus(changed)) if rules.bonus else (0, 0)
    paid = after > before and len(cards) == longest_run(changed)
    if not (needed or paid):
        return None
    # Longer: the cards beside the slot already held a run of three or more.
    beside = max(slot - 1 - first, last - (slot - 1))
    return Run(cards, needed, beside >= SHORTEST_RUN, after if paid else 0,
               after - before if paid else 0)


@dataclass(frozen=True)
class Advice:
    """The move the bot would make, the reason, and the cards and slot the reason names."""

    action: Action
    reason: Reason
    card: int | None = None
    slot: int | None = None
    out: int | None = None
    between: Between | None = None
    known_draw: bool = False
    """The draw pile was turned over, so its next card is known."""
    run: Run | None = None
    """The run the placement makes, where the rules reward it."""


def _between(rack: tuple[int, ...], slot: int, card: int, deck_size: int, expert: bool = False
             ) -> Between:
    """Where `card` sits among the cards worth keeping (as the bot judges them) once it is in
    `slot`."""
    changed = list(rack)
    changed[slot - 1] = card
    unseen = [c for c in range(1, deck_size + 1) if c not in changed]
    table = race_table(len(unseen)) if expert else gaps.GAP_COST
    kept = Judgement(changed, unseen, deck_size, table).kept
    lower = [s for s in kept if s < slot]
    higher = [s for s in kept if s > slot]
    return Between(changed[lower[-1] - 1] if lower else None,
                   changed[higher[0] - 1] if higher else None,
                   lower[-1] if lower else None,
                   higher[0] if higher else None)


def hint(view: SeatView, level: str = HINT_LEVELS[0], seed: int | str | None = None) -> Advice:
    """What the bot of `level` (one of HINT_LEVELS) would do in this seat now, and why; the
    expert's guesses are drawn as in the game dealt from `seed` (its record's), so its hint
    is the move `racko review` measures this one against."""
    if not view.legal_actions:
        raise ValueError("a hint needs a view of the seat whose turn it is")
    if level not in HINT_LEVELS:
        raise ValueError(f"hints come from {' or '.join(HINT_LEVELS)}, not {level!r}")
    assert view.seat is not None  # it has legal actions: a seat's own view
    expert = level == "expert"
    decision = (expert_decision(view, expert_rng(seed, view.seat, view)) if expert
                else decide(view))
    action = decision.action
    size = view.rules.deck_size
    rack = view.rack
    if view.phase is Phase.CHOOSE:
        top = view.discard_top
        # Once the draw pile has been turned over, its order is public: the next card is known.
        known = bool(known_draw_pile(view))
        if action.kind is ActionKind.TAKE:
            slot = decision.slot
            assert slot is not None and top is not None
            return Advice(action, Reason.TAKE, top, slot, rack[slot - 1],
                          between=_between(rack, slot, top, size, expert), known_draw=known,
                          run=run_made(rack, slot, top, view.rules))
        if top is None:
            return Advice(action, Reason.DRAW_EMPTY_DISCARD)
        return Advice(action, Reason.DRAW_HELPS_LESS, top, known_draw=known)
    held = view.held
    if action.kind is ActionKind.DISCARD:
        return Advice(action, Reason.DISCARD, held)
    slot = action.slot
    assert slot is not None and held is not None
    replaced = rack[slot - 1]
    run = run_made(rack, slot, held, view.rules)
    if decision.cost_after >= decision.cost_now:
        return Advice(action, Reason.PLACE_CHEAPEST, held, slot, replaced, run=run)
    return Advice(action, Reason.PLACE_FITS, held, slot, replaced,
                  between=_between(rack, slot, held, size, expert), run=run)
