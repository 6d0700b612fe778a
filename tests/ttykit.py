"""Playing the real `racko` in a pseudo-terminal: spawning it, reading its screen, a policy.

Every child resets SIGINT to its default first: pytest may have been started with SIGINT
ignored (in the background), and a child inheriting that would never stop on Ctrl-C. What
the child draws is also fed to a pyte screen, so a test can read what is visible right now
(after clears), not only the stream of output.

racko reads a key with the terminal in raw mode, entered with whatever was typed before
thrown away (only a key pressed once the prompt is up counts). A script must therefore wait
for that moment before it presses a key (`press`), where a person would simply be slower.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import ptys
import pyte
from rich.text import Text

from rack_o.game import Game
from rack_o.record import parse_lines

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
CLEAR_SCROLLBACK = "\x1b[3J"
CLEARED = r"\x1b\[H(?:\x1b\[2J|(?:\x1b\[2K\x1b\[1B)*\x1b\[2K\x1b\[H)"
"""A screen blanked: at once (the first time, a hand-off) or one line at a time (a redraw,
which leaves the scrollback alone)."""
PROMPT_END = " > "
ENTER = "\r"
"""What the Enter key sends to a terminal in raw mode."""


def racko_command() -> str:
    """The installed `racko` executable next to this Python, else the one on PATH."""
    local = Path(sys.executable).with_name("racko")
    found = str(local) if local.exists() else shutil.which("racko")
    assert found, "the racko executable is not installed (pip install -e .)"
    return found


class _ScreenFeed:
    """pexpect's logfile_read: everything the child prints goes to a pyte screen too."""

    def __init__(self, screen: pyte.Screen) -> None:
        self.stream = pyte.Stream(screen)

    def write(self, data: str) -> None:
        self.stream.feed(data)

    def flush(self) -> None:
        pass


SHORT_HOLDS = str(Path(__file__).with_name("short_holds.py"))
"""`racko` with its holds cut short (see there): for scripts that never type ahead."""


def spawn(args: list[str], home: Path, *, size: tuple[int, int] = (80, 24),
          short_holds: bool = False, scrollback: bool = False, **env: str) -> pexpect.spawn:
    """`racko ARGS` in a colour terminal of `size` (columns, lines), saving under `home`;
    with `short_holds`, its screens' holds cut short (`short_holds.py`).

    `child.screen` is a pyte screen of what the terminal shows (with `scrollback`, one that
    keeps the lines scrolled off its top too, in `child.screen.history.top`).
    """
    columns, lines = size
    environment = {**os.environ, "TERM": "xterm-256color", "RACKO_HOME": str(home)}
    for name in ("NO_COLOR", "COLUMNS", "LINES"):
        environment.pop(name, None)
    environment.update(env)
    command = racko_command()
    if short_holds:
        command, args = sys.executable, [SHORT_HOLDS, *args]
    child = ptys.spawn(
        command, args, env=environment, dimensions=(lines, columns), encoding="utf-8",
        timeout=15,
    )
    child.delaybeforesend = None  # each send waits for the prompt anyway
    child.screen = (pyte.HistoryScreen(columns, lines, history=100_000) if scrollback
                    else pyte.Screen(columns, lines))
    child.logfile_read = _ScreenFeed(child.screen)
    return child


def at_the_first_turn(home: Path, *args: str) -> pexpect.spawn:
    """`racko play` for Ann and Bob, seed 3 (Ann deals, so Bob plays first), with ARGS: up to
    Bob's draw-or-take prompt."""
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", *args], home)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    press(child, ENTER)
    child.expect("q quit > ")
    return child


def waits_for_a_key(child: pexpect.spawn) -> bool:
    """True while the child's terminal is in raw mode: racko is waiting for a key. (readline,
    reading a line, turns canonical mode off too, but leaves Ctrl-C a signal.)"""
    flags = termios.tcgetattr(child.child_fd)[3]
    return not flags & (termios.ICANON | termios.ISIG)


_READING = ("poll", "select", "read", "wait_woken")
"""Where (in /proc/PID/wchan) a process waits for its terminal's input: select, poll, read."""


def process_state(child: pexpect.spawn) -> str:
    """The child's state as /proc tells it: R running, S asleep, T stopped… (OSError without
    /proc)."""
    return Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def blocked_on_a_key(child: pexpect.spawn) -> bool:
    """True while racko sits waiting for a key: the terminal raw (`waits_for_a_key`) and
    racko asleep in a read of it. Not in the instant racko sets the keyboard raw to throw
    away what was typed ahead (a hand-off's hold): a key sent then is thrown away too."""
    if not waits_for_a_key(child):
        return False
    try:
        state = process_state(child)
        wchan = Path(f"/proc/{child.pid}/wchan").read_text()
    except (OSError, IndexError):
        return True  # no /proc here: the terminal's mode is all there is to go by
    hidden = wchan in ("", "0")  # a kernel that does not say where its processes wait
    return state == "S" and (hidden or any(word in wchan for word in _READING))


