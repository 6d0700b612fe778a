"""One person's screen at a hosted table while the game does not wait for their move: the
screen follows the game, and their keys are handled one by one as they arrive.

It shows, by what the table is doing: the lobby or a round's end with who is ready; a waiting
screen (their own rack and every public move, whose turn it is); the end of the game. On top:
the score sheet or the rules (racko's own pager), a help note, a question (leave the table;
for the host, stop the game or give an away seat to a computer player). During their own turn
the screen is racko play's (the HumanAgent's), and keys typed before it asks are dropped.
Everything is drawn and answered in the person's language (their terminal's).

As at racko play, keys typed ahead never answer what the typist has not seen: a round's end and
the game's end stand a moment before keys count (`rack_o.cli.hold`), their prompt and keys
shown once they do, and a question throws away the keys typed with the one that asked it.

A note that answers a key which did nothing ("d does nothing here") passes: it goes once the
screen changes for the game's sake (after NOTE_READ seconds, to be read), and after
NOTE_SECONDS at the latest. The help, and what the table tells everyone, stay until the next key.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.segment import Segment, SegmentLines
from rich.text import Text

from rack_o.actions import Phase
from rack_o.cli.bindings import (
    DISCARD_KEY,
    GIVE_SEAT_KEY,
    HELP_KEY,
    HINT_KEY,
    PILE_KEYS,
    PUT_BACK_KEY,
    QUIT_KEY,
    RULES_KEY,
    SHEET_KEY,
    SLOT_KEYS,
)
from rack_o.cli.hold import RESULTS_HOLD, KeyHold
from rack_o.cli.human import HumanAgent, fitted_turn_screen
from rack_o.cli.option_types import typed_whole
from rack_o.cli.pager import Pager
from rack_o.cli.prompt import is_yes
from rack_o.cli.rules import rules_markdown
from rack_o.cli.scoreboard import round_end_forms, score_sheet
from rack_o.cli.screens import HISTORY_LINES, Either
from rack_o.cli.session import PROMPT_LINES
from rack_o.game import Game
from rack_o.i18n import _, listed

from .keyboard import CTRL_C, CTRL_D, ENTER, PUT_AWAY
from .seat import (
    left_before_deal,
    left_message,
    left_while_host_chooses,
    quit_forms,
    quit_question,
)
from .terminal import GuestEOF, GuestInterrupt, RemoteTerminal
from .views import (
    TABLE_LINES,
    Presence,
    TableInfo,
    help_note,
    host_choosing_line,
    invalid_note,
    keys_line,
    left_before_next_game,
    players_block,
    table_info_block,
    table_screen,
    waiting_line,
)

NOTE_READ = 2.0
"""Seconds a passing note stays, for its reader to read it, however the game moves on."""
NOTE_SECONDS = 6.0
"""Seconds a passing note stays at most."""


class Host(Protocol):
    """The hosted game as a screen sees it and asks things of it."""

    game: Game
    info: TableInfo
    host_seat: int | None

    @property
    def host_notes(self) -> list[RenderableType]:
        """What only the host sees while everyone gets ready (where the game is saved…)."""
        ...

    @property
    def saved(self) -> bool:
        """True once the table stopped now could open again (see `HostedGame.saved`)."""
        ...

    @property
    def over_lines(self) -> list[RenderableType] | None:
        """What the end of the game shows, in the language spoken (None while it goes on)."""
        ...

    @property
    def over_forms(self) -> list[list[RenderableType]] | None:
        """The forms the end of the game may take on a screen, fullest first, in the language
        spoken (None while the game goes on)."""
        ...

    @property
    def guest_over_forms(self) -> list[list[RenderableType]] | None:
        """`over_forms` as a guest's screen shows them (no `racko play` command)."""
        ...

    @property
    def gate_lines(self) -> list[RenderableType] | None:
        """What shows while everyone gets ready for the next deal, in the language spoken
        (None: no deal is waited for)."""
        ...

    def presence(self, seat: int) -> Presence:
        """Where `seat`'s player is."""
        ...

    def is_ready(self, seat: int) -> bool:
        """True once `seat`'s player pressed Enter for the next deal."""
        ...

    def not_ready(self) -> list[str]:
        """The names the next deal waits for."""
        ...

    def away_guests(self) -> list[int]:
        """The guest seats whose guest is not connected (and not given away)."""
        ...

    def logins(self) -> dict[int, str]:
        """The user names guests took seats with where they are not the seats' own names."""
        ...

    def stand_in_turns(self) -> frozenset[int]:
        """The places in this round's history of the turns a computer player made for a
        person."""
        ...

    def ready(self, seat: int) -> None:
        """`seat`'s player is ready for the next deal."""
        ...

    def unready(self, seat: int) -> None:
        """`seat`'s player takes back that they are ready."""
        ...

    def give_to_bot(self, seat: int) -> None:
        """The host gives `seat` to a computer player."""
        ...

    def stop_game(self, interrupt: bool, *, ended: bool = False) -> None:
        """The host stops the game (raises: Ctrl-C if `interrupt`, Ctrl-D if `ended`, else q)."""
        ...

    def close(self) -> None:
        """The host closes the table after the game."""
        ...


