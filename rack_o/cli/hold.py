"""How a screen just drawn stands before keys count: a hand-off, a round's results, the end of
the game, at one keyboard (`racko play`) or on each screen of a hosted table (`racko host`).

The previous player's second Enter (a common habit, even a slow double press a third of a
second apart) must not open the next rack, nor skip the results. One rule, two drivers: a
local terminal can only look at what was typed meanwhile (`hold_keys`), a hosted screen hears
each key as it comes (`KeyHold` driven by its timers).
"""

from __future__ import annotations

from collections.abc import Callable

HANDOFF_HOLD = 0.4
"""Seconds a hand-off screen (or a round's results) stands before its prompt appears, throwing
away every key typed meanwhile: the previous player's second Enter (a common habit, even a
slow double press a third of a second apart) must not open the next rack (or skip the
results)."""
PASS_HOLD = 2.0
"""Seconds a hand-off from one person to another stands before its prompt appears: longer
than HANDOFF_HOLD, since the screen that says "look away" is news to the one who just moved,
and an Enter pressed again on seeing it (to be sure, half a second to two seconds later) is
still theirs; with HANDOFF_HOLD, and then with 1 s, it opened the next person's rack (an
Enter 1.1 s after the move came 50 ms after the prompt, read by nobody). Passing the keyboard
takes longer anyway."""
HANDOFF_QUIET = 1.0
"""Seconds without a key a hand-off waits for, after keys were typed while it held: someone
still pressing Enter after their move must stop before the next rack can open. With 0.6 s,
Enter pressed again every 0.7 s ("did it take?") opened it."""
RESULTS_HOLD = 1.5
"""Seconds a round's results (or the game's end) stand before keys count. Longer than a
hand-off's HANDOFF_HOLD: the move that went out was confirmed with Enter, and the screen that
answers it is all news, so an Enter pressed again a second later (to be sure, or before the
new screen was seen) is still that move's, not a reader's; with HANDOFF_HOLD it made the
winner ready for the next round (or let them go at the end) unread."""


class KeyHold:
    """One screen's hold, stretch by stretch: the first lasts HANDOFF_HOLD seconds, and while
    keys were typed during a stretch, another of HANDOFF_QUIET follows. Whoever drives it
    throws away every key typed before the hold is over."""

    def __init__(self, first: float | None = None) -> None:
        """`first`: how long the first stretch lasts (RESULTS_HOLD for a round's results;
        HANDOFF_HOLD, as it is when the hold starts, if not given)."""
        self.seconds = HANDOFF_HOLD if first is None else first
        """How long the stretch under way lasts."""
        self._typed = False

    def typed(self) -> None:
        """Keys were typed (and thrown away) during the stretch under way."""
        self._typed = True

    def stretch_over(self) -> bool:
        """The stretch under way has lasted its `seconds`: True if the hold goes on for
        another (`seconds` long), False if keys count from now on."""
        if not self._typed:
            return False
        self._typed = False
        self.seconds = HANDOFF_QUIET
        return True


def hold_keys(wait: Callable[[float], None], flush: Callable[[], bool],
              first: float | None = None) -> None:
    """Hold a screen by `KeyHold`'s rule (its first stretch `first` seconds long, by default
    HANDOFF_HOLD) where the keys typed can only be looked at after a stretch: `wait(seconds)`
    lets the stretch pass, `flush()` throws away what was typed meanwhile and says whether
    anything was."""
    hold = KeyHold(first)
    while True:
        wait(hold.seconds)
        if flush():
            hold.typed()
        if not hold.stretch_over():
            return
