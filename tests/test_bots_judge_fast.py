"""The bots' judgement is worked out fast, and gives exactly the figures of its plain
definition: every cost of every rack, card and slot the same to the last bit, so that no bot
moves otherwise and `racko review` finds the same figures. The plain definitions are here,
written out as the rules of the judgement say (and as racko first computed them); the
shortcuts (a cost capped where only a lower one counts, a slot ruled out by one cost) are
held to the answers the plain ones give."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rack_o.bots.expert_infer import _hard_puts, _judge
from rack_o.bots.expert_race import race_table
from rack_o.bots.gaps import GAP_COST, INFEASIBLE
from rack_o.bots.judge import Judgement
from rack_o.rack import ordered_count
from rack_o.rules import RACK_SIZE

LAST = RACK_SIZE + 1
SLOTS = range(1, RACK_SIZE + 1)
settle = settings(max_examples=60, deadline=None, derandomize=True, database=None)


class Plain:
    """A rack judged by the definitions alone: the least cost of the gaps between the cards
    kept, found slot by slot from below (`forward`) and from above (`backward`)."""

    def __init__(self, rack: Sequence[int], unseen: Sequence[int], deck_size: int,
                 table: list[list[float]]) -> None:
        self.table = table
        self.cards = cards = [0, *rack, deck_size + 1]
        below = [0] * (deck_size + 2)
        running = 0
        for x in range(deck_size + 2):
            below[x] = running
            running += x in unseen
        self.below = below
        forward = [INFEASIBLE] * (LAST + 1)
        forward[0] = 0.0
        link = [0] * (LAST + 1)
        for i in range(1, LAST + 1):
            for j in range(i):
                if forward[j] == INFEASIBLE or cards[j] >= cards[i]:
                    continue
                value = forward[j] + table[i - j - 1][below[cards[i]] - below[cards[j] + 1]]
                if value < forward[i]:
                    forward[i], link[i] = value, j
        backward = [INFEASIBLE] * (LAST + 1)
        backward[LAST] = 0.0
        for i in range(RACK_SIZE, -1, -1):
            for j in range(i + 1, LAST + 1):
                if backward[j] == INFEASIBLE or cards[j] <= cards[i]:
                    continue
                value = backward[j] + table[j - i - 1][below[cards[j]] - below[cards[i] + 1]]
                backward[i] = min(backward[i], value)
        self.forward, self.backward, self.cost = forward, backward, forward[LAST]
        kept, i = [], link[LAST]
        while i:
            kept.append(i)
            i = link[i]
        self.kept = tuple(reversed(kept))

    def with_card(self, slot: int, card: int) -> float:
        cards, below, table = self.cards, self.below, self.table
        left = min((self.forward[j] + table[slot - j - 1][below[card] - below[cards[j] + 1]]
                    for j in range(slot)
                    if cards[j] < card and self.forward[j] != INFEASIBLE), default=INFEASIBLE)
        if left == INFEASIBLE:
            return INFEASIBLE
        right = min((self.backward[k] + table[k - slot - 1][below[cards[k]] - below[card + 1]]
                     for k in range(slot + 1, LAST + 1)
                     if cards[k] > card and self.backward[k] != INFEASIBLE), default=INFEASIBLE)
        return left + right

    def best_with(self, card: int) -> float:
        return min(self.with_card(slot, card) for slot in SLOTS)

    def without(self, slot: int) -> float:
        cards, below, table = self.cards, self.below, self.table
        return min((self.forward[j] + self.backward[k]
                    + table[k - j - 1][below[cards[k]] - below[cards[j] + 1]]
                    for j in range(slot) for k in range(slot + 1, LAST + 1)
                    if self.forward[j] != INFEASIBLE and self.backward[k] != INFEASIBLE
                    and cards[k] > cards[j]), default=INFEASIBLE)


@st.composite
def judged(draw: st.DrawFn) -> tuple[list[int], list[int], int, list[list[float]]]:
    """A rack, the cards still to come, the deck's size and a table to judge with."""
    deck_size = draw(st.sampled_from([40, 50, 60]))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    deck = list(range(1, deck_size + 1))
    rng.shuffle(deck)
    rack = deck[:RACK_SIZE]
    if draw(st.booleans()):  # nearly in order, as racks are late in a round
        rack.sort()
        i, j = rng.sample(range(RACK_SIZE), 2)
        rack[i], rack[j] = rack[j], rack[i]
    unseen = sorted(deck[RACK_SIZE:RACK_SIZE + draw(st.integers(0, deck_size - RACK_SIZE))])
    table = GAP_COST if draw(st.booleans()) else race_table(max(len(unseen), 1))
    return rack, unseen, deck_size, table


