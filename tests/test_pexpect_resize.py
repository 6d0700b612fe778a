"""A window resized while `racko play` waits for a key is painted again at once, at its new
size, in a real pseudo-terminal read as it shows (pyte): the turn as it was, the hand-off as a
hand-off (never a rack), and keys typed before the resize still count as before.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pexpect
import ptys
import pytest
from builders import finished_game, write_record
from ttykit import (
    CLEARED,
    ENTER,
    events,
    press,
    racko_command,
    settle,
    spawn,
    visible,
    waits_for_a_key,
)

WIDE = (100, 30)
NARROW = (60, 20)
HANDOFF = "press Enter when ready > "
CHOOSE = "q quit > "
PLACE = r"for \d+.*(?:\? help|discards) > "
"""The place prompt, in full or (at 45 columns, a card of two figures) in its shortest form."""


def resize(child: pexpect.spawn, size: tuple[int, int]) -> None:
    """Change the size of the child's window (it gets SIGWINCH), and of the screen read."""
    columns, lines = size
    child.screen.resize(lines, columns)
    child.setwinsize(lines, columns)


def start(home: Path, record: Path) -> pexpect.spawn:
    """Two people at a 100x30 window, up to the first hand-off (before any rack is shown).
    racko's holds are cut short: every window is resized, and every key typed, once the
    screen's prompt is up (a key typed with a resize too)."""
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", "--record", str(record)],
                  home, size=WIDE, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect(HANDOFF)
    return child


def repainted(child: pexpect.spawn, prompt: str) -> str:
    """The screen once racko has cleared it and painted it again up to `prompt`."""
    child.expect(CLEARED, timeout=3)
    child.expect(prompt)
    settle(child, 0.3)
    assert waits_for_a_key(child)
    return visible(child)


def quit_game(child: pexpect.spawn) -> None:
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)


def test_a_turn_is_painted_again_at_the_new_size_while_the_player_thinks(
    tmp_path: Path,
) -> None:
    child = start(tmp_path, tmp_path / "game.jsonl")
    press(child, ENTER)
    child.expect(CHOOSE)
    settle(child, 0.3)
    wide = visible(child)
    mover = "Ann" if "Ann to play" in wide else "Bob"
    assert f"{mover}'s rack" in wide
    resize(child, NARROW)
    screen = repainted(child, CHOOSE)
    lines = screen.splitlines()
    assert lines[0].startswith("Round 1 "), screen
    rack = [line for line in lines if "█" in line]
    assert [int(line.split()[0]) for line in rack] == list(range(1, 11)), screen
    assert lines[-1].startswith(f"{mover}: d draw") and lines[-1].endswith(CHOOSE.rstrip())
    # The same turn, its keys working as before.
    press(child, "d")
    child.expect(PLACE)
    assert "You drew" in visible(child)
    resize(child, WIDE)
    assert "You drew" in repainted(child, PLACE)
    quit_game(child)


def hint_lines(screen: str) -> list[str]:
    """The lines of the hint on `screen`, from "Hint:" to the prompt."""
    lines = screen.splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith("Hint:"))
    return [line.rstrip() for line in lines[start:-1] if line.strip()]


def test_a_hint_is_wrapped_again_at_the_new_size(tmp_path: Path) -> None:
    child = start(tmp_path, tmp_path / "game.jsonl")
    press(child, ENTER)
    child.expect(CHOOSE)
    press(child, "h")
    child.expect("Hint:")
    child.expect(CHOOSE)
    settle(child, 0.3)
    wide = hint_lines(visible(child))
    for size in (NARROW, WIDE):
        resize(child, size)
        lines = hint_lines(repainted(child, CHOOSE))
        # The same words, wrapped to this window: each line as full as the next word allows.
        assert " ".join(lines).split() == " ".join(wide).split()
        for line, following in zip(lines, lines[1:], strict=False):
            assert len(line) + 1 + len(following.split(" ")[0]) > size[0], lines
    quit_game(child)


def first_turn_discarded(child: pexpect.spawn) -> None:
    """From the first hand-off: the first player opens their rack, draws and throws the card
    away, and confirms it (the next hand-off comes)."""
    press(child, ENTER)
    child.expect(CHOOSE)
    press(child, "d")
    child.expect(PLACE)
    press(child, "x")
    child.expect("takes it back.*> ")
    press(child, ENTER)


@pytest.mark.parametrize("after_a_turn", [False, True])
def test_a_hand_off_is_painted_again_as_a_hand_off_never_with_a_rack(
    tmp_path: Path, after_a_turn: bool
) -> None:
    record = tmp_path / "game.jsonl"
    child = start(tmp_path, record)
    if after_a_turn:  # the first player's rack was on screen a moment ago
        first_turn_discarded(child)
        child.expect(HANDOFF)
    resize(child, NARROW)
    screen = repainted(child, HANDOFF)
    assert "Everyone else, please look away." in screen
    assert screen.splitlines()[-1].endswith(HANDOFF.rstrip()), screen
    assert "█" not in screen and "rack" not in screen.lower(), screen
    resize(child, WIDE)
    screen = repainted(child, HANDOFF)
    assert "█" not in screen and "rack" not in screen.lower(), screen
    assert sum(e["type"] == "turn" for e in events(record)) == after_a_turn
    press(child, ENTER)
    child.expect(CHOOSE)
    quit_game(child)


