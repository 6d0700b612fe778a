"""The hint a human can ask for: what the hard bot would do now, and why, in one sentence."""

from __future__ import annotations

from rack_o.actions import Action, ActionKind, Phase
from rack_o.bots.hard import decide
from rack_o.bots.judge import Judgement
from rack_o.bots.memory import known_draw_pile
from rack_o.i18n import _
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
        return _("between your {low} and {high}").format(
            low=changed[lower[-1] - 1], high=changed[higher[0] - 1]
        )
    if higher:
        return _("below your {card}").format(card=changed[higher[0] - 1])
    if lower:
        return _("above your {card}").format(card=changed[lower[-1] - 1])
    return _("where it starts an ascending run")


def hint(view: SeatView) -> tuple[Action, str]:
    """What the hard bot would do in this seat now, and why, in one sentence."""
    if not view.legal_actions:
        raise ValueError("a hint needs a view of the seat whose turn it is")
    decision = decide(view)
    action = decision.action
    size = view.rules.deck_size
    rack = view.rack
    if view.phase is Phase.CHOOSE:
        top = view.discard_top
        # Once the draw pile has been turned over, its order is public: the next card is known.
        known = known_draw_pile(view)
        if action.kind is ActionKind.TAKE:
            slot = decision.slot
            assert slot is not None and top is not None
            where = _neighbours(rack, slot, top, size)
            if known:
                sentence = _("Take the {card}: it goes in slot {slot}, {where}, which beats "
                             "drawing.")
            else:
                sentence = _("Take the {card}: it goes in slot {slot}, {where}, which beats a "
                             "blind draw.")
            return action, sentence.format(card=top, slot=slot, where=where)
        if top is None:
            return action, _("Draw: there is no discard to take.")
        if known:
            return action, _(
                "Draw: the {card} on the discard pile helps your rack less than the next card "
                "of the turned-over draw pile."
            ).format(card=top)
        return action, _(
            "Draw: the {card} on the discard pile helps your rack less than an unknown card "
            "would on average."
        ).format(card=top)
    held = view.held
    if action.kind is ActionKind.DISCARD:
        return action, _("Discard the {card}: no slot of your rack gets better with it.").format(
            card=held
        )
    slot = action.slot
    assert slot is not None and held is not None
    replaced = rack[slot - 1]
    if decision.cost_after >= decision.cost_now:
        return action, _(
            "Put the {card} in slot {slot}: giving up the {out} there costs you least."
        ).format(card=held, slot=slot, out=replaced)
    where = _neighbours(rack, slot, held, size)
    return action, _(
        "Put the {card} in slot {slot} in place of the {out}: it fits {where}."
    ).format(card=held, slot=slot, out=replaced, where=where)
