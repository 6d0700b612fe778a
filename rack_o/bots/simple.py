"""The two simple levels: `random` (any legal move) and `easy` (each card to its band's slot)."""

from __future__ import annotations

import random

from rack_o.actions import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.bots.finish import building_run, finishing_slot
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, RACK_SIZE, deck_size_for
from rack_o.view import SeatView


def band_slot(card: int, deck_size: int) -> int:
    """The slot a card's number belongs to: slot n holds the n-th tenth of the deck."""
    return -(-card * RACK_SIZE // deck_size)


# band_slot for every card of each deck size, looked up at every decision of `easy`.
_BANDS = {
    size: (0, *(band_slot(card, size) for card in range(1, size + 1)))
    for size in (deck_size_for(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1))
}


class RandomBot:
    """Any legal move, drawn from a generator seeded by (seed, seat, round, turn, phase)."""

    name = "Random"

    def __init__(self, seed: int | str | None = None, seat: int = 0) -> None:
        self.seed = seed
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """A legal action picked at random, the same one every time for the same position."""
        rng = random.Random(f"{self.seed}:{self.seat}:{view.round}:{view.turn}:{view.phase}")
        return rng.choice(view.legal_actions)


class EasyBot:
    """Puts each card in its band's slot when that slot lacks a card of its band.

    Under the run-of-three rule it also goes out when a card lets it, and an ordered rack
    without its run takes only cards that bring the run closer (`rack_o.bots.finish`); under
    the plain rules its bands alone bring it to Rack-O, and it looks for nothing more.
    """

    name = "Easy"

    def choose(self, view: SeatView) -> Action:
        """Take or keep a card only to finish, or to fill a slot lacking its band."""
        rules = view.rules
        band = _BANDS[rules.deck_size]
        run_rule = rules.run_of_three
        rack = view.rack
        building = run_rule and building_run(rack, run_rule)
        if view.phase is Phase.CHOOSE:
            top = view.discard_top
            if top is None:
                return DRAW
            if run_rule and finishing_slot(rack, top, run_rule) is not None:
                return TAKE
            slot = band[top]
            if not building and band[rack[slot - 1]] != slot:
                return TAKE
            return DRAW
        held = view.held
        assert held is not None
        finish = finishing_slot(rack, held, run_rule) if run_rule else None
        if finish is not None:
            return place(finish)
        slot = band[held]
        if not building and band[rack[slot - 1]] != slot:
            return place(slot)
        if view.held_source is Source.DRAW:
            return DISCARD
        # A taken card that fits no empty band still has to go somewhere: a slot out of band.
        for slot in range(1, RACK_SIZE + 1):
            if band[rack[slot - 1]] != slot:
                return place(slot)
        return place(RACK_SIZE)