@pytest.mark.parametrize("stopped", [False, True])
def test_a_key_typed_as_the_window_is_resized_still_counts(tmp_path: Path, stopped: bool) -> None:
    # Just before the resize, while the draw is made and shown; or both waiting together,
    # racko stopped while they come.
    child = start(tmp_path, tmp_path / "game.jsonl")
    press(child, ENTER)
    child.expect(CHOOSE)
    settle(child, 0.2)
    if stopped:
        os.kill(child.pid, signal.SIGSTOP)
    try:
        child.send("d")
        resize(child, NARROW)
    finally:
        if stopped:
            os.kill(child.pid, signal.SIGCONT)
    child.expect("You drew")
    child.expect(PLACE)
    settle(child, 0.5)
    screen = visible(child)
    assert waits_for_a_key(child)
    # The drawn card's prompt, in its form for 60 columns whenever the resize came.
    assert screen.splitlines()[-1].startswith("Slot 1-9, 0=10 for "), screen
    quit_game(child)


@pytest.mark.parametrize("away", ["r", "s"])
def test_back_from_the_rules_or_the_sheet_the_prompt_fits_the_new_size(
    tmp_path: Path, away: str
) -> None:
    child = start(tmp_path, tmp_path / "game.jsonl")
    press(child, ENTER)
    child.expect(CHOOSE)
    press(child, "d")
    child.expect(PLACE)
    press(child, away)
    settle(child, 0.5)
    resize(child, (45, 15))  # while the rules or the sheet are open
    settle(child, 0.5)
    press(child, "q" if away == "r" else ENTER)
    child.expect(PLACE)
    settle(child, 0.5)
    lines = visible(child).splitlines()
    # The short prompt on one line, so the screen laid out for it keeps its first line.
    assert lines[0].startswith("Round 1 "), lines
    assert lines[-1].startswith("Slot 1-9, 0=10 for "), lines
    quit_game(child)


def test_a_resize_writes_nothing_more_when_the_screen_goes_to_a_file(tmp_path: Path) -> None:
    # The keyboard is a terminal but the output a file: a resize must not paint into it.
    out = tmp_path / "out.txt"
    child = ptys.spawn("bash", ["-c", f"{racko_command()} play --names Ann --bots easy --seed 3 "
                       f"--record {tmp_path / 'game.jsonl'} > {out}"],
                       env={**os.environ, "RACKO_HOME": str(tmp_path)}, dimensions=(30, 100),
                       encoding="utf-8", timeout=15)
    deadline = time.monotonic() + 15
    dealt = False
    while "q quit >" not in (shown := out.read_text(encoding="utf-8") if out.exists() else ""):
        assert time.monotonic() < deadline, "the first turn never came"
        if not dealt and "Press Enter to deal" in shown:
            child.send(ENTER)
            dealt = True
        time.sleep(0.2)
    for size in (NARROW, WIDE, NARROW, WIDE, NARROW):
        child.setwinsize(size[1], size[0])
        time.sleep(0.3)
    assert out.read_text(encoding="utf-8").count("Ann's rack") == 1
    child.send("q")
    time.sleep(0.3)
    child.send("y")
    child.expect(pexpect.EOF)


REPLAY = " quit > "


def test_a_replay_is_painted_again_at_the_new_size(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    write_record(record, finished_game(12, players=3))
    child = spawn(["replay", str(record)], tmp_path, size=WIDE)
    child.expect(REPLAY)
    press(child, ENTER)  # the deal: every rack on screen
    child.expect("turn 0.*" + REPLAY)
    settle(child, 0.3)
    assert "n end of the round · b back · q quit >" in visible(child)  # room for every key
    resize(child, NARROW)
    screen = repainted(child, REPLAY)
    lines = screen.splitlines()
    assert lines[0].startswith("Replay of "), screen
    assert any(line.split()[:3] == ["slot", "1", "2"] for line in lines), screen
    # The keys in the words that fit one line of the new width: fewer words, every key.
    assert lines[-1] == "Enter next turn · n round's end · b back · q quit >", screen
    # Read again at its new width: no sentence is cut inside a word by the terminal.
    assert "Round 1: " in screen and "deals ten cards" in " ".join(screen.split()), screen
    press(child, "q")
    child.expect(pexpect.EOF)


def test_a_hand_off_resized_while_it_holds_is_painted_again_at_once(tmp_path: Path) -> None:
    """Resized during "One moment…", before its prompt: the terminal alone had scrolled the
    screen's top (the moves' heading) away until the prompt came, two seconds on."""
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3"], tmp_path, size=WIDE)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect(HANDOFF)
    first_turn_discarded(child)
    child.expect("One moment…")
    resize(child, NARROW)
    child.expect(CLEARED, timeout=1)  # at once, not once the hold is over
    child.expect("One moment…", timeout=1)
    settle(child, 0.2)
    screen = visible(child)
    assert HANDOFF not in screen  # still holding
    lines = [line for line in screen.splitlines() if line.strip()]
    assert lines[0] == "This round so far:", screen
    assert "Everyone else, please look away." in screen
    assert "█" not in screen and "rack" not in screen.lower(), screen
    child.expect(HANDOFF)
    quit_game(child)
