"""The four steps of a turn: draw, take the discard, place in a slot, discard the drawn card."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rack_o.rules import RACK_SIZE


class ActionKind(StrEnum):
    """What kind of step a turn action is."""

    DRAW = "draw"
    TAKE = "take"
    PLACE = "place"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a turn; `slot` (1-10) is set only for PLACE."""

    kind: ActionKind
    slot: int | None = None

    def __str__(self) -> str:
        if self.kind is ActionKind.PLACE:
            return f"place in slot {self.slot}"
        return {
            ActionKind.DRAW: "draw from the draw pile",
            ActionKind.TAKE: "take the top discard",
            ActionKind.DISCARD: "discard the drawn card",
        }[self.kind]


DRAW = Action(ActionKind.DRAW)
TAKE = Action(ActionKind.TAKE)
DISCARD = Action(ActionKind.DISCARD)
# Index 0 is unused so that PLACE[slot] reads like the rules.
PLACE: tuple[Action, ...] = (DISCARD,) + tuple(
    Action(ActionKind.PLACE, slot) for slot in range(1, RACK_SIZE + 1)
)


def place(slot: int) -> Action:
    """The action of putting the card in hand into `slot` (1-10)."""
    if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= RACK_SIZE:
        return Action(ActionKind.PLACE, slot)  # illegal; the game says so when applied
    return PLACE[slot]
