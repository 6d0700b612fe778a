"""SIGHUP and SIGTERM: how racko hears them and stops, a game or any other command.

`StopSignals` turns either signal into a `Hangup` raised in the main thread, never inside a
change to a game or a line of its record being written; a game's session
(`session.run_until_stopped`) stops on it, saying why. A command that plays no game (replay,
review, simulate, resume's opening questions) runs within `stopped_by_signals`, which stops
it the same way: the same sentence (`signal_stop`), on stderr, and the same exit code.
A command that asks (simulate) has Ctrl-C put off too while a record or the history is
written, to a safe point (`StopSignals.check`).
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
from typing import TYPE_CHECKING, Any

import click

from rack_o.agent import Interrupt
from rack_o.i18n import _

from .exits import EXIT_HANGUP, EXIT_TERMINATED

if TYPE_CHECKING:
    from sys import UnraisableHookArgs

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None
"""A signal's handler, as `signal.signal` takes and returns it."""


class Hangup(Interrupt):
    """The terminal was closed (SIGHUP) or racko was told to stop (SIGTERM): leave as on
    Ctrl-C, wherever the game is. `signum` says which."""

    def __init__(self, signum: int | None = None) -> None:
        super().__init__(signum)
        self.signum = signum


# Code that changes the game or writes its record is never cut short by a signal: a game
# stopped halfway through a change, or a line half written, would leave a record that cannot
# be carried on. A signal arriving there is handled as soon as that code has returned.
_UNINTERRUPTED = frozenset({"rack_o.game", "rack_o.store.writer"})
# Where a Ctrl-C waits, for a command that asks: a match's record written is its game
# counted (`store.writer.end_record`), and its games go to the history whole.
_CTRL_C_WAITS = frozenset({"rack_o.store.writer", "rack_o.store.history"})
_RESEND_SECONDS = 0.05
_RESEND_TRIES = 200


class StopSignals:
    """Within: SIGHUP and SIGTERM raise Hangup, once, and never inside a change to the game;
    from then on, or from `hold()`, they and Ctrl-C are ignored so nothing cuts the stop short.
    The previous handlers come back on leaving, unless SIGHUP or SIGTERM came: those are then
    ignored from there on, as racko is on its way out.

    Python runs a signal's handler only between two steps of its own code. A signal that comes
    just before a read of the keyboard starts, or inside a change to the game, would wait for
    the next key; so a watcher thread, told of each signal through the wakeup file, sends it
    again to the main thread until it has been handled (the read is then interrupted).
    A Hangup raised where Python throws exceptions away (a `__del__`, a garbage collector's
    callback) is taken back through `sys.unraisablehook` and the signal sent again.

    With `ctrl_c_waits`, a Ctrl-C that comes while a record or the history is being written
    is put off until `check()`, which raises its KeyboardInterrupt; elsewhere it is raised at
    once, as ever.
    """

    def __init__(self, *, ctrl_c_waits: bool = False) -> None:
        self.holding = False
        self.received: int | None = None
        """The SIGHUP or SIGTERM that came before the stop began, if any."""
        self.ctrl_c_waits = ctrl_c_waits
        self.interrupted = False
        """A Ctrl-C came while a record or the history was written: `check()` raises it."""
        self._lock = threading.RLock()
        self._previous: dict[int, _Handler] = {}
        self._wakeup: tuple[int, int] | None = None
        self._previous_wakeup = -1
        self._previous_unraisable = sys.unraisablehook
        # Only POSIX delivers these as signals (Windows' os.kill ends a process outright).
        self._active = (hasattr(signal, "SIGHUP")
                        and threading.current_thread() is threading.main_thread())

    def __enter__(self) -> StopSignals:
        if not self._active:
            return self
        read, write = os.pipe()
        os.set_blocking(write, False)
        self._wakeup = (read, write)
        self._previous_wakeup = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        self._previous_unraisable = sys.unraisablehook
        sys.unraisablehook = self._lost
        for signum in (signal.SIGHUP, signal.SIGTERM):
            self._previous[signum] = signal.signal(signum, self._handle)
        # Not where Ctrl-C is ignored (a background job's): it stays so.
        if self.ctrl_c_waits and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            self._previous[signal.SIGINT] = signal.signal(signal.SIGINT, self._interrupt)
        threading.Thread(target=self._watch, args=(read,), daemon=True,
                         name="racko-signals").start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.hold()
        with self._lock:  # no signal is sent again once the previous handlers are back
            for signum, handler in self._previous.items():
                if self.received is not None and signum != signal.SIGINT:
                    # Told to stop, racko is on its way out: a second SIGHUP (the shell passing
                    # the closed window's on) must not kill it before the record is closed.
                    handler = signal.SIG_IGN
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
            self._previous.clear()
            if self._wakeup is not None:
                if sys.unraisablehook == self._lost:  # not if something wrapped it meanwhile
                    sys.unraisablehook = self._previous_unraisable
                signal.set_wakeup_fd(self._previous_wakeup)
                os.close(self._wakeup[1])  # the watcher reads the end, and stops
                self._wakeup = None

    def check(self) -> None:
        """Where stopping is safe (between two games of a match, say): raise now the `Hangup` of
        a signal that came where it could not be raised, inside a change to a game or its
        record, or the KeyboardInterrupt of a Ctrl-C put off (`ctrl_c_waits`). Code that spends
        most of its time there (a match writing the records of fast games) stops here, where
        the signal sent again would keep landing inside them."""
        with self._lock:
            if self.holding:
                return
            if self.received is None:
                if not self.interrupted:
                    return
                self.interrupted = False
                raise KeyboardInterrupt
            self.hold()
        raise Hangup(self.received)

    def hold(self) -> None:
        """From now on, SIGHUP, SIGTERM and Ctrl-C change nothing: the game is being stopped."""
        with self._lock:
            self.holding = True
            if self._active and signal.SIGINT not in self._previous:
                self._previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.holding:
            return
        self.received = signum
        if _uninterrupted(frame):
            return  # the watcher sends it again in a moment
        self.hold()
        raise Hangup(signum)

    def _interrupt(self, signum: int, frame: FrameType | None) -> None:
        """Ctrl-C, with `ctrl_c_waits`: put off while a record or the history is written."""
        if self.holding:
            return
        if _uninterrupted(frame, _CTRL_C_WAITS):
            self.interrupted = True  # raised by `check()`, once that is done
            return
        raise KeyboardInterrupt

    def _lost(self, unraisable: UnraisableHookArgs) -> None:
        lost = unraisable.exc_value
        if not isinstance(lost, Hangup) or lost.signum is None:
            self._previous_unraisable(unraisable)
            return
        with self._lock:
            if self._wakeup is None:
                self._previous_unraisable(unraisable)  # after the game: reported as usual
                return
            self.holding = False  # the stop never began: the handler must raise again
            if signal.SIGINT in self._previous:
                signal.signal(signal.SIGINT, self._previous.pop(signal.SIGINT))
            # The handler cannot be run from here (what it raised would be lost again): the
            # watcher is told, as by the signal itself, and sends it again.
            with suppress(BlockingIOError):
                os.write(self._wakeup[1], bytes([lost.signum]))

    def _watch(self, wakeup: int) -> None:
        main = threading.main_thread().ident
        assert main is not None
        try:
            while data := os.read(wakeup, 64):
                for signum in {signal.SIGHUP, signal.SIGTERM} & set(data):
                    self._resend(main, signum)
        finally:
            os.close(wakeup)

    def _resend(self, main: int, signum: int) -> None:
        """Send `signum` to the main thread again until the stop has begun."""
        for _try in range(_RESEND_TRIES):
            time.sleep(_RESEND_SECONDS)
            with self._lock:
                if self.holding:
                    return
                self.received = signum
                signal.pthread_kill(main, signum)


