"""A guest's seat as an Agent: the guest at their terminal, who may leave and come back, and a
computer player once the host gives the seat away.

A guest who quits (q), presses Ctrl-C or Ctrl-D leaves the table, not the game: their
connection ends, the seat waits for them, and their turn goes on when they are back (a card
they drew is discarded if they quit, as the quit question warns). The record's players never
change: a turn the stand-in played says so in its line (`"stand_in": "bot:LEVEL"`), and the
line after the give-away names the seat (GIVEN_AWAY), which readers of rack-o/1 ignore.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rich.markup import escape

from rack_o.actions import DISCARD, Action, Phase
from rack_o.agent import Agent
from rack_o.bots import DEFAULT_LEVEL, bot_kind
from rack_o.cli.human import HumanAgent
from rack_o.cli.prompt import QUESTION_LINES, InputEnded, QuitGame, fitting
from rack_o.i18n import N_, _
from rack_o.record import STAND_IN as STAND_IN_FIELD
from rack_o.view import SeatView

from .terminal import GuestGone, GuestInterrupt, RemoteTerminal, StepAgain


class HostStopped(QuitGame):
    """The host stopped the game (q, and yes): the whole table stops, not one seat."""

    def __str__(self) -> str:
        return _("You stopped the game for everyone.")  # in the language the host is told in

GUEST_CHOOSE_HELP = N_(
    "d draws the top card of the draw pile: you see it, then put it in a slot or throw it "
    "away. t takes the top card of the discard pile: it must then go into your rack (u puts "
    "it back before you confirm). s shows the score sheet, r the rules, q leaves the table."
)
"""A guest's help at the draw-or-take prompt: racko play's, but q leaves the table."""
HOST_CHOOSE_HELP = N_(
    "d draws the top card of the draw pile: you see it, then put it in a slot or throw it "
    "away. t takes the top card of the discard pile: it must then go into your rack (u puts "
    "it back before you confirm). s shows the score sheet, r the rules, q stops the game."
)
"""The host's help there: q stops the game for everyone (after asking)."""
GUEST_QUIT_LABELS = (N_("q leave the table"), N_("q leave"))
"""What q is called at a guest's draw-or-take prompt (the shorter for a narrower window)."""
HOST_QUIT_LABELS = (N_("q stop the game"), N_("q stop"))
"""What q is called at the host's."""
STAND_IN_LEVEL = DEFAULT_LEVEL
"""The computer player the host gives a guest's seat to."""


class Seating(Protocol):
    """What a guest's seat tells the table around it."""

    @property
    def stopping(self) -> bool:
        """True once the host is stopping the game: nobody's leaving is their own then."""
        ...

    def choosing(self, seat: int, view: SeatView) -> None:
        """`seat` is about to choose (the others' screens may say what it is doing)."""
        ...


def left_message(holding: int | None = None) -> str:
    """What a guest who left the table is told (`holding` the card they drew, kept for them:
    they left by Ctrl-C or Ctrl-D, not by q)."""
    if holding is not None:
        return _("You left the table with the {card} you drew still in your hand. The game "
                 "goes on: connect again with the same command to take your seat back.").format(
                     card=holding)
    return _("You left the table. The game goes on: connect again with the same command to "
             "take your seat back.")


def left_before_deal() -> str:
    """What a guest who left the table while everyone got ready for a deal is told."""
    return _("You left the table before the deal: connect again with the same command to take "
             "your seat back.")


def left_while_host_chooses() -> str:
    """What a guest who left the table while the host chose whether to play again is told."""
    return _("You left the table. If the host plays again, the same ssh command takes your seat "
             "back.")


def quit_forms(host: bool, *, saved: bool = True, holding: str | None = None
               ) -> tuple[str, ...]:
    """What q asks at a hosted table (rich markup), from its fullest wording to its shortest:
    the host, whether to stop the game for everyone (that it is kept only if `saved`: not
    before the first deal; that the card the player `holding` drew is discarded); a guest,
    whether to leave the table (the game goes on). Every form that says the drawn card is
    discarded comes before those that do not: a window of 45 columns has one."""
    if not host:
        return (_("Leave the table? [bold]y[/] leaves (the same ssh command takes your seat "
                  "back) · any other key stays"),
                _("Leave the table? [bold]y[/] leaves · any other key stays"))
    forms: tuple[str, ...] = (
        _("Stop the game for everyone? [bold]y[/] stops it (it is saved) · any other key "
          "carries on"),
        _("Stop the game for everyone? [bold]y[/] stops it · any other key carries on"))
    if holding is not None:
        # Said before it is too late: the card a draw brought cannot go back on the pile.
        name = escape(holding)
        forms = (_("Stop the game for everyone? {name} has drawn a card, and stopping discards "
                   "it. [bold]y[/] stops it (it is saved) · any other key carries on").format(
                       name=name),
                 _("Stop the game for everyone ({name}'s drawn card is discarded)? [bold]y[/] "
                   "stops it · any other key carries on").format(name=name),
                 # Translators: the shortest form, for a window of 45 columns: it must still
                 # say that the card drawn is lost.
                 _("Stop and discard {name}'s drawn card? [bold]y[/] stops · other keys carry "
                   "on").format(name=name), *forms)
    return forms if saved else forms[1:]


