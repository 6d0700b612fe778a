"""Denial for the expert bot: how much the next seat would gain from the card we discard.

Only the next seat can take what this seat throws away. Its rack is guessed from the public
history, several times over (determinised): the cards it took from the discard pile sit
where it put them; the slots it filled with drawn cards hold unseen cards near the slot's
share of the deck, in increasing order (a player keeps a drawn card where it fits); the
other slots hold unseen cards at random. For each guess the next seat is judged like the
hard bot judges itself: it takes a card when that beats the average of a blind draw, and
gains the difference. The penalty of a card is that gain, averaged over the guesses.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_racks
from rack_o.rules import RACK_SIZE
from rack_o.view import PublicTurn, SeatView

GUESSES = 8
"""Racks guessed for the next seat per decision."""
DRAW_SAMPLE = 10
"""Cards that stand for a blind draw when the next seat's draw is averaged."""

Penalty = Callable[[int], float]


def _filled_from_draw(view: SeatView, seat: int) -> set[int]:
    """The slots `seat` last filled with a card it drew (hidden from everyone else)."""
    slots: set[int] = set()
    for event in view.history:
        if isinstance(event, PublicTurn) and event.seat == seat and event.slot is not None:
            if event.source == "draw":
                slots.add(event.slot)
            else:
                slots.discard(event.slot)
    return slots


def guess_racks(
    view: SeatView, seat: int, unseen: list[int], rng: random.Random
) -> list[list[int]]:
    """`GUESSES` racks `seat` may hold, consistent with what this seat has seen."""
    known = known_racks(view)[seat]
    drawn = sorted(_filled_from_draw(view, seat) - set(known))
    size = view.rules.deck_size
    if len(unseen) < RACK_SIZE - len(known):
        return []  # too few unseen cards to fill it (never in a real game)
    guesses = []
    for _ in range(GUESSES):
        pool = list(unseen)
        rng.shuffle(pool)
        rack = [0] * RACK_SIZE
        for slot, card in known.items():
            rack[slot - 1] = card
        used: set[int] = set()
        # A drawn card was kept where it fits: near the slot's share of the deck.
        for slot in drawn:
            ideal = slot * (size + 1) / (RACK_SIZE + 1)
            near = [c for c in pool if c not in used and abs(c - ideal) <= size / RACK_SIZE]
            card = rng.choice(near) if near else next(c for c in pool if c not in used)
            rack[slot - 1] = card
            used.add(card)
        rest = (c for c in pool if c not in used)
        for slot in range(1, RACK_SIZE + 1):
            if not rack[slot - 1]:
                rack[slot - 1] = next(rest)
        for slot, card in zip(drawn, sorted(rack[slot - 1] for slot in drawn), strict=True):
            rack[slot - 1] = card
        guesses.append(rack)
    return guesses


def next_seat_penalty(
    view: SeatView, unseen: list[int], rng: random.Random, weight: float,
    racks: list[tuple[list[int], float]] | None = None,
) -> Penalty:
    """penalty(card): `weight` times the next seat's expected gain if `card` tops the pile.

    Its racks are `racks` (each with a weight), or else `GUESSES` guessed ones.
    """
    size = view.rules.deck_size
    assert view.seat is not None  # an agent's view is always of a seat
    seat = (view.seat + 1) % view.rules.players
    if racks is None:
        racks = [(rack, 1.0) for rack in guess_racks(view, seat, unseen, rng)]
    pile = frozenset(view.discard_pile)
    key = (size, weight, pile, tuple((tuple(rack), rack_weight) for rack, rack_weight in racks))
    with _MEMO_LOCK:
        found = _JUDGED_MEMO.get(key)
    if found is None:
        found = (_judged(racks, pile, size), {})
        with _MEMO_LOCK:
            if len(_JUDGED_MEMO) >= _MEMO_SIZE:
                _JUDGED_MEMO.pop(next(iter(_JUDGED_MEMO)))
            _JUDGED_MEMO[key] = found
    judged, cache = found
    total_weight = sum(rack_weight for *_rest, rack_weight in judged)

    def penalty(card: int) -> float:
        value = cache.get(card)
        if value is None:
            gain = 0.0
            for judgement, drawn, given_up, rack_weight in judged:
                # Only a cost below the drawn one counts: found only if it is below both.
                best = judgement.best_with(card, given_up if given_up < drawn else drawn)
                if best < drawn:
                    gain += rack_weight * (drawn - best)
            value = cache[card] = weight * gain / total_weight if total_weight > 0 else 0.0
        return value

    return penalty


# A turn's decisions judge the same racks against the same discard pile (the choose and the
# place decisions of a drawn card with two players, whose racks `expert_infer` memoises), and
# a review asks for each decision again: the later ones reuse the judgements and the
# penalties found. A memo only: the penalties are the same with or without it. A lock, since
# `racko host` may run bots on more than one thread.
_Judged = list[tuple[Judgement, float, float, float]]
_JUDGED_MEMO: dict[tuple[object, ...], tuple[_Judged, dict[int, float]]] = {}
_MEMO_LOCK = threading.Lock()
_MEMO_SIZE = 8


def _judged(racks: list[tuple[list[int], float]], pile: frozenset[int], size: int) -> _Judged:
    """Each rack judged as the next seat judges itself: (its judgement, the expected cost after
    a blind draw, the cost of giving a card up, its weight)."""
    judged: _Judged = []
    for rack, rack_weight in racks:
        theirs = set(rack)
        their_unseen = [c for c in range(1, size + 1) if c not in theirs and c not in pile]
        judgement = Judgement(rack, their_unseen, size)
        step = max(1, len(their_unseen) // DRAW_SAMPLE)
        sample = their_unseen[::step]
        total = 0.0
        for card in sample:
            total += judgement.best_with(card, judgement.cost)
        # Giving a card up does not depend on the card taken: the best such slot, once.
        given_up = judgement.least_without()
        drawn = total / len(sample) if sample else judgement.cost
        judged.append((judgement, drawn, given_up, rack_weight))
    return judged
