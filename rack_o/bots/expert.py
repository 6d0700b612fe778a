"""The expert bot: racks judged by their chance to go out soon, plus denial and the bonus.

Every choice compares the racks a move can leave by their race cost (-log of the chance to
be complete within a short horizon; `rack_o.bots.expert_race`, with the hard bot's choice of
cards to keep, `rack_o.bots.judge`) plus two terms:

- *denial* (`rack_o.bots.expert_denial`): the card a move puts on the discard pile is
  charged what the next seat would gain by taking it, judged over racks inferred from that
  seat's moves (two players, `rack_o.bots.expert_infer`) or guessed from its pick-ups;
- *bonus* (only with Bonus Rack-O): a rack holding a run of consecutive numbers is worth a
  little more, in proportion to the bonus the run would score.

A blind draw is valued as -log of the mean chance, over the cards that may come, after the
best thing to do with each card (place it, paying for the card it replaces, or throw it
away, paying for it). With three or four players a rack near Rack-O (8 cards kept or more)
places a card by the same measure one card ahead: each rack it can leave is valued as -log
of the mean chance after the best use of the next card. Its guesses come from a generator
seeded by the bot's seed, its seat and the position, so the same game always gets the same
moves, whatever process plays it.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence

from rack_o import Phase
from rack_o.actions import DISCARD, DRAW, TAKE, Action, Source, place
from rack_o.bots.expert_denial import Penalty, next_seat_penalty
from rack_o.bots.expert_infer import infer_racks
from rack_o.bots.expert_race import race_table
from rack_o.bots.hard import Decision, Weigher
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.rack import run_bonus
from rack_o.rules import RACK_SIZE
from rack_o.view import SeatView

DENIAL_WEIGHT = 0.3
"""How much the next seat's gain (in hard's cost) counts against our race cost."""
BONUS_WEIGHT = 0.02
"""Cost taken off per 100 bonus points the rack's longest run would score."""
RUN_SCALE = 2.0
"""Hard's cost of a missing run (run-of-three rule), scaled to the race cost's units."""
INFERRED = 24
"""Racks inferred for the other seat with two players (`expert_infer`)."""
LOOK_AHEAD_KEPT = 8
"""With three or four players, a rack keeping at least this many cards places a card by
looking one card ahead (`ExpertChoice.looked_ahead`)."""
_EPSILON = 1e-9


class RaceWeigher(Weigher):
    """Hard's `Weigher` with the race table (`expert_race`): costs are -log of the chance
    that the rack is complete within the horizon."""

    def __init__(self, view: SeatView, coming: list[int], available: set[int]) -> None:
        """Judge `view.rack` against the cards `coming`; `available` for the run rule."""
        self.rack = view.rack
        table = race_table(len(coming))
        self.judgement = Judgement(view.rack, coming, view.rules.deck_size, table)
        self.run_rule = view.rules.run_of_three
        self.available = available
        self.now = self.judgement.cost + self._run_cost(self.rack)

    def _run_cost(self, rack: tuple[int, ...] | list[int]) -> float:
        return RUN_SCALE * super()._run_cost(rack)


# The choose and place decisions of a turn infer the same racks (their generators start
# alike and the turn-start facts are the same): the second one reuses them. A memo only:
# the moves are the same with or without it.
# A lock, since `racko host` may run bots on more than one thread.
_INFERRED_MEMO: dict[tuple[object, ...], list[tuple[list[int], float]]] = {}
_MEMO_LOCK = threading.Lock()


def _inferred(view: SeatView, unseen: Sequence[int], rng: random.Random
              ) -> list[tuple[list[int], float]]:
    """The other seat's racks inferred from its moves (two players), memoised per turn."""
    start = list(unseen)
    if view.held is not None and view.held_source is Source.DRAW:
        start = sorted([*start, view.held])  # the turn-start cards not seen
    seed = rng.getrandbits(64)
    key = (seed, view.seat, view.round, view.turn, view.history, tuple(start))
    with _MEMO_LOCK:
        found = _INFERRED_MEMO.get(key)
    if found is None:
        assert view.seat is not None  # an agent's view is always of a seat
        seat = (view.seat + 1) % view.rules.players
        found = infer_racks(view, seat, start, random.Random(seed), INFERRED)
        with _MEMO_LOCK:
            if len(_INFERRED_MEMO) >= 8:
                _INFERRED_MEMO.pop(next(iter(_INFERRED_MEMO)))
            _INFERRED_MEMO[key] = found
    return found