class SeatScreen:
    """The screen of one person at the table: a guest's, the host's, or the host's without a
    seat (`seat` None)."""

    def __init__(self, host: Host, terminal: RemoteTerminal, seat: int | None, *,
                 is_host: bool = False) -> None:
        self.host = host
        self.terminal = terminal
        self.seat = seat
        self.is_host = is_host
        self.in_turn = False
        """The person is being asked for their move: the HumanAgent draws the screen."""
        self.human: HumanAgent | None = None
        """The person's agent, which draws their turn's screen."""
        self.pager: Pager | None = None
        self._paged: str = ""
        """The key that opened the pager: RULES_KEY or SHEET_KEY."""
        self.note: RenderableType | None = None
        """The note shown above the keys (set through `_set_note`)."""
        self._passing = False
        """The note answers a key that did nothing: it goes by itself (see the module's
        docstring)."""
        self._note_serial = 0
        """Counts the notes shown, so that a passing note's time up concerns that note only."""
        self._note_since = 0.0
        self._note_stale = False
        """The screen changed for the game's sake while the passing note was being read."""
        self.gate_note: Callable[[], RenderableType] | None = None
        """Makes a line only this person sees while the table waits for everyone (in the
        language spoken), above the prompt."""
        self.question: str | None = None
        """"leave", "stop" or "seat" while a question waits for its answer."""
        self.host_choosing = False
        """The game is over and the host is being asked whether the table plays again."""
        self._told: Callable[[], RenderableType] | None = None
        """What the table told everyone during this person's turn: shown once it is over."""
        self._news: Callable[[], RenderableType] | None = None
        """What the table told everyone, shown as the note now (until the next key)."""
        self._retold: Callable[[], RenderableType] | None = None
        """What was told again once this person's turn was over: read then, so not again."""
        self.retired = False
        """The table plays another game: this screen's successor draws now."""
        self._hold: KeyHold | None = None
        """The screen stands before its keys count (`hold`)."""
        self._early: str | None = None
        """A key that begins a turn, typed as the screen said the person's turn was coming
        (d or t, `PILE_KEYS`): kept for it."""
        terminal.on_keys(self.pressed)
        terminal.on_redraw(self.draw)

    # ------------------------------------------------------------------ drawing

    def turn(self, asked: bool) -> None:
        """The person's own turn begins (`asked`) or ends: their screen is the turn's."""
        self.in_turn = asked
        early, self._early = self._early, None
        if asked and early is not None:
            self.terminal.keep_for_turn(early)
        elif asked and self.question in ("leave", "stop"):
            # Asked before the turn came and not yet answered: the turn asks it again (its y
            # answered nothing, "not valid here", once the question went with the screen).
            self.terminal.keep_for_turn(QUIT_KEY)
        if (asked and self.pager is not None and self.human is not None
                and self.terminal.is_connected):
            # Read while the others played, the pager goes with the screen: said, or its keys
            # (q returns, b goes back) fall on the turn unawares. A guest away then comes back
            # to a new screen: nothing of theirs was put away.
            with self.terminal.speaking():
                self.human.turn_note = Text(put_away_note(self._paged), "yellow")
        self.pager = self.question = None
        if asked:
            # Told a moment before this turn began (a seat given to a computer player, whose
            # move came at once): read once the turn is over, not wiped unread; once only, or
            # it came back after every turn of the game.
            self._told = self._news if self._news is not self._retold else None
        self._set_note(None)
        if not asked:
            told, self._told = self._told, None
            if told is not None:
                self.tell(told)
                self._retold = told
        self.terminal.on_redraw(self._turn_screen if asked else self.draw)

    def came_back(self) -> None:
        """The person connected again: they see the table, not the question, note or pager they
        had open when they dropped (a "Leave the table?" greeting them back would puzzle)."""
        if not self.in_turn:
            self.pager = self.question = None
            self._set_note(None)
        elif self.human is not None and self.human.quit_question is not None:
            # On their turn the question is the turn's own: answered "no", it puts itself away
            # (in whichever words it was asked: they depend on the window's width).
            self.terminal.put_away(*(form + " > " for form in quit_forms(self.is_host)))

    def game_over(self) -> None:
        """The game is over: the screen turns to its end, closing the pager, question or note
        the person had open (the rules read on would hide that the game ended, and a question
        about the game has nothing left to ask)."""
        if not self.in_turn:
            self.pager = self.question = None
            self._set_note(None)

    def host_chooses(self) -> None:
        """The game is over and the host is asked whether the table plays again: the host's
        screen closes what they had open (the pager, a question, a note), for the question to
        be asked under it; a guest's says the host is choosing."""
        self.host_choosing = True
        if self.is_host:
            self.turn(False)

    def hold(self) -> None:
        """The screen turns to a round's end or the game's: it stands a moment before its keys
        count, by `racko play`'s rule (`KeyHold`), its prompt and keys blank meanwhile. Every key
        typed before they show is thrown away (a second Enter after the winning move must not
        say the person is ready, nor let them go), but Ctrl-C and Ctrl-D."""
        hold = self._hold = KeyHold(RESULTS_HOLD)
        self.terminal.later(hold.seconds, partial(self._held, hold))

    @property
    def holding(self) -> bool:
        """True while the screen stands before its keys count (`hold`)."""
        return self._hold is not None

    def _held(self, hold: KeyHold) -> None:
        """A stretch of `hold` is over: another follows if keys were typed in it, else the
        prompt and keys show and count."""
        if hold is not self._hold:
            return
        if hold.stretch_over():
            self.terminal.later(hold.seconds, partial(self._held, hold))
            return
        self._hold = None
        self._show()

    def retire(self) -> None:
        """The table plays another game, with a screen of its own for this person: this one
        draws no more (a note's time up included)."""
        self.retired = True

    def _turn_screen(self) -> None:
        """The turn's screen drawn again (by the HumanAgent, at the terminal's new size)."""
        if self.human is not None:
            self.human.redraw()

    def show(self) -> None:
        """The table changed (the game moved on, someone came, went or got ready): draw the
        screen now, if it follows the game (not during the person's turn or in the pager) and
        someone sees it, without a passing note that has been read."""
        if self._passing:
            if time.monotonic() - self._note_since >= NOTE_READ:
                self._set_note(None)
            else:
                self._note_stale = True  # it goes once read
        self._show()

    def _show(self) -> None:
        """Draw the screen now, if it follows the game and someone sees it."""
        if (self.in_turn or self.pager is not None or not self.terminal.is_connected
                or self.retired):
            return
        if self.is_host and self.host_choosing:
            self.terminal.repaint()  # with the play-again question under it
            return
        if self.question == "seat" and not self.host.away_guests():
            # The guest the question offered came back while the host chose: it has no answer.
            self.question = None
            with self.terminal.speaking():
                self._set_note(_nobody_away(), passing=True)
        self.terminal.clear()
        self.draw()

    def _set_note(self, note: RenderableType | None, *, passing: bool = False) -> None:
        """Show `note` above the keys from the next drawing on (None: no note); a `passing` one
        goes by itself."""
        self.note = note
        self._news = None  # a new note (or none) replaces what was told
        self._passing = passing and note is not None
        self._note_serial += 1
        if self._passing:
            self._note_since = time.monotonic()
            self._note_stale = False
            serial = self._note_serial
            self.terminal.later(NOTE_READ, partial(self._note_read, serial, last=False))
            self.terminal.later(NOTE_SECONDS, partial(self._note_read, serial, last=True))

    def _note_read(self, serial: int, *, last: bool) -> None:
        """A passing note's time is up (`last`: its longest), or it has been read: it goes if
        it is still shown and the screen changed meanwhile, or if its time is up."""
        if serial != self._note_serial or not self._passing or not (last or self._note_stale):
            return
        self._set_note(None)
        self._show()

    def draw(self) -> None:
        """The whole screen, on a cleared screen, in the person's language: as much of it as
        the terminal's height allows, the prompt and keys at the bottom always."""
        with self.terminal.speaking():
            self._draw()

    def tell(self, note: Callable[[], RenderableType], *, seconds: float | None = None) -> None:
        """Show the note `note()` makes (in the person's language) on this screen until the
        next key; during the person's own turn, whose screen has no room for it, once that
        turn is over. One true for `seconds` only goes then, read or not."""
        if seconds is not None:
            self.terminal.later(seconds, partial(self._untell, note))
        if self.in_turn:
            self._told = note
            return
        with self.terminal.speaking():
            self._set_note(note())
        self._news = note

    def _untell(self, note: Callable[[], RenderableType]) -> None:
        """`note` is no longer true: it is not shown after the turn, and goes if shown."""
        if self._told is note:
            self._told = None
        if self._news is note:
            self._set_note(None)
            self._show()

    def _draw(self) -> None:
        console = self.terminal.console
        if self.pager is not None:
            self.pager.draw()
            # The warning in the status line's place: under the pager it would never be read.
            console.print(self.pager.status_or(
                self.terminal.idle_warning(self.terminal.width - 1)), end="")
            return
        host = self.host
        below: list[RenderableType] = []
        if host.over_lines is not None:
            forms = (host.over_forms if self.is_host else host.guest_over_forms) or [
                host.over_lines]
            if self.host_choosing and not self.is_host:
                host_seat = host.host_seat
                below.append(host_choosing_line(None if host_seat is None
                                                else host.game.players[host_seat].name))
            if self.question is not None and self.host_choosing:
                below.append(self._unheld(self._question_text()))
            elif not (self.host_choosing and self.is_host):  # else the question goes under it
                below.append(self._unheld(keys_line(host=self.is_host, over=True,
                                                    host_choosing=self.host_choosing)))
            else:
                away = host.away_guests()
                if away:  # left while the host chooses: a new game would wait for them
                    below.append(left_before_next_game(
                        [host.game.players[seat].name for seat in away]))
        elif host.gate_lines is not None:
            forms = self._gate_forms(host.gate_lines)
            if self.gate_note is not None:
                below.append(self.gate_note())
            warning = self.terminal.idle_warning()
            if warning is not None:
                below.append(warning)
            below.append(self._unheld(self._gate_prompt()))
            below.append(self._unheld(self._keys(ready=True)))
        else:
            below.append(self._waiting())
            if self.is_host:
                away = host.away_guests()
                if away:
                    below.append(table_info_block(
                        host.info, {seat: host.game.players[seat].name for seat in away}))
            below.append(self._keys())
            forms = []
        if self.note is not None and below:
            below.insert(-1, self.note)
        asking = self.host_choosing and self.is_host and host.over_lines is not None
        if forms:
            room = self.terminal.height - (self._height(below) if below else 0)
            if asking or not below:
                room -= PROMPT_LINES  # the host's play-again question, asked under the screen
            console.print(self._fitted(forms, room))
        else:
            console.print(self._table(below))
        if asking or not below:
            for line in below:
                console.print(line)
            return  # the host's play-again question is asked on the next line
        *above, last = below
        for line in above:
            console.print(line)
        # No newline after the last line: on a screen it exactly fills, that newline would
        # scroll the top line away. Only a Text takes `end`: a renderable ends its own lines.
        console.print(last.fitted(console.width) if isinstance(last, Either) else last, end="")

    def _fitted(self, forms: Sequence[Sequence[RenderableType]], room: int) -> RenderableType:
        """The first of `forms` that takes at most `room` lines (the last if none does), drawn
        for this screen: each piece is drawn once, however many of the forms tried have it
        (a small window tries most of them), and the form chosen is printed from its lines."""
        console = self.terminal.console
        drawn: dict[int, list[list[Segment]]] = {}  # by piece: every form is alive meanwhile
        lines: list[list[Segment]] = []
        for form in forms:
            lines = []
            for piece in form:
                if id(piece) not in drawn:
                    drawn[id(piece)] = console.render_lines(piece, console.options, pad=False)
                lines += drawn[id(piece)]
            if len(lines) <= room:
                break
        return SegmentLines(lines, new_lines=True)

    def _gate_forms(self, lines: list[RenderableType]) -> list[list[RenderableType]]:
        """What the wait for everyone shows, from the fullest to the barest: what it is about
        (a round's end), who is ready, and for the host the code (and the key's fingerprint
        and where the game is saved, if there is room)."""
        players = self._players(ready_asked=True)
        # A round's end gives way (its banner unboxed, its footnote dropped) before the list
        # of who is ready does: that list goes only once the round's end is at its barest.
        shorter = round_end_forms(lines)
        # What the first deal's draw says (or a round's table) gives way to the list, its
        # first line (the game, or who went out) staying.
        if not self.is_host:
            return [[*lines, Text(), players], *([*form, players] for form in shorter),
                    [*shorter[-1][:1], players], shorter[-1], shorter[-1][:1]]
        info = self.host.info
        joining = [Text(_("A guest joins with their seat's ssh line; the password is the table "
                          "code."), "dim")] if self.host.away_guests() else []
        blank = Text()
        keyed = table_info_block(info, fingerprint=True)
        code = table_info_block(info)
        return [
            [*lines, blank, players, *joining, keyed, *self.host.host_notes],
            [*lines, blank, players, keyed, *self.host.host_notes],
            [*lines, players, keyed],
            *([*form, players, code] for form in shorter),
            [*shorter[-1][:1], players, code],
            [*shorter[-1], code],
            [*shorter[-1][:1], code],
            shorter[-1][:1],
        ]

    def _unheld(self, line: RenderableType) -> RenderableType:
        """`line` (a prompt, the keys); while the screen holds, as many blank lines: no key
        counts yet, and nothing moves once they show."""
        if self._hold is None:
            return line
        return Text("\n" * (self._height([line]) - 1))

    def _height(self, parts: Sequence[RenderableType]) -> int:
        console = self.terminal.console
        return len(console.render_lines(Group(*parts), pad=False))

    def _table(self, below: Sequence[RenderableType]) -> RenderableType:
        """The game as this screen shows it, fitted above `below`: the seat's own turn screen
        (their rack, nobody else's), or the public table for a host without a seat."""
        game = self.host.game
        view = game.view(self.seat) if self.seat is not None else game.public_view()
        stand_ins = self.host.stand_in_turns()
        if self.seat is None:
            # Nothing else to show: as many of the round's moves as fit, one at least (more
            # than fit scrolled the top line, the round and whose turn, away at every move).
            room = self.terminal.height - self._height(below)
            most = max(HISTORY_LINES, room - TABLE_LINES)
            while True:
                shown = table_screen(view, stand_ins, most)
                if most == 1 or self._height([shown]) <= room:
                    return shown
                most -= 1
        return fitted_turn_screen(self.terminal.console, view,
                                  self.terminal.height - self._height(below),
                                  stand_ins=stand_ins, watching=True)

    def _players(self, ready_asked: bool = False) -> RenderableType:
        host = self.host
        names = [p.name for p in host.game.players]
        presence = [host.presence(seat) for seat in range(len(names))]
        lines = host.info.lines if self.is_host else None
        logins = host.logins() if self.is_host else None
        return players_block(names, presence, ready_asked=ready_asked, you=self.seat,
                             lines=lines, logins=logins)

    def _waiting(self) -> Text:
        game = self.host.game
        mover = game.mover
        drawn = game.holds_drawn_card
        return waiting_line(game.players[mover].name, self.host.presence(mover), drawn,
                            yours=mover == self.seat)

    def _gate_prompt(self) -> Text:
        host = self.host
        waiting = host.not_ready()
        if self.seat is not None and not host.is_ready(self.seat):
            game = host.game
            if game.round == 0 or game.phase is not Phase.DEAL:
                return Text.from_markup(_("Press [bold]Enter[/] when you are ready to play."))
            return Text.from_markup(_("Press [bold]Enter[/] when you are ready for round "
                                      "{round}.").format(round=game.round + 1))
        if not waiting:
            return Text(_("Everyone is ready."), "bold")
        return Text(_("Waiting for {names}.").format(names=listed(waiting)), "bold")

    def _keys(self, ready: bool = False) -> RenderableType:
        if self.question is not None:
            return self._question_text()
        seated = ready and self.seat is not None
        said = seated and self.seat is not None and self.host.is_ready(self.seat)
        return keys_line(host=self.is_host, ready=seated and not said, unready=said)

    def _question_text(self) -> Text:
        if self.question in ("leave", "stop"):
            text = quit_question(self.question == "stop", self.terminal.width,
                                 saved=self.host.game.round > 0, holding=self._holding(),
                                 end="")  # asked in the key bar: no prompt marker follows
        else:
            names = [p.name for p in self.host.game.players]
            # A name is shown as it is, brackets and all (never read as markup).
            choices = " · ".join(f"[bold]{seat + 1}[/] {escape(names[seat])}"
                                 for seat in self.host.away_guests())
            text = _("Which seat goes to a computer player? {choices} · any other key: "
                     "none").format(choices=choices)
        return Text.from_markup(text, style="yellow")

    # ------------------------------------------------------------------ keys

    def pressed(self, key: str) -> None:
        """A key typed while nothing asks this person for one (answered in their language)."""
        with self.terminal.speaking():
            self._pressed(key)

    def _pressed(self, key: str) -> None:
        if key not in (ENTER, " ", DISCARD_KEY, *SLOT_KEYS):
            # A later key is the one meant; but Enter, or a slot typed ahead with the d ("d 3",
            # the card not yet seen), does not undo the draw.
            self._early = None
        if self.in_turn:
            # Typed while the turn's screen was being drawn: dropped, as any key typed ahead,
            # but for Ctrl-C and Ctrl-D, which are never lost.
            if key == CTRL_C and self.seat is not None:
                raise GuestInterrupt(self.seat)
            if key == CTRL_D and self.seat is not None:
                raise GuestEOF(self.seat)
            return
        if self._hold is not None and key not in (CTRL_C, CTRL_D) and self.pager is None:
            self._hold.typed()  # before the screen's keys count: thrown away
            return
        if self.is_host and self.host_choosing:
            # Typed before the play-again question shows: no answer to it, but for Ctrl-C and
            # Ctrl-D, which are a no.
            if key in (CTRL_C, CTRL_D):
                self.host.close()
            return
        if key in (CTRL_C, CTRL_D):
            self._interrupted(key)
            return
        if self.pager is not None:
            if self.pager.press(key):
                self.pager = None
                self._show()
            else:
                self.draw()
            return
        if self.question is not None:
            question, self.question = self.question, None
            self._answer(question, key)
            return
        if key == PUT_AWAY:
            return  # the answer to a question no longer asked (`RemoteTerminal.put_away`)
        before = _plain(self.note)
        self._set_note(None)
        if not self._command(key):
            return  # done, and drawn
        if self.note is not None and _plain(self.note) == before and self.question is None:
            return  # the same key again (held down, or a flood): the screen says it already
        self._show()

    def _interrupted(self, key: str) -> None:
        if not self.is_host:
            self.terminal.hang_up(self._left())
        elif self.host.over_lines is not None:
            self.host.close()
        else:  # as at the host's own turn
            self.host.stop_game(interrupt=key == CTRL_C, ended=key == CTRL_D)

    def _left(self) -> str:
        """What a guest leaving the table is told (in the language spoken), by Enter, q, Ctrl-C
        or Ctrl-D alike: at the end of the game, thanks, unless the host may play again."""
        if self.host_choosing:
            return left_while_host_chooses()
        if self.host.over_lines is not None:
            return _("Thanks for playing!")  # the game is over: nothing goes on
        if self.host.gate_lines is not None:
            return left_before_deal()  # the deal waits for everyone: nothing goes on yet
        return left_message()

    def _command(self, key: str) -> bool:
        """Do what `key` asks; False if that drew what it changed (or let the person go),
        True if the screen is to be drawn again."""
        host = self.host
        if key == ENTER and host.over_lines is not None and not self.host_choosing:
            if self.is_host:
                host.close()
            else:
                self.terminal.hang_up(self._left())
            return False
        if key == ENTER and host.gate_lines is not None and self.seat is not None:
            host.ready(self.seat)  # Enter again does nothing: a double press stays ready
            return False
        if (key == PUT_BACK_KEY and host.gate_lines is not None and self.seat is not None
                and host.is_ready(self.seat)):
            host.unready(self.seat)  # u takes it back, as it takes back a move
            return False
        if key in PILE_KEYS and self._turn_coming():
            self._early = key  # read as the turn begins, a moment from now
            return False
        if key == SHEET_KEY:
            names = [p.name for p in host.game.players]
            game = host.game
            self._page(score_sheet(game.rounds, names, game.rules, game.totals),
                       _("Score sheet"), key)
            return False
        if key == RULES_KEY:
            self._page(rules_markdown(), _("Rules of Rack-O"), key)
            return False
        seated = host.gate_lines is not None and self.seat is not None
        said = seated and self.seat is not None and host.is_ready(self.seat)
        if key == HELP_KEY:
            self._set_note(help_note(self.is_host, gate=seated, choosing=self.host_choosing,
                                     saved=host.saved, over=host.over_lines is not None))
        elif key == QUIT_KEY and (host.over_lines is None or self.host_choosing):
            return self._ask("stop" if self.is_host else "leave")
        elif key == GIVE_SEAT_KEY and self.is_host and host.over_lines is None:
            if host.away_guests():
                return self._ask("seat")
            self._set_note(_nobody_away(), passing=True)
        elif key == HINT_KEY:
            self._set_note(Text(_("A hint is for your own turn."), "yellow"), passing=True)
        elif key in (DISCARD_KEY, *SLOT_KEYS) and self._turn_coming():
            if self._early is not None:  # the d or t typed before it is kept, and said to be
                note = _("[bold]{key}[/] was not kept: press it once your turn shows its "
                         "card. Your [bold]{pile}[/] is kept.").format(key=key, pile=self._early)
            else:
                note = _("[bold]{key}[/] was not kept: once your turn comes, d draws or t "
                         "takes first.").format(key=key)
            self._set_note(Text.from_markup(note, style="yellow"), passing=True)
        elif key in (*PILE_KEYS, DISCARD_KEY, *SLOT_KEYS) and self._others_turn():
            # Not "does nothing here": the key is right, the moment is not.
            self._set_note(Text.from_markup(_("[bold]{key}[/] is for your own turn.").format(
                key=key), style="yellow"), passing=True)
        elif key not in (ENTER, " "):
            self._set_note(invalid_note(key, self.is_host, over=host.over_lines is not None,
                                        host_choosing=self.host_choosing,
                                        ready=seated and not said, unready=said),
                           passing=True)
        return True

    def _holding(self) -> str | None:
        """The name of the player who holds a card they drew, if another than this screen's."""
        game = self.host.game
        if game.holds_drawn_card and game.mover != self.seat:
            return game.players[game.mover].name
        return None

    def _others_turn(self) -> bool:
        """True while another seat plays its turn (this one seated, the game going)."""
        host, game = self.host, self.host.game
        return (self.seat is not None and game.phase in (Phase.CHOOSE, Phase.PLACE)
                and game.mover != self.seat and host.gate_lines is None
                and host.over_lines is None)

    def _turn_coming(self) -> bool:
        """True while the screen says it is the person's turn, before it begins (as the move
        before it is shown)."""
        host, game = self.host, self.host.game
        return (self.seat is not None and game.phase is Phase.CHOOSE and game.mover == self.seat
                and host.gate_lines is None and host.over_lines is None
                and host.presence(self.seat) in (Presence.HOST, Presence.HERE))

    def _ask(self, question: str) -> bool:
        """Open `question` under the screen, the keys typed ahead with the one that opened it
        thrown away first, as racko play's quit question throws them (`confirm_quit`): only a
        key pressed once it shows answers it. A Ctrl-C or Ctrl-D among them is obeyed instead
        (False: nothing is left to draw)."""
        try:
            self.terminal.flush_input()
        except GuestInterrupt:
            self._interrupted(CTRL_C)
            return False
        except GuestEOF:
            self._interrupted(CTRL_D)
            return False
        self.question = question
        return True

    def _answer(self, question: str, key: str) -> None:
        # y, or the first letter of the yes of the language spoken ("o" for oui), as at the
        # question that quits a game at one keyboard.
        if question == "leave" and is_yes(key):
            self.terminal.hang_up(self._left())
            return
        if question == "stop" and is_yes(key):
            self.host.stop_game(interrupt=False)
            return
        number = typed_whole(key)
        if question == "seat" and number is not None:
            seat = number - 1
            if seat in self.host.away_guests():
                self.host.give_to_bot(seat)
                return
        self._show()

    def _page(self, text: RenderableType, title: str, key: str) -> None:
        self.pager, self._paged = Pager(self.terminal, text, title), key
        self.draw()


def put_away_note(key: str) -> str:
    """What a person's turn says first when it put away the rules or the score sheet (opened
    with `key`) they were reading, in the language spoken."""
    if key == SHEET_KEY:
        return _("Your turn: the score sheet was put away ({key} shows it again).").format(key=key)
    return _("Your turn: the rules were put away ({key} shows them again).").format(key=key)


def _plain(note: RenderableType | None) -> str | None:
    """A note's text, to tell whether it changed."""
    return note.plain if isinstance(note, Text) else None


def _nobody_away() -> Text:
    """What b says while no guest is away (in the language spoken)."""
    return Text(_("Nobody is away: a seat goes to a computer player only while its guest is not "
                  "connected."), "yellow")
