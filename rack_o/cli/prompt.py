"""Asking for one key, with the keys every prompt understands: ? help, r rules, s scores, q quit.

On a terminal each answer is one keypress; when input comes line by line (a pipe, a test) it
is one line. A wrong key gets one sentence saying what is valid and the same prompt again;
nothing changes. A key that types nothing (Escape, Tab, an arrow) is one wrong key like any
other, named as on the keyboard; only Enter and Space, which confirm elsewhere and may be
pressed once too often, are ignored in silence, but for Enter where a prompt says so (`ask`'s
`enter_from`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from rack_o.agent import LeaveGame
from rack_o.i18n import N_, _
from rack_o.store.names import name_key

from .bindings import HELP_KEY, HINT_KEY, QUIT_KEY, RULES_KEY, SHEET_KEY
from .console import ENTER, SPACE, PlayerTerminal
from .keys import PASTE
from .layouts import key_meant
from .openline import OpenLine
from .wrapping import Filled, fill

Redraw = Callable[[RenderableType | None], None]
"""Paints the prompt's screen again, with a note (help, a hint, an error) above the prompt."""
RedrawAbove = Callable[[RenderableType | None, str], None]
"""Paints the prompt's screen again with a note, fitted above the question (rich markup, as
asked) that is asked in place of the prompt: q's, which may take more lines than the prompt."""

QUESTION_LINES = 2
"""The lines q's question may take on a window: its fullest wording that fits, else its
shortest."""


class QuitGame(LeaveGame):
    """The player asked to leave the game and confirmed it (its text, if any, says so as the
    players read it)."""


class InputEnded(LeaveGame):
    """The keyboard's input ended (Ctrl-D, or the end of piped input)."""


def reads_lines(term: PlayerTerminal) -> bool:
    """True when `term` reads whole lines (a pipe, a test), False when it reads keypresses."""
    return bool(getattr(term, "reads_lines", False))


def is_typed(key: str) -> bool:
    """True for a key that types something (a character, or a line read from a pipe), False
    for Enter, Space and named keys such as arrows (a prompt that does not want one passes
    Enter and Space over in silence, `is_silent`, and names any other, `wrong_key_note`)."""
    if key in (ENTER, SPACE):
        return False
    return len(key) == 1 or key.isprintable() and not _is_key_name(key)


_KEY_LABELS = {
    # Translators: keys named in "[bold]Esc[/] is not valid here: …", as on a keyboard.
    "escape": N_("Esc"), "tab": N_("Tab"), "backspace": N_("Backspace"),
    "up": N_("Up arrow"), "down": N_("Down arrow"), "left": N_("Left arrow"),
    "right": N_("Right arrow"), "pageup": N_("Page Up"), "pagedown": N_("Page Down"),
    "home": N_("Home"), "end": N_("End"), "insert": N_("Insert"), "delete": N_("Delete"),
}
"""The named keys that type nothing, and how a keyboard names them (translated when said)."""
_FUNCTION_KEYS = ("f1", "f2", "f3", "f4")
"""Named keys said as written on them (F1)."""


def _is_key_name(key: str) -> bool:
    return (key in _KEY_LABELS or key in _FUNCTION_KEYS or key == PASTE
            or key.startswith(("ctrl-", "alt-", "esc", "u+")))


def is_other_key(term: PlayerTerminal, key: str) -> bool:
    """True for a key pressed at a keyboard that types nothing and is neither Enter nor Space
    (Escape, Tab, an arrow, Alt-x): a wrong key, never a silence (a line from a pipe that
    reads "up" is only text)."""
    return key not in (ENTER, SPACE) and not is_typed(key) and not reads_lines(term)


def is_silent(term: PlayerTerminal, key: str) -> bool:
    """True for a key a prompt passes over without a word when it does not want it: Enter,
    Space, or a key's name read as a line from a pipe."""
    return not is_typed(key) and not is_other_key(term, key)


