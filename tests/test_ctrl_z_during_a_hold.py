"""A Ctrl-Z read with a move's last key stops racko during the screen that stands still after
the move (`Terminal.stop_if_typed`), and, brought back, says no prompt that is not on it."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rack_o.cli import suspend
from rack_o.cli.console import Terminal


def test_a_ctrl_z_typed_with_the_move_stops_at_once_and_says_no_old_prompt_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stops: list[object] = []
    monkeypatch.setattr(suspend, "can_stop", lambda: True)
    monkeypatch.setattr(suspend, "stop_until_continued",
                        lambda mode: stops.append(mode) or True)
    shown = io.StringIO()
    term = Terminal(console=Console(file=shown, width=80, color_system=None))
    term._prompt = "Enter confirms · u takes it back · ? help > "  # the move's, answered
    term._typed.append(suspend.CTRL_Z)  # read in one burst with that Enter
    term.stop_if_typed()
    assert len(stops) == 1
    assert "Enter confirms" not in shown.getvalue()
    assert suspend.CTRL_Z not in term._typed
    term.stop_if_typed()  # nothing more typed: nothing more done
    assert len(stops) == 1
