"""A round's end, and the game's, stand a moment on every screen of a hosted table before keys
count, as at racko play (`rack_o.cli.hold`): an Enter pressed again after the winning move (a
habit) does not make anyone ready for the next round before they read the results, nor let
them go at the end; the prompt shows once keys count.

The game runs on a thread of its own, as at a real table; the keys arrive as a guest's
connection (or the host's keyboard) hands them over, at the pace a person types them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from builders import dealt
from hostkit import on_game_thread
from test_host_units import FakeLink
from ttykit import CLEARED

from rack_o.agent import AgentError
from rack_o.bots import make_bot
from rack_o.cli.hold import HANDOFF_QUIET, RESULTS_HOLD
from rack_o.cli.human import HumanAgent
from rack_o.game import Game
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.keyboard import KeyReader
from rack_o.host.local import local_terminal
from rack_o.host.terminal import RemoteTerminal
from rack_o.host.views import TableInfo

# Each test waits out a round's results hold (1.5 s) or more, on real timers.
pytestmark = pytest.mark.slow

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NEXT_ROUND = "Press Enter when you are ready for round 2."
OVER = "Enter leaves the table"
AGAIN = "Play again"
BASE = [1, 4, 7, 11, 15, 19, 27, 31, 35, 39]
"""A rack in order; with 40 in slot 5, taking the 17 turned up into slot 5 makes it a Rack-O."""
OTHER = [2, 5, 8, 12, 16, 20, 24, 28, 32, 36]

# Seconds between one Enter and the next after the winning move's Enter (as at racko play's
# hand-off: a quick or slow double press, or Enter pressed again and again).
AFTER_THE_MOVE = {
    "at once": [0.05], "a moment later": [0.25], "a slow double press": [0.35],
    "a second later": [1.0], "over and over, 10 a second": [0.1] * 6,
}
SETTLED = RESULTS_HOLD + HANDOFF_QUIET + 0.4
"""Seconds after the last key by which a screen holding keys has let them count again."""


def winning_deal(winner: int, target: int) -> Game:
    """Two players, Ann and Bob: `winner` plays first and goes out by taking the 17."""
    hole = list(BASE)
    hole[4] = 40
    racks = [hole, OTHER] if winner == 0 else [OTHER, hole]
    return dealt(racks, 17, [3, 6, 9], dealer=1 - winner, target=target)


def until(done: Callable[[], bool], what: str, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def shown(link: FakeLink) -> str:
    """What the screen shows since it was last cleared, without colours."""
    return ANSI.sub("", re.split(CLEARED, link.text)[-1])


@dataclass
class Table:
    """A hosted game being played, with each person's terminal and link."""

    session: HostedGame
    terminals: dict[int, RemoteTerminal]
    links: dict[int, FakeLink]

    def press(self, seat: int, keys: str) -> None:
        self.terminals[seat].receive(keys.encode(), KeyReader())

    def asked(self, seat: int) -> None:
        """Wait until `seat`'s turn asks for a key."""
        until(lambda: self.terminals[seat]._reading, f"seat {seat + 1} asked for a key")


@contextmanager
def table(game: Game, *, host_seat: int | None, idle: float | None = None,
          ready: bool = True) -> Iterator[Table]:
    """`game` played at a table whose host sits at `host_seat` (None: a host without a
    screen), the other person a guest (let go after `idle` seconds without a key where it is
    up to them); everyone ready for the first deal if `ready`, else the table waiting for
    everyone; closed after."""
    guests = {seat: name for seat, name in enumerate(["Ann", "Bob"]) if seat != host_seat}
    seats = GuestSeats(guests, idle=idle, pause_seconds=0)
    links = {seat: FakeLink() for seat in range(2)}
    for seat, name in guests.items():
        seats.join(name.lower(), links[seat], 100, 30)
    terminals: dict[int, RemoteTerminal] = dict(seats.terminals)
    host_terminal = None
    if host_seat is not None:
        host_terminal = local_terminal(host_seat, "Ann", seats.inbox)
        host_terminal.attached(links[host_seat], 100, 30)
        terminals[host_seat] = host_terminal
    session = HostedGame(
        seats, game, [HumanAgent(p.name, terminals[seat]) for seat, p in enumerate(game.players)],
        host_seat=host_seat, host_terminal=host_terminal,
        info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
        stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0,
        play_again=(lambda terminal: terminal.key("Play again? > ") == "y")
        if host_seat is not None else None)
    played = on_game_thread(session.play)
    hosted = Table(session, terminals, links)
    try:
        until(lambda: session._gate_lines is not None, "the table waits for everyone")
        if ready:
            for seat in range(2):
                hosted.press(seat, "\r")
        yield hosted
    finally:
        stop_game_thread(seats, played)
        session.retire()  # as racko host's own table does: no screen is drawn as it closes
        seats.close("The test is over.")


