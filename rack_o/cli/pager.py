"""racko's own pager: a long text (the rules, the score sheet) shown a screen at a time.

Written against the `PlayerTerminal` interface only, so it works the same at
the local keyboard and on a guest's terminal over SSH. Never an outside pager: `less` can run
commands and write files, and every player at the table can open the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from itertools import chain

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.segment import Segment, Segments
from rich.text import Text

from rack_o.i18n import _

from .console import ENTER, SPACE, PlayerTerminal

FORWARD = frozenset({SPACE, ENTER, "f", "pagedown"})
BACK = frozenset({"b", "pageup"})
LEAVE = frozenset({"q", "escape"})


def page(term: PlayerTerminal, renderable: RenderableType, title: str) -> None:
    """Show `renderable` a screen at a time until the reader leaves (q, or space at the end).

    Space, Enter or f: the next screen; b: the one before; the arrow keys: a line; q: back;
    any other key rings the terminal's bell.
    When the console is not a terminal, the text is printed whole and one key is awaited.
    KeyboardInterrupt and EOFError pass through.
    """
    console = term.console
    if not console.is_terminal:
        console.print(renderable)
        term.key("[dim]" + _("Press Enter to go back.") + "[/] ")
        return
    pager = Pager(term, renderable, title)
    # A guest at a hosted table about to be let go for their silence is warned on the status
    # line: under the pager, the warning would never be read.
    warning: Callable[[], Text | None] = getattr(term, "idle_warning", lambda: None)

    def status() -> str:
        return pager.status_or(warning())

    def repaint() -> None:
        pager.draw()
        term.reprompt(status())

    # A resized window (the local terminal's, or one reached over a connection) is painted
    # again: the pager's screen, and its status line said again for the new size.
    repainting = getattr(term, "repainting", None)
    with repainting(repaint) if repainting is not None else nullcontext():
        while True:
            pager.draw()
            if pager.press(term.key(status())):
                return


class Pager:
    """A long text on `term`'s screen, a screen at a time, moved one key at a time: for
    `page`, and for a screen whose keys arrive one by one as events (a hosted game's)."""

    def __init__(self, term: PlayerTerminal, renderable: RenderableType, title: str) -> None:
        self.term = term
        self.renderable = renderable
        self.title = title
        self.top = 0
        """The first line shown."""
        self._size: tuple[int, int] | None = None
        self._lines: list[list[Segment]] = []

    def _layout(self) -> tuple[list[list[Segment]], int]:
        """The text's lines at the terminal's width, and how many fit on a screen (laid out
        again when the terminal changed size)."""
        console = self.term.console
        size = (console.size.width, console.size.height)
        if size != self._size:
            self._size = size
            lines = console.render_lines(self.renderable, console.options, pad=False)
            while lines and not "".join(segment.text for segment in lines[-1]).strip():
                lines.pop()  # the blank lines a Markdown ends with
            self._lines = lines
        return self._lines, max(1, size[1] - 1)

    def draw(self) -> None:
        """Clear the screen and show the current screenful (the status line is the caller's)."""
        lines, height = self._layout()
        self.top = max(0, min(self.top, len(lines) - height))
        self.term.clear()
        shown = lines[self.top : self.top + height]
        self.term.console.print(
            Segments(chain.from_iterable(line + [Segment.line()] for line in shown)), end="")

    def status(self) -> str:
        """The bottom line for the screenful shown (rich markup)."""
        lines, height = self._layout()
        shown = len(lines[self.top : self.top + height])
        return status(self.title, self.top + 1, self.top + shown, len(lines),
                      self.term.console.size.width, whole=len(lines) <= height)

    def status_or(self, warning: Text | None) -> str:
        """The bottom line (rich markup): `warning` in the status's place, on one line, if
        there is one (a hosted table's warning to a silent guest), else the status."""
        if warning is None:
            return self.status()
        said = warning.plain
        room = self.term.console.size.width - 1
        if cell_len(said) > room:
            said = said[: max(0, room - 1)] + "…"
        return f"[bold red]{escape(said)}[/]"

    def press(self, key: str) -> bool:
        """Move as `key` says; True when the reader leaves (q, or space at the end)."""
        lines, height = self._layout()
        last_top = max(0, len(lines) - height)
        if key in LEAVE or (key in FORWARD and self.top >= last_top):
            return True
        if key in FORWARD:
            self.top = min(self.top + height, last_top)
        elif key in BACK:
            self.top = max(0, self.top - height)
        elif key == "down":
            self.top = min(self.top + 1, last_top)
        elif key == "up":
            self.top = max(0, self.top - 1)
        elif key == "home":
            self.top = 0
        elif key == "end":
            self.top = last_top
        else:
            self.term.console.bell()  # as less does: the status line lists the keys it takes
        return False


def status(title: str, first: int, last: int, total: int, width: int, whole: bool = False) -> str:
    """The pager's bottom line (rich markup): where the reader is and the keys, in a shorter
    form when the long one does not fit in `width` columns; only how to go back when the
    `whole` text is on screen, and no "more" on the last screen (where space goes back)."""
    if whole:
        return f"[reverse]{escape(_('{title} · space or q returns').format(title=title))}[/]"
    if last >= total:
        long = _("{title} · lines {first}-{last} of {total} (end) · b back · space or q "
                 "returns").format(title=title, first=first, last=last, total=total)
        short = _("{first}-{last}/{total} (end) · b q").format(
            first=first, last=last, total=total)
    else:
        long = _("{title} · lines {first}-{last} of {total} · space more · b back · "
                 "q returns").format(title=title, first=first, last=last, total=total)
        short = _("{first}-{last}/{total} · space b q").format(
            first=first, last=last, total=total)
    return f"[reverse]{escape(long if cell_len(long) < width else short)}[/]"
