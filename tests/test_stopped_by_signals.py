"""`stopped_by_signals`: a command that plays no game stops on SIGHUP or SIGTERM as a game does
(play's sentence on stderr, exit 129 or 143), and a signal that came where it could not be
raised (inside a change to a game, or its record) still stops it: at a safe point (`check`), or
as it ends."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

import rack_o.cli.stopping as stopping
from rack_o.actions import DISCARD, DRAW
from rack_o.cli.exits import EXIT_HANGUP, EXIT_TERMINATED
from rack_o.cli.stopping import Hangup, StopSignals, stopped_by_signals
from rack_o.game import Game
from rack_o.rules import Rules

pytestmark = [pytest.mark.skipif(os.name != "posix", reason="POSIX signals"),
              pytest.mark.usefixtures("signal_handlers_kept")]



@pytest.fixture
def no_resending(monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal that came inside a change is not sent again: as when every resend lands
    inside one too (fast games writing their records)."""
    monkeypatch.setattr(stopping, "_RESEND_TRIES", 0)


def signal_inside_a_change(signum: int) -> Game:
    """A game whose next turn is written while `signum` comes: the signal waits."""
    game = Game(Rules(2), random.Random(3))
    game.deal()

    def record(step: object) -> None:
        os.kill(os.getpid(), signum)
        time.sleep(0.02)

    game.on_step = record
    game.apply(DRAW)
    game.apply(DISCARD)
    return game


@pytest.mark.parametrize(("signum", "code", "sentence"), [
    (signal.SIGTERM, EXIT_TERMINATED, "racko was told to stop (SIGTERM)."),
    (signal.SIGHUP, EXIT_HANGUP, "The terminal was closed."),
])
def test_a_signal_stops_the_command_saying_why_on_stderr(
    capsys: pytest.CaptureFixture[str], signum: int, code: int, sentence: str
) -> None:
    finished = False
    with pytest.raises(SystemExit) as exited, stopped_by_signals():
        os.kill(os.getpid(), signum)
        time.sleep(2)
        finished = True
    assert exited.value.code == code and not finished
    said = capsys.readouterr()
    assert (said.err, said.out) == (f"\n{sentence}\n", "")


def test_on_the_same_line_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit), stopped_by_signals(new_line=False):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(2)
    assert capsys.readouterr().err == "racko was told to stop (SIGTERM).\n"


@pytest.mark.usefixtures("no_resending")
def test_a_signal_that_came_inside_a_change_is_raised_at_the_next_safe_point() -> None:
    with pytest.raises(Hangup) as stopped, StopSignals() as signals:
        game = signal_inside_a_change(signal.SIGTERM)
        time.sleep(0.2)  # nothing sends it again
        assert game.phase == "choose"  # the turn was made whole
        signals.check()
        pytest.fail("check() let a signal that came pass")
    assert stopped.value.signum == signal.SIGTERM


@pytest.mark.usefixtures("no_resending")
def test_a_signal_that_came_as_the_command_ended_still_ends_it_so(
    capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited, stopped_by_signals():
        signal_inside_a_change(signal.SIGHUP)
    assert exited.value.code == EXIT_HANGUP
    assert capsys.readouterr().err == "\nThe terminal was closed.\n"


def test_check_without_a_signal_changes_nothing() -> None:
    with StopSignals() as signals:
        signals.check()
        assert not signals.holding


def test_without_a_signal_the_command_s_own_errors_and_exits_pass_untouched() -> None:
    with pytest.raises(ValueError, match="a bug"), stopped_by_signals():
        raise ValueError("a bug")
    with pytest.raises(SystemExit) as exited, stopped_by_signals():
        raise SystemExit(130)
    assert exited.value.code == 130
    with stopped_by_signals():
        pass  # nothing came: nothing said, no exit


def test_once_told_to_stop_a_failing_terminal_ends_the_command_as_the_signal_does(
    capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited, stopped_by_signals():
        try:
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(2)
        finally:
            raise OSError(5, "Input/output error")  # cleaning up on the closed terminal
    assert exited.value.code == EXIT_HANGUP
    assert "The terminal was closed." in capsys.readouterr().err
