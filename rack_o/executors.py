"""Where a match's chunks of games run besides here: a pool of local worker processes that
leave stopping to the main process, or a running Dask cluster (`--cluster`)."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from enum import StrEnum
from multiprocessing.synchronize import Event

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Dask scheduler (and for its first worker)."""


_STOPS = ("SIGINT", "SIGQUIT", "SIGHUP", "SIGTERM")
"""The signals that stop a match (Ctrl-\\ as Ctrl-C): the main process hears them, never a
worker."""


_finish_now: Event | None = None
"""In a local pool's worker: set once the match stops, so that the chunk in hand ends with
the game being played (`LocalPool.finish_games`)."""


def finishing() -> bool:
    """True in a local pool's worker once the match stopped: the game in hand is the last."""
    return _finish_now is not None and _finish_now.is_set()


def _leave_stops_to_the_main_process(finish: Event) -> None:
    # Workers finish the game in hand on Ctrl-C, a closed terminal or SIGTERM sent to the
    # whole group, so every record they write is whole; the main process stops the match and
    # tells them through `finish`. A forked worker also drops the wakeup file it inherits
    # from a main process listening for signals: no signal of a worker's may reach it.
    global _finish_now
    _finish_now = finish
    for name in _STOPS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    signal.set_wakeup_fd(-1)


class LocalPool(ProcessPoolExecutor):
    """Worker processes on this machine that ignore Ctrl-C, SIGHUP and SIGTERM (the main
    process stops the match) and, once told to `finish_games`, end each chunk in hand with the
    game being played."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context()
        self._finish = context.Event()
        super().__init__(max_workers=workers, mp_context=context,
                         initializer=_leave_stops_to_the_main_process, initargs=(self._finish,))

    def finish_games(self) -> None:
        """Every worker ends its chunk with the game it is playing; later chunks play none."""
        self._finish.set()


class ClusterProblem(StrEnum):
    """Why a Dask cluster cannot be used."""

    NOT_INSTALLED = "dask's distributed is not installed"
    UNREACHABLE = "the scheduler cannot be reached"
    NO_WORKERS = "the scheduler has no workers"


class ClusterError(Exception):
    """The Dask cluster at `address` cannot run a match: which `problem`, the detail, and
    how many `seconds` it was waited for."""

    def __init__(
        self, problem: ClusterProblem, address: str, detail: str = "", seconds: float = 0.0
    ) -> None:
        super().__init__(problem, address, detail)
        self.problem = problem
        self.address = address
        self.detail = detail
        self.seconds = seconds

    def __str__(self) -> str:
        return f"{self.address}: {self.problem}" + (f" ({self.detail})" if self.detail else "")


@contextmanager
def dask_cluster(address: str, timeout: float | None = None) -> Iterator[tuple[Executor, int]]:
    """An executor on the running Dask scheduler at `address` (tcp://HOST:PORT) and its
    worker threads, connected for the block; ClusterError if distributed is missing, the
    scheduler cannot be reached within `timeout` seconds (CONNECT_TIMEOUT by default), or no
    worker joins it in that time."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(ClusterProblem.NOT_INSTALLED, address) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as error:
        # distributed's own sentence only repeats the address and the timeout.
        detail = "" if "Timed out" in str(error) else str(error)
        raise ClusterError(ClusterProblem.UNREACHABLE, address, detail, timeout) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError):
            raise ClusterError(ClusterProblem.NO_WORKERS, address, seconds=timeout) from None
        threads = sum(worker.get("nthreads", 1)
                      for worker in client.scheduler_info()["workers"].values())
        # Not pure: the same chunk asked for twice is played (and recorded) twice.
        yield client.get_executor(pure=False), max(1, threads)
    finally:
        client.close()