def edits_a_line(child: pexpect.spawn) -> bool:
    """True while readline edits a line on the child's terminal: canonical mode off, as for a
    key, but Ctrl-C still a signal."""
    flags = termios.tcgetattr(child.child_fd)[3]
    return not flags & termios.ICANON and bool(flags & termios.ISIG)


def line_editing(child: pexpect.spawn, timeout: float = 10) -> None:
    """Wait until readline has the keyboard (`edits_a_line`): keys sent then are edited in."""
    deadline = time.monotonic() + timeout
    while not edits_a_line(child):
        assert time.monotonic() < deadline, "readline never took the keyboard"
        time.sleep(0.002)


def key_awaited(child: pexpect.spawn, timeout: float = 10) -> None:
    """Wait until racko sits waiting for a key (`blocked_on_a_key`). Keys typed a while before
    are then no longer waiting to be read: a key there would have woken it at once."""
    deadline = time.monotonic() + timeout
    while not blocked_on_a_key(child):
        if time.monotonic() > deadline or not child.isalive():
            raise AssertionError("racko did not wait for a key:\n" + visible(child))
        time.sleep(0.002)


def press(child: pexpect.spawn, keys: str, timeout: float = 10) -> None:
    """Type `keys` (in one write) as soon as racko waits for a key."""
    key_awaited(child, timeout)
    child.send(keys)


def settle(child: pexpect.spawn, seconds: float = 0.5) -> None:
    """Let the child run for `seconds`, its output read (onto the screen) but kept for the
    next `expect`."""
    child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=seconds)


def drawn_whole(child: pexpect.spawn, most: float = 0.2) -> None:
    """Read what racko draws until it waits for a key (`blocked_on_a_key`: it draws a screen
    whole before it asks), and a moment more for the last of it on its way through the
    terminal; `most` seconds at most, for a screen that asks for no key (a hold, a line)."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        if blocked_on_a_key(child):
            settle(child, 0.05)
            return
        settle(child, 0.01)


def visible(child: pexpect.spawn) -> str:
    """The text on the child's terminal screen as of the output read so far (`expect`,
    `settle`), trailing blanks cut."""
    return "\n".join(line.rstrip() for line in child.screen.display).rstrip("\n")


def words(text: str) -> str:
    """`text` as one line: rich markup dropped, every run of blanks one space."""
    return " ".join(Text.from_markup(text).plain.split())


def shows(child: pexpect.spawn, fragment: str, timeout: float = 10) -> str:
    """The screen, once it shows `fragment` (wrapped or not) and is drawn whole; the test
    fails if it never does."""
    wanted = words(fragment)
    deadline = time.monotonic() + timeout
    while True:
        settle(child, 0.05)
        screen = visible(child)
        if wanted in " ".join(screen.split()):
            drawn_whole(child)
            return visible(child)
        if time.monotonic() > deadline:
            raise AssertionError(f"never shown: {wanted!r}\n{screen}")


def prompted_when(child: pexpect.spawn, holds: Callable[[str], bool], what: str,
                  timeout: float = 10) -> str:
    """The screen, once a prompt is on it and `holds(screen)`: a prompt alone may still be the
    one before the key just pressed was read. The test fails, saying `what`, if it never is."""
    deadline = time.monotonic() + timeout
    while True:
        settle(child, 0.05)
        screen = visible(child)
        if screen.endswith(">") and holds(screen):
            drawn_whole(child)
            return visible(child)
        if time.monotonic() > deadline:
            raise AssertionError(f"never prompted with {what}:\n{screen}")


def prompted(child: pexpect.spawn) -> None:
    """Wait until a prompt is on screen (keys typed before it shows may be thrown away)."""
    deadline = time.monotonic() + 10
    while not visible(child).endswith(">"):
        assert time.monotonic() < deadline, visible(child)
        settle(child, 0.05)
    drawn_whole(child)


def plain(text: str) -> str:
    """`text` without colours and carriage returns."""
    return ANSI.sub("", text).replace("\r", "")


def last_line(text: str) -> str:
    """The last line of what was printed (the prompt, when a prompt is waiting)."""
    return plain(text).rstrip().splitlines()[-1]


def band(card: int, deck_size: int) -> int:
    return math.ceil(card * 10 / deck_size)


def slot_key(slot: int) -> str:
    """The key of a slot: 1-9, and 0 for slot 10."""
    return str(slot % 10)


def policy(game: Game) -> str:
    """The key a sensible player presses now: each card to the slot of its band."""
    size = game.rules.deck_size
    rack = game.racks[game.mover]

    def wanted(card: int) -> bool:
        slot = band(card, size)
        return band(rack[slot - 1], size) != slot

    if game.phase == "choose":
        top = game.discard_top
        return "t" if top is not None and wanted(top) else "d"
    held = game.held
    assert held is not None
    if wanted(held) or game.held_source == "discard":
        return slot_key(band(held, size))
    return "x"


def events(record: Path) -> list[dict]:
    """The lines of a record file."""
    return [event for _, event in parse_lines(record.read_text(encoding="utf-8"))]
