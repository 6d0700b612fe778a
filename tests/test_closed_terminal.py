"""A closed window, SIGHUP or SIGTERM right after a draw: the drawn card is discarded through
the engine every time, and the record stays whole.

A closed terminal reaches racko several ways at once, in no fixed order: SIGHUP, reads that
end, writes that fail, and perhaps a second SIGHUP from the shell. None of them may cut the
stop short. Set RACKO_CLOSE_TRIES to run the loop longer (the default keeps it quick).
"""

from __future__ import annotations

import errno
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from ptykit import CHOOSE, DEAL, PLACE, enter, spawn

from rack_o.actions import DISCARD, DRAW
from rack_o.cli.exits import EXIT_HANGUP, EXIT_INTERRUPTED, EXIT_TERMINATED
from rack_o.cli.session import Hangup, _StopSignals, _way_out, _why_stopped, terminal_gone
from rack_o.game import Game
from rack_o.rules import Rules
from rack_o.steps import Turn
from rack_o.store.records import load_record

pytestmark = pytest.mark.usefixtures("signal_handlers_kept")

TRIES = int(os.environ.get("RACKO_CLOSE_TRIES", "10"))
DREW = re.compile(r"You drew (?:\x1b\[[0-9;]*m)?(\d+)")  # the card may be in bold


def close_window(child: pexpect.spawn) -> None:
    child.ptyproc.fileobj.close()  # what a terminal emulator does when its window is closed


def close_then_hangup(child: pexpect.spawn) -> None:
    close_window(child)
    os.kill(child.pid, signal.SIGHUP)  # the shell passing its own SIGHUP on


WAYS: dict[str, tuple[Callable[[pexpect.spawn], None], int | None]] = {
    # way of leaving: (do it, the exit code when it is certain)
    "SIGHUP": (lambda child: os.kill(child.pid, signal.SIGHUP), EXIT_HANGUP),
    "SIGTERM": (lambda child: os.kill(child.pid, signal.SIGTERM), EXIT_TERMINATED),
    "window closed": (close_window, None),
    "window closed, then SIGHUP": (close_then_hangup, None),
}


def leave_after_a_draw(home: Path, way: str, seed: int) -> tuple[int, int | None, int | None]:
    """Play to a draw and leave; (the drawn card, racko's exit code, the signal that ended it)."""
    child = spawn(["play", "--players", "2", "--names", "Ann", "--bots", "easy", "--seed",
                   str(seed), "--target", "75", "--fast"], home)
    child.expect(DEAL)
    enter(child)
    child.expect(CHOOSE)
    # d, and the Enter racko needs when it reads lines (reading keys, it ignores a stray one).
    child.send("d\r")
    child.expect(DREW)
    drawn = int(child.match.group(1))
    child.expect(PLACE)
    leave, _code = WAYS[way]
    leave(child)
    if way in ("SIGHUP", "SIGTERM"):
        child.expect(pexpect.EOF)
    child.wait()
    child.close()
    return drawn, child.exitstatus, child.signalstatus


def test_every_way_of_closing_the_window_discards_the_drawn_card(tmp_path: Path) -> None:
    ways = list(WAYS)
    missed = []
    for attempt in range(TRIES):
        way = ways[attempt % len(ways)]
        home = tmp_path / str(attempt)
        drawn, code, killed = leave_after_a_draw(home, way, 8 + attempt % 7)
        [path] = (home / "games").glob("*.jsonl")
        record = load_record(path)  # whole: it reads and rebuilds
        last = record.events[-1]
        discarded = {"type": "turn", "seat": 0, "source": "draw", "card": drawn, "slot": None,
                     "left": True}
        if last != discarded or killed is not None:
            missed.append((way, last, code, killed))
            continue
        expected = WAYS[way][1]
        assert expected is None or code == expected, (way, code)
        assert record.game.mover == 1 and record.game.discard_top == drawn
    assert not missed, f"{len(missed)} of {TRIES} closed windows kept the drawn card: {missed}"



def test_a_signal_during_a_change_to_the_game_waits_until_the_change_is_made() -> None:
    game = Game(Rules(2), random.Random(3))
    game.deal()
    lines: list[Turn] = []

    def slow_write(step: object) -> None:
        if isinstance(step, Turn):
            os.kill(os.getpid(), signal.SIGTERM)  # arrives while the line is being written
            time.sleep(0.02)
            lines.append(step)

    game.on_step = slow_write
    with pytest.raises(Hangup) as stopped, _StopSignals():
        game.apply(DRAW)
        game.apply(DISCARD)
        assert len(lines) == 1 and game.phase == "choose"  # the turn was made, and written
        time.sleep(1)  # the next safe point: the signal is handled here
    assert stopped.value.signum == signal.SIGTERM
    # On its way out, racko lets no second signal kill it before the record is closed.
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN


