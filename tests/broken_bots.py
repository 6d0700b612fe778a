"""Bots that misbehave on purpose, and classes that are not bots, for the loader's tests."""

from rack_o import Action, SeatView, place


class Cheater:
    """Places a card in slot 1 when it should draw or take."""

    name = "Cheater"

    def choose(self, view: SeatView) -> Action:
        return place(1)


class Crasher:
    """Raises on its first move."""

    name = "Crasher"

    def choose(self, view: SeatView) -> Action:
        raise RuntimeError("out of ideas")


class Nameless:
    """Has a choose method but no name."""

    def choose(self, view: SeatView) -> Action:
        return place(1)


class NoChoose:
    """Has a name but cannot choose."""

    name = "Mute"


not_a_class = 42


class Quitter:
    """Calls sys.exit in the middle of a game, as a careless bot might."""

    name = "Quitter"

    def choose(self, view: SeatView) -> Action:
        raise SystemExit(5)
