"""The human seat: an Agent whose `choose(view)` draws the turn screen and asks for keys.

A placement is shown first and only returned (so applied by the engine) once confirmed; `u`
takes it back and the card stays in hand. Taking the discard is only applied with the
placement that follows it: until then `u` puts the card back, which is harmless since the
card is public. A draw cannot be taken back: leaving the game with a drawn card in hand
discards it (the session does that), and q says so before it asks.

Every screen that shows the rack is fitted to the terminal's height (the scores at the top and
the prompt at the bottom stay in view; q's question, and its warning after a draw, take the
prompt's place, the screen painted again above them), and whatever was typed before it was
drawn is thrown away before a key is read.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Hashable
from functools import partial
from typing import NamedTuple

from rich.console import Console, Group, RenderableType
from rich.segment import Segment, SegmentLines
from rich.text import Text

from rack_o.actions import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.game import place_view
from rack_o.i18n import N_, _
from rack_o.record import LEFT
from rack_o.view import SeatView

from .bindings import DISCARD_KEY, DRAW_KEY, PILE_KEYS, PUT_BACK_KEY, SLOT_KEYS, TAKE_BACK_KEYS
from .console import ENTER, SPACE, PlayerTerminal, lines_taken
from .hold import HANDOFF_HOLD
from .messages import hint_text
from .prompt import InputEnded, ask, fitting, reads_lines
from .screens import HISTORY_LINES, TurnParts
from .setup import Hint
from .turn_prompts import QUIT_LABEL, choose_prompts, confirm_prompts, place_prompts

Preview = tuple[tuple[int, ...], int, int]
"""A placement not yet made: (the rack after it, the slot, the card pushed out)."""

CHOOSE_HELP = N_(
    "d draws the top card of the draw pile: you see it, then put it in a slot or throw it "
    "away. t takes the top card of the discard pile: it must then go into your rack (u puts "
    "it back before you confirm). s shows the score sheet, r the rules, q quits."
)
PLACE_DRAWN_HELP = N_(
    "Press a slot, 1-9 or 0 for slot 10, to put the card you drew there; the card in that "
    "slot goes onto the discard pile. Or press x to throw the drawn card away. A draw cannot "
    "be undone."
)
PLACE_TAKEN_HELP = N_(
    "Press a slot, 1-9 or 0 for slot 10, to put the card there; the card in that slot goes "
    "onto the discard pile. u puts the card back on the discard pile."
)
PLACE_TAKEN_FIXED_HELP = N_(
    "Press a slot, 1-9 or 0 for slot 10, to put the card there; the card in that slot goes "
    "onto the discard pile. A card taken from the discard pile cannot be thrown back."
)
HINT_HELP = N_("h suggests a move and says why.")
ENTER_GRACE = HANDOFF_HOLD
"""Seconds after a step's first screen is drawn during which Enter is taken for a second
press of the Enter that led to it (a hand-off's, a move's confirm: a double press, as long as
a hand-off holds for one) and ignored in silence; later, where Enter does nothing, it is told
what to press."""
CONFIRM_HELP = N_(
    "Press Enter (or Space) to confirm this move and end your turn, or u (or Backspace, or Esc) "
    "to take it back and choose again. Another slot shows the card there instead: 1 then 0 is "
    "slot 10."
)
BLIND_KEYS = N_("Keys typed before you saw the card were ignored.")
"""Said under a drawn card when keys typed with the d (before it showed) were thrown away."""
EARLY_KEYS = N_("Keys typed before you saw your rack were ignored.")
"""Said at a turn's start when keys typed before the rack showed (with the Enter that opened
it, or while the others played) were thrown away."""


class Fit(NamedTuple):
    """How much of the turn screen to draw: the fullest that fits the terminal is used."""

    history: int
    spaced: bool = False
    title: bool = True
    caption: bool = True
    compact: bool = False
    top: int = 2
    headed: bool = True
    counted: bool = True


FITS = (
    Fit(HISTORY_LINES, spaced=True),
    Fit(HISTORY_LINES),
    Fit(HISTORY_LINES, caption=False),
    *(Fit(lines, title=False, caption=False, headed=headed)
      for lines in range(HISTORY_LINES, 0, -1) for headed in (True, False)),
    Fit(1, title=False, caption=False, headed=False, counted=False),
    Fit(0, title=False, caption=False),
    *(Fit(0, title=False, caption=False, top=top) for top in (1, 0)),
    *(Fit(0, title=False, caption=False, compact=True, top=top) for top in (2, 1, 0)),
)
"""From the fullest turn screen to the barest: what the others did goes last, after the
blank line, the rack's caption and its title (the ticks and the new card's mark stay), and
the heading over the others' moves before any move (`history_block`'s `headed`), down to
the newest move alone, the others neither shown nor counted (`counted`); then
the status and scores lines, so that a note under a turn (a key refused, a hint) does not
turn the rack over into another shape; then the rack in five lines instead of ten, with the
status and scores lines again, going one by one. The rack, the piles, the card in hand and
the prompt are always shown."""
WATCHING_FITS = tuple(dict.fromkeys((
    *FITS[:3],
    *(Fit(lines, title=False, caption=False, headed=headed)
      for lines in range(HISTORY_LINES, 1, -1) for headed in (True, False)),
    *(Fit(lines, title=False, caption=False, compact=True, headed=headed)
      for lines in range(HISTORY_LINES, 0, -1) for headed in (True, False)),
    *FITS[3:],
)))
"""As `FITS`, for a screen that watches the others play (a hosted table's, between one's own
turns): in a short window the rack goes into five lines before the others' moves give way to
it, down to the last move, once there is a move to show. The person does nothing with the
rack meanwhile; what the others do is what changes."""
FIVE_LINE_RACK_FITS = (
    *(fit._replace(compact=True) for fit in FITS[:3]),
    *(fit for fit in WATCHING_FITS if fit.compact),
)
"""For a window too short for the ten-line rack (`TEN_LINE_RACK_HEIGHT`): the rack in five
lines, with its title and caption where they fit, then as `WATCHING_FITS` puts it."""
TEN_LINE_RACK_HEIGHT = 16
"""The fewest lines of a window whose turn screens show the rack in ten lines. Every step of a
turn then fits it with the status and scores lines, a move of the others, the card in hand or a
note, and the prompt; in a shorter window it would fit some steps only (the turn's first screen,
not the next with the card drawn) and leave no room for what the others did, so the rack is in
five lines there, at every step."""


class HumanAgent:
    """A person at the keyboard, asked through `term`."""

    is_human = True

    def __init__(self, name: str, term: PlayerTerminal, hint: Hint | None = None) -> None:
        self.name = name
        self.term = term
        self.hint = hint
        """None: the h key says hints are off."""
        self.sheet: Callable[[], None] | None = None
        """Shows the score sheet (the session sets it), for the s key."""
        self.stand_ins: Callable[[], Collection[int]] | None = None
        """The turns of the round's history a computer player made for a person (a hosted
        table sets it: `turn_screen`)."""
        self.warning: Callable[[], RenderableType | None] | None = None
        """A line under the rack, when it makes one: a hosted table's warning to a silent
        guest that racko is about to let them go."""
        self._hinted: set[tuple[Phase, int | None]] = set()
        self._shown: Callable[[], None] | None = None
        """Draws the screen shown last again."""
        self._placement: tuple[int, Action] | None = None
        """A placement chosen and confirmed for a card taken from the discard pile: the
        engine is told TAKE, then this."""
        self._left = False
        """This turn ends because the person left holding a drawn card (`mark_left`)."""
        self._fresh = False
        """The next screen is this step's first (`_ask` throws away keys typed before it)."""
        self.turn_note: RenderableType | None = None
        """Said once, on the next turn's first screen (a hosted table's: the rules it put away
        as the turn came)."""
        self.quit_question: str | Callable[[], str] | None = None
        """What q asks (rich markup, ending "> "), or what makes it for the window as it is;
        None: racko play's "Quit this game?". A hosted table asks what quitting does there."""
        self.choose_help = CHOOSE_HELP
        """What ? says at the draw-or-take prompt (a message id): a guest's q leaves the table."""
        self.quit_labels: tuple[str, ...] = (QUIT_LABEL,)
        """What q is called at the draw-or-take prompt (message ids, the shorter after, for a
        narrower window), as `choose_help` says."""

    def redraw(self) -> None:
        """Draw the last screen shown again, fitted to the terminal as it is now (it was
        resized: a terminal reached over a connection says so)."""
        if self._shown is not None:
            self._shown()

    def mark_left(self) -> None:
        """The drawn card in hand is being discarded because this person leaves."""
        self._left = True

    def turn_notes(self) -> dict[str, object]:
        """What this turn's record line adds: that it ended with the person leaving."""
        return {LEFT: True} if self._left else {}

    @property
    def hints_this_turn(self) -> int:
        """How many hints this person was shown during the current (or last) turn."""
        return len(self._hinted)

    def choose(self, view: SeatView) -> Action:
        """Ask for this step of the turn: d/t, then a slot or x, confirmed with Enter.

        InputEnded when the keyboard's input ends; QuitGame when the player quits.
        """
        if view.phase is Phase.CHOOSE:
            self._hinted = set()
            self._left = False
        return self.choose_again(view)

    def choose_again(self, view: SeatView) -> Action:
        """Ask for this step of the turn from its first screen, as `choose` does, keeping the
        hints shown this turn: a step cut short and asked again (a hosted guest back in
        another language) is the same step."""
        self._fresh = True
        try:
            if view.phase is Phase.CHOOSE:
                return self._choose_pile(view)
            chosen, self._placement = self._placement, None
            if chosen is not None and (chosen[0], Source.DISCARD) == (view.held,
                                                                       view.held_source):
                return chosen[1]
            action = self._place(view)
            assert action is not None  # only a card taken here can be put back
            return action
        except EOFError:
            raise InputEnded from None

    # ------------------------------------------------------------------ steps

    def _choose_pile(self, view: SeatView) -> Action:
        while True:
            top = view.discard_top
            assert top is not None  # a turn starts with a card on the discard pile
            key = self._ask(
                view,
                None,
                choose_prompts(self.name, top, hinted=self.hint is not None,
                               quit_labels=self.quit_labels),
                PILE_KEYS,
                valid=_("press d to draw or t to take {card}").format(card=top),
                help_text=_(self.choose_help),
                says_enter=True,
            )
            if key == DRAW_KEY:
                return DRAW
            taken = taken_view(view)
            action = self._place(taken, can_put_back=True)
            if action is not None:
                assert taken.held is not None
                self._placement = (taken.held, action)
                return TAKE

    def _place(self, view: SeatView, can_put_back: bool = False) -> Action | None:
        """A placement (or discard) for the card in hand, confirmed; None if put back."""
        action = self._choose_place(view, can_put_back)
        while action is not None:
            key = self._confirm(view, action)
            if key in (ENTER, SPACE):
                return action
            if key in TAKE_BACK_KEYS:
                action = self._choose_place(view, can_put_back)
            else:  # another slot (1 then 0 is slot 10), or x: shown instead
                action = DISCARD if key == DISCARD_KEY else place(SLOT_KEYS[key])
        return None

    def _quit_warning(self, view: SeatView) -> str | None:
        if not view.holds_drawn_card:
            return None
        return _("You drew {card}: a draw cannot be undone, so quitting now discards it.").format(
            card=view.held
        )

    def _choose_place(self, view: SeatView, can_put_back: bool) -> Action | None:
        held = view.held
        assert held is not None  # asked only in the place phase, holding a card
        keys: tuple[str, ...] = tuple(SLOT_KEYS)
        refusals: dict[str, str] = {}
        if view.held_source is Source.DRAW:
            keys += (DISCARD_KEY,)
            valid = _("press a slot 1-9 or 0 (slot 10) for {card}, or x to discard it")
            help_text = _(PLACE_DRAWN_HELP)
            # u puts a taken card back: after a draw it gets the reason, not "not valid here".
            refusals[PUT_BACK_KEY] = _("A draw cannot be undone: put {card} in a slot (1-9, or 0 "
                                       "for slot 10), or press x to discard it.").format(card=held)
        elif can_put_back:
            keys += (PUT_BACK_KEY,)
            valid = _("press a slot 1-9 or 0 (slot 10) for {card}, or u to put it back")
            help_text = _(PLACE_TAKEN_HELP)
            refusals[DISCARD_KEY] = _("A card taken from the discard pile goes into your rack: "
                                      "put {card} in a slot (1-9, or 0 for slot 10), or press u "
                                      "to put it back.").format(card=held)
        else:
            valid = _("press a slot 1-9 or 0 (slot 10) for {card}")
            help_text = _(PLACE_TAKEN_FIXED_HELP)
            refusals[DISCARD_KEY] = _("A card taken from the discard pile goes into your rack: "
                                      "put {card} in a slot (1-9, or 0 for slot 10).").format(
                                          card=held)
        key = self._ask(
            view,
            None,
            place_prompts(held, drawn=view.held_source is Source.DRAW,
                          can_put_back=can_put_back, hinted=self.hint is not None),
            keys,
            valid=valid.format(card=held),
            help_text=help_text,
            quit_warning=self._quit_warning(view),
            can_put_back=can_put_back,
            refusals=refusals,
            says_enter=True,
        )
        if key == PUT_BACK_KEY:
            return None
        return DISCARD if key == DISCARD_KEY else place(SLOT_KEYS[key])

    def _confirm(self, view: SeatView, action: Action) -> str:
        """Show the move before it happens; the key pressed: Enter or Space to keep it, u to
        take it back, or another slot (x for a drawn card) to show that move instead."""
        held = view.held
        assert held is not None
        preview: Preview | None = None
        if action.slot is not None:
            rack = list(view.rack)
            out = rack[action.slot - 1]
            rack[action.slot - 1] = held
            preview = (tuple(rack), action.slot, out)
        key = self._ask(
            view,
            preview,
            confirm_prompts(hinted=self.hint is not None),
            (ENTER, SPACE, *TAKE_BACK_KEYS, *SLOT_KEYS,
             *((DISCARD_KEY,) if view.held_source is Source.DRAW else ())),
            valid=_("press Enter to confirm the move, u to take it back, or another slot to put "
                    "the card there"),
            help_text=_(CONFIRM_HELP),
            quit_warning=self._quit_warning(view),
            thrown=held if action.slot is None else None,
        )
        return key

    # ------------------------------------------------------------------ the screen

    def _ask(
        self,
        view: SeatView,
        preview: Preview | None,
        prompts: tuple[str, ...],
        keys: tuple[str, ...],
        *,
        valid: str,
        help_text: str,
        quit_warning: str | None = None,
        can_put_back: bool = False,
        thrown: int | None = None,
        refusals: dict[str, str] | None = None,
        says_enter: bool = False,
    ) -> str:
        """Draw the rack screen and ask (the shortest of `prompts` only when the first does
        not fit the terminal's width); the step's first screen throws away keys typed before
        it was drawn. A resized window gets the same screen again, fitted to its new size.
        With `says_enter`, Enter gets a note saying what to press (but for `ENTER_GRACE` after
        the step's first screen, at a keyboard: see there)."""

        def draw(note: RenderableType | None = None, question: str | None = None) -> None:
            self._shown = partial(self._show, view, preview, prompts, note, can_put_back, thrown,
                                  question)
            self._shown()

        draw()
        enter_from = 0.0 if says_enter else math.inf
        if self._fresh:
            # The turn's start (the keyboard may have just changed hands) or the card just
            # drawn: nobody typed ahead knowing what it shows. Later screens of the step (a
            # taken card's slots, a move's preview) follow keys this player typed knowing all
            # they show, so "t 5 Enter" typed at once is a whole move.
            self._fresh = False
            if self.term.flush_input() and preview is None:
                # A slot typed with the d ("d5" at once) is thrown away by design, as a blind
                # placement; and so is a d typed with the Enter that opened the rack, before
                # it showed: the player is told, or the key seems to have been lost.
                if view.held_source is Source.DRAW:
                    draw(Text(_(BLIND_KEYS), "yellow"))
                elif view.phase is Phase.CHOOSE and any(
                        key not in (ENTER, SPACE) for key in self.term.thrown_keys):
                    # (A second Enter, pressed twice as people do, meant nothing: not said.)
                    draw(Text(_(EARLY_KEYS), "yellow"))
            told, self.turn_note = self.turn_note, None
            if told is not None:
                draw(told)  # before a key meant for the screen it replaced lands on the turn
            if says_enter and not reads_lines(self.term):  # a piped line is always meant
                enter_from = time.monotonic() + ENTER_GRACE
        return ask(
            self.term,
            prompts,
            keys,
            valid=valid,
            # The prompt drops "h hint" where the line is short of room: the help still says it.
            help_text=help_text if self.hint is None else f"{help_text} {_(HINT_HELP)}",
            redraw=draw,
            redraw_above=draw,
            hint=self._hint(view),
            hints_off=self.hint is None,
            quit_warning=quit_warning,
            quit_question=self.quit_question,
            sheet=self.sheet,
            refusals=refusals,
            enter_from=enter_from,
        )

    def _show(
        self,
        view: SeatView,
        preview: Preview | None,
        prompts: tuple[str, ...],
        note: RenderableType | None,
        can_put_back: bool,
        thrown: int | None,
        question: str | None = None,
    ) -> None:
        """The rack screen, as full as the terminal's height allows with `note` and the prompt
        (the first of `prompts` that fits its width) below it, or `question` (as asked: q's)
        in the prompt's place."""
        asked = question if question is not None else fitting(self.term.width, prompts) + " > "
        console = self.term.console
        below: list[RenderableType] = []
        if thrown is not None:
            below.append(Text(_("You throw {card} onto the discard pile.").format(card=thrown),
                              "bold"))
        if note is not None:
            below.append(note)
        warning = self.warning() if self.warning is not None else None
        if warning is not None:
            below.append(warning)
        room = self.term.height - lines_taken(console, *below, Text.from_markup(asked))
        screen = fitted_turn_screen(console, view, room, preview=preview,
                                    can_put_back=can_put_back,
                                    stand_ins=self.stand_ins() if self.stand_ins else (),
                                    thrown=thrown)
        self.term.clear()
        console.print(Group(screen, *below))

    def _hint(self, view: SeatView) -> Callable[[], str] | None:
        if self.hint is None:
            return None
        hint = self.hint

        def advise() -> str:
            self._hinted.add((view.phase, view.held))
            return hint_text(hint(view))

        return advise


