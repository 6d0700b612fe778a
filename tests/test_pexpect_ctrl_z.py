"""Ctrl-Z stops `racko play` as a job of the shell that started it, as other terminal programs
stop, with the screen blanked (no rack left on show under the shell's prompt) and the terminal
as the shell wants it; `fg` brings the game back where it was, painted again (at a hot-seat
keyboard, a rack only once it is handed to its player again: anyone may have typed fg).
Started with no shell to bring it back, racko does not stop: Ctrl-Z is then a key that does
nothing there.

A real bash with job control in a pseudo-terminal, its screen read with pyte.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pexpect
import ptys
import pyte
import pytest
from ttykit import ENTER, blocked_on_a_key, press, prompted, settle, shows, spawn

from rack_o.cli.exits import EXIT_STOPPED
from rack_o.cli.hold import PASS_HOLD

CTRL_Z = "\x1a"
RACK = "Ann's rack, slot 1"
CHOOSE = r"take \d+.*q quit > "
STOPPED = r"\]\+ +Stopped"  # bash: "[1]+  Stopped   python -m rack_o play …"
SHELL = "racko-test$ "
BASH = shutil.which("bash")
needs_bash = pytest.mark.skipif(BASH is None, reason="a shell with job control: bash")


class _Screen:
    """pexpect's logfile_read: what the shell and racko draw, on a pyte screen."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)

    def write(self, data: str) -> None:
        self.stream.feed(data)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


def _shell(home: Path) -> tuple[pexpect.spawn, _Screen]:
    """An interactive bash (job control on) in an 80x24 terminal, racko saving under `home`."""
    env = {**os.environ, "RACKO_HOME": str(home), "TERM": "xterm-256color", "PS1": SHELL,
           "LANGUAGE": "en"}
    for name in ("NO_COLOR", "COLUMNS", "LINES", "PROMPT_COMMAND"):
        env.pop(name, None)
    assert BASH is not None
    child = ptys.spawn(BASH, ["--norc", "--noprofile", "-i"], env=env, encoding="utf-8",
                       timeout=20, dimensions=(24, 80))
    screen = _Screen()
    child.logfile_read = screen
    child.expect_exact(SHELL)
    return child, screen


def _press_in_racko(shell: pexpect.spawn, key: str) -> None:
    """Type `key` once racko, the shell's job in the foreground, sits waiting for a key (a
    Ctrl-Z typed while racko draws, its keyboard not yet raw, is the terminal's own stop)."""
    racko = SimpleNamespace(child_fd=shell.child_fd, pid=os.tcgetpgrp(shell.child_fd))
    deadline = time.monotonic() + 10
    while not blocked_on_a_key(racko):  # type: ignore[arg-type]
        assert time.monotonic() < deadline, "racko did not wait for a key"
        time.sleep(0.005)
        racko.pid = os.tcgetpgrp(shell.child_fd)
    shell.send(key)


def _racko_pid(shell: pexpect.spawn) -> int:
    shell.sendline("jobs -p")
    shell.expect(r"(\d+)\r\n")
    pid = int(shell.match.group(1))
    shell.expect_exact(SHELL)
    return pid


def _to_ann_s_rack(shell: pexpect.spawn) -> None:
    """Start a hot-seat game of Ann and Bob at the shell and play on to Ann's first prompt."""
    shell.sendline(f"{sys.executable} -m rack_o play --names Ann,Bob --seed 3")
    shell.expect("Press Enter to deal round 1")
    _press_in_racko(shell, ENTER)
    shell.expect("press Enter when ready > ")
    _press_in_racko(shell, ENTER)
    shell.expect(CHOOSE)


def _to_ann_s_confirmation(shell: pexpect.spawn) -> None:
    """On from Ann's rack: she draws and throws the card away, asked to confirm it."""
    _to_ann_s_rack(shell)
    _press_in_racko(shell, "d")
    shell.expect("You drew")
    _press_in_racko(shell, "x")
    shell.expect("confirms")


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


