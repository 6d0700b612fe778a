"""A Ctrl-D typed ahead (while racko is busy: a hand-off or a round's results standing, a
computer player moving) ends the input as a Ctrl-D at a prompt does: racko play stops and
saves. Keys typed ahead are thrown away there, but never a Ctrl-C, nor a Ctrl-D. In a real
80x24 terminal.
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, write_record
from test_pexpect_handoff import draw_and_discard
from ttykit import ENTER, plain, press, process_state, settle, spawn, waits_for_a_key

from rack_o.record import rebuild

CTRL_D = "\x04"
ENDED = "The input ended (Ctrl-D)."
GOES_ON = [re.escape(ENDED), r" > $"]
"""What shows next: the stop, or (a Ctrl-D thrown away) the next prompt waiting."""
REPLAY_PROMPT = " quit > "


def stopped(child: pexpect.spawn) -> str:
    """Everything racko said from now to its end, once it has stopped with exit code 1."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    return " ".join(plain(child.before).split())


def test_a_ctrl_d_typed_while_the_hand_off_holds_stops_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", "--record", str(record)],
                  tmp_path)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    press(child, ENTER)
    child.expect("q quit > ")
    draw_and_discard(child)
    settle(child, 0.1)  # the hand-off is up and holds: keys typed now are thrown away
    child.send(CTRL_D)
    assert child.expect(GOES_ON) == 0, "the Ctrl-D was thrown away with the keys"
    said = stopped(child)
    assert "The game stopped in round 1 (Ann 0, Bob 0)." in said  # no-break spaces, made blanks
    assert f"Carry on later with: racko resume {record}" in said
    game = rebuild(record.read_text(encoding="utf-8")).game
    assert game.turn == 1  # the move made before the Ctrl-D is kept


def test_a_ctrl_d_typed_while_a_computer_player_moves_stops_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--seed", "3", "--record",
                   str(record)], tmp_path)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    if child.expect(["Easy (?:drew|took)", "q quit > "]) == 0:
        child.expect("q quit > ")  # Easy moved first
    draw_and_discard(child)
    child.expect("Easy (?:drew|took)")  # its move stays up a moment: Ctrl-D is typed then
    child.send(CTRL_D)
    assert child.expect(GOES_ON) == 0, "the Ctrl-D was thrown away with the keys"
    assert "The game stopped in round 1" in stopped(child)


@pytest.mark.parametrize("before", ["", "5"], ids=["alone", "after-a-key"])
def test_a_ctrl_d_typed_before_the_first_deal_shows_ends_racko_play(
    tmp_path: Path, before: str
) -> None:
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3"], tmp_path)
    child.expect("Drawing for the first deal")  # the dealer draw: the deal's prompt comes next
    child.send(before + CTRL_D)
    assert child.expect(GOES_ON) == 0, "the Ctrl-D was thrown away with the keys"
    assert "No card was dealt, so there is no game to carry on." in stopped(child)


def stopped_while_busy(child: pexpect.spawn, tries: int = 20) -> None:
    """Press Enter until racko is caught busy after it, between two keys (the keyboard then
    reads lines), and stop it there (SIGSTOP): keys sent now are typed while it is busy."""
    for _try in range(tries):
        press(child, ENTER)
        deadline = time.monotonic() + 2
        while waits_for_a_key(child) and time.monotonic() < deadline:
            time.sleep(0.0002)  # the Enter not read yet
        while time.monotonic() < deadline:
            if waits_for_a_key(child):
                break  # the next prompt is up already: try the next step
            os.kill(child.pid, signal.SIGSTOP)
            while process_state(child) != "T":
                time.sleep(0.0002)
            if not waits_for_a_key(child):
                return
            os.kill(child.pid, signal.SIGCONT)
            break
    raise AssertionError("racko was never caught between two keys")


@pytest.mark.parametrize("before", ["", "x"], ids=["alone", "after-a-key"])
def test_a_ctrl_d_typed_while_a_replay_draws_its_next_step_ends_the_replay(
    tmp_path: Path, before: str
) -> None:
    record = write_record(tmp_path / "game.jsonl", finished_game(12, players=4))
    child = spawn(["replay", str(record)], tmp_path)
    child.expect(REPLAY_PROMPT)
    stopped_while_busy(child)
    child.send(before + CTRL_D)  # the replay's prompt throws nothing away: it reads this
    os.kill(child.pid, signal.SIGCONT)
    assert child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5) == 0, (
        "the Ctrl-D came as a key of its own, which the prompt ignored")
    child.close()
    assert child.exitstatus == 0