def _mean_chance_cost(costs: list[float]) -> float:
    """-log of the mean of the chances whose costs (-log) are `costs` (not empty)."""
    least = min(costs)
    if least == math.inf:
        return least
    return least - math.log(sum(math.exp(least - cost) for cost in costs) / len(costs))


def _no_penalty(card: int) -> float:
    return 0.0


class ExpertChoice:
    """The values behind one expert decision, for one view."""

    def __init__(self, view: SeatView, rng: random.Random, denial: float = DENIAL_WEIGHT) -> None:
        """Judge the view's rack against the cards that may still come, by the race table."""
        self.view = view
        unseen = unseen_cards(view)
        pile = known_draw_pile(view)
        self.pile = pile
        self.unseen = unseen
        self.coming = list(pile) if pile else unseen
        self.weigher = RaceWeigher(view, self.coming, set(self.coming) | set(view.discard_pile))
        self.bonus = BONUS_WEIGHT / 100 if view.rules.bonus else 0.0
        self.penalty: Penalty = _no_penalty
        if denial > 0:
            racks = _inferred(view, unseen, rng) if view.rules.players == 2 else None
            self.penalty = next_seat_penalty(view, unseen, rng, denial, racks)
        self.now = self.weigher.now - self._bonus(view.rack)

    def _bonus(self, rack: tuple[int, ...] | list[int]) -> float:
        return self.bonus * run_bonus(rack) if self.bonus else 0.0

    def _with(self, slot: int, card: int) -> list[int]:
        rack = list(self.view.rack)
        rack[slot - 1] = card
        return rack

    def placed(self, slot: int, card: int, cap: float = math.inf) -> float:
        """The value of putting `card` in `slot`: its rack's cost, the discard's penalty (one
        of at least `cap` may be given as any figure of at least `cap`, without the bonus)."""
        cost = self.weigher.placed_cost(slot, card, cap)
        if not self.bonus and cost >= cap:
            return cost  # the penalty is never negative
        value = cost + self.penalty(self.view.rack[slot - 1])
        if self.bonus:
            value -= self._bonus(self._with(slot, card))
        return value

    def thrown(self, card: int) -> float:
        """The value of throwing a drawn `card` away."""
        return self.now + self.penalty(card)

    def looks_ahead(self) -> bool:
        """True when placing looks one card ahead: three or four players, a card in hand,
        the rack near Rack-O (and no bonus to weigh)."""
        view = self.view
        return (view.rules.players > 2 and view.phase is Phase.PLACE and not self.bonus
                and len(self.weigher.judgement.kept) >= LOOK_AHEAD_KEPT)

    def looked_ahead(self, rack: list[int]) -> float:
        """-log of the mean chance, over the cards to come, that `rack` is complete soon after
        the best use of the next card (kept in its best slot, or let go)."""
        judgement = Judgement(rack, self.coming, self.view.rules.deck_size,
                              self.weigher.judgement.table)
        now = judgement.cost
        values = [judgement.best_with(card, now) for card in self.coming if card not in rack]
        if not values:
            return now
        return _mean_chance_cost(values)

    def best_place_ahead(self, card: int, may_throw: bool) -> tuple[float, Action]:
        """`best_place` with each rack judged one card ahead (`looked_ahead`)."""
        rack = list(self.view.rack)
        best_value, best = math.inf, DISCARD
        if may_throw:
            best_value = self.looked_ahead(rack) + self.penalty(card)
        for slot in range(1, RACK_SIZE + 1):
            placed = self._with(slot, card)
            value = self.looked_ahead(placed) + self.penalty(rack[slot - 1])
            if value < best_value - _EPSILON:
                best_value, best = value, place(slot)
        return best_value, self._legal(best, card, may_throw)

    def best_place(self, card: int, may_throw: bool) -> tuple[float, Action]:
        """(value, action) of the best thing to do with `card` in hand; ties: lower slot."""
        if self.looks_ahead():
            return self.best_place_ahead(card, may_throw)
        best_value, best = (self.thrown(card), DISCARD) if may_throw else (float("inf"), DISCARD)
        for slot in range(1, RACK_SIZE + 1):
            cap = best_value - _EPSILON if not self.bonus else math.inf
            value = self.placed(slot, card, cap)
            if value < best_value - _EPSILON:
                best_value, best = value, place(slot)
        return best_value, self._legal(best, card, may_throw)

    def _legal(self, best: Action, card: int, may_throw: bool) -> Action:
        """`best`, unless it throws away a card that must be placed: when no slot has a finite
        value (no rack it can make may be complete in time), the slot hard would choose."""
        if best != DISCARD or may_throw:
            return best
        hard = Weigher(self.view, self.coming, self.weigher.available)
        return place(hard.best_slot(card)[1])

    def draw_value(self) -> float:
        """The value of a blind draw (the known next card after a turn-over): -log of the
        mean chance, over the cards that may come, of the best thing to do with each."""
        cards = list(self.pile[:1]) if self.pile else self.unseen
        if not cards:
            return self.now
        weigher = self.weigher
        rack = self.view.rack
        penalty = self.penalty
        values = []
        for card in cards:
            best = math.inf
            for slot in range(1, RACK_SIZE + 1):
                # Capped where only a lower cost counts (the bonus lowers a cost).
                value = weigher.kept_cost(slot, card, math.inf if self.bonus else best)
                if self.bonus:
                    value -= self._bonus(self._with(slot, card))
                if value < best:  # the penalty is never negative: only candidates pay it
                    value += penalty(rack[slot - 1])
                    if value < best:
                        best = value
            if best > self.now:  # throwing the card away costs `now` at least, for the same reason
                best = min(best, self.thrown(card))
            values.append(best)
        return _mean_chance_cost(values)