def _uninterrupted(frame: FrameType | None, modules: frozenset[str] = _UNINTERRUPTED) -> bool:
    while frame is not None:
        if frame.f_globals.get("__name__") in modules:
            return True
        frame = frame.f_back
    return False


def signal_stop(signum: int | None) -> tuple[str, int]:
    """What to tell the user when `signum` (SIGHUP or SIGTERM) stopped racko, and the exit
    code."""
    if signum == getattr(signal, "SIGTERM", None):
        return _("racko was told to stop (SIGTERM)."), EXIT_TERMINATED
    return _("The terminal was closed."), EXIT_HANGUP


@contextmanager
def stopped_by_signals(*, new_line: bool = True,
                       ctrl_c_waits: bool = False) -> Iterator[StopSignals]:
    """Within: SIGHUP or SIGTERM stops the command as it stops a game, once the `finally`
    blocks within have run (the keyboard out of raw mode, a progress bar taken away): the
    sentence a game says (`signal_stop`) on stderr, on a line of its own after a prompt's when
    `new_line` (nothing if the terminal is gone), then exit 129 or 143 (`SystemExit`).

    It yields the `StopSignals` at work: `received` says which signal came; code that must not
    be cut short calls `hold()` (from then on a signal, or Ctrl-C, changes nothing). Whatever
    is raised once a signal came ends the command as the signal does. With `ctrl_c_waits`, a
    Ctrl-C is put off while a record or the history is written (`StopSignals`). Usable as a
    decorator.
    """
    with StopSignals(ctrl_c_waits=ctrl_c_waits) as signals:
        try:
            yield signals
        except (Hangup, Exception) as error:
            signum = error.signum if isinstance(error, Hangup) else signals.received
            if signum is None:
                raise  # no signal came: the command's own error, as ever
        else:
            signum = signals.received  # a signal that came as the command ended, if any
            if signum is None:
                return
        signals.hold()
        reason, code = signal_stop(signum)
        with suppress(OSError, ValueError):  # a closed terminal, a closed standard error
            click.echo(("\n" if new_line else "") + reason, err=True)
        raise SystemExit(code) from None
