"""The human seat: an Agent whose `choose(view)` draws the turn screen and asks for keys.

A placement is shown first and only returned (so applied by the engine) once confirmed; `u`
takes it back and the card stays in hand. A draw cannot be taken back: leaving the game with
a drawn card in hand discards it (the session does that), and q says so before it asks.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.markup import escape

from rack_o.actions import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.bots.hint import Advice
from rack_o.i18n import N_, _
from rack_o.rules import RACK_SIZE
from rack_o.view import SeatView

from .console import Terminal
from .messages import hint_text
from .prompt import ENTER, InputEnded, ask
from .screens import turn_screen

Hint = Callable[[SeatView], Advice]
Preview = tuple[tuple[int, ...], int, int]
"""A placement not yet made: (the rack after it, the slot, the card pushed out)."""
"""What the hard bot would do for a view, and why in one sentence."""

SLOTS = tuple(str(slot) for slot in range(1, RACK_SIZE + 1))

CHOOSE_HELP = N_(
    "Type d and Enter to draw the top card of the draw pile: you see it, then put it in a "
    "slot or throw it away. Type t and Enter to take the top card of the discard pile: it "
    "must then go into your rack. r shows the rules, q quits."
)
PLACE_DRAWN_HELP = N_(
    "Type a slot number 1-10 and Enter to put the card you drew there; the card in that slot "
    "goes onto the discard pile. Or type x and Enter to throw the drawn card away."
)
PLACE_TAKEN_HELP = N_(
    "Type a slot number 1-10 and Enter to put the card there; the card in that slot goes onto "
    "the discard pile. A card taken from the discard pile cannot be thrown back."
)
CONFIRM_HELP = N_(
    "Press Enter to confirm this move and end your turn, or type u and Enter to take it back and "
    "choose again. The card stays in your hand: a draw cannot be undone."
)


class HumanAgent:
    """A person at the keyboard, asked through `term`."""

    is_human = True

    def __init__(self, name: str, term: Terminal, hint: Hint | None = None) -> None:
        self.name = name
        self.term = term
        self.hint = hint

    def choose(self, view: SeatView) -> Action:
        """Ask for this step of the turn: d/t, then a slot or x, confirmed with Enter.

        InputEnded when the keyboard's input ends; QuitGame when the player quits.
        """
        try:
            if view.phase is Phase.CHOOSE:
                return self._choose_pile(view)
            while True:
                action = self._choose_place(view)
                if self._confirm(view, action):
                    return action
        except EOFError:
            raise InputEnded from None

    # ------------------------------------------------------------------ steps

    def _show(self, view: SeatView, preview: Preview | None = None) -> None:
        self.term.clear()
        self.term.console.print(turn_screen(view, preview=preview))

    def _hint(self, view: SeatView) -> Callable[[], str] | None:
        if self.hint is None:
            return None
        hint = self.hint
        return lambda: hint_text(hint(view))

    def _choose_pile(self, view: SeatView) -> Action:
        self._show(view)
        top = view.discard_top
        hint = " · " + _("[bold]h[/] hint") if self.hint else ""
        key = ask(
            self.term,
            _("{name}: [bold]d[/] draw · [bold]t[/] take {card}{hint} · ? help · q quit").format(
                name=escape(self.name), card=top, hint=hint
            ),
            ("d", "t"),
            valid=_("type d to draw or t to take {card}").format(card=top),
            help_text=_(CHOOSE_HELP),
            redraw=lambda: self._show(view),
            hint=self._hint(view),
        )
        return DRAW if key == "d" else TAKE

    def _quit_warning(self, view: SeatView) -> str | None:
        if view.held_source is not Source.DRAW:
            return None
        return _("You drew {card}: a draw cannot be undone, so quitting now discards it.").format(
            card=view.held
        )

    def _choose_place(self, view: SeatView) -> Action:
        self._show(view)
        held = view.held
        hint = " · " + _("[bold]h[/] hint") if self.hint else ""
        if view.held_source is Source.DRAW:
            prompt = _("Slot [bold]1-10[/] for {card}, or [bold]x[/] to discard it{hint} · ? help")
            keys: tuple[str, ...] = SLOTS + ("x",)
            valid = _("type a slot 1-10 for {card}, or x to discard it")
            help_text = _(PLACE_DRAWN_HELP)
        else:
            prompt = _("Slot [bold]1-10[/] for {card}{hint} · ? help")
            keys = SLOTS
            valid = _("type a slot 1-10 (a taken card cannot be thrown back)")
            help_text = _(PLACE_TAKEN_HELP)
        key = ask(
            self.term,
            prompt.format(card=held, hint=hint),
            keys,
            valid=valid.format(card=held),
            help_text=help_text,
            redraw=lambda: self._show(view),
            hint=self._hint(view),
            quit_warning=self._quit_warning(view),
        )
        return DISCARD if key == "x" else place(int(key))

    def _confirm(self, view: SeatView, action: Action) -> bool:
        """Show the move before it happens; True to keep it, False when taken back."""
        held = view.held
        assert held is not None
        if action.slot is None:
            preview = None
            self._show(view)
            self.term.console.print(
                _("You throw {card} onto the discard pile.").format(card=held), style="bold"
            )
        else:
            rack = list(view.rack)
            out = rack[action.slot - 1]
            rack[action.slot - 1] = held
            preview = (tuple(rack), action.slot, out)
            self._show(view, preview)
        key = ask(
            self.term,
            _("[bold]Enter[/] confirms · [bold]u[/] takes it back · ? help"),
            (ENTER, "u"),
            valid=_("press Enter to confirm the move, or u to take it back"),
            help_text=_(CONFIRM_HELP),
            redraw=lambda: self._show(view, preview),
            quit_warning=self._quit_warning(view),
        )
        return key == ENTER
