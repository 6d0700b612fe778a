"""Opening a hosted table: who sits where (asked as `racko play` asks, or read from a saved
game), the SSH server, what the host passes on, and the game played and saved as `racko play`
saves it (the same record, through `rack_o.store`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeGuard

import click
from rich.console import Console, RenderableType
from rich.text import Text

from rack_o.agent import Agent
from rack_o.bots import is_outside, make_bot
from rack_o.bots.hint import HINT_LEVELS
from rack_o.cli.console import Terminal, keyboard_tty, make_console
from rack_o.cli.exits import EXIT_STOPPED
from rack_o.cli.human import HumanAgent
from rack_o.cli.messages import record_not_found
from rack_o.cli.play import add_finished, new_game, seat_or_leave, start_notices
from rack_o.cli.resume import (
    cut_short,
    hold,
    resume_facts,
    resume_notices,
    saved_game,
    take_up,
)
from rack_o.cli.session import cannot_save, run_until_stopped
from rack_o.cli.setup import TableOptions, agents_for, game_hint, hints_line, hints_of
from rack_o.game import Game, Player
from rack_o.i18n import _
from rack_o.record import Event, Header
from rack_o.store.writer import RecordWriteError, RecordWriter

from .address import is_loopback, lan_address, ssh_line
from .guest_seats import GuestSeats
from .hosting import HostedGame, Lines
from .hostkey import HostKeyError, fingerprint, load_or_create
from .local import attached_here, has_terminal, local_terminal
from .seat import GIVEN_AWAY, STAND_IN
from .server import HostError, HostServer
from .tablecode import new_code
from .terminal import RemoteTerminal
from .views import TableInfo, intro_lines

if TYPE_CHECKING:
    from rack_o.store.records import Record

HOST_SEAT = "host_seat"
"""The field of the record's game line naming the host's seat (null: the host had none), so
that `--resume` seats the host where they sat. Readers of rack-o/1 ignore it."""
RESUME_COMMAND = "racko host --resume {ref}"


@dataclass(frozen=True)
class HostSetup:
    """The hosting options: where to listen, how long a silent guest is waited for, whether
    the host plays, the pause after a bot's move, the hints (a level, or None: off)."""

    port: int
    bind: str
    idle: float
    """Seconds."""
    seated: bool
    pause: float
    hints: str | None = HINT_LEVELS[0]
    load_bots: bool = False
    """Import the bots from outside racko a saved game names (`--resume` with --load-bots)."""


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


def host_resume_note(ref: str) -> str:
    """How to open a hosted game's table again, the command on a line of its own."""
    return _("Open the table again with:") + "\n" + RESUME_COMMAND.format(ref=ref)


def play_hosted(setup: HostSetup, options: TableOptions, resume_ref: str | None) -> int:
    """Open the table (a new game from `options`, or the saved game `resume_ref`), serve it
    until the game ends or the host stops it; the exit code."""
    term = Terminal(tty=keyboard_tty())
    here = has_terminal()
    with ExitStack() as stack:
        record = None
        if resume_ref is not None:
            writer = _hold(resume_ref)
            stack.callback(writer.close)
            record = saved_game(term, writer)
            players = list(record.game.players)
            host_seat = _host_seat(players, setup.seated, record.header.line)
        else:
            rules, players = seat_or_leave(term, options)
            host_seat = _host_seat(players, setup.seated, None)
        guests = {seat: p.name for seat, p in enumerate(players)
                  if p.is_human and seat != host_seat}
        if not guests:
            raise click.UsageError(_("Nobody would join this table: give it a person's seat "
                                     "for a guest (--names, --players), or add --no-seat."))
        if host_seat is not None and not here:
            raise click.UsageError(_("racko host plays your seat from this terminal: run it in "
                                     "a terminal, or add --no-seat to only host."))
        try:
            key = load_or_create()
        except HostKeyError as error:
            raise click.ClickException(str(error)) from None
        seats = GuestSeats(guests, idle=setup.idle, pause_seconds=setup.pause)
        server = HostServer(seats, new_code(), key, bind=setup.bind, port=setup.port)
        try:
            port = server.start()
        except HostError as error:
            raise click.ClickException(str(error)) from None
        stack.callback(server.stop)
        stack.callback(seats.close, lambda: _("The host closed the table. Thanks for playing!"))
        address = lan_address(setup.bind)
        info = TableInfo(server.code, fingerprint(key),
                         {seat: ssh_line(name, address, port) for seat, name in guests.items()},
                         loopback=is_loopback(address))
        console = make_console()
        for line in intro_lines(info, [p.name for p in players], port):
            console.print(line)
        if record is not None:
            return _run(_resumed(record, writer), seats, info, host_seat, setup, here, console)
        seed = options.seed if options.seed is not None else secrets.randbelow(1_000_000)
        try:
            with new_game(rules, players, seed, None, hints=setup.hints is not None,
                          show_seed=False, carry_on=host_resume_note,
                          game_line={HOST_SEAT: host_seat, **hints_line(setup.hints)}) as new:
                game = new.game
                opened = Opened(game, new.header, new.writer, new.record_path, new.saved_note,
                                lambda: start_notices(game, seed, show_seed=False), new.saving)
                return _run(opened, seats, info, host_seat, setup, here, console)
        except RecordWriteError as error:  # the game line: nothing was played yet
            console.print(cannot_save(error) + " " + _("No game was started."), markup=False,
                          highlight=False)
            return EXIT_STOPPED


