"""racko's pager, like less, rings the terminal's bell at a key it does not take, and moves
as the keys on its status line say."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from rich.console import Console
from rich.text import Text

from rack_o.cli.pager import Pager

TEXT = Text("\n".join(f"line {n}" for n in range(1, 41)))


def pager_on_screen() -> tuple[Pager, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=40, height=10, force_terminal=True, color_system=None)
    term = SimpleNamespace(console=console, clear=lambda: None)
    return Pager(term, TEXT, "Rules"), out  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "top", "rings"),
    [
        (" ", 9, False),
        ("down", 1, False),
        ("end", 31, False),
        ("z", 0, True),
        ("tab", 0, True),
        ("left", 0, True),
    ],
)
def test_a_key_moves_the_text_or_rings_the_bell(key: str, top: int, rings: bool) -> None:
    pager, out = pager_on_screen()
    assert pager.press(key) is False
    assert pager.top == top
    assert ("\a" in out.getvalue()) is rings


@pytest.mark.parametrize("key", ["q", "escape"])
def test_q_or_escape_leaves_without_a_bell(key: str) -> None:
    pager, out = pager_on_screen()
    assert pager.press(key) is True
    assert "\a" not in out.getvalue()
