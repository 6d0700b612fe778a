"""The hint a human can ask for: what the hard bot would do now, and why, in one sentence."""

from __future__ import annotations

from rack_o.actions import Action, ActionKind
from rack_o.bots.hard import decide
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_draw_pile
from rack_o.view import SeatView


def _neighbours(rack: tuple[int, ...], slot: int, card: int, deck_size: int) -> str:
    """Where `card` sits among the cards worth keeping once it is in `slot`."""
    changed = list(rack)
    changed[slot - 1] = card
    unseen = [c for c in range(1, deck_size + 1) if c not in changed]
    kept = Judgement(changed, unseen, deck_size).kept
    lower = [s for s in kept if s < slot]
    higher = [s for s in kept if s > slot]
    if lower and higher:
        return f"between your {changed[lower[-1] - 1]} and {changed[higher[0] - 1]}"
    if higher:
        return f"below your {changed[higher[0] - 1]}"
    if lower:
        return f"above your {changed[lower[-1] - 1]}"
    return "where it starts an ascending run"


def hint(view: SeatView) -> tuple[Action, str]:
    """What the hard bot would do in this seat now, and why, in one sentence."""
    if not view.legal_actions:
        raise ValueError("a hint needs a view of the seat whose turn it is")
    decision = decide(view)
    action = decision.action
    size = view.rules.deck_size
    rack = view.rack
    if view.phase == "choose":
        top = view.discard_top
        # Once the draw pile has been turned over, its order is public: the next card is known.
        draw = "drawing" if known_draw_pile(view) else "a blind draw"
        if action.kind is ActionKind.TAKE:
            slot = decision.slot
            assert slot is not None and top is not None
            where = _neighbours(rack, slot, top, size)
            return action, (
                f"Take the {top}: it goes in slot {slot}, {where}, which beats {draw}."
            )
        if top is None:
            return action, "Draw: there is no discard to take."
        if draw == "drawing":
            return action, (
                f"Draw: the {top} on the discard pile helps your rack less than the next card "
                "of the turned-over draw pile."
            )
        return action, (
            f"Draw: the {top} on the discard pile helps your rack less than an unknown card "
            "would on average."
        )
    held = view.held
    if action.kind is ActionKind.DISCARD:
        return action, f"Discard the {held}: no slot of your rack gets better with it."
    slot = action.slot
    assert slot is not None and held is not None
    replaced = rack[slot - 1]
    if decision.cost_after >= decision.cost_now:
        return action, (
            f"Put the {held} in slot {slot}: giving up the {replaced} there costs you least."
        )
    where = _neighbours(rack, slot, held, size)
    return action, f"Put the {held} in slot {slot} in place of the {replaced}: it fits {where}."
