"""Asking for one key (plus Enter), with the keys every prompt understands: ? help, r rules, q quit.

A wrong key gets one line saying what is valid and the same prompt again; nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from rich.markup import escape

from rack_o.agent import LeaveGame
from rack_o.i18n import _

from .console import Terminal

ENTER = ""
"""The key of a bare Enter."""


class QuitGame(LeaveGame):
    """The player asked to leave the game and confirmed it."""


class InputEnded(LeaveGame):
    """The keyboard's input ended (Ctrl-D, or the end of piped input)."""


def show_rules(term: Terminal) -> None:
    """Show the rules of Rack-O until the player comes back to the game."""
    from .rules import rules_markdown

    term.page(rules_markdown(), _("Rules of Rack-O"))


def confirm_quit(term: Terminal, warning: str | None = None) -> bool:
    """Ask whether to really quit (after `warning`, if any); True for y or yes."""
    if warning:
        term.console.print(warning, style="yellow", markup=False)
    answer = term.read(_("Quit this game? [bold]y[/] quits, Enter carries on > "))
    return answer.strip().lower() in ("y", "yes")


def ask(
    term: Terminal,
    prompt: str,
    keys: Collection[str],
    *,
    valid: str,
    help_text: str,
    redraw: Callable[[], None] | None = None,
    hint: Callable[[], str] | None = None,
    quit_warning: str | None = None,
) -> str:
    """The first answer among `keys` (lower case, blanks stripped); handles ?, r, h and q.

    `valid` says briefly what may be typed ("type d to draw …"), shown after a wrong key;
    `redraw` repaints the screen after the rules were shown; `hint`, if given, makes h print
    a one-sentence hint; `quit_warning` is said before q asks for confirmation.
    QuitGame when the player quits; EOFError / KeyboardInterrupt pass through.
    """
    while True:
        raw = term.read(f"{prompt} > ")
        key = raw.strip().lower()
        if key in keys:
            return key
        if key == ENTER:
            # Nothing typed (often the Enter that followed q in the rules pager): just ask again.
            continue
        if key == "?":
            term.console.print(help_text, style="cyan")
        elif key == "r":
            show_rules(term)
            if redraw is not None:
                redraw()
        elif key == "h" and hint is not None:
            term.console.print(_("Hint: {hint}").format(hint=hint()), style="cyan", markup=False)
        elif key == "q":
            if confirm_quit(term, quit_warning):
                raise QuitGame
        else:
            shown = escape(raw.strip()[:20])
            term.console.print(
                _("[bold]{key}[/] is not valid here: {valid}.").format(key=shown, valid=valid),
                style="red",
            )
