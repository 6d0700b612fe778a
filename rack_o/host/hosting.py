"""A game played at a hosted table: the game loop's hooks, keeping every person's screen up to
date, on the one game thread.

The game runs through `rack_o.agent.play_game` like `racko play`'s, its record written by the
same `StepRecorder`. Each person (the guests, and the host if seated) has a `SeatScreen`; the
mover's is the HumanAgent's turn screen, the others follow each public move. Before every
deal the table waits until everyone is ready (Enter), and until every guest seat is taken,
or given to a computer player by the host. A person's leaving never stops the game: only the
host does (q, Ctrl-C, a signal), and the game is then saved as it stands. At the end, the host
is asked whether the table plays again (the guests read that they are choosing).

Each screen speaks its person's language: what everyone sees (a round's end, the end of the
game) is made in each language it is shown in, and what a guest is told, in theirs.

The computer players think on a thread of their own (`AsideBot`), so that the table goes on
answering everyone's keys while a slow one thinks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Generic, TypeVar

from rich.console import Console, RenderableType
from rich.text import Text

from rack_o.actions import Phase
from rack_o.agent import Agent, Table, play_game
from rack_o.cli.console import BOT_PAUSE
from rack_o.cli.human import HumanAgent
from rack_o.cli.prompt import InputEnded
from rack_o.cli.scoreboard import racko_banner, round_end_forms, round_end_lines, standings
from rack_o.cli.screens import ForWidth, cut_short_note
from rack_o.cli.session import (
    discard_drawn_card,
    end_notes,
    show_score_sheet,
    where_stopped,
)
from rack_o.cli.wrapping import fill
from rack_o.game import Game
from rack_o.host.address import login_key
from rack_o.i18n import _, current_language, ngettext
from rack_o.record import GIVEN_AWAY, GUEST_LOGINS, STAND_IN, Event, Header, turn_lines
from rack_o.steps import RoundResult
from rack_o.store.recorder import StepRecorder
from rack_o.store.safe_text import printable
from rack_o.store.writer import RecordWriter
from rack_o.view import PublicTurn, SeatView

from .aside import AsideBot
from .guest_seats import GuestSeats, Message, recorded_logins
from .inbox import Inbox
from .screen import SeatScreen
from .seat import HostStopped, PersonSeat
from .terminal import GuestEOF, GuestInterrupt, RemoteTerminal
from .views import Presence, TableInfo

OVER_WAIT = 600.0
"""Seconds the end of the game stays up for the guests when the host has no screen to close
the table from (it closes sooner once they have all left)."""

Lines = Callable[[], list[RenderableType]]
"""Makes lines to show, in the language being spoken."""
Made = TypeVar("Made")


def _aside_stand_in(stand_in: Callable[[int], Agent], seat: int, inbox: Inbox) -> Agent:
    """`stand_in(seat)`, made to think aside from the game thread (an `AsideBot`)."""
    return AsideBot(stand_in(seat), inbox)


def _dim_note(note: str, width: int) -> Text:
    """`note` filled to `width`, dim."""
    return Text(fill(note, width), "dim")


class InEachLanguage(Generic[Made]):
    """What `make()` makes (lines, forms of a screen), made once in each language it is asked
    for in."""

    def __init__(self, make: Callable[[], Made]) -> None:
        self._make = make
        self._made: dict[str, Made] = {}

    def __call__(self) -> Made:
        """What is made, in the language being spoken."""
        language = current_language()
        if language not in self._made:
            self._made[language] = self._make()
        return self._made[language]


def stood_in_places(events: Sequence[Event]) -> set[tuple[int, int]]:
    """(round, place in that round's history) of each turn the record says a computer player
    made for a person (STAND_IN): a round's history holds its turns and turn-overs in order."""
    return {(turn.round, turn.place) for turn in turn_lines(events) if turn.line.get(STAND_IN)}


class HostedGame(Table):
    """The hooks of a hosted game (a `rack_o.agent.Table`), and what its screens ask of it."""

    def __init__(
        self,
        seats: GuestSeats,
        game: Game,
        agents: Sequence[Agent],
        *,
        host_seat: int | None,
        host_terminal: RemoteTerminal | None,
        info: TableInfo,
        stand_in: Callable[[int], Agent],
        header: Header | None = None,
        writer: RecordWriter | None = None,
        events: Sequence[Event] = (),
        opening: Lines = list,
        host_notes: Sequence[RenderableType] = (),
        saved_line: RenderableType | None = None,
        given_away: Sequence[int] = (),
        cut_short: tuple[int, int] | None = None,
        pause_seconds: float = BOT_PAUSE,
        console: Console | None = None,
        play_again: Callable[[RemoteTerminal], bool] | None = None,
        table: str = "",
    ) -> None:
        """`agents` sit at the seats: a HumanAgent at each person's (on the guest's terminal,
        or the host's), a bot at the others. `host_terminal` is the host's screen (their seat's
        terminal, or one without a seat), if the host has a terminal; `stand_in(seat)` makes
        the computer player the host may give a guest's seat to (`given_away`: at once).
        `cut_short` is (seat, card) when the saved game's last turn was a person's, cut short
        with a drawn card in hand: it was discarded, and they are told so as the table opens.
        `opening()` makes what everyone sees before the first deal (in the language spoken);
        `host_notes` is what only the host sees then; `saved_line`, where the game is saved
        and how to open its table again, only once a card is dealt (left before, the game keeps
        no record: see `where_stopped`). `console` is
        where the host is told why the game stopped (the host's screen if None). The bots
        think on threads of their own (`AsideBot`). `play_again(terminal)` asks the host, at
        the end of the game, whether the table plays another (True: yes); without it, or without
        a host's screen, the end stays up until the host closes the table."""
        self.seats = seats
        self.game = game
        self.header = header
        self.info = info
        self.table = table
        """The options that open a table where this one listens (`table_options`): the
        command that deals the cards again names them."""
        self.host_seat = host_seat
        self._host_notes = list(host_notes)
        self._saved_line = saved_line
        self._saving = writer is not None
        self.opening = opening
        self.pause_seconds = pause_seconds
        self.stopping = False
        """The host is stopping the game: nobody else's leaving is in question."""
        self.closing = False
        """The host closed the table after the game."""
        self.host_terminal = host_terminal
        self._play_again = play_again
        self.again = False
        """The host said yes: the table plays another game."""
        self._gate_lines: InEachLanguage[list[RenderableType]] | None = None
        self._over_forms: InEachLanguage[list[list[RenderableType]]] | None = None
        self._guest_over_forms: InEachLanguage[list[list[RenderableType]]] | None = None
        self._ready: set[int] = set()
        self._gate_opened = 0.0
        self._opened = False
        """The first wait for everyone (with the `opening` lines) is over."""
        self._stirred = False
        """Someone came or went during a wait for everyone."""
        self._all_here_at: float | None = None
        """When the last guest came (time.monotonic), while every guest is connected during the
        first wait for everyone; None while one is away."""
        self._drawn_at: int | None = None
        """How many steps the game had when the last turn's end drew every screen (None: no
        turn ended since the last began, or its end drew nothing: the round was over)."""
        self.terminals: dict[int, RemoteTerminal] = dict(seats.terminals)
        if host_seat is not None and host_terminal is not None:
            self.terminals[host_seat] = host_terminal
        self.agents: list[Agent] = []
        inbox = seats.inbox
        for seat, agent in enumerate(agents):
            if isinstance(agent, HumanAgent):
                terminal = self.terminals[seat]
                agent.sheet = lambda terminal=terminal: show_score_sheet(terminal, game)
                agent.stand_ins = self.stand_in_turns
                agent.warning = terminal.idle_warning
                agent = PersonSeat(agent, terminal, self,
                                   partial(_aside_stand_in, stand_in, seat, inbox),
                                   guest=seat != host_seat)
            else:
                agent = AsideBot(agent, inbox)
            self.agents.append(agent)
        self._played: set[int] = {turn.seat for turn in turn_lines(events)
                                  if not turn.line.get(STAND_IN)}
        """The seats a person played a turn at (a seat given away may have had none)."""
        self._stood_in: set[tuple[int, int]] = stood_in_places(events)
        """(round, place in its history) of each turn a computer player made for a person
        (those of a saved game's record too: a table opened again marks them as before)."""
        self.recorder = StepRecorder(game, self.agents, writer, events)
        self._logins = recorded_logins(events, len(game.players))
        """The user names guests took seats with that the record says (or will say)."""
        self._record_logins()
        self.screens: dict[int | None, SeatScreen] = {
            seat: SeatScreen(self, terminal, seat, is_host=seat == host_seat)
            for seat, terminal in self.terminals.items()
        }
        if host_terminal is not None and host_seat is None:
            self.screens[None] = SeatScreen(self, host_terminal, None, is_host=True)
        for seat, agent in enumerate(self.agents):
            if isinstance(agent, PersonSeat) and seat in self.screens:
                self.screens[seat].human = agent.human
        self.console = console or (host_terminal.console if host_terminal else Console())
        seats.on_presence(self._presence)
        seats.on_locked_out(self._locked_out)
        for seat in given_away:
            self._give_away(seat, lambda: _("A computer player plays your seat now."))
        if cut_short is not None and cut_short[0] in self.screens:
            card = cut_short[1]
            self.screens[cut_short[0]].gate_note = lambda: cut_short_note(card)

    @property
    def host_notes(self) -> list[RenderableType]:
        """What only the host sees while everyone gets ready: the notes, and where the game is
        saved once there is a game to carry on."""
        if self._saved_line is None or not self.saved:
            return list(self._host_notes)
        return [*self._host_notes, self._saved_line]

    @property
    def saved(self) -> bool:
        """True once the table stopped now could open again: the game is saved and a card was
        dealt (a record left before the first deal is not kept: see `where_stopped`)."""
        return self._saving and self.game.round > 0

    @property
    def gate_lines(self) -> list[RenderableType] | None:
        """What shows while everyone gets ready for the next deal, in the language spoken
        (None: no deal is waited for)."""
        return None if self._gate_lines is None else self._gate_lines()

    @property
    def over_lines(self) -> list[RenderableType] | None:
        """What the end of the game shows, in the language spoken (None while it goes on)."""
        return None if self._over_forms is None else self._over_forms()[0]

    @property
    def over_forms(self) -> list[list[RenderableType]] | None:
        """The forms the end of the game may take on a screen, fullest first, in the language
        spoken (None while the game goes on)."""
        return None if self._over_forms is None else self._over_forms()

    @property
    def guest_over_forms(self) -> list[list[RenderableType]] | None:
        """`over_forms` as a guest's screen shows them: without the seed's note, whose
        `racko play` command is for the host to run (a guest has no racko)."""
        return None if self._guest_over_forms is None else self._guest_over_forms()

    # ------------------------------------------------------------------ the game

    def play(self) -> None:
        """Wait for everyone, play the game to its end, show the end until the host chooses
        whether to play again, or closes the table (without a host's screen: until every guest
        has left)."""
        if self.game.phase is not Phase.DEAL:  # a game carried on in the middle of a round
            self._gate(self.opening)
        play_game(self.game, self.agents, self)
        self._game_over()

    def dealing(self, game: Game) -> None:
        if self._opened:  # a round's end: every screen holds it a moment, as racko play does
            self._gate(partial(round_end_lines, game), hold=True)
        else:
            self._gate(self.opening)

    def turn_starts(self, game: Game, seat: int) -> None:
        screen = self.screens.get(seat)
        if screen is not None and self._is_person(seat):
            screen.turn(True)
        drawn_at, self._drawn_at = self._drawn_at, None
        if drawn_at != len(game.steps):
            self.redraw()
        # Else the last turn's end drew every other screen as the game stands (whose turn it
        # is included), and whatever came since drew itself: drawn again, each would be the
        # same screen sent twice.

    def turn_ends(self, game: Game, seat: int) -> None:
        agent = self.agents[seat]
        if isinstance(agent, PersonSeat) and not agent.stood_in:
            self._played.add(seat)
        elif isinstance(agent, PersonSeat) and game.phase is Phase.CHOOSE:
            # The round's last move ends its history: only a round going on shows it. The
            # turn is the last of the seat's (the pile may have been turned over since).
            history = game.history
            place = max(place for place, event in enumerate(history)
                        if isinstance(event, PublicTurn) and event.seat == seat)
            self._stood_in.add((game.round, place))
        screen = self.screens.get(seat)
        if screen is not None:
            screen.turn(False)
        if game.phase is Phase.CHOOSE:  # else the round is over: its end shows next
            self.redraw()
            self._drawn_at = len(game.steps)
            if not self._is_person(seat):
                self.seats.wait(lambda: False, self.pause_seconds)

    def round_ends(self, game: Game, result: RoundResult) -> None:
        pass  # shown while everyone gets ready for the next deal, or at the game's end

    def choosing(self, seat: int, view: SeatView) -> None:
        """`seat` is about to choose: once a card is drawn, the others see it was."""
        if view.holds_drawn_card:
            self.redraw()

    # ------------------------------------------------------------------ everyone ready

    def _gate(self, lines: Lines, *, hold: bool = False) -> None:
        """Show what `lines()` makes and who is ready, until every person is (guests away hold
        it up); with `hold`, each screen stands a moment before its keys count."""
        self._gate_lines = InEachLanguage(lines)
        self._ready = set()
        self._gate_opened = time.monotonic()
        self._all_here_at = None
        if hold:
            self._hold_screens()
        self.redraw()
        while not self._all_ready():
            # Woken by whoever comes or goes, to count each guest's silence from then on.
            self._stirred = False
            self.seats.wait(lambda: self._stirred or self._all_ready(), self._idle_timeout())
        self._gate_lines = None
        self._opened = True
        for screen in self.screens.values():
            screen.gate_note = None  # what was told as the table opened again is old news

    def _all_ready(self) -> bool:
        return not self.not_ready()

    def _idle_timeout(self) -> float | None:
        """Warn, or let go, the guests silent for too long; seconds until the next would be.
        Before the table's first deal (or its first since it opened again), only once every
        guest has come, each silence counted from the last one's coming: while one is away, a
        guest waits for them as much as anyone waits for the guest."""
        since = self._gate_opened
        if not self._opened:
            if self.away_guests():
                self._all_here_at = None
                return None
            if self._all_here_at is None:
                self._all_here_at = time.monotonic()
            since = max(since, self._all_here_at)
        left = [self.terminals[seat].idle_left(since)
                for seat in self.seats.terminals if seat not in self._ready]
        return min((seconds for seconds in left if seconds is not None), default=None)

    def not_ready(self) -> list[str]:
        """The names the next deal waits for."""
        return [self.game.players[seat].name for seat in sorted(self.terminals)
                if self._is_person(seat) and seat not in self._ready]

    def is_ready(self, seat: int) -> bool:
        """True once `seat`'s player pressed Enter for the next deal."""
        return seat in self._ready

    def ready(self, seat: int) -> None:
        """`seat`'s player is ready for the next deal."""
        if self._gate_lines is not None:
            self._ready.add(seat)
            self.redraw()

    def unready(self, seat: int) -> None:
        """`seat`'s player takes back that they are ready (the cards are not dealt yet)."""
        if self._gate_lines is not None and seat in self._ready:
            self._ready.discard(seat)
            self.redraw()

    # ------------------------------------------------------------------ the people

    def presence(self, seat: int) -> Presence:
        """Where `seat`'s player is."""
        if not self.game.players[seat].is_human:
            return Presence.BOT
        if not self._is_person(seat):
            return Presence.STAND_IN
        terminal = self.terminals[seat]
        if not terminal.is_connected:
            if terminal.left:
                return Presence.LEFT
            return Presence.IDLE if terminal.idled else Presence.AWAY
        if self._gate_lines is not None:
            return Presence.READY if seat in self._ready else Presence.HERE
        return Presence.HOST if seat == self.host_seat else Presence.HERE

    def stand_in_turns(self) -> frozenset[int]:
        """The places in this round's history of the turns a computer player made for a person
        (once the host gave it their seat): the moves lists mark them."""
        return frozenset(place for round_, place in self._stood_in if round_ == self.game.round)

    def logins(self) -> dict[int, str]:
        """The user names guests took seats with where they are not the seats' own names."""
        return self.seats.logins()

    def away_guests(self) -> list[int]:
        """The guest seats whose guest is not connected (and not given away)."""
        return [seat for seat, terminal in self.seats.terminals.items()
                if self._is_person(seat) and not terminal.is_connected]

    def _is_person(self, seat: int) -> bool:
        """True for a seat a person plays (not a bot, nor a stand-in)."""
        agent = self.agents[seat]
        return isinstance(agent, PersonSeat) and agent.bot is None

    def _record_logins(self) -> None:
        """The record's next line names the user names guests took seats with that it does not
        say yet (see GUEST_LOGINS)."""
        logins = self.seats.logins()
        new = {seat: login for seat, login in logins.items() if self._logins.get(seat) != login}
        # A seat taken back under its own name: the record says so, so that a table opened
        # again keeps it for that name, not for the login before.
        for seat, login in self._logins.items():
            terminal = self.seats.terminals.get(seat)  # None: not a guest's seat (an odd record)
            if terminal is not None and seat not in logins and login != login_key(terminal.name):
                new[seat] = login_key(terminal.name)
        if not new:
            return
        self._logins = dict(logins)
        pending = self.recorder.next_line.get(GUEST_LOGINS)
        self.recorder.next_line[GUEST_LOGINS] = {
            **(pending if isinstance(pending, dict) else {}),
            **{str(seat): login for seat, login in new.items()}}

    def _presence(self, seat: int, connected: bool) -> None:
        self._stirred = True
        if connected:
            self._record_logins()
        if not connected:
            self._ready.discard(seat)
        if self.stopping:
            return  # the table is closing: nobody is left to tell
        if connected and seat in self.screens:
            self.screens[seat].came_back()
        for other, screen in self.screens.items():
            if other != seat or not connected:  # a guest back gets their screen repainted
                screen.show()

    def _locked_out(self, address: str, seconds: float) -> None:
        """Wrong table codes locked `address` out: the host is told, since a guest there is
        kept out too (people behind one router share an address)."""
        screen = self.screens.get(self.host_seat)
        if screen is None or self.stopping:
            return
        count = max(1, math.ceil(seconds))
        screen.tell(seconds=seconds, note=lambda: Text(ngettext(
            "Too many wrong table codes from {address}: nobody there can join for {count} "
            "second.",
            "Too many wrong table codes from {address}: nobody there can join for {count} "
            "seconds.", count).format(address=printable(address), count=count), "yellow"))
        screen.show()

    def give_to_bot(self, seat: int) -> None:
        """The host gives `seat` to a computer player, for the rest of the game (the record's
        next line says so)."""
        self._give_away(seat, lambda: _("The host gave your seat to a computer player. Thanks "
                                        "for playing!"))
        given = self.recorder.next_line.get(GIVEN_AWAY)
        self.recorder.next_line[GIVEN_AWAY] = [*(given if isinstance(given, list) else ()),
                                               seat]
        name = self.game.players[seat].name
        for screen in self.screens.values():
            screen.tell(lambda: Text(_("A computer player plays for {name} from now on.").format(
                name=name), "cyan"))
        self.redraw()

    def _give_away(self, seat: int, message: Callable[[], str]) -> None:
        """Give `seat` to a computer player, its guest told what `message()` makes."""
        agent = self.agents[seat]
        assert isinstance(agent, PersonSeat)
        agent.give_to_bot()
        self._stirred = True  # a wait for everyone counts the silences again: nobody is away
        terminal = self.terminals[seat]
        with terminal.speaking():
            terminal.release(message())

    def redraw(self) -> None:
        """Every screen that follows the game, drawn again."""
        for screen in self.screens.values():
            screen.show()

    def _hold_screens(self) -> None:
        """Every screen turns to a round's end or the game's: each stands a moment before its
        keys count (`SeatScreen.hold`)."""
        for screen in self.screens.values():
            screen.hold()

    # ------------------------------------------------------------------ the host

    def stop_game(self, interrupt: bool, *, ended: bool = False) -> None:
        """The host stops the game: raises what leaves the game loop, as the key does at the
        host's own turn (Ctrl-C if `interrupt`, Ctrl-D if `ended`, else q)."""
        self.stopping = True
        if interrupt:
            raise KeyboardInterrupt
        if ended:
            raise InputEnded
        raise HostStopped

    def close(self) -> None:
        """The host closes the table after the game."""
        self.closing = True

    def _game_over(self) -> None:
        game = self.game
        assert game.winner is not None
        names = [p.name for p in game.players]
        # A seat given to a computer player before a person played there used no hints.
        humans = [seat for seat in range(len(names)) if isinstance(self.agents[seat], PersonSeat)
                  and (self._is_person(seat) or seat in self._played)]
        winner = game.winner
        hints_used = list(self.recorder.hints_used)

        def forms(seed: bool) -> list[list[RenderableType]]:
            # Wrapped by racko at each screen's width: rich would break "Ann 2" at its no-break
            # space.
            notes = [ForWidth(partial(_dim_note, note))
                     for note in end_notes(self.header, names, humans, hints_used,
                                           seed=seed and game.follows_rng,
                                           hosted=True, seated=self.host_seat is not None,
                                           table=self.table)]

            def summary(compact: bool, kept: int) -> list[RenderableType]:
                return [standings(game.totals, names, game.rules, winner, len(game.rounds),
                                  compact=compact), *notes[:kept]]

            # On a small window the round gives way first (its banner last: who went out),
            # then the table's blank edges, then the notes, the seed's first: the standings
            # are never cut.
            full = summary(False, len(notes))
            banner = racko_banner(game.rounds[-1], names, boxed=False)
            # A guest's notes (the hints used) give way to who went out; the host's keep the
            # command that deals the cards again, which nothing else gives.
            fewer = [len(notes)] if seed else range(len(notes), -1, -1)
            return [*([*form, *full] for form in round_end_forms(round_end_lines(game))),
                    *([banner, *summary(False, kept)] for kept in fewer), full,
                    *(summary(True, kept) for kept in range(len(notes), -1, -1))]

        self._over_forms = InEachLanguage(partial(forms, True))
        self._guest_over_forms = InEachLanguage(partial(forms, False))
        for screen in self.screens.values():
            screen.game_over()
        self._hold_screens()
        if self._play_again is not None and self.host_terminal is not None:
            self._decide(self.host_terminal, self._play_again)
            return
        self.redraw()
        if self.host_seat in self.screens or None in self.screens:
            self.seats.wait(lambda: self.closing)
        else:
            self.seats.wait(lambda: not any(terminal.is_connected
                                            for terminal in self.seats.terminals.values()),
                            OVER_WAIT)

    def _decide(self, terminal: RemoteTerminal, ask: Callable[[RemoteTerminal], bool]) -> None:
        """Ask the host under the end of the game whether the table plays again (`ask`), while
        the guests read that the host is choosing; `again` holds the answer. A Ctrl-C or Ctrl-D
        the host typed before the question is a no."""
        for screen in self.screens.values():
            screen.host_chooses()
        self.redraw()
        # The question shows once the host's screen has stood its moment (`SeatScreen.hold`).
        host_screen = self.screens.get(self.host_seat)
        if host_screen is not None and host_screen.terminal is terminal:
            self.seats.wait(lambda: self.closing or not host_screen.holding)
        try:
            terminal.flush_input()  # runs what was typed meanwhile: see SeatScreen._pressed
        except (GuestInterrupt, GuestEOF):
            self.closing = True  # typed with the last move, unread
        if not self.closing:
            with terminal.speaking():
                self.again = ask(terminal)

    def retire(self) -> None:
        """The table plays another game, with screens of its own: this game's draw no more."""
        for screen in self.screens.values():
            screen.retire()

    def stop(self, reason: str, saved_note: str | None, code: int) -> int:
        """Discard a card a person drew, let every guest go, tell the host why and where the
        game stopped; return `code`."""
        self.stopping = True
        game = self.game
        players = [agent.bot if isinstance(agent, PersonSeat) and agent.bot else agent
                   for agent in self.agents]
        mover = game.mover
        drawn = discard_drawn_card(game, players)

        def yours() -> str:
            return _("You had drawn {card}: a draw cannot be undone, so it was discarded."
                     ).format(card=drawn)

        if drawn is not None and mover == self.host_seat:
            reason += " " + yours()
        elif drawn is not None:
            reason += " " + _(
                "{name} had drawn {card}: a draw cannot be undone, so it was discarded."
            ).format(name=game.players[mover].name, card=drawn)
        # The guest who held it is told too: they come back to find it on the discard pile.
        notes: dict[int, Message] = {mover: yours} if drawn is not None else {}
        self.seats.close(self._stopped_message, notes)
        for screen in self.screens.values():
            screen.turn(False)
        if self.host_terminal is not None:
            # Said even in a window too small for the game: it holds no rack, and it is the
            # only place the host learns how to open the table again.
            self.host_terminal.shows_any_size()
        self.console.print()
        self.console.print(fill(where_stopped(game, reason, saved_note), self.console.width),
                           markup=False, highlight=False, soft_wrap=True)
        return code

    def _stopped_message(self) -> str:
        """What every guest is told as the host stops the game: that they may take their seat
        back when the table opens again, only if it can (as `where_stopped` tells the host)."""
        if self.saved:
            return _("The host stopped the game. It is saved: when the host opens the table "
                     "again, the same ssh command takes your seat back, with the new table code "
                     "the host gives you.")
        if self.game.round == 0:
            why = _("No card was dealt, so there is no game to carry on.")
        else:
            why = _("It could not be saved, so it cannot be carried on.")
        return _("The host stopped the game.") + " " + why
