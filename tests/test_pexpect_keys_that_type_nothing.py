"""Escape, Tab and the arrows at a turn's prompts, in a real terminal: each is one wrong key,
named as on the keyboard, whose note replaces the note before it (never left to seem the
answer to the new key); an arrow's escape sequence is one key even when the terminal hands
it over in two pieces, never an Escape and the letters "[A"."""

from __future__ import annotations

import time
from pathlib import Path

import pexpect
from builders import finished_game, write_record
from ttykit import at_the_first_turn, press, prompted_when, shows, spawn, words

DRAW = "press d to draw or t to take"


def _said(child: pexpect.spawn, note: str) -> str:
    return prompted_when(child, lambda screen: words(note) in words(screen), repr(note))


def test_each_key_that_types_nothing_gets_its_own_note(tmp_path: Path) -> None:
    child = at_the_first_turn(tmp_path)
    press(child, "z")
    _said(child, f"z is not valid here: {DRAW}")
    for sent, name in [("\x1b[A", "Up arrow"), ("\t", "Tab"), ("\x1b", "Esc")]:
        press(child, sent)
        screen = _said(child, f"{name} is not valid here: {DRAW}")
        assert "z is not valid" not in screen, screen  # the note before is gone
    press(child, "d")  # and the prompt still takes its keys
    screen = _said(child, "to discard it")
    assert "not valid" not in screen, screen  # a new step's screen has no old note
    child.terminate(force=True)


def test_an_arrow_sent_in_two_pieces_is_one_key(tmp_path: Path) -> None:
    child = at_the_first_turn(tmp_path)
    press(child, "\x1b")
    time.sleep(0.005)  # the rest a moment later, as a slow connection may hand it over
    child.send("[A")
    screen = _said(child, f"Up arrow is not valid here: {DRAW}")
    assert "[ is not valid" not in screen and "a is not valid" not in screen, screen
    assert "Esc is not valid" not in screen, screen
    child.terminate(force=True)


def test_a_replay_names_each_wrong_key_in_a_note_that_replaces_the_one_before(
    tmp_path: Path
) -> None:
    record = tmp_path / "game.jsonl"
    write_record(record, finished_game(12, players=3))
    child = spawn(["replay", str(record)], tmp_path)
    press(child, "\n")  # the deal: turn 0
    _said(child, "turn 0")
    valid = "press Enter (or Space) for the next turn, n to jump to the end of the round"
    for sent, name in [("\x1b[A", "Up arrow"), ("z", "z"), ("\x1b[B", "Down arrow")]:
        press(child, sent)
        screen = _said(child, f"{name} is not valid here: {valid}")
        assert words(screen).count("is not valid here") == 1, screen  # the note before is gone
        assert "turn 0" in screen, screen  # nothing moved
    press(child, "\n")  # the replay's keys still step
    screen = _said(child, "turn 1")
    assert "not valid" not in screen, screen
    child.terminate(force=True)


def test_escape_then_a_key_a_moment_later_are_two_keys(tmp_path: Path) -> None:
    # Escape, and a tenth of a second later d: within the wait for the rest of a sequence,
    # but no sequence (a terminal sends Alt-D in one write). Both were lost as one Alt-D:
    # the rules stayed open, the turn's prompt said "That key is not valid here".
    child = at_the_first_turn(tmp_path)
    press(child, "r")
    shows(child, "the rules as racko plays them")
    press(child, "\x1b")
    time.sleep(0.1)
    child.send("d")  # thrown away, as any key typed while the rules close
    screen = _said(child, "q quit")
    assert "Rules of Rack-O" not in screen, screen
    press(child, "\x1b")
    time.sleep(0.1)
    child.send("d")
    screen = _said(child, "to discard it")
    assert "That key is not valid" not in screen, screen
    child.terminate(force=True)
