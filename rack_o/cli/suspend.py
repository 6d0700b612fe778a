"""Ctrl-Z at a key prompt: racko stops as a job of the shell that started it, as other terminal
programs do, and carries on where it was once the shell brings it back (`fg`).

racko reads keys with the terminal raw, so Ctrl-Z reaches it as a key rather than as the
terminal's stop signal: it sends that signal to itself. The terminal is first set back as it
was before racko changed it (the shell then echoes and edits lines as usual), and set back to
racko's way once racko is continued. Where no shell can continue it (started without job
control, as a session of its own: the signal is then ignored), nothing happens and Ctrl-Z is a
key like any other.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType

try:
    import termios
except ImportError:  # pragma: no cover - Windows
    termios = None  # type: ignore[assignment]

CTRL_Z = "ctrl-z"
_SURELY_STOPPED = 0.05
"""Seconds the stop signal took to return after which racko surely was stopped: a signal
ignored returns at once, and nobody types "fg" that fast."""


def can_stop() -> bool:
    """True where racko may stop itself as a shell's job: POSIX, the main thread, the stop
    signal's default action in place, and racko in the foreground of its terminal but not
    the leader of its session (a shell with job control started it)."""
    if termios is None or not hasattr(signal, "SIGTSTP"):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        fd = sys.stdin.fileno()
        handler = signal.getsignal(signal.SIGTSTP)
        return ((handler == signal.SIG_DFL or getattr(handler, "racko_stop", False))
                and os.tcgetpgrp(fd) == os.getpgrp() and os.getsid(0) != os.getpid())
    except (OSError, ValueError, AttributeError):
        return False


def stop_until_continued(shell_mode: list | None) -> bool:
    """Stop racko, the keyboard's terminal set to `shell_mode` (as it was before racko changed
    it; None: as it is) meanwhile; True once continued, its settings as they were before,
    False if racko did not stop (the signal was ignored)."""
    fd = sys.stdin.fileno()
    now = termios.tcgetattr(fd)
    continued: list[int] = []

    def heard(signum: int, frame: FrameType | None) -> None:
        continued.append(signum)

    before = signal.signal(signal.SIGCONT, heard)
    # The stop signal's own action (stop), not racko's handler of it (`stops_handled`).
    handling = signal.signal(signal.SIGTSTP, signal.SIG_DFL)
    try:
        if shell_mode is not None:
            with suppress(OSError, ValueError, termios.error):
                termios.tcsetattr(fd, termios.TCSADRAIN, shell_mode)
        # To the whole process group, as the terminal sends it for Ctrl-Z: a program that
        # started racko in the same job (a wrapper) stops with it. Returns once continued, or
        # at once if the signal is ignored.
        sent = time.monotonic()
        os.kill(0, signal.SIGTSTP)
        # Continued by a person's "fg", long after: also when the continue signal's handler
        # has not run yet (a stop within a signal handler), its Ctrl-Z is then no key.
        if time.monotonic() - sent > _SURELY_STOPPED:
            continued.append(signal.SIGCONT)
    finally:
        with suppress(OSError, ValueError, termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, now)
        signal.signal(signal.SIGCONT, before)
        signal.signal(signal.SIGTSTP, handling)
    return bool(continued)


@contextmanager
def stops_handled(stop: Callable[[], None]) -> Iterator[None]:
    """Within: a stop signal racko did not send itself (the terminal's, for a Ctrl-Z typed
    while racko was busy and its keyboard not raw; a `kill -TSTP`) calls `stop`, which stops
    racko as the Ctrl-Z key does; nothing changes where racko cannot stop (`can_stop`)."""
    if not can_stop():
        yield
        return

    def heard(signum: int, frame: FrameType | None) -> None:
        stop()

    heard.racko_stop = True  # type: ignore[attr-defined]
    before = signal.signal(signal.SIGTSTP, heard)
    try:
        yield
    finally:
        signal.signal(signal.SIGTSTP, before)