def _run(opened: Opened, seats: GuestSeats, info: TableInfo, host_seat: int | None,
         setup: HostSetup, here: bool, console: Console) -> int:
    """Play the opened game at the table; the exit code."""
    game = opened.game
    players = game.players
    host_terminal: RemoteTerminal | None = None
    if here:
        name = players[host_seat].name if host_seat is not None else _("host")
        host_terminal = local_terminal(host_seat if host_seat is not None else -1, name,
                                       seats.inbox)
    terminals = dict(seats.terminals)
    if host_seat is not None and host_terminal is not None:
        terminals[host_seat] = host_terminal
    hint = game_hint(hints_of(opened.header))
    seed = opened.header.seed

    people = iter(seat for seat, player in enumerate(players) if player.is_human)

    def person(player: Player) -> Agent:
        return HumanAgent(player.name, terminals[next(people)], hint)  # asked in seat order

    # A saved game's bots from outside racko are imported only if the host says so.
    agents = agents_for(players, seed, person, load_bots=setup.load_bots or not opened.resumed)
    session = HostedGame(
        seats, game, agents, host_seat=host_seat, host_terminal=host_terminal, info=info,
        stand_in=lambda seat: make_bot(STAND_IN, seat, seed), header=opened.header,
        writer=opened.writer, events=opened.events, opening=opened.opening,
        host_notes=opened.host_notes,
        given_away=[seat for seat in opened.given_away if seat in seats.terminals],
        cut_short=opened.cut_short,
        pause_seconds=setup.pause, console=None if host_terminal is not None else console)
    attached = (attached_here(host_terminal, seats.inbox) if host_terminal is not None
                else nullcontext())
    with attached:
        code = run_until_stopped(session, opened.saved_note)
    console.print()
    add_finished(console, game, opened.header, opened.record_path)
    if game.is_over and opened.record_path is not None:
        from rack_o.store.paths import record_ref

        console.print(_("The game is saved: racko replay {id} steps through it.").format(
            id=record_ref(opened.record_path)), markup=False, highlight=False)
    return code


def _resumed(record: Record, writer: RecordWriter) -> Opened:
    """The saved game `record` taken up by `writer` (which holds its lock), ready to go on at
    the table: what its opening notices tell is found out once, now, and said in each language
    they are shown in."""
    facts = resume_facts(record)  # before the file is taken up: that cuts a torn line off
    take_up(record, writer)
    record.game.on_step = writer.step
    carry_on = host_resume_note(record.ref)
    if any(player.bot is not None and is_outside(player.bot) for player in record.game.players):
        carry_on += " --load-bots"  # as the first opening said: the bot is imported again
    return Opened(
        record.game, record.header, writer, writer.path, carry_on,
        lambda: resume_notices(record, facts, show_seed=False),
        [_saved(carry_on)], record.events,
        _given_away(record.events, record.game.players), cut_short(record.events),
        resumed=True)


def _saved(note: str) -> Text:
    return Text(_("Saved as you play.") + " " + note, "dim")


def _hold(ref: str) -> RecordWriter:
    """The saved game `ref`'s writer, its lock held (exits if it is played elsewhere)."""
    from rack_o.store.records import find_record

    try:
        path = find_record(ref)
    except LookupError as error:
        raise click.BadParameter(record_not_found(error), param_hint="'--resume'") from None
    return hold(path)


def _host_seat(players: Sequence[Player], seated: bool, line: object) -> int | None:
    """Where the host sits: nowhere with --no-seat; where the record says they sat; else the
    first person's seat."""
    if not seated:
        return None
    people = [seat for seat, player in enumerate(players) if player.is_human]
    if isinstance(line, dict) and HOST_SEAT in line:
        recorded = line[HOST_SEAT]
        if recorded is None or recorded in people:
            return recorded  # type: ignore[no-any-return]
    return people[0] if people else None


def _given_away(events: Sequence[Event], players: Sequence[Player]) -> list[int]:
    """The guest seats a computer player was playing when the table stopped: a line says the
    host gave them away (GIVEN_AWAY), or their last turn line says it stood in."""
    given: set[int] = set()
    for line in events:
        seat = line.get("seat")
        if line.get("type") == "turn" and _is_seat(seat, players):
            if line.get("stand_in"):
                given.add(seat)
            else:
                given.discard(seat)
        named = line.get(GIVEN_AWAY)
        if isinstance(named, list):
            given.update(seat for seat in named if _is_seat(seat, players))
    return [seat for seat in sorted(given) if players[seat].is_human]


def _is_seat(value: object, players: Sequence[Player]) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < len(players)