def key_label(key: str) -> str | None:
    """A key that types nothing as its keyboard names it ("Esc", "Up arrow", "Ctrl-U"), for
    a message about it; None for a key without a name of its own (Alt-x, F5)."""
    if key in _KEY_LABELS:
        return _(_KEY_LABELS[key])
    if key.startswith("ctrl-") and len(key) == 6 and key[-1].isalpha():
        return "Ctrl-" + key[-1].upper()
    if key in _FUNCTION_KEYS:
        return key.upper()
    return None


def wrong_key_note(term: PlayerTerminal, key: str, valid: str, enter: bool = False) -> Text:
    """The note "z is not valid here: {valid}." for `key` (Enter if `enter`), named as typed,
    or as its keyboard names it (`key_label`)."""
    if key == PASTE and not enter:
        return Text(_("Pasted text is not valid here: {valid}.").format(valid=valid),
                    style="red")
    if enter:
        # Translators: the Enter key, named in "Enter is not valid here: …".
        shown: str | None = _("Enter")
    elif is_typed(key):
        shown = escape(as_typed(term, key)[:20])
    else:
        shown = key_label(key)
    if shown is None:
        return Text(_("That key is not valid here: {valid}.").format(valid=valid), style="red")
    return Text.from_markup(
        _("[bold]{key}[/] is not valid here: {valid}.").format(key=shown, valid=valid),
        style="red",
    )


def show_rules(term: PlayerTerminal) -> None:
    """Show the rules of Rack-O in racko's own pager until the player comes back."""
    from .pager import page
    from .rules import rules_markdown

    page(term, rules_markdown(), _("Rules of Rack-O"))


def echo(term: PlayerTerminal, key: str, *, left_open: bool = False) -> None:
    """After a keypress, what was pressed and a new line (lines echo themselves); the new line
    only once something is printed under it if `left_open` and the terminal keeps an
    `OpenLine` (a screen painted again from its top after the key needs none)."""
    if reads_lines(term):
        return
    shown = key if is_typed(key) else ""
    line: OpenLine | None = getattr(term, "open_line", None)
    if not left_open or line is None:
        term.console.print(shown, markup=False, highlight=False)
        return
    term.console.print(shown, markup=False, highlight=False, end="")
    line.open()


def as_typed(term: PlayerTerminal, key: str) -> str:
    """`key` as the person typed it, for a message that names it: ψ, not the c that a Greek
    layout's ψ stands for (`layouts.key_meant`), where the terminal keeps it."""
    typed = getattr(term, "typed_key", "")
    return typed if typed and key_meant(typed) == key else key


def fitting(width: int, prompts: Sequence[str], lines: int = 1, end: str = " > ") -> str:
    """The first of `prompts` (rich markup, longest first) that fits `lines` lines of `width`
    columns followed by `end` and the cursor, wrapped between words as the screen wraps it;
    else the last. Over more than one line, a form whose `end` would wrap onto a line of its
    own ("> " alone under the question) gives way to a shorter one that keeps it beside the
    words, if one fits."""
    first_fitting = None
    for prompt in prompts:
        plain = Text.from_markup(prompt).plain
        needed = _lines_needed(plain + end, width)
        if needed > lines:
            continue
        if needed == 1 or _lines_needed(plain, width) == needed:
            return prompt
        if first_fitting is None:
            first_fitting = prompt
    return first_fitting if first_fitting is not None else prompts[-1]


def prompt_lines(width: int, prompts: Sequence[str]) -> int:
    """The lines the prompt `ask` shows for `prompts` takes on `width` columns (`fitting`)."""
    return _lines_needed(Text.from_markup(fitting(width, prompts)).plain + " > ", width)


def _lines_needed(text: str, width: int) -> int:
    """The lines `text` takes on `width` columns, wrapped at its breaking spaces (as rich
    wraps it, `nobreak`), with a column after it for the cursor."""
    width = max(1, width)
    stripped = text.rstrip(" ")
    # Spaces at the end stay on the last word's line, before the cursor: measured as such.
    measured = stripped + "\u00a0" * (len(text) - len(stripped)) + "_"
    # A word longer than the width is cut where the line ends: it takes more than one.
    return sum(max(1, math.ceil(cell_len(line) / width))
               for line in fill(measured, width).split("\n"))


