"""The games one hosted table plays, one after another, on one server with one table code.

Each game is played at the table (`HostedGame`) and saved as `racko play` saves it (its own
autosaved record, through `cli.new_game.new_game`). When one ends, the host is asked play's own
question (`cli.play.play_again`); on yes, the same seats, rules, hints and bots play a new game
with new cards: the guests still connected keep their seats and get ready as at the start, and
a seat whose guest left (or that the host gave to a computer player) waits for them, as at the
start of a game.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console, RenderableType
from rich.text import Text

from rack_o.agent import Agent
from rack_o.bots import make_bot
from rack_o.cli.exits import EXIT_STOPPED
from rack_o.cli.human import HumanAgent
from rack_o.cli.new_game import add_finished, new_game, saved_line, start_notices
from rack_o.cli.play import look_back, play_again
from rack_o.cli.session import cannot_save, run_until_stopped
from rack_o.cli.setup import Hint, agents_for, hints_of, new_seed
from rack_o.game import Game, Player
from rack_o.i18n import _
from rack_o.record import HOST_SEAT, Event, Header
from rack_o.rules import Rules
from rack_o.store.safe_text import shell_word
from rack_o.store.writer import RecordWriteError, RecordWriter

from .defaults import DEFAULT_PORT, IDLE_SECONDS, named_port
from .guest_seats import GuestSeats
from .hosting import HostedGame, Lines
from .local import attached_here, local_terminal
from .seat import STAND_IN_LEVEL
from .terminal import RemoteTerminal
from .views import TableInfo

if TYPE_CHECKING:
    from .opening import HostSetup

RESUME_COMMAND = "racko host --resume {ref}"
MAX_NOTE = 10_000
"""Columns a note is made in before the host's screen wraps it at its own width."""


@dataclass
class Opened:
    """A game ready to be played at the table, and how to carry it on."""

    game: Game
    header: Header
    writer: RecordWriter | None
    record_path: Path | None
    saved_note: str
    opening: Lines
    """Makes what everyone sees before the first deal, in the language spoken."""
    host_notes: list[RenderableType]
    events: Sequence[Event] = ()
    """The saved game's record lines (a resumed game's)."""
    given_away: Sequence[int] = ()
    cut_short: tuple[int, int] | None = None
    """(seat, card): the saved game's last turn was a person's, cut short holding that drawn
    card, which was discarded."""
    resumed: bool = False
    saved_line: RenderableType | None = None
    """Where the game is saved and how to open its table again, for the host's screen once a
    card is dealt (None: it is not saved, and `host_notes` says so)."""


def table_options(port: int, bind: str = "") -> str:
    """The options of a racko host command that open a table where the last one listened (" "
    before each): its `port` unless it is the default, so that the guests' ssh lines stay the
    same, and its --bind address if one was chosen, so that it is not opened to every network."""
    options = ""
    if named_port(port) is not None:
        options += f" --port {port}"
    if bind:
        options += f" --bind {shell_word(bind)}"
    return options


def host_resume_command(ref: str, port: int = DEFAULT_PORT, idle: float | None = IDLE_SECONDS,
                        bind: str = "") -> str:
    """The command that opens a hosted game's table again: with `port`, the port the table
    listens on (the one bound, with --port 0), unless it is the default, so the guests' ssh lines
    stay the same; the address it listens on only (`bind`: --bind), if one was chosen, so that
    it is not opened to every network; and the table's `idle` seconds (--idle), unless they are
    the default."""
    command = RESUME_COMMAND.format(ref=ref) + table_options(port, bind)
    if idle is not None and idle != IDLE_SECONDS:
        command += f" --idle {idle / 60:g}"
    return command


def host_resume_note(command: str) -> str:
    """How to open a hosted game's table again: `command` (see `host_resume_command`) on a line
    of its own."""
    return _("Open the table again with:") + "\n" + command


def _into_history(finished: Opened) -> list[Text]:
    """Put the `finished` game into the history; what went wrong, if anything, as notes for the
    host's screen as the next game opens (printed now, it would be drawn over at once)."""
    told = io.StringIO()
    add_finished(Console(file=told, width=MAX_NOTE, color_system=None), finished.game,
                 finished.header, finished.record_path)
    return [Text(line, "yellow") for line in told.getvalue().splitlines() if line]


def not_started(error: RecordWriteError) -> str:
    """What the host is told when a new game's record cannot be started."""
    return cannot_save(error) + " " + _("No game was started.")


