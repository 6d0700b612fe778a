"""The game loop at the terminal: drives a Game, in any state, through one Agent per seat.

Humans and bots are asked the same way (`rack_o.agent.take_step`); this loop adds what the
table needs around the turns: hand-off screens when several people share the terminal, a
line per bot move, the round table, the score sheet, the standings, and a clean stop on q,
Ctrl-C or Ctrl-D. The record is written as each step happens, by the Game's `on_step`; the
session only adds to a person's turn line how many hints they were shown during it.
"""

from __future__ import annotations

import errno
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext, suppress
from functools import partial
from typing import Protocol

try:
    from termios import error as TermiosError
except ImportError:  # pragma: no cover - Windows
    TermiosError = OSError  # type: ignore[assignment,misc]

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from rack_o.actions import DISCARD, Phase, Source
from rack_o.agent import Agent, AgentError, Outcome, Table, play_game
from rack_o.game import Game
from rack_o.i18n import N_, _, number
from rack_o.record import Event, Header
from rack_o.steps import RoundResult, Turn
from rack_o.store.paths import record_ref
from rack_o.store.recorder import StepRecorder
from rack_o.store.records import replayable_seed, shown_seed
from rack_o.store.safe_text import controls_escaped
from rack_o.store.writer import RecordChangedError, RecordWriteError, RecordWriter
from rack_o.view import PublicTurn

from .bindings import QUIT_KEY
from .console import ENTER, PlayerTerminal, Terminal, lines_taken, printable
from .exits import EXIT_HANGUP, EXIT_INTERRUPTED, EXIT_OK, EXIT_STOPPED
from .hold import HANDOFF_HOLD, PASS_HOLD, RESULTS_HOLD, hold_keys
from .human import fitted_turn_screen
from .messages import drop_command
from .os_reasons import os_reason
from .pager import page
from .prompt import InputEnded, QuitGame, ask, prompt_lines, reads_lines
from .quit_signal import key_named
from .scoreboard import (
    round_end_lines,
    score_sheet,
    standings,
)
from .screens import (
    deal_line,
    describe_turn,
    handoff_screen,
    move_line,
    scores_of,
    side_name,
    since_last_turn,
)
from .setup import same_cards_note
from .stopping import Hangup, signal_stop
from .stopping import StopSignals as _StopSignals
from .thinking import ThinkingNote
from .wrapping import fill

HANDOFF_HELP = N_(
    "The next player takes the keyboard. Press Enter only when nobody else can see the "
    "screen: your rack appears next. s shows the score sheet, r the rules, q quits."
)
ENTER_HELP = N_("Press Enter to go on. s shows the score sheet, r the rules, q quits.")
NBSP_AND = "\u00a0&\u00a0"
PROMPT_LINES = 2
"""Lines kept free under the final standings for the play-again question."""


# A closed terminal fails reads and writes with these (before or after its SIGHUP arrives).
_TERMINAL_GONE = frozenset({errno.EIO, errno.ENXIO, errno.EPIPE, errno.EBADF})


def terminal_gone(error: BaseException | None) -> bool:
    """True for the error a read, a write or a change of settings gets once the terminal is
    closed."""
    if isinstance(error, OSError):
        return error.errno in _TERMINAL_GONE
    return isinstance(error, TermiosError) and bool(error.args) and error.args[0] in _TERMINAL_GONE


def is_human(agent: Agent) -> bool:
    """True for a seat played at the keyboard."""
    return bool(getattr(agent, "is_human", False))


def run_session(
    term: Terminal,
    game: Game,
    agents: Sequence[Agent],
    *,
    notices: Sequence[RenderableType] = (),
    saved_note: str | None = None,
    header: Header | None = None,
    writer: RecordWriter | None = None,
    events: Sequence[Event] = (),
) -> int:
    """Play `game` on from wherever it stands to its end; the exit code (0, 1 or 130).

    `notices` are public lines to show before the first turn (seed, dealer draw);
    `saved_note` is told to the players if they stop early (where the record is kept).
    `header` is the record's game line (the seed is told at the end; hints on or off);
    `writer`, if given, writes the record, the hints shown during a person's turn added to
    its line; `events` are the record's lines so far (the hints used before a resume).
    """
    session = _Session(term, game, list(agents), list(notices), header, writer, events)
    return run_until_stopped(session, saved_note)