def test_after_the_first_signal_nothing_interrupts_the_stop() -> None:
    with pytest.raises(Hangup), _StopSignals() as signals:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(1)
    assert signals.holding
    with _StopSignals() as signals:
        signals.hold()
        for signum in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
            os.kill(os.getpid(), signum)
        time.sleep(0.05)  # none of them raised: the stop goes on to its end


def left_while(way_out: BaseException, cleanup: BaseException) -> BaseException:
    """What reaches the session when `cleanup` fails while `way_out` is being raised."""
    try:
        try:
            raise way_out
        except BaseException:
            raise cleanup from None
    except BaseException as error:
        return error


@pytest.mark.parametrize(
    ("way_out", "cleanup", "code"),
    [
        (Hangup(signal.SIGHUP), OSError(errno.EIO, "Input/output error"), EXIT_HANGUP),
        (Hangup(signal.SIGTERM), ValueError("I/O operation on closed file"), EXIT_TERMINATED),
        (KeyboardInterrupt(), RuntimeError("restoring the screen failed"), EXIT_INTERRUPTED),
    ],
    ids=["closed terminal", "SIGTERM", "Ctrl-C"],
)
def test_a_cleanup_failing_as_the_game_is_left_does_not_hide_why(
    way_out: BaseException, cleanup: BaseException, code: int
) -> None:
    assert _why_stopped(_way_out(left_while(way_out, cleanup)))[1] == code


def test_a_terminal_setting_refused_by_a_closed_terminal_counts_as_it_closing() -> None:
    import termios

    assert terminal_gone(termios.error(errno.EIO, "Input/output error"))
    assert _why_stopped(_way_out(termios.error(errno.EIO, "x")))[1] == EXIT_HANGUP
    with pytest.raises(RuntimeError):
        _why_stopped(_way_out(RuntimeError("a bug")))  # a bug is no way of leaving


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_signal_that_comes_as_the_keyboard_read_begins_still_stops_the_game_at_once() -> None:
    """Python runs a handler only between steps of its own code: a signal that comes just as
    a read begins would wait for the next key, were it not sent again."""
    import ctypes
    import threading

    libc = ctypes.CDLL(None, use_errno=True)
    keyboard, typing = os.pipe()
    main = threading.get_ident()
    over = threading.Event()

    def signal_as_the_read_begins() -> None:
        time.sleep(0.1)
        signal.pthread_kill(main, signal.SIGTERM)  # the read goes on as if nothing came
        time.sleep(0.01)
        signal.siginterrupt(signal.SIGTERM, True)
        if not over.wait(3):
            os.write(typing, b"x")  # a key, at last

    helper = threading.Thread(target=signal_as_the_read_begins, daemon=True)
    start = time.monotonic()
    with pytest.raises(Hangup), _StopSignals():
        signal.siginterrupt(signal.SIGTERM, False)  # the signal does not cut the read short
        helper.start()
        libc.read(keyboard, ctypes.create_string_buffer(1), 1)  # C: no Python step until it ends
        time.sleep(5)
    took = time.monotonic() - start
    over.set()
    helper.join()
    os.close(keyboard)
    os.close(typing)
    assert took < 2


class _DroppedWhileSignalled:
    """An object whose `__del__` is where the SIGTERM's handler runs."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)  # runs the handler here and now


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_stop_raised_where_python_throws_exceptions_away_still_stops_the_game() -> None:
    """A handler that runs inside a `__del__` or a garbage collector's callback raises where
    Python only reports what is raised: the stop must not be lost with it."""
    start = time.monotonic()
    with pytest.raises(Hangup), _StopSignals():
        _DroppedWhileSignalled()  # dropped at once
        time.sleep(3)
    assert time.monotonic() - start < 1.5


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_other_exceptions_python_throws_away_are_still_reported() -> None:
    seen: list[BaseException | None] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: seen.append(unraisable.exc_value)
    try:
        with _StopSignals():
            class _Failing:
                def __del__(self) -> None:
                    raise ValueError("in a __del__")
            _Failing()
    finally:
        sys.unraisablehook = previous
    assert [type(error) for error in seen] == [ValueError]


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_hook_put_in_place_during_the_game_is_left_in_place() -> None:
    previous = sys.unraisablehook
    try:
        with _StopSignals():
            def wrapper(unraisable: object) -> None:
                pass
            sys.unraisablehook = wrapper
        assert sys.unraisablehook is wrapper
    finally:
        sys.unraisablehook = previous
