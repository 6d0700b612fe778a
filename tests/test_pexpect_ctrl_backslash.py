"""Ctrl-\\ does what Ctrl-C does, wherever it is typed: at a key prompt, or while racko is
busy and the terminal would turn it into SIGQUIT (which killed racko with a core dump and
left the keys unechoed). The game stops cleanly, its record kept, the terminal as it was (in a
real 80x24 terminal); a simulation stops as on Ctrl-C, its workers' games whole. What racko
says of the stop names the key pressed."""

from __future__ import annotations

import os
import signal
import termios
from pathlib import Path

import pexpect
import pytest
from test_pexpect_handoff import draw_and_discard
from test_pexpect_signals import counted, simulating
from ttykit import at_the_first_turn, plain, settle

from rack_o.cli.keys import CTRL_C, keys_in
from rack_o.record import rebuild

CTRL_BACKSLASH = "\x1c"


@pytest.mark.parametrize("typed", ["\x1c", "\x1b[\x1c", "\x1bO\x1c"],
                         ids=["alone", "in-a-csi-begun", "in-an-ss3-begun"])
def test_ctrl_backslash_is_read_as_a_ctrl_c(typed: str) -> None:
    assert keys_in(typed)[-1] == CTRL_C  # never swallowed by a sequence begun
    assert keys_in(typed) == keys_in(typed.replace(CTRL_BACKSLASH, "\x03"))


@pytest.mark.parametrize("when", ["while-the-hand-off-holds", "at-the-turn-prompt"])
def test_ctrl_backslash_stops_the_game_as_ctrl_c_does(tmp_path: Path, when: str) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    if when == "while-the-hand-off-holds":
        draw_and_discard(child)
        settle(child, 0.3)  # the hand-off holds: racko is busy, the terminal not raw
    child.send(CTRL_BACKSLASH)
    child.expect(pexpect.EOF, timeout=20)
    said = " ".join(plain(child.before).split())
    flags = termios.tcgetattr(child.child_fd)[3]
    child.close()
    assert (child.exitstatus, child.signalstatus) == (130, None)
    assert "Interrupted (Ctrl-\\)." in said and "Traceback" not in said  # the key pressed
    assert f"Carry on later with: racko resume {record}" in said
    assert flags & termios.ECHO and flags & termios.ICANON  # keys echoed again
    game = rebuild(record.read_text(encoding="utf-8")).game
    assert game.turn == (1 if when == "while-the-hand-off-holds" else 0)


def test_ctrl_backslash_stops_a_simulation_of_several_workers_as_ctrl_c_does(
    tmp_path: Path
) -> None:
    # The terminal sends it to the whole group, workers too: they finish the game in hand.
    running, out, records = simulating(tmp_path, jobs=2)
    os.killpg(running.pid, signal.SIGQUIT)
    said, errors = running.communicate(timeout=60)
    assert running.returncode == 130, errors
    assert "Traceback" not in errors + said
    games = counted(out, records)  # every record written whole, and counted
    assert f"Stopped (Ctrl-\\) after {games} of 100000 games." in said


@pytest.mark.parametrize(("typed", "said"), [
    ("\x1c", "Interrupted (Ctrl-\\)."),
    ("ab\x1c\x03", "Interrupted (Ctrl-\\)."),
    ("\x03\x1c", "Interrupted (Ctrl-C)."),
    ("\x03", "Interrupted (Ctrl-C)."),
], ids=["ctrl-backslash", "it-first", "ctrl-c-first", "ctrl-c"])
def test_the_stop_names_the_key_that_made_it(typed: str, said: str) -> None:
    from rack_o.cli.quit_signal import ctrl_backslash_as_ctrl_c, interrupted_by, key_named

    with ctrl_backslash_as_ctrl_c():  # each command starts with no key heard
        assert isinstance(interrupted_by(typed), KeyboardInterrupt)
        assert key_named("Interrupted (Ctrl-C).") == said
