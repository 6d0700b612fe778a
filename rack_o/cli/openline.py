"""The line a key was echoed on, left open: its newline is sent only when something is printed
under it. A screen painted again from the top after the key needs none, and on a screen that
fills the window that newline would scroll the screen's first line into the scrollback, a
copy at every key (and the screen would jump a line before it is painted)."""

from __future__ import annotations

from rich.console import Console, ConsoleRenderable, RenderHook
from rich.text import Text


class OpenLine(RenderHook):
    """A console's line left open after an echoed key (`open`), ended by the next print unless
    the screen is blanked from its top first (`closed_by_clearing`)."""

    def __init__(self) -> None:
        self.is_open = False

    def open(self) -> None:
        """The cursor stays after the key just echoed: the next print begins a new line."""
        self.is_open = True

    def closed_by_clearing(self) -> None:
        """The screen is blanked and the cursor sent to its top: no newline is owed."""
        self.is_open = False

    def process_renderables(self, renderables: list[ConsoleRenderable]
                            ) -> list[ConsoleRenderable]:
        if not self.is_open:
            return renderables
        self.is_open = False
        return [Text("", end="\n"), *renderables]


def open_line_on(console: Console) -> OpenLine | None:
    """An `OpenLine` hooked to `console` if it is a terminal (a screen that is painted again);
    None for a pipe or a file, whose lines are always ended at once."""
    if not console.is_terminal:
        return None
    hook = OpenLine()
    console.push_render_hook(hook)
    return hook
