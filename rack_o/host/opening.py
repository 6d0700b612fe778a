"""Opening a hosted table: who sits where (asked as `racko play` asks, or read from a saved
game), the SSH server, what the host passes on; then the table's games are played
(`games.TableGames`), each saved as `racko play` saves it (the same record, through
`rack_o.store`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeGuard

import click
from rich.text import Text

from rack_o.bots import any_outside
from rack_o.bots.hint import HINT_LEVELS
from rack_o.cli.console import Terminal, keyboard_tty, make_console
from rack_o.cli.exits import EXIT_OK, EXIT_STOPPED
from rack_o.cli.messages import record_not_found
from rack_o.cli.new_game import saved_line
from rack_o.cli.play import seat_or_leave
from rack_o.cli.resume import (
    carry_on_command,
    cut_short,
    ended_on_its_last_turn,
    hold,
    language_note,
    record_agents,
    refuse_players,
    resume_facts,
    resume_notices,
    saved_game,
    take_up,
)
from rack_o.cli.setup import TableOptions, speak_as_recorded
from rack_o.game import Player
from rack_o.i18n import _, current_language, speaking
from rack_o.record import HOST_SEAT, Event, given_away
from rack_o.store.safe_text import printable
from rack_o.store.writer import RecordWriteError, RecordWriter

from .address import is_loopback, lan_address, login_key, login_name, ssh_line
from .defaults import DEFAULT_PORT
from .games import (
    Opened,
    TableGames,
    host_resume_command,
    host_resume_note,
    not_started,
)
from .guest_seats import GuestSeats, recorded_logins
from .hostkey import HostKeyError, fingerprint, load_or_create
from .local import has_terminal
from .server import HostError, HostServer
from .tablecode import new_code
from .views import TableInfo, intro_lines

if TYPE_CHECKING:
    from rack_o.store.records import Record


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


def _check_logins_apart(names: Sequence[str], record: Record | None) -> None:
    """A usage error if two of the table's `names` would be taken by one ssh user name (they
    differ only in what a user name leaves out: "Ann" and "(Ann)"): one guest could never
    reach their seat. For a saved game, `record`, it is refused as its file's line 1 (its
    names cannot change), with how it goes on at one keyboard instead."""
    seen: dict[str, str] = {}
    for name in names:
        key = login_key(name)
        if key not in seen:
            seen[key] = name
            continue
        first = seen[key]
        if record is None:  # racko's own options never name a player twice
            raise click.UsageError(_(
                "{first} and {second} would have the same ssh user name, {login}: give them "
                "names that differ in letters or digits.").format(
                    first=printable(first), second=printable(name), login=login_name(name)))
        why = (_("Two seats are named {name}: one guest could never reach the second.").format(
                   name=printable(name)) if first == name else
               _("{first} and {second} would have the same ssh user name, {login}: one guest "
                 "could never reach the second seat.").format(
                   first=printable(first), second=printable(name), login=login_name(name)))
        refuse_players(record, why + " " + _("It goes on at one keyboard with:") + "\n"
                       + carry_on_command(record))


def _check_someone_joins(record: Record, guests: Mapping[int, str], host_seat: int | None
                         ) -> None:
    """An error if nobody could sit at the saved game `record`'s table: none of its seats is a
    person's, or (the host not seated) every guest's seat went to a computer player for the
    rest of the game. Its table's options cannot change, so it goes on at one keyboard."""
    if not any(player.is_human for player in record.game.players):
        why = _("Nobody could join a table for this game: none of its seats is a person's. It "
                "goes on at one keyboard with:")
    elif host_seat is None and set(guests) <= set(given_away(record.events,
                                                            record.game.players)):
        why = _("Nobody could join a table for this game: every guest's seat went to a "
                "computer player. It goes on at one keyboard with:")
    else:
        return
    raise click.ClickException(why + "\n" + carry_on_command(record))


