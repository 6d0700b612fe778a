"""Judging a rack: which cards to keep, and how many turns the rest should take to fill.

The cards worth keeping form an increasing subsequence with room between them; the slots
between two kept cards form a gap that the unseen cards fitting between them must fill.
A rack's cost is the least, over all such choices, of the summed `GAP_COST` of its gaps
(lower is better; 0 is Rack-O). `Judgement` answers "what if card c replaced slot s" in
O(slots) from prefix and suffix tables, so a bot can weigh every card against every slot.

The bots ask these questions millions of times (a review, a simulation), so the loops run
only over the slots that can be kept (a finite cost so far) and read what they need from
lists made once per rack; every figure is the same sum of the same numbers as the plain
definition gives (tests/test_bots_judge_fast.py holds them to it exactly).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import accumulate

from rack_o.bots import gaps
from rack_o.bots.gaps import INFEASIBLE
from rack_o.rules import RACK_SIZE

_LAST = RACK_SIZE + 1  # the sentinel slot after slot 10
ABOVE = 1e-6
"""Added to a cost rounded to 9 decimals (as the bots round costs to compare them), a figure
that rounds above it: the cap of a cost that matters only if it rounds no higher (costs are
far below a million)."""


class Judgement:
    """A rack judged against the cards that may still come (`unseen`)."""

    def __init__(
        self,
        rack: Sequence[int],
        unseen: Iterable[int],
        deck_size: int,
        table: list[list[float]] | None = None,
    ) -> None:
        """Tables for `rack` (slot 1 first) given the cards that may still come, judged by
        `table` (`GAP_COST` unless given)."""
        self.deck_size = deck_size
        if table is None:
            table = gaps.GAP_COST
        self.table = table
        cards = [0, *rack, deck_size + 1]  # sentinels below and above every card
        self.cards = cards
        marks = [0] * (deck_size + 2)
        for card in unseen:
            marks[card] = 1
        # below[x]: how many unseen cards are below x.
        below = list(accumulate(marks, initial=0))[: deck_size + 2]
        self.below = below
        at = [below[card] for card in cards]  # unseen cards below each slot's card
        over = [below[card + 1] for card in cards[:_LAST]]  # ... up to it, itself included
        # forward[i]: least cost of slots 1..i-1 given slot i is kept (slot 0 is the floor).
        forward = [INFEASIBLE] * (_LAST + 1)
        forward[0] = 0.0
        back_from = [0] * (_LAST + 1)
        lows = [(0, 0.0, 0, over[0])]  # (slot, forward, card, over) of each slot that can be kept
        for i in range(1, _LAST + 1):
            ci = cards[i]
            at_i = at[i]
            best = INFEASIBLE
            link = 0
            for j, fj, cj, over_j in lows:  # in slot order: the first of equals is linked
                if cj < ci:
                    value = fj + table[i - j - 1][at_i - over_j]
                    if value < best:
                        best, link = value, j
            forward[i] = best
            back_from[i] = link
            if best != INFEASIBLE and i < _LAST:
                lows.append((i, best, ci, over[i]))
        self.forward = forward
        self._lows = lows
        """(slot, forward, card, unseen cards up to it) of each slot 0-10 that may be kept
        with a finite cost below it, slot 0 first."""
        self._at, self._over = at, over
        self._backward: list[float] | None = None
        self._highs: list[tuple[int, float, int, int]] | None = None
        """(slot, backward, card, unseen cards below it) of each slot 1-11 that may be kept
        with a finite cost above it, slot 1 first: found when first needed (a rack's cost
        and the cards kept need only `forward`)."""
        self.cost = forward[_LAST]
        kept = []
        i = back_from[_LAST]
        while i:
            kept.append(i)
            i = back_from[i]
        self.kept: tuple[int, ...] = tuple(reversed(kept))
        """The slots of a best choice of cards to keep, front first."""
        self._without: list[float] | None = None
        self._first_without: tuple[int, float] | None = None
        self._nonnegative = _nonnegative(table)

    @property
    def backward(self) -> list[float]:
        """backward[i]: least cost of slots i+1..10 given slot i is kept (slot 11 is the
        ceiling)."""
        if self._backward is None:
            self._find_backward()
        assert self._backward is not None
        return self._backward

    def _find_backward(self) -> list[tuple[int, float, int, int]]:
        """Fill `backward` and the slots that may be kept below a ceiling; those slots."""
        cards, at, over, table = self.cards, self._at, self._over, self.table
        backward = [INFEASIBLE] * (_LAST + 1)
        backward[_LAST] = 0.0
        highs = [(_LAST, 0.0, cards[_LAST], at[_LAST])]  # from the top down, then turned
        for i in range(RACK_SIZE, -1, -1):
            ci = cards[i]
            over_i = over[i]
            best = INFEASIBLE
            for j, bj, cj, at_j in highs:
                if cj > ci:
                    value = bj + table[j - i - 1][at_j - over_i]
                    if value < best:
                        best = value
            backward[i] = best
            if best != INFEASIBLE and i > 0:
                highs.append((i, best, ci, at[i]))
        highs.reverse()
        self._backward, self._highs = backward, highs
        return highs

    def fitting(self, low: int, high: int) -> int:
        """How many unseen cards lie strictly between `low` and `high`."""
        return self.below[high] - self.below[low + 1] if high > low else 0

    def with_card(self, slot: int, card: int, cap: float = INFEASIBLE) -> float:
        """The rack's cost if `card` replaced the card in `slot` and were kept there.

        With a `cap`, a cost of at least `cap` may be given as any figure of at least `cap`
        (found sooner: the slots above are not looked at when those below reach it)."""
        table = self.table
        at_card = self.below[card]
        left = INFEASIBLE
        for j, fj, cj, over_j in self._lows:
            if j >= slot:
                break
            if cj < card:
                value = fj + table[slot - j - 1][at_card - over_j]
                if value < left:
                    left = value
        if left == INFEASIBLE or (left >= cap and self._nonnegative):
            return left
        above_card = self.below[card + 1]
        right = INFEASIBLE
        for k, bk, ck, at_k in self._highs or self._find_backward():
            if k > slot and ck > card:
                value = bk + table[k - slot - 1][at_k - above_card]
                if value < right:
                    right = value
        return left + right

    def best_with(self, card: int, cap: float = INFEASIBLE) -> float:
        """The least `with_card(slot, card)` over every slot: the best place to keep `card`.

        With a `cap`: that least cost if it is below `cap`, else `cap` (what `min(cap,
        best_with(card))` gives, found sooner: a slot whose costs below it reach `cap` is
        not looked at further)."""
        table = self.table
        at_card = self.below[card]
        above_card = self.below[card + 1]
        # The kept cards that may stand below or above `card`, found once for every slot.
        lows = [(j, fj, at_card - over_j) for j, fj, cj, over_j in self._lows if cj < card]
        highs = [(k, bk, at_k - above_card)
                 for k, bk, ck, at_k in self._highs or self._find_backward() if ck > card]
        if not lows or not highs:
            return cap
        best = cap
        # Costs above a slot add to those below it: never less, with no negative cost.
        bounded = self._nonnegative
        first = 0  # the first of `highs` above the slot
        # Only slots with a card that may be kept on each side can hold `card`.
        for slot in range(lows[0][0] + 1, highs[-1][0]):
            left = INFEASIBLE
            for j, fj, fit in lows:
                if j >= slot:
                    break
                value = fj + table[slot - j - 1][fit]
                if value < left:
                    left = value
            if left == INFEASIBLE or (bounded and left >= best):
                continue
            while highs[first][0] <= slot:
                first += 1
            right = INFEASIBLE
            for k, bk, fit in highs[first:]:
                value = bk + table[k - slot - 1][fit]
                if value < right:
                    right = value
            if left + right < best:
                best = left + right
        return best

    def without(self, slot: int) -> float:
        """The rack's cost if the card in `slot` were given up (its slot joins a gap)."""
        every = self._without
        if every is not None:
            return every[slot]
        # Asked of one slot, that slot alone is judged; asked of a second, every slot is.
        first = self._first_without
        if first is None:
            value = self._one_without(slot)
            self._first_without = (slot, value)
            return value
        if first[0] == slot:
            return first[1]
        every = self._without = self._every_without()
        return every[slot]

    def _one_without(self, slot: int) -> float:
        table = self.table
        highs = self._highs or self._find_backward()
        best = INFEASIBLE
        for j, fj, cj, over_j in self._lows:
            if j >= slot:
                break
            for k, bk, ck, at_k in highs:
                if k > slot and ck > cj:
                    value = fj + bk + table[k - j - 1][at_k - over_j]
                    if value < best:
                        best = value
        return best

    def least_without(self) -> float:
        """The least `without(slot)` over every slot: the cheapest card to give up."""
        if self._without is not None:
            return min(self._without[1:])
        # Every gap of at least one slot between two cards kept, whichever slot it frees.
        table = self.table
        highs = self._highs or self._find_backward()
        best = INFEASIBLE
        for j, fj, cj, over_j in self._lows:
            for k, bk, ck, at_k in highs:
                if k > j + 1 and ck > cj:
                    value = fj + bk + table[k - j - 1][at_k - over_j]
                    if value < best:
                        best = value
        return best

    def _every_without(self) -> list[float]:
        """`without(slot)` for every slot (index 0 unused), found together: each pair of kept
        cards j < k bounds one gap, whose value counts for every slot between them."""
        table = self.table
        highs = self._highs or self._find_backward()
        best = [INFEASIBLE] * _LAST
        for j, fj, cj, over_j in self._lows:
            for k, bk, ck, at_k in highs:
                if k > j + 1 and ck > cj:
                    value = fj + bk + table[k - j - 1][at_k - over_j]
                    for slot in range(j + 1, k):
                        if value < best[slot]:
                            best[slot] = value
        return best


_SIGNS: dict[int, tuple[list[list[float]], bool]] = {}
"""Whether each table judged with has no negative cost, by its id (the table is kept with
it, so its id stays its own); the bots judge with a few tables made once."""


def _nonnegative(table: list[list[float]]) -> bool:
    """True when no cost in `table` is negative (so a cost can only grow as gaps add up)."""
    found = _SIGNS.get(id(table))
    if found is None:
        found = (table, all(cost >= 0 for row in table for cost in row))
        if len(_SIGNS) < 256:  # beyond that many tables, found again each time
            _SIGNS[id(table)] = found
    return found[1]
