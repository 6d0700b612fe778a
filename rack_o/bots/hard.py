"""The hard bot: counts the cards seen and plays the move that leaves the cheapest rack.

Every choice compares racks by their cost, the expected turns still needed (`Judgement`).
It takes the discard only when that beats the average of a blind draw (or the known next
card, once the draw pile has been turned over), places a card where the rack gains most,
and throws a drawn card away when no slot gains. Deterministic: ties go to the rack with
more ordered cards from slot 1 (they score if someone else goes out), then to the lower slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from rack_o.actions import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.bots.gaps import INFEASIBLE
from rack_o.bots.judge import ABOVE, Judgement
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.rack import longest_run, ordered_count
from rack_o.rules import RACK_SIZE
from rack_o.view import SeatView

# With the run-of-three rule an ascending rack is not yet Rack-O without a run; about one
# specific card is missing per card of run lacking (the cost of one fitting card is 1).
_RUN_MISSING = {1: 1.0, 2: 0.5}
# ...and when none of the cards still to come would complete a run in one placement (the
# ones it needs sit in other racks), at least one more card is needed first. Without this
# two hard bots could each wait for ever for the card the other one held.
_RUN_BLOCKED = 1.0


def run_completers(rack: tuple[int, ...] | list[int]) -> set[int]:
    """The cards that, put in the right slot, would give the rack a run of three."""
    cards: set[int] = set()
    for i in range(len(rack) - 1):
        a, b = rack[i], rack[i + 1]
        if b == a + 1:  # a pair: one more at either end
            if i > 0:
                cards.add(a - 1)
            if i + 2 < len(rack):
                cards.add(b + 1)
    for i in range(1, len(rack) - 1):
        if rack[i + 1] == rack[i - 1] + 2:  # a, _, a+2: the middle card
            cards.add(rack[i - 1] + 1)
    return cards


@dataclass(frozen=True, slots=True)
class Decision:
    """A move and the costs behind it, for the hint line."""

    action: Action
    cost_now: float
    cost_after: float
    draw_cost: float | None = None
    slot: int | None = None
    """For a take, the slot the card will go to."""


class Weigher:
    """Costs of the racks one card can make from this seat's rack."""

    def __init__(
        self, view: SeatView, unseen: list[int], available: set[int] | None = None
    ) -> None:
        """Judge `view.rack` against the unseen cards, under the view's rules.

        `available` are the cards that may still reach this rack (for the run rule);
        by default the unseen ones.
        """
        self.rack = view.rack
        self.judgement = Judgement(view.rack, unseen, view.rules.deck_size)
        self.run_rule = view.rules.run_of_three
        self.available = available if available is not None else set(unseen)
        self.now = self.judgement.cost + self._run_cost(self.rack)

    def _run_cost(self, rack: tuple[int, ...] | list[int]) -> float:
        if not self.run_rule:
            return 0.0
        missing = _RUN_MISSING.get(longest_run(rack), 0.0)
        if missing and self.available.isdisjoint(run_completers(rack)):
            missing += _RUN_BLOCKED
        return missing

    def _changed(self, slot: int, card: int) -> list[int]:
        changed = list(self.rack)
        changed[slot - 1] = card
        return changed

    def kept_cost(self, slot: int, card: int, cap: float = INFEASIBLE) -> float:
        """The cost if `card` replaced slot `slot` and were kept there (one of at least `cap`
        may be given as any figure of at least `cap`: `Judgement.with_card`)."""
        cost = self.judgement.with_card(slot, card, cap)
        if self.run_rule:
            cost += self._run_cost(self._changed(slot, card))
        return cost

    def placed_cost(self, slot: int, card: int, cap: float = INFEASIBLE) -> float:
        """The cost if `card` went into `slot`, kept there or not (one of at least `cap` may be
        given as any figure of at least `cap`)."""
        cost = min(self.judgement.with_card(slot, card, cap), self.judgement.without(slot))
        if self.run_rule:
            cost += self._run_cost(self._changed(slot, card))
        return cost

    def best_slot(self, card: int) -> tuple[float, int]:
        """(cost, slot) of the best slot for `card` when it must be placed."""
        best: tuple[float, int, int] = (float("inf"), 0, 0)
        for slot in range(1, RACK_SIZE + 1):
            # A cost that rounds above the best so far cannot win, whatever its order: it
            # need not be exact, nor rounded, nor its order counted.
            cap = best[0] + ABOVE
            cost = self.placed_cost(slot, card, cap)
            if cost >= cap and cap != INFEASIBLE:
                continue
            cost = round(cost, 9)
            if cost > best[0]:
                continue
            key = (cost, -ordered_count(self._changed(slot, card)), slot)
            if key < best:
                best = key
        return best[0], best[2]

    def draw_cost(self, cards: list[int]) -> float:
        """The expected cost after drawing one of `cards`, placed well or thrown away."""
        if not cards:
            return self.now
        now = self.now
        # The plain rules need no run check: go straight to the judgement, it is the hot loop.
        kept_cost = self.kept_cost if self.run_rule else self.judgement.with_card
        total = 0.0
        for card in cards:
            best = now
            for slot in range(1, RACK_SIZE + 1):
                cost = kept_cost(slot, card, best)  # capped: only a lower one counts
                if cost < best:
                    best = cost
            total += best
        return total / len(cards)


def decide(view: SeatView) -> Decision:
    """What the hard bot does now, with the costs that made it choose."""
    unseen = unseen_cards(view)
    pile = known_draw_pile(view)
    # After a turn-over the draw pile is known, and the cards never seen are in other racks:
    # counting those as coming would let two bots wait forever for each other's cards.
    coming = list(pile) if pile else unseen
    # A run may also be completed from cards in the discard pile, which come round again.
    weigher = Weigher(view, coming, set(coming) | set(view.discard_pile))
    now = weigher.now
    if view.phase is Phase.CHOOSE:
        # ...and the next draw is no gamble.
        drawn = weigher.draw_cost(list(pile[:1]) if pile else unseen)
        top = view.discard_top
        if top is not None:
            take_cost, slot = weigher.best_slot(top)
            if take_cost < drawn - 1e-9:
                return Decision(TAKE, now, take_cost, drawn, slot)
        return Decision(DRAW, now, drawn, drawn)
    held = view.held
    assert held is not None
    cost, slot = weigher.best_slot(held)
    if view.held_source is Source.DRAW and round(now, 9) <= round(cost, 9):
        return Decision(DISCARD, now, now)
    return Decision(place(slot), now, cost)


class HardBot:
    """Counts cards and weighs every slot; the strongest level."""

    name = "Hard"

    def choose(self, view: SeatView) -> Action:
        """The move that leaves the rack needing the fewest turns, on average."""
        return decide(view).action
