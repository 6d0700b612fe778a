"""On a terminal that says it is dumb (TERM=dumb: Emacs's shell, a serial console) racko sends
none of the codes it would show as garbage: no bracketed paste round a prompt, no cursor moves
to blank the screen; lines scroll the screen away between players instead."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import ptys
import pytest
from ptykit import CHOOSE, CONFIRM, DEAL, PLACE, TIMEOUT, enter, press

pytestmark = pytest.mark.slow


def test_a_dumb_terminal_gets_no_codes_it_cannot_show(home: Path) -> None:
    env = dict(os.environ, RACKO_HOME=str(home), LANGUAGE="en", TERM="dumb", COLUMNS="80",
               LINES="24")
    env.pop("NO_COLOR", None)
    child = ptys.spawn(sys.executable, ["-m", "rack_o", "play", "--players", "2", "--names",
                                        "Ann,Bob", "--target", "50", "--seed", "4"],
                       env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, 80))
    child.delaybeforesend = None
    seen = []
    child.logfile_read = _Kept(seen)
    child.expect("may not clear the screen")
    child.expect(DEAL)
    enter(child)
    child.expect("press Enter when ready")
    enter(child)
    child.expect(CHOOSE)
    press(child, "d", PLACE)
    press(child, "x", CONFIRM)
    enter(child)
    child.expect("press Enter when ready")  # the hand-off to the other player
    child.sendintr()
    child.expect(pexpect.EOF)
    shown = "".join(seen)
    assert "\x1b[?2004" not in shown  # bracketed paste
    assert "\x1b[2K" not in shown and "\x1b[2J" not in shown and "\x1b[H" not in shown
    assert "\n" * 20 in shown.replace("\r", "")  # the screen scrolled away at the hand-off


class _Kept:
    """A log that keeps what the child wrote."""

    def __init__(self, into: list[str]) -> None:
        self.into = into

    def write(self, text: str) -> None:
        self.into.append(text)

    def flush(self) -> None:
        pass



def test_no_thinking_note_is_shown_where_it_could_not_be_taken_back() -> None:
    import io

    from rich.console import Console

    from rack_o.cli import thinking

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, _environ={"TERM": "dumb"})
    note = thinking.ThinkingNote(console)
    note.start("Slow")
    assert note._timer is None  # nothing will be shown: no code to save or erase it
    note.done()
    assert out.getvalue() == ""
