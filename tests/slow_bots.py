"""Bots that take their time, for the tests of what the screen shows while a bot thinks."""

from __future__ import annotations

import time

from example_bot import BandBot

from rack_o import Action, SeatView


class SlowOnce(BandBot):
    """Thinks for `seconds` over its first move, then plays as BandBot at once."""

    name = "Slow"
    seconds = 1.2

    def __init__(self) -> None:
        self.waited = False

    def choose(self, view: SeatView) -> Action:
        if not self.waited:
            self.waited = True
            time.sleep(self.seconds)
        return super().choose(view)


class Sleepy(BandBot):
    """Thinks for a minute over every move: long enough to be stopped while it thinks."""

    name = "Sleepy"

    def choose(self, view: SeatView) -> Action:
        time.sleep(60)
        return super().choose(view)
