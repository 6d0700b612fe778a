"""A real `racko` in an 80x24 pseudo-terminal for the store tests: start it, press keys, play
a turn, quit.

Keys are pressed so that the same test passes whether racko reads one keypress or a line: a
key is sent alone, and Enter follows only if nothing happens.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pexpect

TIMEOUT = 20
CARRY_ON = "Press Enter to carry on"
DEAL = r"Press Enter to deal round \d+"
CHOOSE = r"take \d+.*q quit > "
PLACE = r"for \d+.*\? help > "
CONFIRM = r"takes it back.*\? help > "
BUSY = r"being\s+played\s+right\s+now\s+in\s+another\s+racko"


def _default_sigint() -> None:
    # pytest may run with SIGINT ignored, and an ignored signal stays ignored across exec:
    # Ctrl-C must reach racko as it does at a real terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(args: list[str], home: Path, *, rows: int = 24, cols: int = 80) -> pexpect.spawn:
    """`racko ARGS` in a pty, saving in `home`, in English without colour."""
    env = dict(os.environ, RACKO_HOME=str(home), NO_COLOR="1", LANGUAGE="en",
               COLUMNS=str(cols), LINES=str(rows))
    child = pexpect.spawn(sys.executable, ["-m", "rack_o", *args], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(rows, cols), preexec_fn=_default_sigint)
    child.delaybeforesend = None
    return child


def press(child: pexpect.spawn, key: str, then: str | list) -> int:
    """Press `key` (with Enter if racko waits for a line) and wait for `then`; its index.

    The first key tells whether this racko reads lines: then every later key gets its Enter
    at once.
    """
    lines = getattr(child, "racko_reads_lines", None)
    child.send(key + ("\r" if lines else ""))
    if lines is not None:
        return child.expect(then)
    try:
        found = child.expect(then, timeout=0.6)
        child.racko_reads_lines = False
    except pexpect.TIMEOUT:
        child.send("\r")
        found = child.expect(then)
        child.racko_reads_lines = True
    return found


def enter(child: pexpect.spawn) -> None:
    """Press Enter."""
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
