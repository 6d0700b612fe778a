"""Work for the game thread from other threads, run only while the game thread waits.

The SSH side (an asyncio loop in its own thread) never touches a game, a console or a
callback: it posts what happened here, and the game thread runs it the next time it waits
for a key or a pause. So everything the game side registers is called on the game thread,
one thing at a time, and needs no lock.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

Work = Callable[[], None]


class Inbox:
    """A queue of work posted from any thread and run by the one thread that waits on it."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Work] = queue.SimpleQueue()

    def post(self, work: Work) -> None:
        """Run `work` on the game thread at its next wait (any thread may call this)."""
        self._queue.put(work)

    def wait(self, done: Callable[[], bool], timeout: float | None = None) -> bool:
        """Run posted work until `done()` or `timeout` seconds have passed; return `done()`.

        Game thread only. An exception raised by a piece of work comes out of here.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while not done():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            try:
                work = self._queue.get(timeout=left)
            except queue.Empty:
                return done()
            work()
        return True

    def run_posted(self) -> None:
        """Run the work posted so far, without waiting for more (game thread only)."""
        while True:
            try:
                work = self._queue.get_nowait()
            except queue.Empty:
                return
            work()