def expert_decision(view: SeatView, rng: random.Random) -> Decision:
    """What the expert bot does in `view` (its seat's turn), with the values behind it (in
    the race cost, denial and bonus included), drawing guesses from `rng`."""
    choice = ExpertChoice(view, rng)
    if view.phase == Phase.CHOOSE:
        top = view.discard_top
        drawn = choice.draw_value()
        if top is not None:
            taken, action = choice.best_place(top, may_throw=False)
            if taken < drawn - _EPSILON:
                return Decision(TAKE, choice.now, taken, drawn, action.slot)
        return Decision(DRAW, choice.now, drawn, drawn)
    held = view.held
    assert held is not None
    value, action = choice.best_place(held, may_throw=view.held_source == "draw")
    now = choice.looked_ahead(list(view.rack)) if choice.looks_ahead() else choice.now
    return Decision(action, now, value)


def expert_rng(seed: int | str | None, seat: int, view: SeatView) -> random.Random:
    """The generator of the expert's guesses in `seat` at `view`'s turn of the game dealt
    from `seed` (the record's): the bot, the hint and the review all draw from it, so they
    agree on every move."""
    return random.Random(f"expert:{seed}:{seat}:{view.round}:{view.turn}")


def expert_action(view: SeatView, rng: random.Random) -> Action:
    """What the expert bot does in `view` (its seat's turn), drawing guesses from `rng`."""
    return expert_decision(view, rng).action


class ExpertBot:
    """The race judgement plus denial and the bonus; the strongest level."""

    name = "Expert"

    def __init__(self, seed: int | str | None = None, seat: int = 0) -> None:
        self.seed = seed
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """The move whose rack costs least, counting what the next seat would gain."""
        return expert_action(view, expert_rng(self.seed, self.seat, view))