class _Over(Exception):
    """The test is over: the game thread stops wherever it waits."""


def _over() -> None:
    raise _Over


def stop_game_thread(seats: GuestSeats, played: Future[None]) -> None:
    """Stop the game played on a thread of its own (`played`) wherever it waits for the
    table (unless it is over); an error it met is raised."""
    seats.post(_over)
    try:
        played.result(5)
    except _Over:
        pass
    except AgentError as error:  # stopped in the middle of a person's turn
        if not isinstance(error.cause, _Over):
            raise


def win(hosted: Table, winner: int, gaps: list[float]) -> None:
    """`winner` takes the 17 into slot 5 (a Rack-O), confirms with Enter, then presses Enter
    again after each of `gaps` seconds."""
    hosted.asked(winner)
    hosted.press(winner, "t5\r")  # a move typed at once after taking a card is made whole
    for gap in gaps:
        time.sleep(gap)
        hosted.press(winner, "\r")
    time.sleep(SETTLED)


@pytest.mark.parametrize("gaps", AFTER_THE_MOVE.values(), ids=AFTER_THE_MOVE)
@pytest.mark.parametrize(("winner", "host_seat"), [(0, 0), (1, 0), (0, None)],
                         ids=["the-host", "a-guest", "a-guest-at-a-table-without-a-screen"])
def test_enter_pressed_again_after_the_winning_move_makes_nobody_ready(
    winner: int, host_seat: int | None, gaps: list[float]
) -> None:
    with table(winning_deal(winner, target=500), host_seat=host_seat) as hosted:
        win(hosted, winner, gaps)
        session = hosted.session
        assert session.game.round == 1 and not session.is_ready(winner)
        assert shown(hosted.links[winner]).count(NEXT_ROUND) == 1
        # Once the keyboard is left alone, Enter says the person is ready.
        hosted.press(winner, "\r")
        until(lambda: session.is_ready(winner), "ready")


@pytest.mark.parametrize("gaps", [[0.05], [0.25], [1.0], [0.1] * 6],
                         ids=["at-once", "a-moment-later", "a-second-later", "over-and-over"])
def test_enter_pressed_again_after_the_last_move_does_not_let_the_winner_go(gaps: list[float]
                                                                             ) -> None:
    # A table hosted without a screen: at the end, a guest's Enter leaves it.
    with table(winning_deal(0, target=60), host_seat=None) as hosted:
        win(hosted, 0, gaps)
        link = hosted.links[0]
        assert hosted.session.game.is_over
        assert link.is_open and OVER in shown(link)
        hosted.press(0, "\r")
        until(lambda: link.closed_with == "Thanks for playing!", "the winner left")


def test_the_hosts_play_again_question_shows_once_the_end_has_stood() -> None:
    with table(winning_deal(0, target=60), host_seat=0) as hosted:
        hosted.asked(0)
        hosted.press(0, "t5\r")
        until(lambda: hosted.session.game.is_over, "the game is over")
        time.sleep(0.2)
        hosted.press(0, "n")  # typed before the question shows: no answer to it
        until(lambda: hosted.terminals[0]._reading, "the question is asked")
        assert AGAIN in shown(hosted.links[0])
        hosted.press(0, "y")
        until(lambda: hosted.session.again, "the host said yes")
