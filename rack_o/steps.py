"""The typed step log: each thing that happens in a game, as an immutable value.

A game is the sequence of its steps: the dealer draw, then for each round a deal, turns (with
a turn-over when the draw pile runs out) and a round end, and at last the game end. `Game`
keeps them in `Game.steps` and hands each to its `on_step` listener; `rack_o.record` turns
them into rack-o/1 lines and back.
"""

from __future__ import annotations

from typing import NamedTuple

from rack_o.actions import Source


class DealerDraw(NamedTuple):
    """Each seat drew a card, in seat order; the highest card deals round 1."""

    cards: tuple[int, ...]
    dealer: int


class Deal(NamedTuple):
    """A round was dealt by `dealer` from `deck`, top card first."""

    round: int
    dealer: int
    deck: tuple[int, ...]


class Turn(NamedTuple):
    """A finished turn: `card` taken from `source` into `slot` (None: a drawn card thrown
    away), and the card that went onto the discard pile."""

    seat: int
    source: Source
    card: int
    slot: int | None
    discarded: int


class TurnOver(NamedTuple):
    """The empty draw pile was replaced by the discard pile turned over; `card` was turned up."""

    round: int
    card: int


class RoundResult(NamedTuple):
    """How a round ended: who went Rack-O, every rack, and the points per seat."""

    round: int
    dealer: int
    racko: int
    racks: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    """Each seat's round points, bonus included."""
    bonus: tuple[int, ...]
    totals: tuple[int, ...]
    """Running totals after this round: per seat, or per team with partners."""
    turns: int


class GameEnd(NamedTuple):
    """The game is won by `winner` (a seat, or a team with partners) with these totals."""

    winner: int
    totals: tuple[int, ...]


Step = DealerDraw | Deal | Turn | TurnOver | RoundResult | GameEnd
"""Anything that happens in a game."""
