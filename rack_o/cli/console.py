"""The terminal a game is played at: a rich Console for output, one line of input at a time.

Passed in to everything that draws or asks, never global, so tests can give a StringIO
console and scripted input. Control codes (clearing) are only sent to a real terminal: the
console's, or at a hand-off the keyboard's (/dev/tty) when the output goes elsewhere.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import time
import unicodedata
from dataclasses import dataclass, field
from typing import TextIO

from rich.console import Console, RenderableType

from rack_o.i18n import _
from rack_o.store.safe_text import printable as printable

BOT_PAUSE = 0.8
"""Seconds a computer player's move stays on screen before the game goes on (no --fast)."""

# Home, erase the screen, and erase the scrollback too (what `clear` does), so the
# previous player's rack cannot be scrolled back to.
_CLEAR_SCREEN = "\x1b[H\x1b[2J"
_CLEAR_SCROLLBACK = "\x1b[3J"


def make_console() -> Console:
    """The console `racko` draws on: stdout, colour unless NO_COLOR or not a terminal."""
    return Console(highlight=False, emoji=False)


def pager_prompt(text: str) -> str:
    """`text` made safe for less's -P prompt: ASCII only (less shows other characters as
    garbage there), accents dropped, and none of less's prompt syntax characters ? : . %."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = decomposed.encode("ascii", "ignore").decode("ascii")
    if sum(char.isalpha() for char in plain) < sum(char.isalpha() for char in decomposed):
        return "Rack-O  -  space  b  q"  # letters without an ASCII form (Greek): just the keys
    return "".join(char for char in plain if char not in "?:.%\\")


def fill(text: str, width: int) -> str:
    """`text` wrapped to `width` columns between words, never at a no-break space (U+00A0),
    which rich would break at; its own line breaks kept, and a line that is a command
    ("racko …") kept whole so it can be copied."""
    return "\n".join(
        line if line.startswith("racko ")
        else textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) or line
        for line in text.split("\n")
    )


def resume_note(ref: str) -> str:
    """How to carry a game on later, the command on a line of its own so it stays whole."""
    return _("Carry on later with:") + "\n" + f"racko resume {ref}"


def keyboard_tty() -> str | None:
    """"/dev/tty" when the keyboard is a terminal (where a cleared screen can be sent even if
    the output goes to a pipe), else None."""
    try:
        return "/dev/tty" if sys.stdin is not None and sys.stdin.isatty() else None
    except (AttributeError, ValueError):
        return None


@dataclass
class Terminal:
    """Where a session draws and reads: a console, an optional input stream, a pause."""

    console: Console = field(default_factory=make_console)
    stdin: TextIO | None = None
    """None reads with `input()` (line editing on a terminal); a stream is read line by line."""
    pause_seconds: float = BOT_PAUSE
    """How long a bot's move stays on screen before the game moves on."""
    tty: str | None = None
    """A terminal to clear the screen and scrollback on when the console is not one."""

    def line(self, prompt: str) -> str:
        """One line typed after `prompt` (rich markup), without its newline; EOFError at the end."""
        return self.read(prompt)

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
        """Blank the screen (and the scrollback, if asked) on a real terminal; with the output
        elsewhere, clear `tty` instead when the scrollback must go (a hand-off); else nothing."""
        if not self.console.is_terminal:
            if scrollback and self.tty is not None:
                try:
                    with open(self.tty, "w", encoding="ascii") as tty:
                        tty.write(_CLEAR_SCREEN + _CLEAR_SCROLLBACK)
                except OSError:
                    pass  # no terminal to clear: the players were told at the start
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
        prompt = pager_prompt(
            _("{title} - space for more, b back, q returns to the game").format(title=title)
        )
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
