"""Prompts: a bare Enter only asks again, a discard is confirmed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from clirun import racko
from rich.console import Console

from rack_o.cli.console import Terminal
from rack_o.cli.prompt import ask


def test_a_bare_enter_where_a_key_is_wanted_only_asks_again() -> None:
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO("\n\nd\n"))
    key = ask(term, "d or t", ("d", "t"), valid="type d or t", help_text="help")
    assert key == "d"
    out = term.console.file.getvalue()  # type: ignore[attr-defined]
    assert "not valid" not in out
    assert out.count("d or t > ") == 3


def test_throwing_a_drawn_card_away_is_confirmed_not_kept(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\n\nd\nx\nq\ny\n")
    out = result.output
    drawn = re.search(r"^You drew (\d+)\.$", out, flags=re.MULTILINE)
    assert drawn, out
    card = drawn[1]
    assert (f"You drew {card}.\nYou throw {card} onto the discard pile.\n"
            "Enter confirms · u takes it back") in out
    assert "keeps it" not in out
    # The piles line says what the pile's top will be, as a placement's preview says it.
    preview = out[:out.index(f"You throw {card} onto")].rsplit("Discard pile:", 1)[1]
    assert preview.startswith(f" {card} after this move"), preview


def test_a_wrong_key_at_the_confirmation_names_every_way_on(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\n\nd\n3\nz\n4\n\nq\ny\n")
    said = " ".join(result.output.split())
    assert ("z is not valid here: press Enter to confirm the move, u to take it back, or "
            "another slot to put the card there.") in said
    drawn = re.search(r"You drew (\d+)\.", said)
    assert drawn, said
    # Another slot: the card is shown there instead, and Enter puts it there.
    assert f"rack if {drawn[1]} goes into slot 4" in said
    assert f"drew {drawn[1]}, put it in slot 4" in said


class _ResizedKeyboard:
    """Keys typed one by one, the window resized to `resized` columns as the key numbered
    `resize_at` (from 1) is read: the prompt each key was asked with is kept."""

    reads_lines = False

    def __init__(self, keys: str, width: int, resized: int, resize_at: int) -> None:
        self.console = Console(file=io.StringIO(), width=width, height=24)
        self.keys = list(keys)
        self.resized = resized
        self.resize_at = resize_at
        self.prompts: list[str] = []

    @property
    def width(self) -> int:
        return self.console.width

    def key(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if len(self.prompts) == self.resize_at:
            self.console.width = self.resized
        return self.keys.pop(0)

    def flush_input(self) -> None:
        pass


LONG_PROMPT = "d draws a card from the pile · t takes the discard · ? help"
SHORT_PROMPT = "d draw · t take"


@pytest.mark.parametrize(("keys", "width", "resized", "asked_again"), [
    # q, its question answered no in a window made narrower (or wider) meanwhile
    ("qnd", 80, 40, SHORT_PROMPT),
    ("qnd", 40, 80, LONG_PROMPT),
    # s: the score sheet read while the window was resized
    ("sqd", 80, 40, SHORT_PROMPT),
    ("sqd", 40, 80, LONG_PROMPT),
])
def test_a_prompt_asked_again_fits_the_window_as_it_is_then(
        keys: str, width: int, resized: int, asked_again: str) -> None:
    term = _ResizedKeyboard(keys, width, resized, resize_at=2)
    key = ask(term, (LONG_PROMPT, SHORT_PROMPT), ("d", "t"), valid="d or t",  # type: ignore[arg-type]
              help_text="help", sheet=lambda: term.key())
    assert key == "d"
    assert term.prompts[-1] == f"{asked_again} > "
