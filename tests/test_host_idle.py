"""A guest silent for `--idle` is let go only where the game waits for them: on their turn and
at a round's end (to be ready for the next round), not while the table gathers before its first
deal, where nothing was up to them yet and the message would say it was."""

from __future__ import annotations

import time

from test_host_round_end_holds import table, until, winning_deal

from rack_o.host.views import Presence

IDLE = 0.3


def test_a_silent_guest_is_let_go_at_a_rounds_end_but_not_before_the_first_deal() -> None:
    game = winning_deal(0, target=500)  # Ann goes out at once
    with table(game, host_seat=None, idle=IDLE, ready=False) as hosted:
        session, links = hosted.session, hosted.links
        hosted.press(0, "\r")  # Ann is ready; Bob is silent a while
        time.sleep(4 * IDLE)
        assert links[1].is_open and session.gate_lines is not None
        hosted.press(1, "\r")
        hosted.asked(0)  # Ann's turn
        hosted.press(0, "t5\r")
        until(lambda: not links[1].is_open, "Bob is let go at the round's end", timeout=3)
        assert links[1].closed_with is not None
        assert links[1].closed_with.startswith("You pressed no key for 1 second while it was up "
                                               "to you")


def test_the_others_read_that_a_guest_was_let_go_for_silence_not_that_they_dropped() -> None:
    game = winning_deal(0, target=500)
    with table(game, host_seat=0, idle=IDLE) as hosted:
        session, links = hosted.session, hosted.links
        hosted.asked(0)  # Ann's turn: she draws and throws the card away
        for key in "dx\r":
            hosted.press(0, key)
            time.sleep(0.1)
        until(lambda: not links[1].is_open, "Bob is let go on his turn", timeout=3)
        until(lambda: session.presence(1) is Presence.IDLE, "Bob reads as let go")
        until(lambda: "Waiting for Player 2 (idle too long)." in links[0].text,
              "Ann's screen says why Bob is gone")
        assert "(disconnected)" not in links[0].text
