"""Inferring a seat's hidden cards from its moves this round, taking it to play as hard does.

What the table saw of a seat pins down most of its rack's story: a card it took from the
discard pile is known; when it replaced a slot, the card it threw out was the one there (so
the first card thrown out of a slot was dealt there, and a drawn card put in a slot is the
one thrown out of it next time). The only unknowns are the dealt cards still in their slots
and the last drawn card put in each slot; everything the seat held at each of its turns
follows from them.

So a guess (`infer_racks`) deals those unknown cards: the dealt ones at random from the cards
this seat has not seen, then, replaying the seat's turns, each last drawn card at random
among the unseen cards that hard, holding the rack of that moment, would have put in that
slot. It is weighted by how well the seat's moves fit (the share of cards that would have
gone there, and a factor `MISFIT` for each placement hard would have made differently). A
seat playing as hard does is then guessed far better than from its pick-ups alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from rack_o.bots.gaps import INFEASIBLE
from rack_o.bots.judge import ABOVE, Judgement
from rack_o.rack import ordered_count
from rack_o.rules import RACK_SIZE
from rack_o.view import PublicTurn, SeatView

MISFIT = 0.03
"""A guess's weight is multiplied by this for each move of the seat that hard would not make."""
_SLOTS = range(1, RACK_SIZE + 1)
_BLUR = 2e-9
"""Two steps of costs rounded to 9 decimals: far more than the float error of a cost (a sum of
at most 11 gap costs below 13), so a cost that is certainly at least `now` never rounds
below `now` less this."""


class SeatTurn(NamedTuple):
    """One of the seat's turns this round, with what the seat saw at its start."""

    event: PublicTurn
    seen: frozenset[int]
    """The discard pile and the cards of other seats it knew then (taken from the pile)."""
    turned: bool
    """The draw pile had been turned over (its order public): not replayed."""


def _first_face_up(view: SeatView) -> int | None:
    """The card turned up at the deal (known to all, though the history does not name it)."""
    pile: list[int | None] = [None]
    for event in view.history:
        if isinstance(event, PublicTurn):
            if event.source == "discard" and pile.pop() is None:
                return event.taken
            pile.append(event.discarded)
        else:
            if pile[0] is None:
                return event.card
            pile = [event.card]
    return view.discard_pile[0] if view.discard_pile else None


def seat_turns(view: SeatView, seat: int) -> list[SeatTurn]:
    """`seat`'s turns this round, in order, with the cards it saw outside its rack."""
    first = _first_face_up(view)
    pile: list[int] = [first] if first is not None else []
    known: dict[int, dict[int, int]] = {other: {} for other in range(view.rules.players)}
    turned = False
    turns: list[SeatTurn] = []
    for event in view.history:
        if not isinstance(event, PublicTurn):
            pile = [event.card]
            turned = True
            continue
        if event.seat == seat:
            seen = set(pile)
            for other, cards in known.items():
                if other != seat:
                    seen.update(cards.values())
            turns.append(SeatTurn(event, frozenset(seen), turned))
        if event.source == "discard" and pile:
            pile.pop()
        if event.slot is not None:
            if event.source == "discard" and event.taken is not None:
                known[event.seat][event.slot] = event.taken
            else:
                known[event.seat].pop(event.slot, None)
        pile.append(event.discarded)
    return turns


class _Hard(NamedTuple):
    """Hard's judgement of a rack at one of the seat's turns."""

    judgement: Judgement
    now: float
    rounded: float
    """`now` rounded to 9 decimals, as hard compares costs."""


def _judge(rack: list[int], seen: frozenset[int], size: int) -> _Hard:
    inside = set(rack)
    coming = [card for card in range(1, size + 1) if card not in inside and card not in seen]
    judgement = Judgement(rack, coming, size)
    return _Hard(judgement, judgement.cost, round(judgement.cost, 9))