class Stoppable(Protocol):
    """A game being played that can be stopped cleanly, wherever it stands."""

    game: Game

    def play(self) -> None:
        """Play the game to its end."""
        ...

    def stop(self, reason: str, saved_note: str | None, code: int) -> int:
        """Say why and where the game stopped; return `code`."""
        ...


def run_until_stopped(session: Stoppable, saved_note: str | None) -> int:
    """Play `session` to its end, or stop it cleanly on q, Ctrl-C, Ctrl-D, a closed terminal
    (SIGHUP), SIGTERM or a record that cannot be written; the exit code."""
    game = session.game
    with _StopSignals() as signals:
        stopped: BaseException | None = None
        try:
            try:
                session.play()
            except BaseException as error:
                signals.hold()
                stopped = error
            signals.hold()
        except Hangup as late:  # a signal came while another way out was being taken
            stopped = late
        if stopped is None and signals.received is not None:
            stopped = Hangup(signals.received)  # it came with the game's last move
        if stopped is None:
            return EXIT_OK
        way_out = _way_out(stopped)
        reason, code = _why_stopped(way_out)
        if game.is_over and isinstance(stopped, Hangup):
            return code  # nothing was left to stop: the standings are on the screen
        if isinstance(way_out, RoundCapped):
            # Carried on, it would stop again at once: say how to remove it instead.
            saved_note = None if way_out.record is None else (
                _("Remove its record with:") + "\n" + drop_command(way_out.record))
        return session.stop(reason, saved_note, code)


class RoundCapped(Exception):
    """Computer players alone played a round to the turn cap without a Rack-O; `record` is
    how to name its record to racko (None if it has none)."""

    def __init__(self, round_number: int, turns: int, record: str | None) -> None:
        super().__init__(round_number, turns, record)
        self.round_number = round_number
        self.turns = turns
        self.record = record


_WAYS_OUT = (QuitGame, KeyboardInterrupt, Hangup, EOFError, InputEnded, RecordWriteError,
             RoundCapped)


