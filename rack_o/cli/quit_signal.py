"""Ctrl-\\ (SIGQUIT): racko hears it as a Ctrl-C, in every command."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def ctrl_backslash_as_ctrl_c() -> Iterator[None]:
    """Within: Ctrl-\\ (SIGQUIT) does what Ctrl-C does, where nothing else handles it."""
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


def _as_ctrl_c(_signum: int, frame: FrameType | None) -> None:
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler):
        handler(signal.SIGINT, frame)  # at once, as a Ctrl-C's own handler would run
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)
