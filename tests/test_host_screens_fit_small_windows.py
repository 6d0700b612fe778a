"""Every screen of a hosted table fits the smallest window racko supports (45 by 15), in each
language, with two to four players: the table waiting for everyone, a round's end with who is
ready, the end of the game with the final standings and its notes. Lines wrap and forms get
shorter (the round's banner unboxed, its footnote, the notes given up), but nothing is cut: no
screen takes more lines than the window has (its top would scroll away), no line is longer
than the window, and nothing ends in an ellipsis.

The game runs on a thread of its own, as at a real table; every screen is drawn on a link
that keeps what it was sent.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

import pytest
from builders import dealer_draw_for, deck_for
from hostkit import on_game_thread
from rich.cells import cell_len
from rich.console import RenderableType
from test_host_round_end_holds import stop_game_thread, until
from test_host_units import FakeLink
from ttykit import CLEARED

from rack_o.bots import make_bot
from rack_o.cli.human import HumanAgent
from rack_o.cli.new_game import start_notices
from rack_o.cli.play import play_again
from rack_o.game import Game, Player
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.keyboard import KeyReader
from rack_o.host.local import local_terminal
from rack_o.host.terminal import RemoteTerminal
from rack_o.host.views import TableInfo
from rack_o.i18n import _, speaking
from rack_o.record import header_of
from rack_o.rules import Rules

# Each test plays a hosted table to a screen on real timers.
pytestmark = pytest.mark.slow

WIDTH, HEIGHT = 45, 15
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NAMES = ["Ann", "Bob", "Cy", "Dee"]
LANGUAGES = ["en", "el", "fr", "cs"]
SEED = 4829137  # a seed of seven figures: its note takes as many lines as most


@pytest.fixture(autouse=True)
def short_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's end (and the game's) holds its keys 0.05 s, not 1.5: these tests measure the
    screens once the hold is over and keys count (`winning_move` waits for that), and type
    nothing during it. What a hold does, for how long, is test_host_round_end_holds'."""
    monkeypatch.setattr("rack_o.host.screen.RESULTS_HOLD", 0.05)


def winning_deal(players: int, target: int, names: Sequence[str] = NAMES) -> Game:
    """Ann plays first and goes out by taking the 17 turned up into slot 5."""
    ann = [1, 4, 7, 11, 40, 19, 27, 31, 35, 39]
    rest = [card for card in range(1, 10 * players + 21) if card not in ann and card != 17]
    racks = [ann, *(rest[10 * i: 10 * i + 10] for i in range(players - 1))]
    game = Game(Rules(players, target=target), players=[Player(n) for n in names[:players]],
                dealer_draw=dealer_draw_for(players - 1, players))
    game.deal(deck_for(racks, 17, rest[10 * (players - 1):], dealer=players - 1))
    return game


@dataclass
class Table:
    session: HostedGame
    terminals: dict[int, RemoteTerminal]
    links: dict[int, FakeLink]

    def press(self, seat: int, keys: str) -> None:
        self.terminals[seat].receive(keys.encode(), KeyReader())


@contextmanager
def table(game: Game, language: str, *, joined: bool = True,
          opening: Callable[[], list[RenderableType]] = list) -> Iterator[Table]:
    """`game` at a table: the host at seat 1 (Ann) with a screen, the others guests (come, if
    `joined`, else not yet), every window 45 by 15 and reading `language`, the wait for
    everyone opening with `opening`; closed after."""
    players = len(game.players)
    names = [player.name for player in game.players]
    seats = GuestSeats({seat: names[seat] for seat in range(1, players)}, idle=None,
                       pause_seconds=0)
    links = {seat: FakeLink() for seat in range(players if joined else 1)}
    for seat in range(1, players if joined else 1):
        seats.join(names[seat].lower(), links[seat], WIDTH, HEIGHT, language)
    host = local_terminal(0, "Ann", seats.inbox)
    host.attached(links[0], WIDTH, HEIGHT, language)
    terminals = {**seats.terminals, 0: host}
    session = HostedGame(
        seats, game, [HumanAgent(p.name, terminals[seat]) for seat, p in enumerate(game.players)],
        host_seat=0, host_terminal=host,
        info=TableInfo("tq4m-8kxp", "SHA256:6a0Qb1u0p8xWq3ZkLr0d9sYtV2mNcE4fHgJ5aUiOo7w",
                       {seat: f"ssh -p 2222 {names[seat].lower()}@192.168.1.20"
                        for seat in range(1, players)}),
        stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0,
        header=header_of(game, SEED, None), play_again=play_again, opening=opening)
    played = on_game_thread(session.play)
    try:
        until(lambda: session._gate_lines is not None, "the table waits for everyone")
        yield Table(session, terminals, links)
    finally:
        stop_game_thread(seats, played)
        session.retire()  # as racko host's own table does: no screen is drawn as it closes
        seats.close("The test is over.")


