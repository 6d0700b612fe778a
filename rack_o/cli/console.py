"""The terminal a game is played at: a rich Console for output, one line of input at a time.

Passed in to everything that draws or asks, never global, so tests can give a StringIO
console and scripted input. Control codes (clearing) are only sent to a real terminal.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass, field
from typing import TextIO

from rich.console import Console, RenderableType

from rack_o.i18n import _

# Home, erase the screen, and erase the scrollback too (what `clear` does), so the
# previous player's rack cannot be scrolled back to.
_CLEAR_SCREEN = "\x1b[H\x1b[2J"
_CLEAR_SCROLLBACK = "\x1b[3J"


def make_console() -> Console:
    """The console `racko` draws on: stdout, colour unless NO_COLOR or not a terminal."""
    return Console(highlight=False, emoji=False)


@dataclass
class Terminal:
    """Where a session draws and reads: a console, an optional input stream, a pause."""

    console: Console = field(default_factory=make_console)
    stdin: TextIO | None = None
    """None reads with `input()` (line editing on a terminal); a stream is read line by line."""
    pause_seconds: float = 0.8
    """How long a bot's move stays on screen before the game moves on."""

    def read(self, prompt: str) -> str:
        """One line typed after `prompt` (rich markup), without its newline; EOFError at the end."""
        if self.stdin is None:
            return self.console.input(prompt)
        self.console.print(prompt, end="")
        line = self.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    def clear(self, scrollback: bool = False) -> None:
        """Blank the screen (and the scrollback, if asked) on a real terminal; else nothing."""
        if not self.console.is_terminal:
            return
        self.console.file.write(_CLEAR_SCREEN + (_CLEAR_SCROLLBACK if scrollback else ""))
        self.console.file.flush()

    def pause(self) -> None:
        """Hold still for `pause_seconds` so a bot's move can be read."""
        if self.pause_seconds > 0:
            self.console.file.flush()
            time.sleep(self.pause_seconds)

    def page(self, renderable: RenderableType, title: str) -> None:
        """Show a long text: in `less` on a real terminal (q comes back), else printed whole."""
        less = shutil.which("less")
        if self.stdin is not None or not self.console.is_terminal or less is None:
            self.console.print(renderable)
            self.read("[dim]" + _("Press Enter to go back.") + "[/] ")
            return
        with self.console.capture() as captured:
            self.console.print(renderable)
        # No ? : . % in the prompt: less reads them as prompt syntax.
        prompt = _("{title} - space for more, b back, q returns to the game").format(title=title)
        prompt = "".join(char for char in prompt if char not in "?:.%")
        pager = subprocess.Popen([less, "-R", "-P", prompt], stdin=subprocess.PIPE, text=True)
        try:
            assert pager.stdin is not None
            with pager.stdin as pipe:
                pipe.write(captured.get())
        except (BrokenPipeError, KeyboardInterrupt):
            pass  # the reader left the pager early
        while True:
            try:
                pager.wait()
                return
            except KeyboardInterrupt:
                continue  # less handles Ctrl-C itself; leaving it running would wreck the tty
