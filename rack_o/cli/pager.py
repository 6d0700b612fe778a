"""racko's own pager: a long text (the rules, the score sheet) shown a screen at a time.

Written against the Terminal interface only (its console and `key`), so it works the same at
the local keyboard and on a guest's terminal over SSH. Never an outside pager: `less` can run
commands and write files, and every player at the table can open the rules.
"""

from __future__ import annotations

from itertools import chain

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.segment import Segment, Segments

from rack_o.i18n import _

from .console import ENTER, SPACE, Terminal

FORWARD = frozenset({SPACE, ENTER, "f", "pagedown"})
BACK = frozenset({"b", "pageup"})
LEAVE = frozenset({"q", "escape"})


def page(term: Terminal, renderable: RenderableType, title: str) -> None:
    """Show `renderable` a screen at a time until the reader leaves (q, or space at the end).

    Space, Enter or f: the next screen; b: the one before; the arrow keys: a line; q: back.
    When the console is not a terminal, the text is printed whole and one key is awaited.
    KeyboardInterrupt and EOFError pass through.
    """
    console = term.console
    if not console.is_terminal:
        console.print(renderable)
        term.key("[dim]" + _("Press Enter to go back.") + "[/] ")
        return
    lines = console.render_lines(renderable, console.options, pad=False)
    while lines and not "".join(segment.text for segment in lines[-1]).strip():
        lines.pop()  # the blank lines a Markdown ends with
    height = max(1, console.size.height - 1)
    last_top = max(0, len(lines) - height)
    top = 0
    while True:
        term.clear()
        shown = lines[top : top + height]
        console.print(Segments(chain.from_iterable(line + [Segment.line()] for line in shown)),
                      end="")
        key = term.key(status(title, top + 1, top + len(shown), len(lines), console.size.width,
                              whole=len(lines) <= height))
        if key in LEAVE or (key in FORWARD and top >= last_top):
            return
        if key in FORWARD:
            top = min(top + height, last_top)
        elif key in BACK:
            top = max(0, top - height)
        elif key == "down":
            top = min(top + 1, last_top)
        elif key == "up":
            top = max(0, top - 1)
        elif key == "home":
            top = 0
        elif key == "end":
            top = last_top


def status(title: str, first: int, last: int, total: int, width: int, whole: bool = False) -> str:
    """The pager's bottom line (rich markup): where the reader is and the keys, in a shorter
    form when the long one does not fit in `width` columns; only how to go back when the
    `whole` text is on screen."""
    if whole:
        return f"[reverse]{escape(_('{title} · space or q returns').format(title=title))}[/]"
    long = _("{title} · lines {first}-{last} of {total} · space more · b back · "
             "q returns").format(title=title, first=first, last=last, total=total)
    if cell_len(long) < width:
        return f"[reverse]{escape(long)}[/]"
    short = _("{first}-{last}/{total} · space b q").format(first=first, last=last, total=total)
    return f"[reverse]{escape(short)}[/]"