def _hard_puts(hard: _Hard, rack: list[int], card: int, slot: int, drawn: bool) -> bool:
    """Whether hard puts `card` (`drawn`, or taken from the discard pile) in `slot` (0: throws
    a drawn card away).

    Hard gives each slot a cost, the cheaper of keeping the card there and giving that slot's
    card up, rounded to 9 decimals; it puts the card where the cost is least (ties: where
    more cards are in order from slot 1, then the lower slot), unless the card was drawn and
    no cost is below the rack's as it is (`now`), when it throws the card away. This asks
    only as much of that as the answer needs: most cards are ruled out by the one slot.
    A cost `with_card` caps is one that cannot change the answer, and neither is one that is
    not rounded: rounding keeps the order of costs (a cost at least another rounds to at
    least its rounding), and rounds one `ABOVE` a rounded cost above it.
    """
    judgement = hard.judgement
    now = hard.rounded
    if not slot:  # thrown away: no slot's cost is below `now` (a card taken is always placed)
        if not drawn:
            return False
        for other in _SLOTS:
            kept = judgement.with_card(other, card, hard.now)
            given_up = judgement.without(other)
            cost = kept if kept < given_up else given_up
            if cost < hard.now and round(cost, 9) < now:
                return False
        return True
    kept = judgement.with_card(slot, card, hard.now if drawn else INFEASIBLE)
    given_up = judgement.without(slot)
    cost = kept if kept < given_up else given_up
    if drawn and cost >= hard.now:  # thrown away, or another slot is lower still
        return False
    mine = round(cost, 9)
    if drawn and now <= mine:
        return False
    above = mine + ABOVE  # rounds above `mine`
    # Giving a card up never costs less than keeping the best cards of the rack as it is
    # (`now`), so once `mine` is below `now` by more than rounding can blur (always, for a
    # drawn card kept but one step below), no slot's cost given up can reach it: only the
    # card's kept costs need finding.
    given_up_counts = mine >= now - _BLUR
    ordered = None
    for other in _SLOTS:
        if other == slot:
            continue
        cost = judgement.with_card(other, card, above)
        if given_up_counts:
            given_up = judgement.without(other)
            if given_up < cost:
                cost = given_up
        if cost >= above and above != INFEASIBLE:  # rounds above `mine`
            continue
        cost = round(cost, 9)
        if cost < mine:
            return False
        if cost == mine:  # ties: more cards in order from slot 1, then the lower slot
            if ordered is None:
                ordered = _ordered_with(rack, slot, card)
            theirs = _ordered_with(rack, other, card)
            if theirs > ordered or (theirs == ordered and other < slot):
                return False
    return True


def _ordered_with(rack: list[int], slot: int, card: int) -> int:
    """`ordered_count` of `rack` with `card` in `slot`."""
    old = rack[slot - 1]
    rack[slot - 1] = card
    count = ordered_count(rack)
    rack[slot - 1] = old
    return count


def _guess(
    view: SeatView, turns: Sequence[SeatTurn], seat: int, unseen: Sequence[int],
    rng: random.Random,
) -> tuple[list[int], float] | None:
    """One rack for `seat`, with its weight; None if the cards cannot be dealt."""
    size = view.rules.deck_size
    dealt = [0] * RACK_SIZE  # the card dealt to each slot, once thrown out
    last = [-1] * RACK_SIZE  # the index of the turn that last filled each slot
    for index, turn in enumerate(turns):
        slot = turn.event.slot
        if slot is not None:
            if last[slot - 1] < 0:
                dealt[slot - 1] = turn.event.discarded
            last[slot - 1] = index
    used = {card for card in dealt if card}
    pool = [card for card in unseen if card not in used]
    rng.shuffle(pool)
    rack = list(dealt)
    for slot in range(RACK_SIZE):
        if not rack[slot]:
            if not pool:
                return None
            rack[slot] = pool.pop()
            used.add(rack[slot])
    weight = 1.0
    for index, turn in enumerate(turns):
        event = turn.event
        slot = event.slot
        drawn = event.source == "draw"
        if drawn and slot is not None and last[slot - 1] == index:
            # The last card drawn into this slot is still there: one hard would put there.
            free = [card for card in unseen if card not in used]
            if not free:
                return None
            fits = free
            if not turn.turned:  # (after a turn-over hard plays from the known pile: not judged)
                hard = _judge(rack, turn.seen, size)
                fits = [card for card in free if _hard_puts(hard, rack, card, slot, True)]
            if fits:
                card = fits[rng.randrange(len(fits))]
                weight *= len(fits) / len(free)
            else:
                card = free[rng.randrange(len(free))]
                weight *= MISFIT / len(free)
            rack[slot - 1] = card
            used.add(card)
            continue
        if not drawn:
            held = event.taken
        elif slot is None:
            held = event.discarded
        else:  # the drawn card is the one thrown out of this slot next time
            held = next(later.event.discarded for later in turns[index + 1:]
                        if later.event.slot == slot)
        assert held is not None
        if not turn.turned and not _hard_puts(_judge(rack, turn.seen, size), rack, held,
                                              slot or 0, drawn):
            weight *= MISFIT
        if slot is not None:
            rack[slot - 1] = held
    return rack, weight


def infer_racks(
    view: SeatView, seat: int, unseen: Sequence[int], rng: random.Random, count: int
) -> list[tuple[list[int], float]]:
    """Up to `count` weighted racks `seat` may hold now, from its moves as hard's.

    `unseen`: the cards this seat has not seen (at the start of its turn).
    """
    turns = seat_turns(view, seat)
    found = []
    for _ in range(count):
        guess = _guess(view, turns, seat, unseen, rng)
        if guess is not None:
            found.append(guess)
    return found