def taken_view(view: SeatView) -> SeatView:
    """`view` as it would be after taking the top discard: that card in hand, to be placed."""
    assert view.discard_top is not None
    return place_view(view, Source.DISCARD, view.discard_top)  # as review judges the take


def fitted_turn_screen(
    console: Console, view: SeatView, room: int, *, preview: Preview | None = None,
    can_put_back: bool = False, stand_ins: Collection[int] = (), history: bool = True,
    watching: bool = False, thrown: int | None = None,
) -> RenderableType:
    """The fullest turn screen of `view` (see `turn_screen`, and there `stand_ins`) that takes
    at most `room` lines on `console`, drawn for it; the barest if none does. Without
    `history`, the others' moves are left out; `watching`, they are kept before the ten-line
    rack (`WATCHING_FITS`); `thrown`, the drawn card a previewed move throws away. A window
    shorter than `TEN_LINE_RACK_HEIGHT` gets the rack in five lines, whatever `room` is left:
    one shape at every step of a turn."""
    parts = TurnParts(view, preview=preview, can_put_back=can_put_back, stand_ins=stand_ins,
                      thrown=thrown)
    drawn: dict[Hashable, list[list[Segment]]] = {}  # a piece's lines, however many forms use it
    lines: list[list[Segment]] = []
    # Watching, the rack goes into five lines before the round's line and the scores give
    # way, even with no move to show: a note, or a status line wrapped in French, needs a line.
    if console.height < TEN_LINE_RACK_HEIGHT:
        shapes = FIVE_LINE_RACK_FITS
    else:
        shapes = WATCHING_FITS if watching else FITS
    fits = shapes if history else dict.fromkeys(
        fit._replace(history=0, headed=True, counted=True) for fit in shapes)
    for fit in fits:
        lines = []
        for key, piece in parts.chosen(history=fit.history, spaced=fit.spaced, title=fit.title,
                                       caption=fit.caption, compact=fit.compact, top=fit.top,
                                       headed=fit.headed, counted=fit.counted):
            if key not in drawn:
                drawn[key] = console.render_lines(piece, console.options, pad=False)
            lines += drawn[key]
        if len(lines) <= room:
            break
    return SegmentLines(lines, new_lines=True)
