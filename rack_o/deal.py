"""The chance steps: shuffling, the dealer draw, and dealing a deck into racks and piles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import gt

from rack_o.errors import N_
from rack_o.rules import RACK_SIZE


def shuffled_deck(deck_size: int, rng: random.Random) -> list[int]:
    """Cards 1..deck_size in the order `rng` shuffles them, top card first."""
    deck = list(range(1, deck_size + 1))
    rng.shuffle(deck)
    return deck


def draw_for_dealer(players: int, deck_size: int, rng: random.Random) -> list[int]:
    """The card each seat draws, in seat order, from the top of a freshly shuffled deck."""
    return shuffled_deck(deck_size, rng)[:players]


def dealer_from_draw(cards: Sequence[int]) -> int:
    """The seat that drew the highest card, which deals the first round."""
    return max(range(len(cards)), key=cards.__getitem__)


WHOLE_DECK = N_("a deck must hold each card from 1 to {deck_size} exactly once")


def check_deck(deck: Sequence[int], deck_size: int) -> None:
    """Raise ValueError unless `deck` holds each card 1..deck_size exactly once."""
    if (
        len(deck) != deck_size
        or not all(type(card) is int for card in deck)
        or sorted(deck) != list(range(1, deck_size + 1))
    ):
        raise ValueError(WHOLE_DECK.format(deck_size=deck_size))


def deal(
    deck: Sequence[int], players: int, dealer: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """(racks, discard pile, draw pile) from a deck, top first; piles are listed top first.

    One card at a time from the dealer's left round to the dealer, ten times; each player's
    n-th card goes into slot 11 - n (the highest empty slot), so racks come out slot 1 first.
    """
    dealt = RACK_SIZE * players
    deck = list(deck)
    racks: list[list[int]] = [[] for _ in range(players)]
    for first in range(players):
        seat = (dealer + 1 + first) % players
        # This seat's cards are deck[first], deck[first + players], ...: the first one it
        # receives goes to slot 10, so slot 1 first is that sequence read backwards.
        racks[seat] = deck[first + dealt - players :: -players]
    return racks, [deck[dealt]], deck[dealt + 1 :]


def descents(rack: Sequence[int]) -> int:
    """How many adjacent pairs of slots break the ascending order (0 means ascending)."""
    return sum(map(gt, rack, rack[1:]))