@needs_bash
def test_ctrl_z_stops_the_game_as_a_job_and_fg_brings_it_back_painted_again(
    tmp_path: Path,
) -> None:
    shell, screen = _shell(tmp_path)
    try:
        _to_ann_s_rack(shell)
        settle(shell, 0.3)
        assert RACK in screen.text()

        _press_in_racko(shell, CTRL_Z)
        shell.expect(STOPPED)
        shell.expect_exact(SHELL)
        assert RACK not in screen.text()  # blanked before the shell took the screen
        assert _state(_racko_pid(shell)) == "T"
        shell.sendline("echo typed-at-the-shell")  # the shell reads and echoes as ever
        shell.expect("typed-at-the-shell\r\n.*typed-at-the-shell")

        shell.sendline("fg")
        # Whoever typed fg may not be Ann: the keyboard is handed to her again first.
        shell.expect("Ann, press Enter when ready > ")
        settle(shell, 0.3)
        assert RACK not in screen.text()
        assert "Ann's turn" in screen.text()
        _press_in_racko(shell, ENTER)
        shell.expect(CHOOSE)  # the screen and its prompt, painted again
        settle(shell, 0.3)
        assert RACK in screen.text()
        _press_in_racko(shell, "d")  # and the game goes on from where it was
        shell.expect("You drew")
        _press_in_racko(shell, "q")
        shell.expect("Quit this game")
        _press_in_racko(shell, "y")
        shell.expect_exact(SHELL)
        shell.sendline("echo status=$?")
        shell.expect(r"status=(\d+)")
        assert int(shell.match.group(1)) == EXIT_STOPPED  # quit, as without the stop
    finally:
        shell.terminate(force=True)


@needs_bash
def test_keys_typed_with_the_enter_that_hands_the_turn_back_count_for_nothing(
    tmp_path: Path,
) -> None:
    """As at a turn's start: "Enter d" in one burst after fg drew a card unseen."""
    shell, screen = _shell(tmp_path)
    try:
        _to_ann_s_rack(shell)
        _press_in_racko(shell, CTRL_Z)
        shell.expect(STOPPED)
        shell.expect_exact(SHELL)
        shell.sendline("fg")
        shell.expect("Ann, press Enter when ready > ")
        _press_in_racko(shell, ENTER + "d")  # one burst
        shell.expect(CHOOSE)
        settle(shell, 0.5)
        assert "You drew" not in screen.text()
        assert RACK in screen.text()
        _press_in_racko(shell, "d")  # a key typed once the rack shows counts
        shell.expect("You drew")
    finally:
        shell.terminate(force=True)


@needs_bash
def test_against_bots_fg_brings_the_one_person_s_rack_straight_back(tmp_path: Path) -> None:
    """Nobody else plays at this keyboard: no hand-off, the rack and its prompt at once."""
    shell, screen = _shell(tmp_path)
    try:
        shell.sendline(f"{sys.executable} -m rack_o play --names Ann --bots hard --seed 3 --fast")
        shell.expect("Press Enter to deal round 1")
        _press_in_racko(shell, ENTER)
        shell.expect(CHOOSE)
        _press_in_racko(shell, CTRL_Z)
        shell.expect(STOPPED)
        shell.expect_exact(SHELL)
        shell.sendline("fg")
        shell.expect(CHOOSE)
        settle(shell, 0.3)
        assert "press Enter when ready" not in screen.text()
        assert "Ann's rack" in screen.text()
    finally:
        shell.terminate(force=True)


def test_with_no_shell_to_bring_it_back_ctrl_z_is_a_key_that_does_nothing_there(
    tmp_path: Path,
) -> None:
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3"], tmp_path)  # its own session
    try:
        prompted(child)
        press(child, ENTER)
        child.expect("press Enter when ready > ")
        press(child, ENTER)
        child.expect(CHOOSE)
        press(child, CTRL_Z)
        shows(child, "Ctrl-Z is not valid here")
        assert _state(child.pid) != "T"
        press(child, "d")
        child.expect("You drew")
    finally:
        child.terminate(force=True)


@needs_bash
def test_the_prompt_is_the_last_line_once_painted_again(tmp_path: Path) -> None:
    """Nothing of the shell's is left under racko's screen once it is back."""
    shell, screen = _shell(tmp_path)
    try:
        shell.sendline(f"{sys.executable} -m rack_o play --names Ann,Bob --seed 3")
        shell.expect("Press Enter to deal round 1")
        _press_in_racko(shell, CTRL_Z)
        shell.expect(STOPPED)
        shell.expect_exact(SHELL)
        shell.sendline("fg")
        shell.expect("Press Enter to deal round 1")
        settle(shell, 0.5)
        lines = [line for line in screen.text().splitlines() if line.strip()]
        assert re.search("Press Enter to deal round 1", lines[-1])
        assert not any(SHELL.strip() in line or "Stopped" in line for line in lines)
    finally:
        shell.terminate(force=True)


def _stopped_from_outside(shell: pexpect.spawn) -> None:
    """`kill -TSTP` to racko, the shell's job in the foreground (as a Ctrl-Z typed while racko
    is busy, its keyboard not raw, reaches it: as the terminal's stop signal)."""
    os.kill(os.tcgetpgrp(shell.child_fd), signal.SIGTSTP)
    shell.expect(STOPPED)
    shell.expect_exact(SHELL)


