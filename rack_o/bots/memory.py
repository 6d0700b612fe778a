"""What a seat can work out from its view: the cards others hold openly, and the unseen cards.

A bot keeps no state of its own: everything here is derived from `SeatView.history`, the
round's public turns, so a resumed game plays on exactly as it would have.
"""

from __future__ import annotations

from rack_o.actions import Source
from rack_o.view import PublicTurn, SeatView


def known_racks(view: SeatView) -> dict[int, dict[int, int]]:
    """For each other seat, slot -> card for the cards it took from the discard pile and kept."""
    known: dict[int, dict[int, int]] = {
        seat: {} for seat in range(view.rules.players) if seat != view.seat
    }
    for event in view.history:
        if not isinstance(event, PublicTurn) or event.seat == view.seat or event.slot is None:
            continue
        if event.source == "discard" and event.taken is not None:
            known[event.seat][event.slot] = event.taken
        else:
            known[event.seat].pop(event.slot, None)  # a hidden drawn card replaced it
    return known


def unseen_cards(view: SeatView) -> list[int]:
    """The cards this seat has not seen where they are: the draw pile and others' hidden slots."""
    seen = set(view.rack)
    seen.update(view.discard_pile)
    if view.held is not None:
        seen.add(view.held)
    for cards in known_racks(view).values():
        seen.update(cards.values())
    return [card for card in range(1, view.rules.deck_size + 1) if card not in seen]


def known_draw_pile(view: SeatView) -> tuple[int, ...] | None:
    """The draw pile, top first, once it has been turned over this round; else None.

    The turned-over pile is the discard pile as everyone saw it grow, so its order is public:
    the first card discarded (after the one turned up) is on top.
    """
    pile: list[int | None] = [None]  # the first face-up card: only known once taken or turned
    draw: list[int] | None = None
    for event in view.history:
        if isinstance(event, PublicTurn):
            if event.source == "discard":
                pile.pop()
            elif draw is not None and draw:
                draw.pop(0)
            pile.append(event.discarded)
        else:
            rest = [card for card in pile[1:] if card is not None]
            pile = [event.card]
            draw = rest
    if draw is None:
        return None
    if view.held_source is Source.DRAW and draw:
        draw.pop(0)  # drawn this turn: it is in hand now
    return tuple(draw)
