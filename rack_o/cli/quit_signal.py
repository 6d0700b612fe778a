"""Ctrl-\\ (SIGQUIT): racko hears it as a Ctrl-C, in every command."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_heard = False
"""True once a Ctrl-\\ stopped the command, so that its message names that key."""


@contextmanager
def ctrl_backslash_as_ctrl_c() -> Iterator[None]:
    """Within: Ctrl-\\ (SIGQUIT) does what Ctrl-C does, where nothing else handles it."""
    global _heard
    _heard = False  # a command run again in the same process (tests, a host) starts afresh
    # SIGQUIT's default kills racko outright, with a core dump, leaving the keyboard as a game
    # set it (keys not echoed, between two prompts); a player pressing it means to quit.
    if (not hasattr(signal, "SIGQUIT")
            or threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGQUIT) is not signal.SIG_DFL):
        yield
        return
    previous = signal.signal(signal.SIGQUIT, _as_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGQUIT, previous)


def heard_ctrl_backslash() -> None:
    """The Ctrl-C being obeyed was a Ctrl-\\ (its signal, or its key read)."""
    global _heard
    _heard = True


def interrupted_by(typed: str) -> KeyboardInterrupt:
    """The KeyboardInterrupt for keys `typed` that hold a Ctrl-C (\\x03) or a Ctrl-\\ (\\x1c):
    the first of them is the one obeyed."""
    at_backslash, at_c = typed.find("\x1c"), typed.find("\x03")
    if at_backslash >= 0 and (at_c < 0 or at_backslash < at_c):
        heard_ctrl_backslash()
    return KeyboardInterrupt()


def key_named(text: str) -> str:
    """`text`, a message naming Ctrl-C as what stopped the command (in any language: each
    keeps "Ctrl-C" as it is), naming Ctrl-\\ instead where that was the key."""
    return text.replace("Ctrl-C", "Ctrl-\\") if _heard else text


def _as_ctrl_c(_signum: int, frame: FrameType | None) -> None:
    heard_ctrl_backslash()
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler):
        handler(signal.SIGINT, frame)  # at once, as a Ctrl-C's own handler would run
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)