@needs_bash
def test_a_stop_signal_at_the_rack_blanks_it_and_fg_brings_the_keys_back(
    tmp_path: Path,
) -> None:
    shell, screen = _shell(tmp_path)
    try:
        _to_ann_s_rack(shell)
        settle(shell, 0.3)
        assert RACK in screen.text()

        _stopped_from_outside(shell)
        assert RACK not in screen.text()  # no rack left on show under the shell's prompt

        shell.sendline("fg")
        shell.expect("Ann, press Enter when ready > ")  # handed to Ann again first
        settle(shell, 0.3)
        assert RACK not in screen.text()
        _press_in_racko(shell, ENTER)
        shell.expect(CHOOSE)
        settle(shell, 0.3)
        assert RACK in screen.text()
        shell.send("d")  # a key, as racko reads them (no Enter needed, nothing echoed)
        shell.expect("You drew")
    finally:
        shell.terminate(force=True)


@needs_bash
def test_a_stop_signal_while_racko_is_busy_is_painted_over_once_it_asks_again(
    tmp_path: Path,
) -> None:
    shell, screen = _shell(tmp_path)
    try:
        _to_ann_s_confirmation(shell)
        _press_in_racko(shell, ENTER)
        shell.expect("Bob's turn")  # the hand-off, held a moment before it asks: busy

        _stopped_from_outside(shell)
        assert "Bob's turn" not in screen.text()  # racko's screen went with it

        shell.sendline("fg")
        shell.expect("Bob, press Enter when ready > ")
        settle(shell, 0.3)
        assert "Bob's turn" in screen.text()  # painted again, the shell's lines gone
        assert "Stopped" not in screen.text()
        _press_in_racko(shell, ENTER)
        shell.expect("Bob's rack")
    finally:
        shell.terminate(force=True)


@needs_bash
def test_a_ctrl_z_typed_with_the_last_key_of_a_turn_stops_at_the_hand_off_unopened(
    tmp_path: Path,
) -> None:
    """Typed ahead, a Ctrl-Z is not thrown away with the other keys: whoever typed it would
    take racko for stopped, and the Enter after their "fg" would open Bob's rack. It stops
    racko at once, not once the hand-off's hold is over (three seconds of keys eaten)."""
    shell, screen = _shell(tmp_path)
    try:
        _to_ann_s_confirmation(shell)
        _press_in_racko(shell, ENTER + CTRL_Z)  # one burst: read with the Enter, while raw
        typed = time.monotonic()
        shell.expect(STOPPED)
        assert time.monotonic() - typed < PASS_HOLD
        shell.expect_exact(SHELL)
        assert "Bob's rack" not in screen.text()

        shell.sendline("fg")
        shell.expect("Bob, press Enter when ready > ")
        settle(shell, 0.3)
        assert "Bob's turn" in screen.text()
        assert "Bob's rack" not in screen.text()
        _press_in_racko(shell, ENTER)
        shell.expect("Bob's rack")
    finally:
        shell.terminate(force=True)


@needs_bash
def test_ctrl_z_at_a_question_answered_with_a_line_asks_it_again_with_what_was_typed(
    tmp_path: Path,
) -> None:
    # The question was not shown again, each key then showed twice, and the keys typed
    # before the stop were glued, unseen, to those typed after ("hardeasy" is not a level).
    shell, screen = _shell(tmp_path)
    question = "Who plays against you? [hard] "
    try:
        shell.sendline(f"{sys.executable} -m rack_o play")
        shell.expect_exact("How many people play, 1-4? [2] ")
        settle(shell, 0.3)
        shell.send("1\r")
        shell.expect_exact(question)
        settle(shell, 0.3)
        shell.send("ea")
        settle(shell, 0.3)
        shell.send(CTRL_Z)
        shell.expect(STOPPED)
        shell.expect_exact(SHELL)
        shell.sendline("fg")
        shell.expect_exact(question)
        settle(shell, 0.5)
        lines = [line for line in screen.text().splitlines() if line.strip()]
        assert lines[-1] == question + "ea", screen.text()
        shell.send("sy")
        settle(shell, 0.5)
        lines = [line for line in screen.text().splitlines() if line.strip()]
        assert lines[-1] == question + "easy", screen.text()  # each key shown once
        shell.send("\r")
        shell.expect_exact("Your name? [Player 1] ")  # "easy" was the answer
    finally:
        shell.terminate(force=True)
