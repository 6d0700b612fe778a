"""What one seat may see: its own rack, the piles' public faces, scores and the public history."""

from __future__ import annotations

from typing import NamedTuple

from rack_o.actions import Action, Phase, Source
from rack_o.rules import Rules
from rack_o.steps import RoundResult, TurnOver


class PublicTurn(NamedTuple):
    """A finished turn as the table saw it; a drawn card that was kept stays hidden."""

    seat: int
    source: Source
    """The pile the card was taken from."""
    taken: int | None
    """The card taken from the discard pile; None for a draw."""
    slot: int | None
    """The slot the card went into; None when a drawn card was discarded at once."""
    discarded: int
    """The card that went face up onto the discard pile."""


class SeatView(NamedTuple):
    """Everything `seat` may know now, and nothing more: no other rack, no draw-pile order."""

    seat: int | None
    """The seat this view is of, always a number in an agent's view; None only for what
    anyone may see (`Game.public_view`), which no agent is given."""
    names: tuple[str, ...]
    rules: Rules
    round: int
    dealer: int
    mover: int
    """The seat whose turn it is."""
    phase: Phase
    rack: tuple[int, ...]
    """This seat's rack, slot 1 first (empty before the first deal)."""
    held: int | None
    """The card this seat holds mid-turn, if any."""
    held_source: Source | None
    discard_pile: tuple[int, ...]
    """Bottom first: the last card is the top, the one that may be taken."""
    draw_pile_size: int
    totals: tuple[int, ...]
    """Running totals: per seat, or per team with partners."""
    history: tuple[PublicTurn | TurnOver, ...]
    """This round's public events, oldest first."""
    turn: int
    """How many turns of this round have been played."""
    legal_actions: tuple[Action, ...]
    """What this seat may do now; empty when it is not this seat's move."""
    last_round: RoundResult | None
    winner: int | None

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act now."""
        return bool(self.legal_actions)

    @property
    def holds_drawn_card(self) -> bool:
        """True while this seat holds a card it drew (`Game.holds_drawn_card`)."""
        return self.phase is Phase.PLACE and self.held_source is Source.DRAW

    @property
    def discard_top(self) -> int | None:
        """The face-up card that may be taken, if any."""
        return self.discard_pile[-1] if self.discard_pile else None
