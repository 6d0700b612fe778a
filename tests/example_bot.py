"""A complete custom bot, shown in docs/bots.md: keep cards that fit the slot they belong to."""

from rack_o import DISCARD, DRAW, TAKE, Action, Phase, SeatView, Source, place


class BandBot:
    """Wants card n in slot ceil(n * 10 / deck size), and holds on to cards already home."""

    name = "Band"

    def home(self, card: int, view: SeatView) -> int:
        return -(-card * 10 // view.rules.deck_size)

    def wants(self, card: int, view: SeatView) -> bool:
        slot = self.home(card, view)
        return self.home(view.rack[slot - 1], view) != slot

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.CHOOSE:
            return TAKE if self.wants(view.discard_top, view) else DRAW
        if self.wants(view.held, view) or view.held_source is Source.DISCARD:
            return place(self.home(view.held, view))
        return DISCARD
