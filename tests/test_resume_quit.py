"""Every way of leaving a real `racko play` loses at most the turn in progress, and no draw
is ever undone.

q, Ctrl-C, Ctrl-D and a closed terminal (SIGHUP) after a draw finish the turn by discarding
the drawn card (written to the record); the resumed game goes on with the next player. Only
kill -9 cannot be handled: the turn is lost, and the player draws the very same card again.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import ptys
import pytest
from ttykit import SHORT_HOLDS, press

from rack_o.store.records import load_record

DREW = re.compile(r"You drew (?:\x1b\[[0-9;]*m)?(\d+)")  # the card may be in bold


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, RACKO_HOME=str(home), NO_COLOR="1", COLUMNS="100")
    # racko with its holds cut short: every key is pressed once racko waits for it.
    child = ptys.spawn(sys.executable, [SHORT_HOLDS, *args], env=env, encoding="utf-8",
                       timeout=20, dimensions=(40, 100))
    child.delaybeforesend = None
    return child


def quit_key(child: pexpect.spawn) -> None:
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")


def quit_after_draw(child: pexpect.spawn) -> None:
    press(child, "q")
    child.expect(r"You drew \d+: a draw cannot be undone, so quitting now discards it\.")
    child.expect("Quit this game")
    press(child, "y")


LEAVE: dict[str, tuple[Callable[[pexpect.spawn], None], int | None, str | None]] = {
    # way of leaving: (do it, exit code, what racko says; None when it cannot say anything)
    "q": (quit_after_draw, 1, "You quit the game."),
    "Ctrl-C": (lambda child: press(child, "\x03"), 130, "Interrupted (Ctrl-C)."),
    "Ctrl-D": (lambda child: press(child, "\x04"), 1, "The input ended (Ctrl-D)."),
    "closed terminal": (lambda child: child.kill(signal.SIGHUP), 129, "The terminal was closed."),
    "kill -9": (lambda child: child.kill(signal.SIGKILL), None, None),
}


@pytest.mark.parametrize("way", list(LEAVE))
def test_leaving_mid_turn_loses_only_that_turn(tmp_path: Path, way: str) -> None:
    leave, code, said = LEAVE[way]
    child = spawn(["play", "--players", "2", "--names", "Ann", "--bots", "easy", "--seed", "8",
                   "--target", "75", "--fast"], tmp_path)
    child.expect("Press Enter to deal round 1")
    press(child, "\r")
    child.expect("q quit > ")
    press(child, "d")
    child.expect(DREW)
    drawn = child.match.group(1)
    child.expect("> ")
    [record] = (tmp_path / "games").glob("*.jsonl")
    before = load_record(record).events
    leave(child)
    if said is not None:
        child.expect_exact(said)
        child.expect_exact(f"You had drawn {drawn}: a draw cannot be undone, so it was discarded.")
        child.expect(r"racko\s+resume\s+" + re.escape(record.stem))
    child.expect(pexpect.EOF)
    child.close()
    if code is not None:
        assert child.exitstatus == code

    if way != "kill -9":
        # The draw stands: the turn was finished by discarding the card, and Easy is next.
        # Its line says the player left (so `racko review` does not count it as a choice).
        discarded = {"type": "turn", "seat": 0, "source": "draw", "card": int(drawn),
                     "slot": None, "left": True}
        left = load_record(record)
        assert left.events == [*before, discarded]
        assert left.game.mover == 1 and left.game.discard_top == int(drawn)
        again = spawn(["resume", record.stem, "--fast"], tmp_path)
        again.expect("Press Enter to carry on")
        again.sendline("")
        again.expect("Since your last turn:")  # Easy has played
        again.expect("q quit > ")
        quit_key(again)
        again.expect(pexpect.EOF)
        return

    assert load_record(record).events == before
    again = spawn(["resume", record.stem, "--fast"], tmp_path)
    again.expect("Press Enter to carry on")
    again.sendline("")
    again.expect("q quit > ")
    press(again, "d")
    again.expect(DREW)
    assert again.match.group(1) == drawn
    again.expect("> ")
    quit_key(again)
    again.expect(pexpect.EOF)
