"""The host reads that wrong table codes locked an address out, and the note goes when the
lock-out ends: left up ("nobody there can join for 59 seconds") it told the host, minutes
later, that guests at that address still could not join."""

from __future__ import annotations

import pytest
from test_host_round_end_holds import shown, table, until, winning_deal

LOCKED = "Too many wrong table codes from 10.0.0.7: nobody there can join for 1 second."


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("ready", [False, True], ids=["gathering", "watching a turn"])
def test_the_lock_out_note_goes_when_the_lock_out_ends(ready: bool) -> None:
    # Bob (seat 2) plays first when everyone is ready: the host watches his turn.
    with table(winning_deal(1, target=500), host_seat=0, ready=ready) as hosted:
        if ready:
            hosted.asked(1)
        hosted.session.seats.locked_out("10.0.0.7", 0.8)
        until(lambda: LOCKED in flat(shown(hosted.links[0])), "the host is told")
        until(lambda: "Too many wrong" not in shown(hosted.links[0]), "the note goes", 3)
