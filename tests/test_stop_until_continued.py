"""Stopping racko as a shell's job (`suspend.stop_until_continued`): continued is told from a
signal that was ignored, also when the continue signal's own handler never got to run."""

from __future__ import annotations

import os
import pty
import sys
import time

import pytest

from rack_o.cli import suspend


@pytest.mark.parametrize(
    ("stopped_for", "continued"),
    [(0.2, True),  # stopped, then continued by "fg": long after, whatever its handler did
     (0.0, False)],  # the stop signal ignored: back at once
)
def test_continued_is_told_by_how_long_the_stop_lasted(
    monkeypatch: pytest.MonkeyPatch, stopped_for: float, continued: bool
) -> None:
    keyboard, terminal = pty.openpty()
    try:
        with os.fdopen(terminal, "r") as tty:
            monkeypatch.setattr(sys, "stdin", tty)
            monkeypatch.setattr(suspend.os, "kill", lambda pid, signum: time.sleep(stopped_for))
            assert suspend.stop_until_continued(None) is continued
    finally:
        os.close(keyboard)
