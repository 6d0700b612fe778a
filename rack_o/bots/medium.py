"""The medium bot: the easy bot's bands, plus an eye for order between neighbouring slots.

Like easy, it wants card n in the slot its number belongs to. It also takes a card for a
full band slot when the card fits between that slot's neighbours and the current one does
not, and it lets a card settle one slot off its band where the slot holds a far-off card.
Before all that it looks for a card that goes Rack-O, and under the run-of-three rule it
builds its run like easy (`rack_o.bots.finish`). It counts no cards and looks no further
than the slots beside the one it fills.
"""

from __future__ import annotations

from rack_o.actions import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.bots.finish import building_run, finishing_slot
from rack_o.bots.simple import band_slot
from rack_o.rules import RACK_SIZE
from rack_o.view import SeatView


def fits(rack: tuple[int, ...], slot: int, card: int) -> bool:
    """True when `card` in `slot` would sit between its neighbours' cards."""
    low = rack[slot - 2] if slot > 1 else 0
    high = rack[slot] if slot < RACK_SIZE else card + 1
    return low < card < high


def slot_for(rack: tuple[int, ...], card: int, deck_size: int) -> int | None:
    """The slot medium would put `card` in, or None to leave it."""
    home = band_slot(card, deck_size)
    current = rack[home - 1]
    if band_slot(current, deck_size) != home:
        return home
    if fits(rack, home, card) and not fits(rack, home, current):
        return home
    for slot in (home - 1, home + 1):
        if not 1 <= slot <= RACK_SIZE:
            continue
        # Only a card two or more bands away is given up for a neighbour's card.
        far_off = abs(band_slot(rack[slot - 1], deck_size) - slot) > 1
        if far_off and fits(rack, slot, card):
            return slot
    return None


class MediumBot:
    """Bands like easy, with a look at the neighbouring slots; finishes like easy."""

    name = "Medium"

    def choose(self, view: SeatView) -> Action:
        """Take or keep a card only to finish, or where `slot_for` finds it a slot."""
        size = view.rules.deck_size
        run_rule = view.rules.run_of_three
        rack = view.rack
        if view.phase is Phase.CHOOSE:
            top = view.discard_top
            if top is None:
                return DRAW
            if finishing_slot(rack, top, run_rule) is not None:
                return TAKE
            if not building_run(rack, run_rule) and slot_for(rack, top, size) is not None:
                return TAKE
            return DRAW
        held = view.held
        assert held is not None
        slot = finishing_slot(rack, held, run_rule)
        if slot is None and not building_run(rack, run_rule):
            slot = slot_for(rack, held, size)
        if slot is not None:
            return place(slot)
        if view.held_source is Source.DRAW:
            return DISCARD
        return place(band_slot(held, size))