def play_hosted(setup: HostSetup, options: TableOptions, resume_ref: str | None) -> int:
    """Open the table (a new game from `options`, or the saved game `resume_ref`), serve it
    until the game ends or the host stops it; the exit code."""
    term = Terminal(tty=keyboard_tty())
    here = has_terminal()
    with ExitStack() as stack:
        record = None
        spoken = current_language()
        if resume_ref is not None:
            writer = _hold(resume_ref)
            stack.callback(writer.close)
            record = saved_game(term, writer)
            ended_on_its_last_turn(term, record, writer)  # no table for a game that is over
            speak_as_recorded(record.header)  # the host's screen, as the game started
            # A seat nobody can take is refused as racko resume refuses it (the file, its line
            # 1, why), before a table is opened and its code given out.
            record_agents(record, term, setup.load_bots)
            players = list(record.game.players)
            host_seat = _host_seat(players, setup.seated, record.header.line)
        else:
            rules, players = seat_or_leave(term, options, seated=setup.seated)
            host_seat = _host_seat(players, setup.seated, None)
        guests = {seat: p.name for seat, p in enumerate(players)
                  if p.is_human and seat != host_seat}
        _check_logins_apart([p.name for p in players], record)
        if record is not None:
            _check_someone_joins(record, guests, host_seat)
        if not guests:
            if record is not None:  # its table options are the record's: only --no-seat is left
                raise click.UsageError(_("Nobody would join this table: its only person's seat "
                                         "is yours. Add --no-seat to leave it to a guest."))
            if host_seat is None:  # --no-seat given already
                raise click.UsageError(_("Nobody would join this table: give it a person's seat "
                                         "for a guest (--names, --players)."))
            raise click.UsageError(_("Nobody would join this table: give it a person's seat "
                                     "for a guest (--names, --players), or add --no-seat."))
        if host_seat is not None and not here:
            raise click.UsageError(_("racko host plays your seat from this terminal: run it in "
                                     "a terminal, or add --no-seat to only host."))
        try:
            key = load_or_create()
        except HostKeyError as error:
            raise click.ClickException(str(error)) from None
        seats = GuestSeats(guests, idle=setup.idle, pause_seconds=setup.pause,
                           not_guests=[p.name for seat, p in enumerate(players)
                                       if seat not in guests],
                           claims=None if record is None else _kept_for(
                               record.events, len(players), guests))
        server = HostServer(seats, new_code(), key, bind=setup.bind, port=setup.port)
        try:
            port = server.start()
        except HostError as error:
            raise click.ClickException(str(error)) from None
        # With --port 0 the port is the one bound: the commands that open the table again name
        # it, so that the guests' ssh lines still work then.
        setup = replace(setup, port=port)
        stack.callback(server.stop)
        # Reached with guests still there only once the game is over (a stop lets them go
        # first): their ssh ends as a game played to its end does, with status 0.
        stack.callback(seats.close, lambda: _("The host closed the table. Thanks for playing!"),
                       code=EXIT_OK)
        address = lan_address(setup.bind)
        info = TableInfo(server.code, fingerprint(key),
                         {seat: ssh_line(name, address, port) for seat, name in guests.items()},
                         loopback=is_loopback(address))
        console = make_console()
        for line in intro_lines(info, [p.name for p in players], port):
            console.print(line)
        games = TableGames(seats, info, host_seat, setup, here, console)
        if record is not None:
            # Said as racko resume says it, in the language spoken so far, on the host's screen.
            with speaking(spoken):
                switching = language_note(
                    record, _reopen_command(record, port, setup.idle, setup.bind))
            return games.serve(_resumed(record, writer, port, setup.idle, switching,
                                        setup.bind))
        seed = options.first_seed()
        try:
            with games.new_game(rules, players, seed, setup.hints) as opened:
                return games.serve(opened)
        except RecordWriteError as error:  # the game line: nothing was played yet
            console.print(not_started(error), markup=False, highlight=False)
            return EXIT_STOPPED


def _reopen_command(record: Record, port: int = DEFAULT_PORT, idle: float | None = None,
                    bind: str = "") -> str:
    """The command that opens the saved game `record`'s table again (with the table's --idle
    seconds, `idle`, where they are not the default, and its --bind address)."""
    command = host_resume_command(record.ref, port, idle, bind)
    if any_outside(record.game.players):
        command += " --load-bots"  # as the first opening said: the bot is imported again
    return command


def _resumed(record: Record, writer: RecordWriter, port: int = DEFAULT_PORT,
             idle: float | None = None, switching: Text | None = None, bind: str = ""
             ) -> Opened:
    """The saved game `record` taken up by `writer` (which holds its lock), ready to go on at
    the table: what its opening notices tell is found out once, now, and said in each language
    they are shown in; `switching`, the host's note that the game goes on in the language it
    was started in (`language_note`), first among the host's notes."""
    facts = resume_facts(record)  # before the file is taken up (its first line cuts a torn one)
    take_up(record, writer)
    record.game.on_step = writer.step
    carry_on = host_resume_note(_reopen_command(record, port, idle, bind))
    return Opened(
        record.game, record.header, writer, writer.path, carry_on,
        lambda: resume_notices(record, facts, show_seed=False),
        [switching] if switching is not None else [], record.events,
        given_away(record.events, record.game.players), cut_short(record.events),
        resumed=True, saved_line=saved_line(carry_on))


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
        # 1.0 or true would pass for seat 1 in a list, and index nothing.
        if recorded is None or (_is_seat(recorded, players) and recorded in people):
            return recorded
    return people[0] if people else None


def _kept_for(events: Sequence[Event], seats: int, guests: Mapping[int, str]
              ) -> dict[int, str]:
    """The user name each of a saved game's `guests` seats (of its `seats`) is kept for: the
    one its guest took it with, as its record's `events` say, else the seat's own name (a
    guest logging in under another name must not sit there and see that rack)."""
    logins = recorded_logins(events, seats)
    return {seat: logins.get(seat, login_key(name)) for seat, name in guests.items()}


def _is_seat(value: object, players: Sequence[Player]) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < len(players)
