"""A quiet line while a computer player takes its time: "Flaky is thinking…", so the table
does not take racko for hung; taken away again when the bot has played."""

from __future__ import annotations

import threading
from contextlib import suppress

from rich.console import Console
from rich.text import Text

from rack_o.i18n import _

THINKING_AFTER = 1.0
"""Seconds a bot thinks before the note shows: racko's own levels answer well within it."""

# The cursor's place is saved before the note (which never ends its line) and the note is
# erased from there: a prompt answered from a pipe leaves the cursor after it, and stays.
_SAVE_CURSOR = "\x1b7"
_ERASE_NOTE = "\x1b8\x1b[K"


class ThinkingNote:
    """Shows `name` thinking (dim) on `console`, a terminal, once a turn has taken
    THINKING_AFTER seconds; `done()` takes it away.

    The note is printed by a timer thread while the game thread waits in the bot, which prints
    nothing; a lock keeps the two from crossing as the bot answers.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._shown = False

    def start(self, name: str) -> None:
        """`name` begins to think: the note comes if it is still thinking in a while."""
        self.done()
        if not self.console.is_terminal or self.console.is_dumb_terminal:
            # It could not be taken back: a piped transcript stays as it was, and TERM=dumb
            # shows the codes that take it back as garbage.
            return
        text = Text(_("{name} is thinking…").format(name=name), "dim", no_wrap=True)
        text.truncate(max(self.console.width - 1, 1), overflow="ellipsis")
        timer = threading.Timer(THINKING_AFTER, self._show, (text,))
        timer.daemon = True
        with self._lock:
            self._timer = timer
        timer.start()

    def done(self) -> None:
        """The bot has played (or the game stops): no note from now on, and none on screen."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._shown:
                self._shown = False
                with suppress(OSError):  # the terminal is gone: nothing is left to erase
                    self._write(_ERASE_NOTE)

    def _show(self, text: Text) -> None:
        with self._lock:
            if self._timer is None or threading.current_thread() is not self._timer:
                return  # done() came first
            try:
                self._write(_SAVE_CURSOR)
                self.console.print(text, end="")
            except OSError:
                return  # the terminal is gone: the game thread finds out as it goes on
            self._shown = True

    def _write(self, control: str) -> None:
        """Write a terminal's control sequence; an OSError (the terminal gone) is the
        caller's, at `_show`, and nothing is left to erase at `done`."""
        self.console.file.write(control)
        self.console.file.flush()