class TableGames:
    """A hosted table's games: the guest seats (and the server's code and lines, `info`), where
    the host sits, the hosting options, whether the host has a terminal here (`here`), and the
    console the host is told on once the table is closed."""

    def __init__(self, seats: GuestSeats, info: TableInfo, host_seat: int | None,
                 setup: HostSetup, here: bool, console: Console) -> None:
        self.seats = seats
        self.info = info
        self.host_seat = host_seat
        self.setup = setup
        self.console = console
        self.here = here
        self.host_terminal: RemoteTerminal | None = None
        """The host's screen and keyboard, once the table is served (None: the host has no
        terminal here)."""

    @contextmanager
    def new_game(self, rules: Rules, players: Sequence[Player], seed: int, hints: str | None
                 ) -> Iterator[Opened]:
        """A new game of this table dealt its dealer draw, its record open (and closed on
        leaving); RecordWriteError if its first line cannot be written."""
        with new_game(rules, players, seed, None, hints=hints, show_seed=False,
                      carry_on=lambda ref: host_resume_note(
                          host_resume_command(ref, self.setup.port, self.setup.idle,
                                              self.setup.bind)),
                      game_line={HOST_SEAT: self.host_seat}) as new:
            game = new.game
            saved = new.record_path is not None
            yield Opened(game, new.header, new.writer, new.record_path, new.saved_note,
                         lambda: start_notices(game, seed, show_seed=False),
                         new.trouble if saved else new.saving,
                         saved_line=saved_line(new.saved_note) if saved else None)

    def serve(self, first: Opened) -> int:
        """Play `first` at the table, then a new game each time the host says to play again;
        the exit code of the last game. The host is told, once the table is closed, how to look
        back at the last game if it was played to its end."""
        host_terminal = None
        if self.here:
            host_seat = self.host_seat
            name = first.game.players[host_seat].name if host_seat is not None else _("host")
            host_terminal = local_terminal(host_seat if host_seat is not None else -1, name,
                                           self.seats.inbox)
        self.host_terminal = host_terminal
        attached = (attached_here(host_terminal, self.seats.inbox) if host_terminal is not None
                    else nullcontext())
        last, refused = first, None
        finished: Opened | None = None  # the last game played to its end
        with attached:
            code, again = self._play(first)
            while again:
                finished = last
                assert host_terminal is not None  # only a host at a terminal is asked
                with ExitStack() as game_stack:
                    try:
                        opened = game_stack.enter_context(self.new_game(
                            last.game.rules, last.game.players, new_seed(),
                            hints_of(last.header)))
                    except RecordWriteError as error:  # the game line: nothing was played yet
                        refused, code = not_started(error), EXIT_STOPPED
                        break
                    opened.host_notes.extend(_into_history(last))
                    last = opened
                    code, again = self._play(opened)
        # The host's window may have been closed (at the end that is a "no" to playing again):
        # its terminal is gone, and what cannot be shown is not, but the game still goes into
        # the history (each write below fails alone, the history is written before its note).
        with suppress(OSError):
            self.console.print()
            if refused is not None:
                self.console.print(refused, markup=False, highlight=False)
        with suppress(OSError):
            add_finished(self.console, last.game, last.header, last.record_path)
        if last.game.round == 0 and finished is not None:
            last = finished  # stopped before the next game's first deal: it is no game
        if last.game.is_over and last.record_path is not None:
            with suppress(OSError):
                look_back(self.console, last.record_path)
        return code

    def _play(self, opened: Opened) -> tuple[int, bool]:
        """Play the opened game at the table; its exit code, and whether the host said to play
        again."""
        game = opened.game
        players = game.players
        host_seat, host_terminal = self.host_seat, self.host_terminal
        terminals = dict(self.seats.terminals)
        if host_seat is not None and host_terminal is not None:
            terminals[host_seat] = host_terminal
        seed = opened.header.seed
        people = iter(seat for seat, player in enumerate(players) if player.is_human)

        def person(player: Player, hint: Hint | None) -> Agent:
            return HumanAgent(player.name, terminals[next(people)], hint)  # asked in seat order

        setup = self.setup
        # A saved game's bots from outside racko are imported only if the host says so.
        agents = agents_for(players, seed, person, hints=hints_of(opened.header),
                            load_bots=setup.load_bots or not opened.resumed)
        self.seats.reopen()  # a seat given away in the game before waits for its guest
        session = HostedGame(
            self.seats, game, agents, host_seat=host_seat, host_terminal=host_terminal,
            info=self.info, stand_in=lambda seat: make_bot(STAND_IN_LEVEL, seat, seed),
            header=opened.header, writer=opened.writer, events=opened.events,
            opening=opened.opening, host_notes=opened.host_notes, saved_line=opened.saved_line,
            given_away=[seat for seat in opened.given_away if seat in self.seats.terminals],
            cut_short=opened.cut_short, pause_seconds=setup.pause,
            console=None if host_terminal is not None else self.console,
            play_again=play_again if host_terminal is not None else None,
            table=table_options(setup.port, setup.bind))
        code = run_until_stopped(session, opened.saved_note)
        session.retire()
        return code, session.again