@pytest.mark.slow
@settle
@given(judged())
def test_a_rack_s_tables_cost_and_cards_kept_are_the_plain_ones(case: tuple) -> None:
    rack, unseen, deck_size, table = case
    fast, plain = Judgement(rack, unseen, deck_size, table), Plain(rack, unseen, deck_size, table)
    assert (fast.forward, fast.backward, fast.cost, fast.kept) == (
        plain.forward, plain.backward, plain.cost, plain.kept)


@pytest.mark.slow
@settle
@given(judged(), st.randoms(use_true_random=False))
def test_every_card_in_every_slot_costs_what_the_definition_gives(
    case: tuple, rng: random.Random
) -> None:
    rack, unseen, deck_size, table = case
    fast, plain = Judgement(rack, unseen, deck_size, table), Plain(rack, unseen, deck_size, table)
    for card in range(1, deck_size + 1):
        for slot in SLOTS:
            exact = plain.with_card(slot, card)
            assert fast.with_card(slot, card) == exact
            cap = rng.choice([exact, exact + 0.5, max(exact - 0.5, 0.0), 0.0, INFEASIBLE])
            capped = fast.with_card(slot, card, cap)
            assert capped == exact if exact < cap else capped >= cap
        exact = plain.best_with(card)
        assert fast.best_with(card) == exact
        for cap in (exact, exact + 0.25, max(exact - 0.25, 0.0), fast.cost, 0.0):
            assert fast.best_with(card, cap) == min(cap, exact)


@pytest.mark.slow
@settle
@given(judged(), st.permutations(list(SLOTS)))
def test_giving_up_any_slot_costs_what_the_definition_gives_in_whatever_order_asked(
    case: tuple, order: list[int]
) -> None:
    rack, unseen, deck_size, table = case
    plain = Plain(rack, unseen, deck_size, table)
    asked = Judgement(rack, unseen, deck_size, table)
    assert [asked.without(slot) for slot in order] == [plain.without(slot) for slot in order]
    once = Judgement(rack, unseen, deck_size, table)
    assert once.least_without() == min(plain.without(slot) for slot in SLOTS)
    assert [once.without(slot) for slot in SLOTS] == [plain.without(slot) for slot in SLOTS]


def _hard_slot(rack: list[int], card: int, drawn: bool, plain: Plain) -> int:
    """Where the hard bot puts `card` (0: a drawn card thrown away), judged in full: the least
    of each slot's cost (keeping the card or giving the slot's card up), rounded; ties to more
    cards in order from slot 1, then to the lower slot."""
    best = (INFEASIBLE, 0, 0)
    for slot in SLOTS:
        cost = round(min(plain.with_card(slot, card), plain.without(slot)), 9)
        key = (cost, -ordered_count([*rack[:slot - 1], card, *rack[slot:]]), slot)
        best = min(best, key)
    if drawn and round(plain.cost, 9) <= best[0]:
        return 0
    return best[2]


@pytest.mark.slow
@settle
@given(judged(), st.booleans())
def test_hard_s_place_for_a_card_as_inferred_is_the_one_it_judges_best(
    case: tuple, drawn: bool
) -> None:
    rack, unseen, deck_size, _table = case
    seen = frozenset(card for card in range(1, deck_size + 1)
                     if card not in rack and card not in unseen)
    hard = _judge(list(rack), seen, deck_size)
    plain = Plain(rack, unseen, deck_size, GAP_COST)
    for card in range(1, deck_size + 1):
        if card in rack:
            continue
        chosen = _hard_slot(rack, card, drawn, plain)
        for slot in range(0, RACK_SIZE + 1):
            assert _hard_puts(hard, list(rack), card, slot, drawn) == (slot == chosen), (
                card, slot, chosen)


@pytest.mark.parametrize("table", [GAP_COST, race_table(20)], ids=["gaps", "race"])
def test_no_cost_is_negative_in_the_tables_the_bots_cap_with(table: list[list[float]]) -> None:
    # A capped cost stops at the slots below a card: sound only if the rest adds nothing less.
    assert min(cost for row in table for cost in row) >= 0