def screen(link: FakeLink) -> list[str]:
    """The lines drawn since the screen was last cleared, without colours."""
    drawn = ANSI.sub("", re.split(CLEARED, link.text)[-1])
    return drawn.replace("\r\n", "\n").split("\n")


def assert_fits(hosted: Table, what: str) -> None:
    for seat, link in hosted.links.items():
        lines = screen(link)
        shown = "\n".join(lines)
        assert len(lines) <= HEIGHT, f"{what}, seat {seat + 1}: {len(lines)} lines\n{shown}"
        assert all(cell_len(line) <= WIDTH for line in lines), f"{what}, seat {seat + 1}\n{shown}"
        assert "…" not in shown, f"{what}, seat {seat + 1}\n{shown}"


def settled(hosted: Table, shows: Callable[[str], bool], what: str) -> None:
    """Wait until every screen shows what `shows` looks for, and stands still."""
    until(lambda: all(shows("\n".join(screen(link))) for link in hosted.links.values()), what)
    time.sleep(0.1)


def winning_move(hosted: Table) -> None:
    for seat in hosted.terminals:
        hosted.press(seat, "\r")
    until(lambda: hosted.terminals[0]._reading, "Ann is asked for her move")
    hosted.press(0, "t5\r")
    session = hosted.session
    until(lambda: bool(session.game.rounds) and (session.gate_lines or session.over_lines)
          is not None and not any(screen.holding for screen in session.screens.values()),
          "the round's end shows its keys")
    time.sleep(0.1)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wait_and_a_rounds_end_fit_a_small_window(language: str, players: int) -> None:
    with table(winning_deal(players, target=500), language) as hosted:
        settled(hosted, lambda shown: NAMES[players - 1] in shown, "the wait")
        assert_fits(hosted, "the wait for everyone")
        winning_move(hosted)
        assert_fits(hosted, "a round's end")
        hosted.press(1, "\r")  # Bob is ready: the others' lists say so
        until(lambda: hosted.session.is_ready(1), "Bob is ready")
        time.sleep(0.1)
        assert_fits(hosted, "a round's end, Bob ready")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_host_waiting_for_guests_sees_every_seat_and_its_ssh_line(language: str) -> None:
    # The first deal's draw took the room: the list and every ssh line were given up.
    names = ["Ann", "Bartholomew-Alex", "Cat", "Dan"]
    game = winning_deal(4, target=500, names=names)
    opened = partial(start_notices, game, SEED, show_seed=False)  # as racko host opens a game
    with table(game, language, joined=False, opening=opened) as hosted:
        settled(hosted, lambda shown: "tq4m-8kxp" in shown, "the wait")
        assert_fits(hosted, "the host's wait for the guests")
        shown = "".join("".join(screen(hosted.links[0])).split())  # a long line is broken
        for name in names[1:]:
            assert f"{name.lower()}@192.168.1.20" in shown, "\n".join(screen(hosted.links[0]))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_of_the_game_fits_a_small_window(language: str, players: int) -> None:
    with table(winning_deal(players, target=60), language) as hosted:
        winning_move(hosted)
        until(lambda: hosted.terminals[0]._reading, "the host is asked whether to play again")
        time.sleep(0.1)
        assert_fits(hosted, "the end of the game")
        # The final standings are there, title and all, on every screen.
        with speaking(language):
            title = _("Final standings")
        for link in hosted.links.values():
            assert title in "\n".join(screen(link))
