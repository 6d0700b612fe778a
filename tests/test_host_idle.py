"""A guest silent for `--idle` is let go only where the game waits for them: on their turn and
at a round's end (to be ready for the next round), not while the table gathers before its first
deal, where nothing was up to them yet and the message would say it was."""

from __future__ import annotations

import time

from hostkit import on_game_thread
from test_host_round_end_holds import stop_game_thread, until, winning_deal
from test_host_units import FakeLink

from rack_o.bots import make_bot
from rack_o.cli.human import HumanAgent
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.keyboard import KeyReader
from rack_o.host.views import TableInfo

IDLE = 0.3


def test_a_silent_guest_is_let_go_at_a_rounds_end_but_not_before_the_first_deal() -> None:
    game = winning_deal(0, target=500)  # Ann goes out at once
    seats = GuestSeats({0: "Ann", 1: "Bob"}, idle=IDLE, pause_seconds=0)
    links = {0: FakeLink(), 1: FakeLink()}
    for seat, name in enumerate(["ann", "bob"]):
        seats.join(name, links[seat], 80, 24)
    terminals = seats.terminals
    session = HostedGame(
        seats, game, [HumanAgent(p.name, terminals[seat]) for seat, p in enumerate(game.players)],
        host_seat=None, host_terminal=None, info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
        stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0)
    played = on_game_thread(session.play)
    try:
        until(lambda: session.gate_lines is not None, "the table waits for everyone")
        terminals[0].receive(b"\r", KeyReader())  # Ann is ready; Bob is silent a while
        time.sleep(4 * IDLE)
        assert links[1].is_open and session.gate_lines is not None
        terminals[1].receive(b"\r", KeyReader())
        until(lambda: terminals[0]._reading, "Ann's turn")
        terminals[0].receive(b"t5\r", KeyReader())
        until(lambda: not links[1].is_open, "Bob is let go at the round's end", timeout=3)
        assert links[1].closed_with is not None
        assert links[1].closed_with.startswith("You pressed no key for 1 second while it was up "
                                               "to you")
    finally:
        stop_game_thread(seats, played)
        seats.close("The test is over.")
