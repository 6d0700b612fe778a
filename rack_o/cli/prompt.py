"""Asking for one key, with the keys every prompt understands: ? help, r rules, s scores, q quit.

On a terminal each answer is one keypress; when input comes line by line (a pipe, a test) it
is one line. A wrong key gets one sentence saying what is valid and the same prompt again;
nothing changes. Keys a prompt has no use for (arrows, a stray Enter) are ignored in silence.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from rack_o.agent import LeaveGame
from rack_o.i18n import _

from .console import ENTER, SPACE, Terminal, fill
from .layouts import key_meant

Redraw = Callable[[RenderableType | None], None]
"""Paints the prompt's screen again, with a note (help, a hint, an error) above the prompt."""


class QuitGame(LeaveGame):
    """The player asked to leave the game and confirmed it."""


class InputEnded(LeaveGame):
    """The keyboard's input ended (Ctrl-D, or the end of piped input)."""


def reads_lines(term: Terminal) -> bool:
    """True when `term` reads whole lines (a pipe, a test), False when it reads keypresses."""
    return bool(getattr(term, "reads_lines", False))


def is_typed(key: str) -> bool:
    """True for a key that types something (a character, or a line read from a pipe), False
    for Enter, Space and named keys such as arrows, which a prompt ignores unless it wants them."""
    if key in (ENTER, SPACE):
        return False
    return len(key) == 1 or key.isprintable() and not _is_key_name(key)


_KEY_NAMES = frozenset({
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown", "insert", "delete",
    "tab", "backspace", "escape", "f1", "f2", "f3", "f4",
})


def _is_key_name(key: str) -> bool:
    return key in _KEY_NAMES or key.startswith(("ctrl-", "alt-", "esc", "u+", "escape"))


def show_rules(term: Terminal) -> None:
    """Show the rules of Rack-O in racko's own pager until the player comes back."""
    from .pager import page
    from .rules import rules_markdown

    page(term, rules_markdown(), _("Rules of Rack-O"))


def echo(term: Terminal, key: str) -> None:
    """After a keypress, what was pressed and a new line (lines echo themselves)."""
    if not reads_lines(term):
        term.console.print(key if is_typed(key) else "", markup=False, highlight=False)


def fitting(width: int, prompts: Sequence[str]) -> str:
    """The first of `prompts` (rich markup, longest first) that fits `width` columns with its
    " > ", else the last."""
    for prompt in prompts:
        if cell_len(Text.from_markup(prompt).plain) + 3 < width:
            return prompt
    return prompts[-1]


def _plain(text: str) -> str:
    # A Greek "όχι" may be typed with or without its accent.
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _said(answer: str, english: str, word: str) -> bool:
    said = key_meant(_plain(answer))  # one letter is the key it sits on: Greek ν is n
    word = _plain(word)
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


def confirm_quit(term: Terminal, warning: str | None = None, question: str | None = None
                 ) -> bool:
    """Ask whether to really quit (after `warning`, if any) with `question` (rich markup; racko
    play's "Quit this game?" if None); True for yes (`is_yes`)."""
    if warning:
        term.console.print(warning, style="yellow", markup=False)
    term.flush_input()  # only a key pressed after the question answers it
    answer = term.key(question or _("Quit this game? [bold]y[/] quits, any other key carries "
                                    "on > "))
    echo(term, answer)
    return is_yes(answer)


def ask(
    term: Terminal,
    prompt: str | Sequence[str],
    keys: Collection[str],
    *,
    valid: str,
    help_text: str,
    redraw: Redraw | None = None,
    hint: Callable[[], str] | None = None,
    quit_warning: str | None = None,
    quit_question: str | None = None,
    sheet: Callable[[], None] | None = None,
    hints_off: bool = False,
    refusals: Mapping[str, str] | None = None,
) -> str:
    """The first key among `keys` (ENTER and SPACE included if wanted); handles ?, r, s, h, q.

    `prompt` is rich markup, or its forms longest first (the first that fits the terminal's
    width is shown, `fitting`); `valid` says briefly what may be pressed ("d to draw …"),
    shown after a wrong key; `redraw` paints the screen again (after the rules, with a note
    above the prompt, or at a resized window's new size); `hint`, if given, makes h give a
    one-sentence hint; `sheet`, if given, makes s show the score sheet (`hints_off`: h says
    hints are off); `quit_warning` is said before q asks for confirmation, with
    `quit_question` if given; `refusals` says, for a key a player may expect to work here,
    why it does not (instead of "not valid here").
    QuitGame when the player quits; EOFError / KeyboardInterrupt pass through.
    """
    prompts = (prompt,) if isinstance(prompt, str) else tuple(prompt)
    state = _Asking()

    def asked() -> str:
        return f"{fitting(term.width, prompts)} > "

    def repaint() -> None:
        assert redraw is not None
        redraw(state.note)
        if state.reading:  # not while q's question is asked: that question stays
            term.reprompt(asked())  # type: ignore[attr-defined]

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
                echo(term, key)
                return key
            if not is_typed(key):
                if not lines:
                    again = False  # the prompt is still on screen: wait for the next key
                continue
            echo(term, key)
            note: RenderableType | None = None
            if key == "?":
                note = Text(help_text, "cyan")
            elif key == "r":
                show_rules(term)
            elif key == "s" and sheet is not None:
                sheet()
            elif key == "h" and hint is not None:
                note = Text(fill(_("Hint: {hint}").format(hint=hint()), term.width), "cyan")
            elif key == "h" and hints_off:
                note = Text(_("Hints are off for this game."), "yellow")
            elif key == "q":
                if quit_warning:  # painted again with the question, if the window is resized
                    state.note = Text(quit_warning, "yellow")
                if confirm_quit(term, quit_warning, quit_question):
                    raise QuitGame
            elif refusals and key in refusals:
                note = Text(refusals[key], "red")
            else:
                shown_key = escape(key[:20])
                note = Text.from_markup(
                    _("[bold]{key}[/] is not valid here: {valid}.").format(key=shown_key,
                                                                         valid=valid),
                    style="red",
                )
            if redraw is not None and (not lines or key in ("r", "s")):
                redraw(note)
                state.note = note
            elif note is not None:
                term.console.print(note)
            if key in ("r", "s"):
                # Back from the rules or the sheet: a second Enter or Space typed to close them
                # must not answer this prompt (hand the keyboard over, confirm a move).
                term.flush_input()


class _Asking:
    """Where `ask` stands: the note painted above its prompt, and whether its own key is being
    read (not q's question)."""

    def __init__(self) -> None:
        self.note: RenderableType | None = None
        self.reading = False


@contextmanager
def _repainting(term: Terminal, repaint: Callable[[], None] | None) -> Iterator[None]:
    """Within: `repaint` paints `term`'s screen again when its window is resized, where the
    terminal can tell (`Terminal.repainting`)."""
    repainting = getattr(term, "repainting", None)
    if repaint is None or repainting is None:
        yield
        return
    with repainting(repaint):
        yield
