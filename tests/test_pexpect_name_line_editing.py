"""The names are typed on a line a person can edit, in a real terminal: the arrows, Home and End
move along it (never typed into it as escape codes), and Backspace takes back one whole letter,
a Greek or a wide one too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ttykit import ENTER, line_editing, spawn

LEFT, RIGHT, HOME, END, BACKSPACE = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x7f"
NAMES = "Names of the 2 people"


@pytest.mark.parametrize(("typed", "names"), [
    ("Bob" + LEFT * 3 + "Q" + END + ",Ann", ["QBob", "Ann"]),
    ("nn,Bob" + HOME + "A" + RIGHT * 2 + "e" + BACKSPACE, ["Ann", "Bob"]),
    ("Ann,Zoë字ψ" + BACKSPACE * 2 + "ψ", ["Ann", "Zoëψ"]),
    ("Άννα,字字" + BACKSPACE + "Bob", ["Άννα", "字Bob"]),
    ("Ann" + "\x1b[A" + "\x1b[B" + ",Bob", ["Ann", "Bob"]),  # Up and Down: nothing to recall
])
def test_the_names_line_can_be_edited(tmp_path: Path, typed: str, names: list[str]) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--players", "2", "--seed", "3", "--record", str(record)], tmp_path,
                  LANGUAGE="en")
    child.expect(NAMES)
    line_editing(child)  # once the line editor has the keyboard (a key at a time)
    child.send(typed)
    child.send(ENTER)
    child.expect("Press Enter to deal round 1")
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert [player["name"] for player in header["players"]] == names
    child.terminate(force=True)


UP = "\x1b[A"


@pytest.mark.parametrize(("answers", "names"), [
    (["Ann,Ann", UP + BACKSPACE * 3 + "Bob"], ["Ann", "Bob"]),  # named twice
    (["Ann,Bob,Cy", UP + BACKSPACE * 3], ["Ann", "Bob"]),  # one name too many
    # refused twice: Up brings back the second answer
    (["Ann,Ann", UP + BACKSPACE * 3 + "Bob,Cy", UP + BACKSPACE * 3], ["Ann", "Bob"]),
])
def test_up_brings_back_the_names_a_question_refused(
        tmp_path: Path, answers: list[str], names: list[str]) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--players", "2", "--seed", "3", "--record", str(record)], tmp_path,
                  LANGUAGE="en")
    child.expect(NAMES)
    for count, answer in enumerate(answers):
        if count:
            child.expect("Press the Up arrow to bring back what you typed.")
        line_editing(child)
        child.send(answer + ENTER)
    child.expect("Press Enter to deal round 1")
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert [player["name"] for player in header["players"]] == names
    child.terminate(force=True)


def test_up_brings_back_the_bot_levels_a_question_refused(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    child = spawn(["play", "--seed", "3", "--record", str(record)], tmp_path, LANGUAGE="en")
    child.expect("How many people play")
    child.send("1" + ENTER)
    child.expect("Who plays against you")
    line_editing(child)
    child.send("easy,hadr" + ENTER)
    child.expect("is not a level")
    child.expect("Press the Up arrow to bring back what you typed.")
    line_editing(child)
    child.send(UP + BACKSPACE * 3 + "ard" + ENTER)  # "hadr" mended to "hard"
    child.expect("Your name")
    child.send("Ann" + ENTER)
    child.expect("Press Enter to deal round 1")
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert [player["kind"] for player in header["players"]] == ["human", "bot:easy", "bot:hard"]
    child.terminate(force=True)
