"""The host's own terminal at a hosted table: a seat's terminal like a guest's, drawn on this
process's standard output and fed by its keyboard.

The keyboard is read on a thread of its own, in raw mode, and its keys are posted to the
table's inbox like a guest's: so the game thread serves the guests while the host thinks, and
Ctrl-C arrives as a key, handled where the game can stop cleanly. A resized window (SIGWINCH)
repaints the host's screen as a guest's resize repaints theirs.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from types import FrameType

from rack_o.cli.exits import EXIT_OK

from .inbox import Inbox
from .keyboard import SEQUENCE_WAIT, KeyReader
from .terminal import RemoteTerminal

try:
    import termios
    import tty
except ImportError:  # pragma: no cover - Windows: racko host plays from no seat there
    termios = None  # type: ignore[assignment]
    tty = None  # type: ignore[assignment]


class LocalLink:
    """The host's screen as a terminal's link: bytes written to standard output."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    @property
    def is_open(self) -> bool:
        """Always: the host's own screen does not go away."""
        return True

    def send(self, data: bytes) -> None:
        """Write `data` to the screen (nothing if it is gone)."""
        view = memoryview(data)
        with contextlib.suppress(OSError):
            while view:
                view = view[os.write(self._fd, view):]

    def close(self, message: str, code: int = EXIT_OK) -> None:
        """Show `message`: the host's screen is never hung up on (`code` is racko's own exit
        status's business)."""
        self.send(("\r\n" + message + "\r\n").encode("utf-8", "replace"))


class _NoHangUp:
    """The host's seat is never let go: nobody connects to it."""

    def hang_up(self, seat: int, message: str, *, release: bool = False,
                code: int = EXIT_OK) -> None:
        pass


def has_terminal() -> bool:
    """True when standard input and output are both a terminal (the host can play here)."""
    try:
        return termios is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def local_terminal(seat: int, name: str, inbox: Inbox) -> RemoteTerminal:
    """A terminal for the host's seat (`seat` -1: the host's screen without a seat)."""
    return RemoteTerminal(seat, name, inbox, _NoHangUp(), idle=None, pause_seconds=0)


def _size(fd: int) -> tuple[int, int]:
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return 0, 0
    return size.columns, size.lines


@contextmanager
def attached_here(terminal: RemoteTerminal, inbox: Inbox) -> Iterator[None]:
    """Within: `terminal` is drawn on this terminal and reads its keyboard (raw mode, on a
    thread); the keyboard's settings and SIGWINCH's handler come back on leaving."""
    assert termios is not None and tty is not None
    keyboard = sys.stdin.fileno()
    screen = sys.stdout.fileno()
    sys.stdout.flush()
    link = LocalLink(screen)
    saved = termios.tcgetattr(keyboard)
    tty.setraw(keyboard, termios.TCSANOW)
    terminal.attached(link, *_size(screen))

    def resized(signum: int, frame: FrameType | None) -> None:
        inbox.post(partial(terminal.resized, link, *_size(screen)))

    previous = signal.signal(signal.SIGWINCH, resized)
    stop = threading.Event()
    threading.Thread(target=_read_keys, args=(keyboard, terminal, stop), daemon=True,
                     name="racko-keyboard").start()
    try:
        yield
    finally:
        stop.set()
        signal.signal(signal.SIGWINCH, previous)
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(keyboard, termios.TCSADRAIN, saved)
        terminal.detached(link)


def _read_keys(fd: int, terminal: RemoteTerminal, stop: threading.Event) -> None:
    """Hand what the keyboard sends to `terminal`, until told to stop or the input ends. A
    lone ESC at the end of a read is Escape once nothing more came for SEQUENCE_WAIT (the
    rest of an arrow's sequence may come a read later)."""
    reader = KeyReader()
    while not stop.is_set():
        if reader.waits and not _ready(fd, SEQUENCE_WAIT):
            terminal.waited(reader)
            continue
        try:
            data = os.read(fd, 1024)
        except OSError:
            return
        if not data or stop.is_set():
            return
        terminal.receive(data, reader)


def _ready(fd: int, seconds: float) -> bool:
    """True once `fd` has something to read (or is closed), within `seconds`."""
    try:
        return bool(select.select([fd], [], [], seconds)[0])
    except (OSError, ValueError):
        return True  # the read that follows says what became of the keyboard
