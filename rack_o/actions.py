"""What can be done in a turn, and when: phases, piles and the four actions.

An action is a small immutable value: `DRAW`, `TAKE`, `DISCARD`, or `place(slot)` for slots
1-10, the one way to name a placement. Its text form (`str`) reads like the rules and parses
back with `Action.parse`.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from rack_o.errors import IllegalActionError, described, type_named
from rack_o.rules import RACK_SIZE


class Phase(StrEnum):
    """What the game waits for."""

    DEAL = "deal"
    """A round must be dealt (`Game.deal`)."""
    CHOOSE = "choose"
    """The mover draws or takes the top discard."""
    PLACE = "place"
    """The mover places the card in hand, or discards a drawn card."""
    OVER = "over"
    """The game has a winner."""


class Source(StrEnum):
    """The pile a turn's card was taken from, as the record names it."""

    DRAW = "draw"
    DISCARD = "discard"


class ActionKind(StrEnum):
    """What kind of step a turn action is."""

    DRAW = "draw"
    TAKE = "take"
    PLACE = "place"
    DISCARD = "discard"


_TEXT = {
    ActionKind.DRAW: "draw from the draw pile",
    ActionKind.TAKE: "take the top discard",
    ActionKind.DISCARD: "discard the drawn card",
}
_PLACE_TEXT = "place in slot {slot}"
_PARSE = re.compile(r"(?:place(?: in slot)?\s+)?(-?\d+)")


class Action(NamedTuple):
    """One step of a turn; `slot` (1-10) is set only for a placement."""

    kind: ActionKind
    slot: int | None = None

    def __str__(self) -> str:
        kind, slot = self.kind, self.slot
        if type(kind) is not ActionKind:
            return f"Action({described(kind)}, {described(slot)})"
        if kind is ActionKind.PLACE:
            return _PLACE_TEXT.format(slot=slot if type(slot) is int else described(slot))
        return _TEXT[kind]

    def __repr__(self) -> str:
        return str(self) if type(self.kind) is not ActionKind else f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action `text` names: its `str`, or short forms ("draw", "take", "discard",
        "place 4", "4"); IllegalActionError for anything else."""
        words = " ".join(text.split()).lower()
        for kind, long in _TEXT.items():
            if words in (long, kind.value):
                return _SIMPLE[kind]
        match = _PARSE.fullmatch(words)
        if match is None:
            raise IllegalActionError(
                f"{text!r} is not an action: write draw, take, discard or place 1-{RACK_SIZE}"
            )
        return place(int(match[1]))


DRAW = Action(ActionKind.DRAW)
TAKE = Action(ActionKind.TAKE)
DISCARD = Action(ActionKind.DISCARD)
_SIMPLE = {ActionKind.DRAW: DRAW, ActionKind.TAKE: TAKE, ActionKind.DISCARD: DISCARD}
PLACEMENTS: tuple[Action, ...] = tuple(
    Action(ActionKind.PLACE, slot) for slot in range(1, RACK_SIZE + 1)
)
"""Every placement, slot 1 first."""
_BY_SLOT = (None, *PLACEMENTS)


_MADE_BY = {ActionKind.DRAW: "DRAW", ActionKind.TAKE: "TAKE", ActionKind.DISCARD: "DISCARD",
            ActionKind.PLACE: "place(slot)"}
"""What makes the action of each kind (the strings "take" and the rest find theirs too)."""


def misformed(action: Action) -> str | None:
    """Why `action` is not made as racko makes its actions (its kind not an ActionKind, a
    placement's slot not an int), said for the one who made it; None if it is."""
    kind, slot = action.kind, action.slot
    if type(kind) is not ActionKind:
        use = _MADE_BY.get(kind) if isinstance(kind, str) else None
        return (f"its kind is {described(kind)}, {type_named(kind)}, not an ActionKind: "
                f"use {use or 'DRAW, TAKE, DISCARD or place(slot)'}")
    if kind is ActionKind.PLACE and type(slot) is not int:
        return f"its slot is {described(slot)}, {type_named(slot)}: use place(1) to place(10)"
    return None


def place(slot: int) -> Action:
    """The action of putting the card in hand into `slot` (1-10).

    Any other slot gives an action the game refuses, saying why, when it is applied.
    """
    if type(slot) is int and 0 < slot <= RACK_SIZE:
        return _BY_SLOT[slot]  # type: ignore[return-value]
    return Action(ActionKind.PLACE, slot)
