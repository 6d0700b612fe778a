"""The chance steps: shuffling, the dealer draw, and dealing a deck into racks and piles."""

from __future__ import annotations

import random
from collections.abc import Sequence

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


def check_deck(deck: Sequence[int], deck_size: int) -> None:
    """Raise ValueError unless `deck` holds each card 1..deck_size exactly once."""
    if len(deck) != deck_size or sorted(deck) != list(range(1, deck_size + 1)):
        raise ValueError(f"a deck must hold each card from 1 to {deck_size} exactly once")


def deal(
    deck: Sequence[int], players: int, dealer: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """(racks, discard pile, draw pile) from a deck, top first; piles are listed top first.

    One card at a time from the dealer's left round to the dealer, ten times; each player's
    n-th card goes into slot 11 - n (the highest empty slot), so racks come out slot 1 first.
    """
    racks = [[0] * RACK_SIZE for _ in range(players)]
    for k in range(RACK_SIZE * players):
        seat = (dealer + 1 + k) % players
        racks[seat][RACK_SIZE - 1 - k // players] = deck[k]
    first = RACK_SIZE * players
    return racks, [deck[first]], list(deck[first + 1 :])
