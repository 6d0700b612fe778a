"""Judging a rack: which cards to keep, and how many turns the rest should take to fill.

The cards worth keeping form an increasing subsequence with room between them; the slots
between two kept cards form a gap that the unseen cards fitting between them must fill.
A rack's cost is the least, over all such choices, of the summed `GAP_COST` of its gaps
(lower is better; 0 is Rack-O). `Judgement` answers "what if card c replaced slot s" in
O(slots) from prefix and suffix tables, so a bot can weigh every card against every slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rack_o.bots.gaps import GAP_COST, INFEASIBLE
from rack_o.rules import RACK_SIZE

_LAST = RACK_SIZE + 1  # the sentinel slot after slot 10


class Judgement:
    """A rack judged against the cards that may still come (`unseen`)."""

    def __init__(
        self,
        rack: Sequence[int],
        unseen: Iterable[int],
        deck_size: int,
        table: list[list[float]] = GAP_COST,
    ) -> None:
        """Tables for `rack` (slot 1 first) given the cards that may still come."""
        self.deck_size = deck_size
        self.table = table
        cards = [0, *rack, deck_size + 1]  # sentinels below and above every card
        self.cards = cards
        below = [0] * (deck_size + 2)  # below[x]: unseen cards < x ... built as a prefix count
        marks = [0] * (deck_size + 2)
        for card in unseen:
            marks[card] = 1
        running = 0
        for x in range(deck_size + 2):
            below[x] = running
            running += marks[x]
        self.below = below
        # forward[i]: least cost of slots 1..i-1 given slot i is kept (slot 0 is the floor).
        forward = [INFEASIBLE] * (_LAST + 1)
        forward[0] = 0.0
        back_from = [0] * (_LAST + 1)
        for i in range(1, _LAST + 1):
            ci = cards[i]
            best = INFEASIBLE
            link = 0
            for j in range(i):
                fj = forward[j]
                cj = cards[j]
                if fj == INFEASIBLE or cj >= ci:
                    continue
                value = fj + table[i - j - 1][below[ci] - below[cj + 1]]
                if value < best:
                    best, link = value, j
            forward[i] = best
            back_from[i] = link
        # backward[i]: least cost of slots i+1..10 given slot i is kept (slot 11 is the ceiling).
        backward = [INFEASIBLE] * (_LAST + 1)
        backward[_LAST] = 0.0
        for i in range(RACK_SIZE, -1, -1):
            ci = cards[i]
            best = INFEASIBLE
            for j in range(i + 1, _LAST + 1):
                bj = backward[j]
                cj = cards[j]
                if bj == INFEASIBLE or cj <= ci:
                    continue
                value = bj + table[j - i - 1][below[cj] - below[ci + 1]]
                if value < best:
                    best = value
            backward[i] = best
        self.forward = forward
        self.backward = backward
        self.cost = forward[_LAST]
        kept = []
        i = back_from[_LAST]
        while i:
            kept.append(i)
            i = back_from[i]
        self.kept: tuple[int, ...] = tuple(reversed(kept))
        """The slots of a best choice of cards to keep, front first."""

    def fitting(self, low: int, high: int) -> int:
        """How many unseen cards lie strictly between `low` and `high`."""
        return self.below[high] - self.below[low + 1] if high > low else 0

    def with_card(self, slot: int, card: int) -> float:
        """The rack's cost if `card` replaced the card in `slot` and were kept there."""
        cards = self.cards
        below = self.below
        forward = self.forward
        backward = self.backward
        table = self.table
        at_card = below[card]
        above_card = below[card + 1]
        left = INFEASIBLE
        for j in range(slot):
            fj = forward[j]
            cj = cards[j]
            if cj >= card or fj == INFEASIBLE:
                continue
            value = fj + table[slot - j - 1][at_card - below[cj + 1]]
            if value < left:
                left = value
        if left == INFEASIBLE:
            return INFEASIBLE
        right = INFEASIBLE
        for j in range(slot + 1, _LAST + 1):
            bj = backward[j]
            cj = cards[j]
            if cj <= card or bj == INFEASIBLE:
                continue
            value = bj + table[j - slot - 1][below[cj] - above_card]
            if value < right:
                right = value
        return left + right

    def best_with(self, card: int) -> float:
        """The least `with_card(slot, card)` over every slot: the best place to keep `card`."""
        cards = self.cards
        below = self.below
        forward = self.forward
        backward = self.backward
        table = self.table
        at_card = below[card]
        above_card = below[card + 1]
        # The kept cards that may stand below or above `card`, found once for every slot.
        lows = [(j, forward[j], at_card - below[cards[j] + 1]) for j in range(_LAST)
                if cards[j] < card and forward[j] != INFEASIBLE]
        highs = [(k, backward[k], below[cards[k]] - above_card) for k in range(1, _LAST + 1)
                 if cards[k] > card and backward[k] != INFEASIBLE]
        best = INFEASIBLE
        for slot in range(1, RACK_SIZE + 1):
            left = INFEASIBLE
            for j, fj, fit in lows:
                if j >= slot:
                    break
                value = fj + table[slot - j - 1][fit]
                if value < left:
                    left = value
            if left == INFEASIBLE:
                continue
            right = INFEASIBLE
            for k, bk, fit in highs:
                if k <= slot:
                    continue
                value = bk + table[k - slot - 1][fit]
                if value < right:
                    right = value
            if left + right < best:
                best = left + right
        return best

    def without(self, slot: int) -> float:
        """The rack's cost if the card in `slot` were given up (its slot joins a gap)."""
        cards = self.cards
        below = self.below
        forward = self.forward
        backward = self.backward
        table = self.table
        best = INFEASIBLE
        for j in range(slot):
            fj = forward[j]
            if fj == INFEASIBLE:
                continue
            cj = cards[j]
            base = below[cj + 1]
            for k in range(slot + 1, _LAST + 1):
                bk = backward[k]
                ck = cards[k]
                if ck <= cj or bk == INFEASIBLE:
                    continue
                value = fj + bk + table[k - j - 1][below[ck] - base]
                if value < best:
                    best = value
        return best