def _way_out(error: BaseException) -> BaseException:
    """The way of leaving behind `error`: a cleanup that failed while the game was being left
    (restoring a closed terminal's settings…) must not hide why it was left."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, _WAYS_OUT) or terminal_gone(seen):
            return seen
        seen = seen.__context__
    return error


def _why_stopped(error: BaseException) -> tuple[str, int]:
    """What to tell the players about the game stopping, and the exit code; re-raises the
    errors that are no way of leaving a game (bugs)."""
    if isinstance(error, QuitGame):
        return str(error) or _("You quit the game."), EXIT_STOPPED
    if isinstance(error, KeyboardInterrupt):
        return key_named(_("Interrupted (Ctrl-C).")), EXIT_INTERRUPTED
    if isinstance(error, Hangup):
        return signal_stop(error.signum)
    if isinstance(error, EOFError | InputEnded):
        return _("The input ended (Ctrl-D)."), EXIT_STOPPED
    if isinstance(error, RoundCapped):
        capped = _("No Rack-O after {turns} turns of round {round}: computer players alone "
                   "may never finish a round (a random player never puts its cards in order), "
                   "so the game stops here.")
        return capped.format(turns=number(error.turns), round=error.round_number), EXIT_STOPPED
    if isinstance(error, RecordChangedError):
        return _("The game stops: its record {file} was changed by another program since "
                 "racko last wrote to it, so nothing more was written to it.").format(
            file=controls_escaped(str(error.filename))), EXIT_STOPPED
    if isinstance(error, RecordWriteError):
        return cannot_save(error), EXIT_STOPPED
    if terminal_gone(error) or (
        isinstance(error, AgentError) and is_human(error.agent) and terminal_gone(error.cause)
    ):
        return _("The terminal was closed."), EXIT_HANGUP
    if isinstance(error, AgentError):
        reason = printable(str(error).rstrip())
        if not reason.endswith((".", "!", "?")):
            reason += "."
        return _("A computer player went wrong, so the game stops: {error}").format(
            error=reason), EXIT_STOPPED
    raise error


def cannot_save(error: OSError) -> str:
    """The sentence for a record that could not be written."""
    return _("The game can't be saved: {reason} ({file}).").format(
        reason=os_reason(error), file=controls_escaped(str(error.filename or ""))
    )


def turn_lines(game: Game, seat: int, history_before: int) -> list[RenderableType]:
    """A line for each public event of the round since its history was `history_before`
    long, as `seat` saw it."""
    names = tuple(p.name for p in game.players)
    history = game.view(seat).history
    return [move_line(event, names) for event in history[history_before:]]


def own_turn_line(game: Game, seat: int) -> Text:
    """`seat`'s last turn whole (its drawn card named), for that seat's own screen."""
    names = tuple(p.name for p in game.players)
    turn = next(step for step in reversed(game.steps) if isinstance(step, Turn)
                and step.seat == seat)
    return Text(describe_turn(turn, names))


def end_notes(header: Header | None, names: Sequence[str], humans: Sequence[int],
              hints_used: Sequence[int], *, seed: bool = True, hosted: bool = False,
              seated: bool = True, table: str = "") -> list[str]:
    """The hints each person used, and (if `seed`) the seed that deals this game's cards
    again: with `racko host` if the game was `hosted` (`--no-seat` unless the host was
    `seated`; then the `table`'s options, such as its --port, so the guests' ssh lines stay
    the same), else with `racko play`."""
    notes: list[str] = []
    if humans:
        if header is not None and not header.hints:
            notes.append(_("Hints were off for this game."))
        else:
            used = ", ".join(scores_of([names[seat] for seat in humans],
                                       [hints_used[seat] for seat in humans], together=True))
            notes.append(_("Hints used: {used}.").format(used=used))
    if header is None or not seed:
        return notes
    again = replayable_seed(header.seed)
    if again is not None:  # the same options sit guests down at one table
        command = "play" if not hosted else "host" if seated else "host --no-seat"
        note = same_cards_note(header.players, again, header.rules, command=command)
        # The command is the note's last line: the table's options end it.
        notes.append(note + table if hosted else note)
    elif header.seed is not None:
        # A record's own seed that --seed cannot take (text such as "5", which shuffles
        # otherwise than 5): shown as it is, with no command that would deal other cards.
        notes.append((_("Seed {seed}: racko host --seed takes a whole number from 0, so it "
                        "cannot deal these cards again.") if hosted else
                      _("Seed {seed}: racko play --seed takes a whole number from 0, so it "
                        "cannot deal these cards again.")).format(seed=shown_seed(header.seed)))
    return notes


def show_score_sheet(term: PlayerTerminal, game: Game) -> None:
    """The score sheet, in the pager at `term`: every finished round's points and the totals."""
    names = tuple(p.name for p in game.players)
    page(term, score_sheet(game.rounds, names, game.rules, game.totals), _("Score sheet"))


def discard_drawn_card(game: Game, agents: Sequence[Agent]) -> int | None:
    """Finish a person's turn by discarding the card they drew; the card, or None.

    A draw cannot be undone: leaving and resuming must not let anyone see the top of the
    draw pile and then take the discard instead.
    """
    if not game.holds_drawn_card:
        return None
    agent = agents[game.mover]
    if not is_human(agent):
        return None  # a bot saw nothing anyone else did not; it draws the same card again
    card = game.held
    mark_left: Callable[[], None] | None = getattr(agent, "mark_left", None)
    if mark_left is not None:
        mark_left()  # its record line says so: the discard was not a choice to review
    try:
        game.apply(DISCARD, game.mover)
    except Exception:  # the record could not be written: claim nothing
        return None
    return card


