"""A real `racko` in an 80x24 pseudo-terminal for the store tests: start it, press keys, play
a turn, quit.

A key is pressed the way a person presses it: once racko waits for it. At a single-key prompt
racko puts the terminal in raw mode and throws away what was typed before (so a key sent too
early would be lost); at a line prompt (a name, "Press Enter to carry on") the key is typed
with its Enter.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import ptys
from ttykit import blocked_on_a_key

TIMEOUT = 20
LINE_WAIT = 1.0
"""How long a prompt may take to go into single-key mode before it is taken for a line."""
CARRY_ON = "Press Enter to carry on"
DEAL = r"Press Enter to deal round \d+"
CHOOSE = r"take \d+.*q quit > "
PLACE = r"for \d+.*\? help > "
CONFIRM = r"takes it back.*\? help > "
BUSY = r"being\s+played\s+right\s+now\s+in\s+another\s+racko"


def spawn(args: list[str], home: Path, *, rows: int = 24, cols: int = 80) -> pexpect.spawn:
    """`racko ARGS` in a pty, saving in `home`, in English without colour."""
    env = dict(os.environ, RACKO_HOME=str(home), NO_COLOR="1", LANGUAGE="en",
               COLUMNS=str(cols), LINES=str(rows))
    child = ptys.spawn(sys.executable, ["-m", "rack_o", *args], env=env, encoding="utf-8",
                       timeout=TIMEOUT, dimensions=(rows, cols))
    child.delaybeforesend = None
    return child


def _reads_a_key(child: pexpect.spawn, within: float = LINE_WAIT) -> bool:
    """True once racko waits for a single key; False if it is still reading a line after
    `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if blocked_on_a_key(child):
            return True
        time.sleep(0.005)
    return False


def press(child: pexpect.spawn, key: str, then: str | list) -> int:
    """Press `key` once racko waits for it (with Enter at a line prompt); wait for `then`."""
    child.send(key if _reads_a_key(child) else key + "\r")
    return child.expect(then)


def enter(child: pexpect.spawn) -> None:
    """Press Enter, once racko waits for a key or a line."""
    _reads_a_key(child)
    child.send("\r")


def interrupt(child: pexpect.spawn) -> None:
    """Ctrl-C, a moment after the prompt shows, as a person would press it.

    Python handles SIGINT only between steps of its own code, and the prompt reaches the
    screen just before the keyboard read begins: a Ctrl-C sent in that instant would wait for
    the next key. Only a program can be that fast.
    """
    time.sleep(0.2)
    child.sendintr()


def play_turn(child: pexpect.spawn, source: str, slot: int | None) -> None:
    """At the choose prompt (on screen already), take from `source` ("draw" or "discard")
    and put the card in `slot` (None: discard the drawn card), confirmed."""
    press(child, "d" if source == "draw" else "t", PLACE)
    if slot is None:
        press(child, "x", CONFIRM)
    else:
        assert slot < 10, "slot 10 is typed differently with single keys"
        press(child, str(slot), CONFIRM)
    enter(child)


def quit_game(child: pexpect.spawn) -> None:
    """At a turn prompt: q, and yes."""
    press(child, "q", "Quit this game")
    press(child, "y", "You quit the game")