def quit_question(host: bool, width: int, *, saved: bool = True,
                  holding: str | None = None, end: str = " > ") -> str:
    """What q asks at a hosted table (`quit_forms`), in as many words as fit QUESTION_LINES
    lines of `width` columns with its `end` (the turn's prompt marker; none on a screen that
    waits for another player)."""
    return fitting(width, quit_forms(host, saved=saved, holding=holding), QUESTION_LINES, end)


class PersonSeat:
    """A seat a person plays from their own terminal (an Agent): a guest, or the host."""

    is_human = True

    def __init__(
        self, human: HumanAgent, terminal: RemoteTerminal, table: Seating,
        stand_in: Callable[[], Agent], *, guest: bool = True,
    ) -> None:
        """`stand_in()` makes the computer player that plays the seat once it is given away.
        The host (not a `guest`) does not leave the table: their q, Ctrl-C and Ctrl-D stop
        the game. Each step of the turn is asked in the person's language, q's question too."""
        self.human = human
        human.choose_help = GUEST_CHOOSE_HELP if guest else HOST_CHOOSE_HELP
        human.quit_labels = GUEST_QUIT_LABELS if guest else HOST_QUIT_LABELS
        self.guest = guest
        self.name = human.name
        self.terminal = terminal
        self.table = table
        self._stand_in = stand_in
        self.bot: Agent | None = None
        """The computer player at the seat, once the host gave it away."""
        self._bot_played = False
        """The computer player chose (part of) this turn."""

    @property
    def seat(self) -> int:
        """The seat, 0-based."""
        return self.terminal.seat

    @property
    def stood_in(self) -> bool:
        """True when the computer player chose (part of) this turn, or the last."""
        return self._bot_played

    @property
    def hints_this_turn(self) -> int:
        """How many hints the guest was shown during this turn (none if the stand-in played)."""
        return 0 if self._bot_played else self.human.hints_this_turn

    def mark_left(self) -> None:
        """The drawn card in hand is being discarded because the person leaves."""
        self.human.mark_left()

    def turn_notes(self) -> dict[str, object]:
        """What this turn's record line adds: that the stand-in played it, or that it ended
        with the person leaving."""
        if self._bot_played and self.bot is not None:
            return {STAND_IN_FIELD: bot_kind(STAND_IN_LEVEL)}  # as a record names a bot's kind
        return self.human.turn_notes()

    def give_to_bot(self) -> None:
        """From now on the computer player plays this seat."""
        if self.bot is None:
            self.bot = self._stand_in()

    def choose(self, view: SeatView) -> Action:
        """The guest's choice, asked at their terminal (waiting for them to come back if they
        are away); the stand-in's once the seat was given away."""
        if view.phase is Phase.CHOOSE:
            self._bot_played = False
        self.table.choosing(self.seat, view)
        again = False
        while True:
            if self.bot is not None:
                self._bot_played = True
                return self.bot.choose(view)
            try:
                # A step starts with the guest there, in the language they are back in (a
                # step keeps the language it started in).
                self.terminal.wait_for_guest()
                with self.terminal.step():
                    # Asked under the turn's screen painted again above it (`ask`), never
                    # scrolling the rack away on a small window.
                    self.human.quit_question = lambda: quit_question(
                        not self.guest, self.terminal.width) + " > "
                    if again:
                        return self.human.choose_again(view)
                    return self.human.choose(view)
            except StepAgain:
                again = True  # back in another language: the step from its start, in it
            except GuestGone:
                self.give_to_bot()
            except (QuitGame, InputEnded, GuestInterrupt) as error:
                if not self.guest and type(error) is QuitGame:
                    raise HostStopped from error
                if not self.guest or self.table.stopping or (
                        isinstance(error, GuestInterrupt) and error.seat != self.seat):
                    raise
                # q discards a drawn card (below); Ctrl-C and Ctrl-D leave it in the hand.
                kept = view.held if view.holds_drawn_card and not isinstance(
                    error, QuitGame) else None
                with self.terminal.speaking():
                    self.terminal.hang_up(left_message(kept))
                if isinstance(error, QuitGame) and view.holds_drawn_card:
                    self.human.mark_left()
                    return DISCARD  # as the quit question warned: a draw cannot be undone
