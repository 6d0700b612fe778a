"""Keys typed in the same burst as the Enter that ends an answer, in a real terminal: they are
keys typed ahead, or the next answer, never the end of the input. (They come while the line
editor still has the keyboard raw; set back to reading lines, the terminal hands them over
as a line with no line end, as it does a line ended by Ctrl-D.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
import pytest
from ttykit import ENTER, line_editing, plain, spawn

NAMES = "Names of the 2 people"
PLAYERS = "How many people play"
DEAL = "Press Enter to deal round 1"
ENDED = "The input ended (Ctrl-D)."


def _when_editing(child: pexpect.spawn, question: str) -> None:
    """Wait for `question`, then until the line editor has the keyboard."""
    child.expect(question)
    line_editing(child)


def _names(record: Path) -> list[str]:
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    return [player["name"] for player in header["players"]]


@pytest.mark.parametrize("key", ["d", "\r", "\x1b[A"],
                         ids=["d", "enter", "up"])
def test_a_key_typed_with_the_names_enter_does_not_end_the_game(
    tmp_path: Path, key: str,
) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--players", "2", "--seed", "3", "--record", str(record)], tmp_path,
                  LANGUAGE="en")
    _when_editing(child, NAMES)
    child.send("Ann, Bob" + ENTER + key)
    assert child.expect([re.escape(ENDED), re.escape(DEAL)]) == 1, plain(child.before)
    child.expect(" > ")
    child.send(ENTER)
    child.expect("press Enter when ready > ")  # the deal went on: the round was dealt
    assert _names(record) == ["Ann", "Bob"]
    child.terminate(force=True)


def test_a_whole_answer_typed_ahead_answers_the_next_question(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--seed", "3", "--record", str(record)], tmp_path, LANGUAGE="en")
    _when_editing(child, PLAYERS)
    child.send("2" + ENTER + "Ann, Bob" + ENTER)
    child.expect(DEAL)
    shown = plain(child.before)
    assert "[Player 1, Player 2] Ann, Bob\n" in shown[shown.index(NAMES):]  # as if typed there
    assert _names(record) == ["Ann", "Bob"]
    child.terminate(force=True)


def test_half_an_answer_typed_ahead_starts_the_next_line_and_can_be_edited(
    tmp_path: Path,
) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--seed", "3", "--record", str(record)], tmp_path, LANGUAGE="en")
    _when_editing(child, PLAYERS)
    child.send("2" + ENTER + "Ax")
    _when_editing(child, NAMES)
    child.expect("Ax")  # shown after the question, where the person goes on typing
    child.send("\x7fnn, Bob" + ENTER)
    child.expect(DEAL)
    assert _names(record) == ["Ann", "Bob"]
    child.terminate(force=True)


def test_a_ctrl_d_typed_with_the_names_enter_still_ends_the_input(tmp_path: Path) -> None:
    child = spawn(["play", "--players", "2", "--seed", "3"], tmp_path, LANGUAGE="en")
    _when_editing(child, NAMES)
    child.send("Ann, Bob" + ENTER + "\x04")
    child.expect(re.escape(ENDED))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
