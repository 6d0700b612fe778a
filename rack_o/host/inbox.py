"""Work for the game thread from other threads, run only while the game thread waits.

The SSH side (an asyncio loop in its own thread) never touches a game, a console or a
callback: it posts what happened here, and the game thread runs it the next time it waits
for a key or a pause. So everything the game side registers is called on the game thread,
one thing at a time, and needs no lock. The game thread may also leave itself work for later
(`later`: a note that clears itself), run at its first wait once the time has come.
"""

from __future__ import annotations

import heapq
import itertools
import queue
import time
from collections.abc import Callable

Work = Callable[[], None]


class Inbox:
    """A queue of work posted from any thread and run by the one thread that waits on it."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Work] = queue.SimpleQueue()
        self._later: list[tuple[float, int, Work]] = []
        """Work for later (game thread only): (when, order of asking, work), a heap."""
        self._order = itertools.count()

    def post(self, work: Work) -> None:
        """Run `work` on the game thread at its next wait (any thread may call this)."""
        self._queue.put(work)

    def later(self, seconds: float, work: Work) -> None:
        """Run `work` at the game thread's first wait once `seconds` have passed (game thread
        only)."""
        heapq.heappush(self._later, (time.monotonic() + seconds, next(self._order), work))

    def wait(self, done: Callable[[], bool], timeout: float | None = None) -> bool:
        """Run posted work, and work left for later as its time comes, until `done()` or
        `timeout` seconds have passed; return `done()`.

        Game thread only. An exception raised by a piece of work comes out of here.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while not done():
            if self._run_due():
                continue
            now = time.monotonic()
            left = None if deadline is None else deadline - now
            if left is not None and left <= 0:
                return False
            if self._later:
                until_due = self._later[0][0] - now
                left = max(0.0, until_due if left is None else min(left, until_due))
            try:
                work = self._queue.get(timeout=left)
            except queue.Empty:
                continue  # the deadline, or work left for later, is due: both seen above
            work()
        return True

    def run_posted(self) -> None:
        """Run the work posted so far, and the work left for later that is due, without
        waiting for more (game thread only)."""
        while True:
            try:
                work = self._queue.get_nowait()
            except queue.Empty:
                break
            work()
        self._run_due()

    def _run_due(self) -> bool:
        """Run the work left for later whose time has come; True if there was any."""
        ran = False
        while self._later and self._later[0][0] <= time.monotonic():
            _when, _order, work = heapq.heappop(self._later)
            ran = True
            work()
        return ran
