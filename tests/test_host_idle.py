"""A guest silent for `--idle` is let go only where the game waits for them: on their turn, at
a round's end (to be ready for the next round), and before the first deal once every guest has
come, their silence counted from the last one's coming; while a guest is away, the others wait
for them as much as for anyone, and nobody is let go."""

from __future__ import annotations

import time

from test_host_round_end_holds import table, until, winning_deal
from test_host_units import FakeLink

from rack_o.host.views import Presence

IDLE = 0.3
LET_GO = "You pressed no key for 1 second while it was up to you"


def test_a_silent_guest_is_let_go_at_a_rounds_end() -> None:
    game = winning_deal(0, target=500)  # Ann goes out at once
    with table(game, host_seat=None, idle=IDLE) as hosted:
        links = hosted.links
        hosted.asked(0)  # Ann's turn
        hosted.press(0, "t5\r")
        until(lambda: not links[1].is_open, "Bob is let go at the round's end", timeout=3)
        assert links[1].closed_with is not None
        assert links[1].closed_with.startswith(LET_GO)


def test_a_silent_guest_is_let_go_before_the_first_deal_once_everyone_has_come() -> None:
    with table(winning_deal(0, target=500), host_seat=0, idle=IDLE, ready=False) as hosted:
        session, links = hosted.session, hosted.links
        hosted.press(0, "\r")  # Ann, the host, is ready; Bob never presses Enter
        until(lambda: not links[1].is_open, "Bob is let go before the first deal", timeout=3)
        assert links[1].closed_with is not None
        assert links[1].closed_with.startswith(LET_GO)
        assert session.game.round == 1 and session.gate_lines is not None  # nothing dealt
        until(lambda: session.presence(1) is Presence.IDLE, "Bob reads as let go")
        until(lambda: "idle too long" in links[0].text, "Ann's screen says why Bob is gone")


def test_nobody_is_let_go_before_the_first_deal_while_a_guest_is_away() -> None:
    with table(winning_deal(0, target=500), host_seat=None, idle=IDLE, ready=False) as hosted:
        session, links = hosted.session, hosted.links
        session.seats.leave(1, links[1])  # Bob's connection drops; Ann waits for him
        until(lambda: session.presence(1) is Presence.AWAY, "Bob is away")
        time.sleep(4 * IDLE)
        assert links[0].is_open, "Ann was let go while Bob was away"
        came = time.monotonic()
        back = FakeLink()
        session.seats.join("bob", back, 100, 30)  # Bob is back; neither presses Enter
        until(lambda: not links[0].is_open and not back.is_open, "both are let go", timeout=3)
        assert time.monotonic() - came >= IDLE  # counted from Bob's coming, not from before
        assert links[0].closed_with is not None and links[0].closed_with.startswith(LET_GO)


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


def test_a_silent_guest_is_let_go_once_the_host_gives_the_missing_seat_to_a_computer() -> None:
    # The wait for everyone counted no silence while Bob was away, and giving his seat away
    # did not wake it: Ann, silent, held the table for ever.
    with table(winning_deal(0, target=500), host_seat=None, idle=IDLE, ready=False) as hosted:
        session, links = hosted.session, hosted.links
        session.seats.leave(1, links[1])  # Bob is away, and will not be back
        until(lambda: session.presence(1) is Presence.AWAY, "Bob is away")
        time.sleep(2 * IDLE)
        assert links[0].is_open
        given = time.monotonic()
        session.seats.post(lambda: session.give_to_bot(1))
        until(lambda: not links[0].is_open, "Ann is let go", timeout=3)
        assert time.monotonic() - given >= IDLE
        assert links[0].closed_with is not None and links[0].closed_with.startswith(LET_GO)