def _said(answer: str, english: str, word: str) -> bool:
    # A Greek "όχι" may be typed with or without its accent, as a name may (`name_key`).
    said = key_meant(name_key(answer))  # one letter is the key it sits on: Greek ν is n
    word = name_key(word)
    # The word's first letter answers alone only if it is a key of its own: Greek ν sits on
    # the N key, which says no.
    initial = word[:1] if key_meant(word[:1]) == word[:1] else english[:1]
    return bool(said) and said in {english, english[:1], word, initial}


def is_yes(answer: str) -> bool:
    """True for y or yes, or the word for yes in the language spoken, or its first letter
    unless that letter sits on another key (`key_meant`: Greek ν is the N key)."""
    # Translators: the word for "yes"; a player may answer a yes-or-no question with it or
    # with its first letter (and always with y).
    return _said(answer, "yes", _("yes"))


def is_no(answer: str) -> bool:
    """True for n or no, or the word for no in the language spoken, or its first letter
    unless that letter sits on another key (`key_meant`: Greek ο is the O key)."""
    # Translators: the word for "no"; a player may answer a yes-or-no question with it or
    # with its first letter (and always with n).
    return _said(answer, "no", _("no"))


def quit_prompt(question: str | None = None) -> str:
    """What q asks (rich markup, as asked: ending " > "): `question` if given, else racko
    play's "Quit this game?", which takes at most QUESTION_LINES lines from 45 columns (the
    smallest window) in every language."""
    if question is not None:
        return question
    return _("Quit this game? [bold]y[/] quits, any other key carries on > ")


def confirm_quit(term: PlayerTerminal, warning: str | None = None, question: str | None = None
                 ) -> bool:
    """Ask whether to really quit (after `warning`, if any) with `question` (rich markup;
    `quit_prompt`'s if None); True for yes (`is_yes`)."""
    if warning:
        term.console.print(warning, style="yellow", markup=False)
    term.flush_input()  # only a key pressed after the question answers it
    answer = term.key(quit_prompt(question))
    echo(term, answer, left_open=True)  # no: the turn's screen is painted again
    return is_yes(answer)


