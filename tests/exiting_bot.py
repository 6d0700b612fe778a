"""A bot module that calls sys.exit when it is imported, as a script without a main guard does."""

import sys

from rack_o import Action, SeatView


class Bot:
    """Would play the first legal action, if its module imported."""

    name = "Exiting"

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


sys.exit(3)
