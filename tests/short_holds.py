"""`racko` with its screens' holds cut short: `python tests/short_holds.py ARGS` runs `racko ARGS`
with every hold of `rack_o.cli.hold` (a hand-off's, a round's results, the game's end, and the
Enter grace that follows a hold's length) SECONDS long, at `racko play` and at each screen of
`racko host` alike.

For the terminal tests that play whole games through the real program and whose subject is not
the holds: their script presses each key only once racko waits for it (`ttykit.press`), so it
never types ahead of a hold, and a hold only costs it time (a second at every hand-off, a second
and a half at every round's end). What a hold throws away, and for how long, is tested with the
real values (test_pexpect_handoff, test_round_end_stays, test_host_round_end_holds).
"""

from __future__ import annotations

import sys
from pathlib import Path

SECONDS = 0.05
"""Long enough to still be a hold (the screen drawn, then a wait, then the keyboard emptied)."""


def main() -> None:
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).parent.resolve():
        del sys.path[0]  # the tests' helpers are no modules of racko's
    from rack_o.cli import hold

    # Before anything imports them from there (the session, the rack screens).
    taken = {"rack_o.cli.session", "rack_o.cli.human", "rack_o.host.screen"} & set(sys.modules)
    assert not taken, f"{taken} took the holds before they were cut short"
    hold.HANDOFF_HOLD = hold.PASS_HOLD = hold.RESULTS_HOLD = hold.HANDOFF_QUIET = SECONDS
    from rack_o.cli import main as racko

    racko(prog_name="racko")


if __name__ == "__main__":
    main()