def where_stopped(game: Game, reason: str, saved_note: str | None, *, kept: bool = False
                  ) -> str:
    """`reason`, then where the game stopped (round, scores) and how to carry it on; or, before
    the first deal, that there is no game to carry on, unless its record is `kept` (a file the
    player named) and can be carried on."""
    if game.round == 0:
        if kept and saved_note:
            return reason + " " + _("No card was dealt yet.") + " " + saved_note
        # An autosaved record is deleted when its writer closes.
        return reason + " " + _("No card was dealt, so there is no game to carry on.")
    names = tuple(p.name for p in game.players)
    # No-break spaces: a score never goes to the next line without its side's name.
    sides = [side_name(game.rules, names, side) for side in range(game.rules.teams)]
    scores = ", ".join(score.replace(" & ", NBSP_AND)
                       for score in scores_of(sides, game.totals, together=True))
    if game.phase is Phase.DEAL:  # between rounds: the last one was played out
        where = _("after round {round} ({scores})").format(round=game.round, scores=scores)
    else:
        where = _("in round {round} ({scores})").format(round=game.round, scores=scores)
    message = reason + " " + _("The game stopped {where}.").format(where=where)
    if saved_note:
        message += f" {saved_note}"
    return message


class _Session(Table):
    def __init__(
        self, term: Terminal, game: Game, agents: list[Agent], notices: list[RenderableType],
        header: Header | None = None, writer: RecordWriter | None = None,
        events: Sequence[Event] = (),
    ) -> None:
        if len(agents) != len(game.players):
            raise ValueError(f"{len(game.players)} seats need as many agents, not {len(agents)}")
        self.term = term
        self.console = term.console
        self.game = game
        self.agents = agents
        self.header = header
        self.writer = writer
        self.names = tuple(p.name for p in game.players)
        self.humans = [seat for seat, agent in enumerate(agents) if is_human(agent)]
        self.hot_seat = len(self.humans) > 1
        self.pending = notices
        """Public news for the next hand-off screen (hot seat) or the next flush."""
        self.printed = 0
        """How many of `pending` are on screen already (hot seat: bot moves as they happen)."""
        self.on_screen: list[RenderableType] = []
        """The public lines on screen at a prompt, to paint again after the rules."""
        self.screen_owner: int | None = None
        """The human whose cards may be on screen now (None when the screen is clean)."""
        self.history_before = 0
        """How long the round's public history was when the turn started."""
        self.feed: list[RenderableType] | None = None
        """Against bots, from a person's confirmed move to their next turn: that move's line
        and the bots' moves since, under the person's rack (None at other times)."""
        self._feed_seat = 0
        self._feed_left = 0
        """The bots still to move before the feed's person plays again."""
        self.recorder = StepRecorder(game, agents, writer, events)
        self.thinking = ThinkingNote(self.console)
        """Says a bot is thinking when it takes long over a turn."""
        for seat in self.humans:
            # Every person's prompts offer s: the score sheet is public.
            agents[seat].sheet = self.show_sheet  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ the loop

    def play(self) -> None:
        game = self.game
        if self.hot_seat and not self.console.is_terminal:
            self.console.print(Text(_(
                "The output is not a terminal, so racko cannot clear the screen between "
                "players: every rack stays visible."), "bold yellow"))
        elif self.hot_seat and getattr(self.console, "is_dumb_terminal", False):
            # TERM=dumb (Emacs's shell, a serial console): it ignores the codes that clear.
            self.console.print(Text(_(
                "This terminal (TERM=dumb) may not clear the screen between players: every "
                "rack may stay visible."), "bold yellow"))
        if not self.hot_seat:
            self._flush_notices()
        # A terminal reached over a connection echoes nothing: only the local one needs this.
        unseen = getattr(self.term, "keys_unseen", nullcontext)
        resizes = getattr(self.term, "watching_resizes", nullcontext)
        with unseen(), resizes():
            try:
                # Only people can be trusted to finish a round: bots alone get simulate's cap.
                # (Asked for only then: a game with people need not load simulate's machinery,
                # a process pool's imports among it, at every start.)
                cap = None
                if not self.humans:
                    from rack_o import match

                    cap = match.DEFAULT_TURN_CAP
                if play_game(game, self.agents, self, turn_cap=cap) is Outcome.CAPPED:
                    record = None if self.writer is None else record_ref(self.writer.path)
                    raise RoundCapped(game.round, game.turn, record)
            finally:
                self.thinking.done()  # a stop while a bot thinks leaves no note behind
                self.term.on_continue = None  # a turn left by a quit: no rack is on screen
        self._game_end()

    def dealing(self, game: Game) -> None:
        if self.humans:
            dealer = game.dealer if game.round == 0 else (game.dealer + 1) % len(self.names)
            self._wait(
                _("Press Enter to deal round {round} — {dealer} deals").format(
                    round=game.round + 1, dealer=escape(self.names[dealer])
                ),
                results=game.round > 0,  # a round's results, after the move that ended it
            )

    def dealt(self, game: Game) -> None:
        line = deal_line(game.view(game.mover))
        if self.hot_seat:
            self.pending.append(line)
        else:
            self.console.print(line)

    def turn_starts(self, game: Game, seat: int) -> None:
        human = is_human(self.agents[seat])
        if human and self.hot_seat and self.screen_owner != seat:
            self._hand_off(seat)
        if human:
            self.screen_owner = seat
            self.feed = None
            if self.hot_seat:
                self.term.on_continue = partial(self._hand_back, seat)
        else:
            # In hot seat every rack was cleared away when its turn ended: this screen is public.
            self.thinking.start(self.names[seat])
        self.history_before = len(game.history)

    def turn_ends(self, game: Game, seat: int) -> None:
        self.thinking.done()
        if is_human(self.agents[seat]):
            self.term.on_continue = None
            if self.hot_seat:
                # Nobody else may scroll back to this rack.
                self.term.clear(scrollback=True)
                self.screen_owner = None
            else:
                self._own_move_shown(game, seat)
            return
        self._report_bot_turn(seat, self.history_before)

    def round_ends(self, game: Game, result: RoundResult) -> None:
        self._round_end()

    def _own_move_shown(self, game: Game, seat: int) -> None:
        """The rack as `seat`'s confirmed move left it and that move, in place of the move's
        preview (which asked for Enter); the bots' moves are added under it (`_draw_feed`)
        until the next person's turn."""
        line = own_turn_line(game, seat)
        if game.phase is not Phase.CHOOSE:  # a Rack-O: the round's end is drawn next
            self.console.print(line)
            return
        self.feed, self._feed_seat, self._feed_left = [line], seat, 0
        while not is_human(self.agents[(seat + self._feed_left + 1) % len(self.names)]):
            self._feed_left += 1
        self._draw_feed()

    def _draw_feed(self) -> None:
        """The feed's person's rack as the game stands (whose turn, the piles), the moves
        since their own under it, and room kept below for the bots still to move."""
        assert self.feed is not None
        longest = move_line(PublicTurn(0, Source.DISCARD, 50, 10, 50),
                            [max(self.names, key=len)])
        # Two lines more: a notice between the moves (the draw pile turned over, a bot slow to
        # move), and the cursor's line under the last.
        room = self.term.height - lines_taken(self.console, *self.feed) - (
            self._feed_left * lines_taken(self.console, longest) + 2)
        self.term.clear()
        self.console.print(fitted_turn_screen(self.console, self.game.view(self._feed_seat),
                                              room, history=False))
        for line in self.feed:
            self.console.print(line)

    def _report_bot_turn(self, seat: int, history_before: int) -> None:
        lines = turn_lines(self.game, seat, history_before)
        if self.hot_seat:
            # In order (the deal before the move); the next hand-off screen lists the moves.
            self._flush_notices(keep=True)
        if self.feed is not None and self.game.phase is Phase.CHOOSE:
            self.feed += lines
            self._feed_left -= 1
            self._draw_feed()
        else:
            for line in lines:
                self.console.print(line)
        self.term.pause()

    def _hand_off(self, seat: int) -> None:
        name = escape(self.names[seat])
        self.term.clear(scrollback=True)
        self.screen_owner = None
        notices, self.pending, self.printed = self.pending, [], 0
        prompts = (
            _("Pass the terminal to [bold]{name}[/] — {name}, press Enter when ready").format(
                name=name),
            _("[bold]{name}[/], press Enter when ready").format(name=name),
        )

        def draw(note: RenderableType | None = None) -> None:
            self.term.clear()
            # The hand-off screen shows only public fields of the view: never its rack.
            view = self.game.view(seat)
            room = self.term.height - prompt_lines(self.term.width, prompts)
            # The fullest form that leaves the prompt its lines: a short window gets the screen
            # without blank lines, then with fewer of the moves since the mover's last turn,
            # the newest kept (its turn screen lists what room it has for them), each with
            # the box round whose turn it is or, if that is all that does not fit, without.
            moves = len(since_last_turn(view)[0])
            forms = [partial(handoff_screen, moves=moves),
                     *(partial(handoff_screen, compact=True, moves=most, boxed=boxed)
                       for most in range(moves, -1, -1) for boxed in (True, False))]
            for form in forms:
                screen = form(view, notices)
                # A blank line under the box (a note too, such as ?'s help), where there is room.
                below: list[RenderableType] = [] if form.keywords.get("compact") else [Text()]
                if note is not None:
                    below.append(note)
                if lines_taken(self.console, screen, *below) <= room:
                    break
            self.console.print(screen)
            for line in below:
                self.console.print(line)

        # Only a key pressed once the prompt is up hands the keyboard over. Until then a word
        # where it will be: a screen that ignores Enter with nothing to say seems stuck.
        holding = not reads_lines(self.term)
        moment = Text(_("One moment…"), "dim") if holding else None
        draw(moment)
        self._hold(PASS_HOLD, partial(draw, moment))
        if holding:
            draw()
        ask(
            self.term,
            prompts,
            (ENTER,),
            valid=_("press Enter when {name} has the keyboard").format(name=name),
            help_text=_(HANDOFF_HELP),
            redraw=draw,
            sheet=self.show_sheet,
        )

    def _hand_back(self, seat: int) -> None:
        """racko was stopped (Ctrl-Z) in `seat`'s turn and continued: the keyboard is handed to
        that person again before their rack shows, since whoever typed fg may be another."""
        self._hand_off(seat)
        self.screen_owner = seat
        # Keys typed with the Enter that handed it over count for nothing, as at a turn's
        # start: "Enter d" in one burst drew a card unseen.
        self.term.flush_input()

    def _round_end(self) -> None:
        game = self.game
        # Computer players alone: their moves stay in the scrollback, the winning one too.
        self.term.clear(keep=not self.humans)
        self.screen_owner = None
        self.feed = None
        if self.hot_seat:
            self.pending, self.printed = [], 0  # the round's news is moot now
        self.on_screen = round_end_lines(game)
        for line in self.on_screen:
            self.console.print(line)
        if not self.humans and not game.is_over:
            self.term.pause()

    def _game_end(self, wait: bool = True) -> None:
        game = self.game
        assert game.winner is not None
        self._flush_notices()
        table = standings(game.totals, self.names, game.rules, game.winner, len(game.rounds))
        # Wrapped here: rich would break a line at the no-break space in "Ann 2".
        notes = [Text(fill(note, self.console.width), "dim") for note in self._end_notes()]
        if wait and self.humans and not reads_lines(self.term) and (
            lines_taken(self.console, *self.on_screen, table, *notes) + PROMPT_LINES
            > self.term.height
        ):
            # The standings would push the Rack-O banner and the last round off the screen.
            # The game is over: q, Ctrl-C or Ctrl-D have nothing left to stop but this wait.
            with suppress(KeyboardInterrupt, EOFError, InputEnded):
                self._wait(_("Press Enter for the final standings"), (ENTER, QUIT_KEY),
                           results=True)
            self.term.clear(keep=True)  # the last round's end, public: kept to scroll back to
            if lines_taken(self.console, table, *notes) + PROMPT_LINES > self.term.height:
                # A small window: without the table's blank edges its title stays in view.
                table = standings(game.totals, self.names, game.rules, game.winner,
                                  len(game.rounds), compact=True)
        self.console.print(table)
        for note in notes:
            self.console.print(note, highlight=False, soft_wrap=True)

    def _end_notes(self) -> list[str]:
        """The hints each person used, and the seed that deals this game's cards again."""
        return end_notes(self.header, self.names, self.humans, self.recorder.hints_used,
                         seed=self.game.follows_rng)

    def show_sheet(self) -> None:
        """The score sheet, in the pager: every finished round's points and the totals."""
        show_score_sheet(self.term, self.game)

    # ------------------------------------------------------------------ helpers

    def _flush_notices(self, keep: bool = False) -> None:
        """Print the pending notices not yet on screen; `keep` them for a hand-off screen."""
        for notice in self.pending[self.printed :]:
            self.console.print(notice)
            self.on_screen.append(notice)
        if keep:
            self.printed = len(self.pending)
        else:
            self.pending, self.printed = [], 0

    def _hold(self, first: float = HANDOFF_HOLD,
              repaint: Callable[[], None] | None = None) -> None:
        """Let the screen just drawn stand before its prompt (`hold_keys`, `first` seconds at
        least): whatever was typed after the last move, a second Enter above all, is thrown
        away, and while keys keep coming the wait goes on. Keys typed before it are thrown away
        too. `repaint` paints the screen again if the window is resized meanwhile."""
        if not reads_lines(self.term):
            self.console.file.flush()
            # A Ctrl-Z typed with the move's last key stops racko now, not once the hold
            # is over (keys typed while it holds are signals: `keys_unseen`).
            stop_if_typed = getattr(self.term, "stop_if_typed", None)
            if stop_if_typed is not None:
                stop_if_typed()
            wait = getattr(self.term, "wait_painted", time.sleep)
            repainting = getattr(self.term, "repainting", None)
            with (repainting(repaint) if repaint is not None and repainting is not None
                  else nullcontext()):
                hold_keys(wait, self.term.flush_input, first)
        self.term.flush_input()

    def _wait(self, prompt: str, keys: tuple[str, ...] = (ENTER,), *,
              results: bool = False) -> None:
        """Show what is on screen until `prompt` is answered; `results` (a round's, or the
        game's, after the move that ended it) stand RESULTS_HOLD before it is asked."""
        self._flush_notices()
        shown = self.on_screen

        def draw(note: RenderableType | None = None) -> None:
            self.term.clear()
            for line in shown:
                self.console.print(line)
            if note is not None:
                self.console.print(note)

        # The round's results (or the dealer draw) stay up until someone presses Enter for them.
        self._hold(RESULTS_HOLD if results else HANDOFF_HOLD)
        ask(self.term, prompt, keys, valid=_("press Enter to go on"),
            help_text=_(ENTER_HELP), redraw=draw, sheet=self.show_sheet)
        self.on_screen = []

    def stop(self, reason: str, saved_note: str | None, code: int) -> int:
        """Finish a drawn card's turn, say why and where the game stopped; return `code`."""
        with suppress(OSError, Hangup):  # the terminal is gone: nobody is left to tell
            self._stop(reason, saved_note)
        return code

    def _stop(self, reason: str, saved_note: str | None) -> None:
        game = self.game
        rounds = len(game.rounds)
        drawn = discard_drawn_card(game, self.agents)
        if self.hot_seat and self.screen_owner is not None:
            # Whoever picks up the terminal next must not find this player's rack.
            self.term.clear(scrollback=True)
            self.screen_owner = None
        if drawn is not None:
            reason += " " + _(
                "You had drawn {card}: a draw cannot be undone, so it was discarded."
            ).format(card=drawn)
        if len(game.rounds) > rounds:  # that discard left a rack in order: Rack-O
            self._round_end()
            if game.is_over:
                self._game_end(wait=False)
                self.console.print(reason, markup=False, highlight=False)
                return
        self.console.print()
        kept = self.writer is not None and not self.writer.drop_undealt
        self.console.print(fill(where_stopped(game, reason, saved_note, kept=kept),
                                self.console.width),
                           markup=False, highlight=False, soft_wrap=True)
