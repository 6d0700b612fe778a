"""The solo play that turns-to-go estimates and rollouts assume: the hard bot's judgement.

A seat playing on alone, with nobody to deny, plays as the hard bot judges (`Weigher`): take
the face-up card if its best slot beats a blind draw, place a card where the rack becomes
cheapest, throw a drawn card away when no slot helps. (The expert bot itself judges racks
by their chance to go out soon, `expert_race`; the review's yardstick stays the mean turns
to go, which this play measures.) These functions take a bare rack and the cards that may
come, so that rollouts can run without building views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rack_o.bots.hard import Weigher
from rack_o.rules import Rules


class Seat(NamedTuple):
    """The two things `Weigher` reads from a view: a rack and the rules."""

    rack: tuple[int, ...]
    rules: Rules


def weigher(rack: Sequence[int], coming: Sequence[int], rules: Rules) -> Weigher:
    """The hard bot's judgement of `rack` when the cards `coming` may still arrive."""
    return Weigher(Seat(tuple(rack), rules), list(coming), set(coming))  # type: ignore[arg-type]


def takes(judge: Weigher, top: int, coming: Sequence[int]) -> bool:
    """True when the solo policy takes the face-up `top` rather than draw blind."""
    return judge.best_slot(top)[0] < judge.draw_cost(list(coming)) - 1e-9


def placement(judge: Weigher, card: int, may_throw: bool) -> int:
    """The slot the solo policy puts `card` in, or 0 to throw a drawn card away."""
    cost, slot = judge.best_slot(card)
    if may_throw and round(judge.now, 9) <= round(cost, 9):
        return 0
    return slot