def ask(
    term: PlayerTerminal,
    prompt: str | Sequence[str],
    keys: Collection[str],
    *,
    valid: str,
    help_text: str,
    redraw: Redraw | None = None,
    redraw_above: RedrawAbove | None = None,
    hint: Callable[[], str] | None = None,
    quit_warning: str | None = None,
    quit_question: str | Callable[[], str] | None = None,
    sheet: Callable[[], None] | None = None,
    hints_off: bool = False,
    refusals: Mapping[str, str] | None = None,
    enter_from: float = math.inf,
) -> str:
    """The first key among `keys` (ENTER and SPACE included if wanted); handles ?, r, s, h, q.

    `prompt` is rich markup, or its forms longest first (the first that fits the terminal's
    width is shown, `fitting`); `valid` says briefly what may be pressed ("d to draw …"),
    shown after a wrong key; `redraw` paints the screen again (after the rules, with a note
    above the prompt, or at a resized window's new size); `redraw_above`, if given, paints it
    fitted above q's question, which is then asked in place of the prompt (its warning as the
    note), so that the question never scrolls the screen's top away, resized or not; else the
    question is asked under the screen as it is; `hint`, if given, makes h give a
    one-sentence hint; `sheet`, if given, makes s show the score sheet (`hints_off`: h says
    hints are off); `quit_warning` is said before q asks for confirmation, with
    `quit_question` if given (or what makes it, for the window as it is then: a resized
    window is asked in the words that fit it); `refusals` says, for a key a player may
    expect to work here, why it does not (instead of "not valid here"). Enter, when not
    among `keys`, is ignored in silence until `enter_from` (a `time.monotonic()` time; by
    default, always), and from then on gets the same note as a wrong key.
    QuitGame when the player quits; EOFError / KeyboardInterrupt pass through.
    """
    prompts = (prompt,) if isinstance(prompt, str) else tuple(prompt)
    state = _Asking(_connection(term))

    def asked() -> str:
        return f"{fitting(term.width, prompts)} > "

    def question() -> str:
        made = quit_question() if callable(quit_question) else quit_question
        return quit_prompt(made)

    def repaint() -> None:
        assert redraw is not None
        if _connection(term) != state.note_connection:
            state.note = None  # it answered a key typed on a connection that has gone
        if state.quitting and redraw_above is not None:
            asked_now = question()  # in the words that fit the window as it is now
            redraw_above(state.note, asked_now)
            term.reprompt(asked_now)
            return  # the question stays asked under it
        redraw(state.note)
        if state.reading:  # not while q's question is asked: that question stays
            term.reprompt(asked())

    lines = reads_lines(term)
    with _repainting(term, repaint if redraw is not None else None):
        again = True
        while True:
            state.reading = True
            # Fitted as it is shown: the rules, the sheet or q's question may have been open
            # while the window was resized.
            key = term.key(asked() if again else "")
            state.reading = False
            again = True
            if key in keys:
                echo(term, key, left_open=True)  # the next screen is painted from its top
                return key
            wrong_enter = key == ENTER and time.monotonic() >= enter_from
            if is_silent(term, key) and not wrong_enter:
                if not lines:
                    again = False  # the prompt is still on screen: wait for the next key
                continue
            echo(term, key, left_open=redraw is not None)
            note: RenderableType | None = None
            if key == HELP_KEY:
                note = Text(help_text, "cyan")
            elif key == RULES_KEY:
                show_rules(term)
            elif key == SHEET_KEY and sheet is not None:
                sheet()
            elif key == HINT_KEY and hint is not None:
                note = Filled(_("Hint: {hint}").format(hint=hint()), "cyan")
            elif key == HINT_KEY and hints_off:
                note = Text(_("Hints are off for this game."), "yellow")
            elif key == QUIT_KEY:
                if _quits(term, state, question(), quit_warning,
                          None if lines else redraw_above):
                    raise QuitGame
            elif refusals and key in refusals:
                note = Text(refusals[key], "red")
            else:
                note = wrong_key_note(term, key, valid, enter=wrong_enter)
            if redraw is not None and (not lines or key in (RULES_KEY, SHEET_KEY)):
                redraw(note)
                state.note = note
                state.note_connection = _connection(term)
            elif note is not None:
                term.console.print(note)
            if key in (RULES_KEY, SHEET_KEY):
                # Back from the rules or the sheet: a second Enter or Space typed to close them
                # must not answer this prompt (hand the keyboard over, confirm a move).
                term.flush_input()


def _quits(term: PlayerTerminal, state: _Asking, question: str, warning: str | None,
           redraw_above: RedrawAbove | None) -> bool:
    """q was pressed: ask `question` (as asked, after `warning` if any); True if the player
    quits. With `redraw_above`, the screen is painted again fitted above the warning and the
    question, which are asked under it; else they are printed under the screen as it is."""
    # The warning is the note while the question is open (a resized window paints it again);
    # a note shown before (the help, say) makes room for it.
    state.note = Text(warning, "yellow") if warning else None
    state.note_connection = _connection(term)
    state.quitting = True
    try:
        if redraw_above is not None:
            redraw_above(state.note, question)
            warning = None  # on the screen already
        return confirm_quit(term, warning, question)
    finally:
        state.quitting = False


class _Asking:
    """Where `ask` stands: the note painted above its prompt, whether its own key is being
    read, and whether q's question is being asked."""

    def __init__(self, connection: int) -> None:
        self.note: RenderableType | None = None
        self.note_connection = connection
        """The connection the key `note` answers was typed on (`_connection`)."""
        self.reading = False
        self.quitting = False


def _connection(term: PlayerTerminal) -> int:
    """Which connection `term` is drawn on: a hosted guest's terminal counts them
    (`RemoteTerminal.connections`); any other has one."""
    return getattr(term, "connections", 0)


@contextmanager
def _repainting(term: PlayerTerminal, repaint: Callable[[], None] | None) -> Iterator[None]:
    """Within: `repaint` paints `term`'s screen again when its window is resized, where the
    terminal can tell (`Terminal.repainting`)."""
    repainting = getattr(term, "repainting", None)
    if repaint is None or repainting is None:
        yield
        return
    with repainting(repaint):
        yield
